#pragma once

#include <nanobind/nanobind.h>

namespace ffft::python {

// ffft._ffft.NdComplexPlan and NdRealPlan.
void bind_nd_plans(nanobind::module_& m);

}  // namespace ffft::python
