// What the kernels read from and write to a caller's array: complex<E>
// values (in 16-byte units where the array is 16-byte aligned,
// wide_access.cuh), or limb_complex_of<E> values, widened exactly on load
// and rounded once on store (a plan run on std::complex data). The kind is
// a launch constant, so the branch costs no divergence, and the
// conversion rides on the loads and stores the kernels make anyway: no
// extra pass over memory.
//
// A folded batch (engine/folded_batch.hpp) runs as a grid of rows: block
// row o (blockIdx.y) takes the o-th row's transforms, a plain batch of
// `inner` of them, at an offset of o x rows_apart elements, found once per
// block (row()); the element addressing is the plain one's. A plain launch
// is one row.
#pragma once

#include <cstdint>

#include "engine/folded_batch.hpp"
#include "ffft/fft/limb_values.hpp"
#include "ffft/fft/stockham_pass.hpp"
#include "kernels/wide_access.cuh"

namespace ffft::cuda {

template <class E>
struct kernel_source {
  const void* data;
  std::int64_t stride, distance;
  std::int64_t rows_apart;  // elements from one row's first transform to the next's
  bool limbs;  // limb_complex_of<E> values, else complex<E>
  bool wide;   // complex<E> values at a 16-byte aligned base

  __device__ __forceinline__ complex<E> operator()(std::uint64_t b, std::uint64_t j) const {
    const std::int64_t at = static_cast<std::int64_t>(j) * stride + static_cast<std::int64_t>(b) * distance;
    if (limbs) return fft::widen<E>(static_cast<const fft::limb_complex_of<E>*>(data)[at]);
    return load_value(static_cast<const complex<E>*>(data) + at, wide);
  }
  // Row o's transforms, numbered from 0 (a 16-byte aligned base stays so:
  // every format's complex is a multiple of 16 bytes).
  __device__ __forceinline__ kernel_source row(std::uint32_t o) const {
    kernel_source r = *this;
    const std::int64_t at = static_cast<std::int64_t>(o) * rows_apart;
    if (limbs) r.data = static_cast<const fft::limb_complex_of<E>*>(data) + at;
    else r.data = static_cast<const complex<E>*>(data) + at;
    return r;
  }
};

template <class E>
struct kernel_target {
  void* data;
  std::int64_t stride, distance;
  std::int64_t rows_apart;
  bool limbs;
  bool wide;

  __device__ __forceinline__ void store(std::uint64_t b, std::uint64_t j, const complex<E>& v) const {
    const std::int64_t at = static_cast<std::int64_t>(j) * stride + static_cast<std::int64_t>(b) * distance;
    if (limbs) static_cast<fft::limb_complex_of<E>*>(data)[at] = fft::round_to_limb(v);
    else store_value(static_cast<complex<E>*>(data) + at, v, wide);
  }
  __device__ __forceinline__ kernel_target row(std::uint32_t o) const {
    kernel_target r = *this;
    const std::int64_t at = static_cast<std::int64_t>(o) * rows_apart;
    if (limbs) r.data = static_cast<fft::limb_complex_of<E>*>(data) + at;
    else r.data = static_cast<complex<E>*>(data) + at;
    return r;
  }
};

// Rows of `per_row` transforms: a strided array's rows follow one another
// (the workspace's, or a plain launch's single row); a folded array's are
// its outer distance apart.
template <class C>
std::int64_t rows_apart(const fft::strided<C>& s, std::uint64_t per_row) {
  return static_cast<std::int64_t>(per_row) * s.distance;
}
template <class C>
std::int64_t rows_apart(const fft::folded<C>& s, std::uint64_t) {
  return s.outer;
}

// Arrays (fft::strided or fft::folded) of complex<E>, or of limb_complex_of<E>.
template <class E, template <class> class Array>
kernel_source<E> source_of(const Array<const complex<E>>& s, std::uint64_t per_row) {
  return {s.data, s.stride, s.distance, rows_apart(s, per_row), false, is_16_byte_aligned(s.data)};
}
template <class E, template <class> class Array>
kernel_source<E> source_of(const Array<const fft::limb_complex_of<E>>& s, std::uint64_t per_row) {
  return {s.data, s.stride, s.distance, rows_apart(s, per_row), true, false};
}
template <class E, template <class> class Array>
kernel_target<E> target_of(const Array<complex<E>>& s, std::uint64_t per_row) {
  return {s.data, s.stride, s.distance, rows_apart(s, per_row), false, is_16_byte_aligned(s.data)};
}
template <class E, template <class> class Array>
kernel_target<E> target_of(const Array<fft::limb_complex_of<E>>& s, std::uint64_t per_row) {
  return {s.data, s.stride, s.distance, rows_apart(s, per_row), true, false};
}

}  // namespace ffft::cuda
