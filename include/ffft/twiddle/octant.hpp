// Exact argument reduction of the angle 2 pi k / n to the first octant.
//
// With k' = k mod n, 8 k' = o n + r (0 <= r < n) splits the circle into
// eighths: the angle is o pi/4 + (pi/4)(r/n). In even octants the reduced
// angle is (pi/4)(r/n); in odd ones the angle is measured back from the next
// multiple of pi/4, (pi/4)((n - r)/n). Either way the reduced angle is
// theta = (pi/4)(m/n) with the integer m in [0, n], so theta is in
// [0, pi/4] and all the reduction happens in integers, without rounding
// (FFTW's kernel/trig.c and pocketfft's sincos_2pibyn reduce the same way).
//
// Unfolding back to the full circle swaps and negates cos theta and
// sin theta, which is exact: any value the first octant gets right, every
// octant gets right, and symmetric twiddles are exactly symmetric.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"

namespace ffft::twiddle {

struct octant_reduction {
  std::uint64_t m;  // reduced angle theta = (pi/4)(m/n), 0 <= m <= n
  unsigned octant;  // o in [0, 8): the angle lies in [o pi/4, (o + 1) pi/4)
};

// Requires 0 < n < 2^61 (so that 8 (k mod n) does not overflow).
FFFT_HD constexpr octant_reduction reduce_to_octant(std::uint64_t k, std::uint64_t n) {
  const std::uint64_t eighths = 8 * (k % n);
  const std::uint64_t octant = eighths / n;
  const std::uint64_t r = eighths - octant * n;
  return {(octant & 1) ? n - r : r, static_cast<unsigned>(octant)};
}

// The first-octant values a table for length n needs: m is always a multiple
// of g = gcd(n, 8) (8 k' and n are), so entry j holds theta = (pi/4)(j g / n),
// j = 0 .. n / g. For n divisible by 8 that is n / 8 + 1 entries.
FFFT_HD constexpr unsigned octant_table_step_log2(std::uint64_t n) {
  return (n % 8 == 0) ? 3u : (n % 4 == 0) ? 2u : (n % 2 == 0) ? 1u : 0u;
}
FFFT_HD constexpr std::uint64_t octant_table_size(std::uint64_t n) {
  return (n >> octant_table_step_log2(n)) + 1;
}

// e^{i alpha} for the angle alpha of octant o whose reduced angle has cosine c
// and sine s. Octants 1, 2, 5, 6 swap c and s; 2..5 negate the cosine; 4..7
// negate the sine:
//   o      0    1    2    3    4    5    6    7
//   cos    c    s   -s   -c   -c   -s    s    c
//   sin    s    c    c    s   -s   -c   -c   -s
template <class E>
FFFT_HD complex<E> unfold_octant(unsigned octant, E c, E s) {
  const bool swap = ((octant + 1) & 2) != 0;
  const bool negate_cos = ((octant + 2) & 4) != 0;
  const bool negate_sin = (octant & 4) != 0;
  complex<E> w;
FFFT_UNROLL
  for (int i = 0; i < E::limbs; ++i) {
    const auto cos_limb = swap ? s[i] : c[i];
    const auto sin_limb = swap ? c[i] : s[i];
    w.re[i] = negate_cos ? -cos_limb : cos_limb;
    w.im[i] = negate_sin ? -sin_limb : sin_limb;
  }
  return w;
}

}  // namespace ffft::twiddle
