// VkFFT's double-double complex values as they lie in device memory, and
// their conversion to and from ffft's complex<dd128>. Host code only.
//
// VkFFT 1.3.4 (pyvkfft 2025.1.1), CUDA backend: with quadDoubleDoublePrecision
// its kernels read and write arrays of
//
//   typedef struct pf_quad2 { double2 x; double2 y; } pf_quad2;
//
// (vkFFT_KernelUtils.h, appendQuadDoubleDoubleStruct; the type names in
// vkFFT_InitAPIParameters.h), x the real part and y the imaginary part, each
// a double2 whose .x is the high limb and .y the low one: the generated
// double-double sum writes the rounded sum to .x and its error to .y
// (vkFFT_MathUtils.h, PfQuadQuickSum), and a double widens to {value, 0}
// (appendConversion). So one complex value is four doubles: re high, re
// low, im high, im low, 32 bytes, 16-byte aligned.
//
// With quadDoubleDoublePrecisionDoubleMemory the arrays are double2 {re, im}
// (std::complex<double>'s layout) and only the arithmetic is double-double.
#pragma once

#include <complex>
#include <cstddef>

#include "ffft/complex.hpp"

namespace ffft::bench {

struct alignas(16) vkfft_dd_complex {
  double re_hi, re_lo, im_hi, im_lo;
};
static_assert(sizeof(vkfft_dd_complex) == 32 && offsetof(vkfft_dd_complex, re_lo) == 8 &&
              offsetof(vkfft_dd_complex, im_hi) == 16 && offsetof(vkfft_dd_complex, im_lo) == 24);

// The double-memory mode's element: double2 {x = re, y = im}.
using vkfft_double_complex = std::complex<double>;
static_assert(sizeof(vkfft_double_complex) == 16);

inline vkfft_dd_complex to_vkfft(const complex<dd128>& v) { return {v.re[0], v.re[1], v.im[0], v.im[1]}; }

inline complex<dd128> from_vkfft(const vkfft_dd_complex& v) {
  complex<dd128> r{};
  r.re[0] = v.re_hi;
  r.re[1] = v.re_lo;
  r.im[0] = v.im_hi;
  r.im[1] = v.im_lo;
  return r;
}

}  // namespace ffft::bench
