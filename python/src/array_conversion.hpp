#pragma once

#include <nanobind/nanobind.h>

namespace ffft::python {

// ffft._ffft.to_format and from_format.
void bind_array_conversion(nanobind::module_& m);

}  // namespace ffft::python
