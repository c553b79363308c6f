// A round trip through another FFT library (FFTW, cuFFT): the baselines
// beside ffft's rows in `ffft roundtrip`.
#pragma once

#include <cstdint>
#include <vector>

#include "tools/fft_metrics.hpp"

namespace ffft::cli {

using tools::complex_quad;

struct external_roundtrip {
  std::vector<complex_quad> forward;    // F(x), unnormalized (FFTW_FORWARD's sign)
  std::vector<complex_quad> roundtrip;  // F^-1(F(x)) / n
  double seconds;                       // both transforms, without planning
};

// FFTW's double-precision transforms (FFTW_ESTIMATE) of x rounded to double
// (fftw_roundtrip.cpp), along `axes` of the C-order array of `shape` (1-D
// transforms: shape {batch, n}, axes {1}); roundtrip is divided by the
// product of the transformed lengths. The reference of every forward
// error, FFTW's __float128 transform, is tools::fftw_quad_dft(_nd).
external_roundtrip fftw_double_roundtrip(const std::vector<complex_quad>& x, const std::vector<std::uint64_t>& shape,
                                         const std::vector<int>& axes);

}  // namespace ffft::cli
