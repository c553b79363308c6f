#pragma once

#include <nanobind/nanobind.h>

namespace ffft::python {

// ffft._ffft.ComplexPlan and RealPlan.
void bind_plans(nanobind::module_& m);

}  // namespace ffft::python
