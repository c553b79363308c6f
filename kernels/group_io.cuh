// What the kernels read from and write to a caller's array: complex<E>
// values (in 16-byte units where the array is 16-byte aligned,
// wide_access.cuh), or limb_complex_of<E> values, widened exactly on load
// and rounded once on store (a plan run on std::complex data). The kind is
// a launch constant, so the branch costs no divergence, and the
// conversion rides on the loads and stores the kernels make anyway: no
// extra pass over memory.
#pragma once

#include <cstdint>

#include "ffft/fft/limb_values.hpp"
#include "ffft/fft/stockham_pass.hpp"
#include "kernels/wide_access.cuh"

namespace ffft::cuda {

template <class E>
struct kernel_source {
  const void* data;
  std::int64_t stride, distance;
  bool limbs;  // limb_complex_of<E> values, else complex<E>
  bool wide;   // complex<E> values at a 16-byte aligned base

  __device__ __forceinline__ complex<E> operator()(std::uint64_t b, std::uint64_t j) const {
    const std::int64_t at = static_cast<std::int64_t>(j) * stride + static_cast<std::int64_t>(b) * distance;
    if (limbs) return fft::widen<E>(static_cast<const fft::limb_complex_of<E>*>(data)[at]);
    return load_value(static_cast<const complex<E>*>(data) + at, wide);
  }
};

template <class E>
struct kernel_target {
  void* data;
  std::int64_t stride, distance;
  bool limbs;
  bool wide;

  __device__ __forceinline__ void store(std::uint64_t b, std::uint64_t j, const complex<E>& v) const {
    const std::int64_t at = static_cast<std::int64_t>(j) * stride + static_cast<std::int64_t>(b) * distance;
    if (limbs) static_cast<fft::limb_complex_of<E>*>(data)[at] = fft::round_to_limb(v);
    else store_value(static_cast<complex<E>*>(data) + at, v, wide);
  }
};

template <class E>
kernel_source<E> source_of(fft::strided<const complex<E>> s) {
  return {s.data, s.stride, s.distance, false, is_16_byte_aligned(s.data)};
}
template <class E>
kernel_source<E> source_of(fft::strided<const fft::limb_complex_of<E>> s) {
  return {s.data, s.stride, s.distance, true, false};
}
template <class E>
kernel_target<E> target_of(fft::strided<complex<E>> s) {
  return {s.data, s.stride, s.distance, false, is_16_byte_aligned(s.data)};
}
template <class E>
kernel_target<E> target_of(fft::strided<fft::limb_complex_of<E>> s) {
  return {s.data, s.stride, s.distance, true, false};
}

}  // namespace ffft::cuda
