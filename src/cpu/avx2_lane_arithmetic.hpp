// The avx2 path's lane arithmetic (lane_butterfly_arithmetic<32, R, E>),
// declared: code that runs the 256-bit lanes outside the library (the
// tests) links the library's copies, instantiated once in
// src/cpu/paths/avx2_*.cpp, instead of compiling every radix and format
// again.
#pragma once

#include "src/cpu/lane_butterfly.hpp"

#if FFFT_HAVE_LANES
namespace ffft::fft {
FFFT_LANE_ARITHMETIC(extern template, 32, df64)
FFFT_LANE_ARITHMETIC(extern template, 32, qf128)
FFFT_LANE_ARITHMETIC(extern template, 32, dd128)
}  // namespace ffft::fft
#endif
