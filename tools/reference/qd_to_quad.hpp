// QD's dd_real and qd_real (the benchmark's do-it-yourself baseline,
// bench/qd_stockham.hpp) in __float128. Apart from complex_quad.hpp because
// QD's headers are there only for the targets that use QD (the FFT
// benchmark, tests/test_qd_baseline).
#pragma once

#include <qd/dd_real.h>
#include <qd/qd_real.h>

namespace ffft::tools {

namespace detail {

// The limbs summed from the smallest up, as host::to_float128 sums an
// expansion's: exact while they span at most 113 bits (a dd_real's two,
// unless a gap between them widens the span); a qd_real's 212 bits round to
// about 2^-113, far below the reference's own error.
template <int N>
__float128 sum_limbs(const double (&limbs)[N]) {
  __float128 sum = limbs[N - 1];
  for (int i = N - 2; i >= 0; --i) sum += limbs[i];
  return sum;
}

}  // namespace detail

inline __float128 qd_to_quad(const dd_real& x) { return detail::sum_limbs(x.x); }
inline __float128 qd_to_quad(const qd_real& x) { return detail::sum_limbs(x.x); }

}  // namespace ffft::tools
