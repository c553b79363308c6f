// Checks of the arrays the Python side hands to the extension: their
// element type, shape and memory order, with one message naming the
// argument, what it is and what was expected. The Python functions build
// these buffers themselves, so a failure here is a caller using the
// extension module directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

namespace ffft::python {

namespace nb = nanobind;

// "float32", "complex128", ... for the messages.
std::string dtype_name(nb::dlpack::dtype t);

template <class Array>
bool on_cuda_device(const Array& a) {
  return a.device_type() == nb::device::cuda::value;
}

// Throws nb::type_error unless `a` holds values of type t, and
// std::invalid_argument (ValueError) unless its shape is `shape` and it is
// C-contiguous (row-major without gaps; an extent-1 axis may have any stride).
template <class Array>
void require_buffer(const Array& a, const char* name, nb::dlpack::dtype t,
                    std::initializer_list<std::size_t> shape) {
  if (a.dtype() != t)
    throw nb::type_error(
        (std::string(name) + " holds " + dtype_name(a.dtype()) + " values; pass " + dtype_name(t))
            .c_str());
  bool same = a.ndim() == shape.size();
  std::size_t axis = 0;
  std::string expected = "(";
  for (std::size_t extent : shape) {
    same = same && a.shape(axis++) == extent;
    expected += std::to_string(extent) + ",";
  }
  expected.back() = ')';
  if (!same) throw std::invalid_argument(std::string(name) + " must have shape " + expected);
  std::int64_t step = 1;
  for (std::size_t i = a.ndim(); i-- > 0;) {
    if (a.shape(i) != 1 && a.stride(i) != step)
      throw std::invalid_argument(std::string(name) + " must be C-contiguous");
    step *= static_cast<std::int64_t>(a.shape(i));
  }
}

}  // namespace ffft::python
