// Exact unsigned 32-bit division by a divisor fixed ahead of time, as a
// multiply-high, a subtraction and two shifts (Granlund and Montgomery,
// "Division by invariant integers using multiplication", PLDI 1994, figure
// 4.1). On a GPU a division by a run-time 32-bit value is a sequence of
// about 20 instructions; the tile index arithmetic of stockham_group.hpp
// divides by the same few launch constants (tile width, radices, the
// group's L and M) for every value it moves.
//
// For d in [1, 2^32) let l = ceil(log2 d) and
//   multiplier = floor(2^32 (2^l - d) / d) + 1   (< 2^32),
//   t = floor(multiplier n / 2^32),
//   n / d = (t + ((n - t) >> min(l, 1))) >> max(l - 1, 0)
// for every 32-bit n, with no overflow in the sum (the paper's theorem 4.2).
#pragma once

#include <cstdint>

#include "ffft/config.hpp"

namespace ffft::fft {

struct divisor32 {
  std::uint32_t d = 1;
  std::uint32_t multiplier = 1;  // d = 1: t = 0 and both shifts 0
  std::uint32_t shift1 = 0;
  std::uint32_t shift2 = 0;

  // d >= 1 (a zero divisor gives the divisor 1: callers never divide by 0).
  FFFT_HD static divisor32 of(std::uint32_t d) {
    divisor32 r;
    if (d <= 1) return r;
    std::uint32_t l = 0;
    while ((std::uint64_t{1} << l) < d) ++l;
    r.d = d;
    r.multiplier = static_cast<std::uint32_t>((((std::uint64_t{1} << l) - d) << 32) / d + 1);
    r.shift1 = 1;
    r.shift2 = l - 1;
    return r;
  }

  FFFT_HD std::uint32_t quotient(std::uint32_t n) const {
#ifdef __CUDA_ARCH__
    const std::uint32_t t = __umulhi(multiplier, n);
#else
    const auto t = static_cast<std::uint32_t>((std::uint64_t{multiplier} * n) >> 32);
#endif
    return (t + ((n - t) >> shift1)) >> shift2;
  }
  FFFT_HD std::uint32_t remainder(std::uint32_t n) const { return n - quotient(n) * d; }
};

}  // namespace ffft::fft
