// The input of the FFT benchmark and accuracy report: n complex values whose
// parts are m / 2^24, m uniform in [-2^24, 2^24), so uniform in [-1, 1) and
// exact in float (hence in every format, FFTW's precisions included). One
// fixed seed, so both tools transform the same data.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace ffft::tools {

inline std::vector<std::pair<float, float>> uniform_float_input(std::uint64_t n) {
  std::mt19937_64 rng(0x0ff7'5eedULL);
  std::uniform_int_distribution<std::int32_t> m(-(1 << 24), (1 << 24) - 1);
  std::vector<std::pair<float, float>> x(n);
  for (auto& v : x) {
    const float re = std::ldexp(static_cast<float>(m(rng)), -24);
    const float im = std::ldexp(static_cast<float>(m(rng)), -24);
    v = {re, im};
  }
  return x;
}

}  // namespace ffft::tools
