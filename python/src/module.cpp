// ffft._ffft: the C++ library's plans and conversions, for the Python
// package (python/ffft), which gives them numpy.fft's shape.
#include <nanobind/nanobind.h>

#include "array_conversion.hpp"
#include "ffft/devices.hpp"
#include "ffft/plan.hpp"
#include "ffft/version.hpp"
#include "nd_plan_bindings.hpp"
#include "plan_bindings.hpp"

NB_MODULE(_ffft, m) {
  m.doc() = "ffft's C++ plans and exact array conversions (the functions of ffft use them).";
  ffft::python::bind_plans(m);
  ffft::python::bind_nd_plans(m);
  ffft::python::bind_array_conversion(m);
  m.def("version", [] { return ffft::version(); }, "The version of the C++ library linked in.");
  m.def("built_with_cuda", &ffft::built_with_cuda, "True if the CUDA executor was built.");
  m.def("cuda_device_count", &ffft::cuda_device_count,
        "Usable CUDA devices (0 without the CUDA executor, a device or a driver).");
  m.attr("max_length") = ffft::max_length;
}
