// The exact argument reduction: for every k and small n, the reduced
// integer m and octant o must describe the same angle, and the unfolding
// must map the octant's (cos, sin) to the right signs and order.
#include <gtest/gtest.h>

#include <cmath>

#include "ffft/twiddle/octant.hpp"

namespace ffft::twiddle {
namespace {

// 2 pi k / n = o pi/4 + (pi/4)(r / n) with r = m (even o) or n - m (odd o),
// i.e. 8 k = o n + r modulo 8 n, with 0 <= r <= n.
TEST(octant_reduction, describes_the_same_angle) {
  for (std::uint64_t n = 1; n <= 96; ++n) {
    for (std::uint64_t k = 0; k < 3 * n; ++k) {
      const octant_reduction r = reduce_to_octant(k, n);
      ASSERT_LT(r.octant, 8u) << "k=" << k << " n=" << n;
      ASSERT_LE(r.m, n) << "k=" << k << " n=" << n;
      const std::uint64_t within = (r.octant & 1) ? n - r.m : r.m;
      EXPECT_EQ((r.octant * n + within) % (8 * n), (8 * k) % (8 * n)) << "k=" << k << " n=" << n;
      // The reduced angle is below pi/4, except the odd-octant end (r = 0 in
      // an odd octant, an exact odd multiple of pi/4), where it is pi/4.
      if (r.m == n) {
        EXPECT_EQ((8 * k) % n, 0u);
      }
    }
  }
}

TEST(octant_reduction, reduces_large_k_modulo_n) {
  const std::uint64_t n = 1000003;
  for (std::uint64_t k : {std::uint64_t(12345), std::uint64_t(1) << 62, ~std::uint64_t(0)}) {
    const octant_reduction a = reduce_to_octant(k, n);
    const octant_reduction b = reduce_to_octant(k % n, n);
    EXPECT_EQ(a.m, b.m);
    EXPECT_EQ(a.octant, b.octant);
  }
}

// Unfolding (cos theta, sin theta) must give cos and sin of
// o pi/4 + theta (even o) or (o + 1) pi/4 - theta (odd o).
TEST(octant_unfolding, matches_the_trigonometric_identities) {
  const double theta = 0.3;  // any angle in (0, pi/4)
  const df64 c{{static_cast<float>(std::cos(theta)), 0.0f}};
  const df64 s{{static_cast<float>(std::sin(theta)), 0.0f}};
  for (unsigned o = 0; o < 8; ++o) {
    const double alpha = (o % 2 == 0) ? o * M_PI / 4 + theta : (o + 1) * M_PI / 4 - theta;
    const complex<df64> w = unfold_octant(o, c, s);
    // c and s are rounded to float (2^-25 relative) and alpha's cos and sin
    // differ from theta's by that; the largest difference measured (Intel
    // Xeon) was 2.2e-8, and the tolerance is 4 times that.
    EXPECT_NEAR(w.re[0], std::cos(alpha), 8.8e-8) << "octant " << o;
    EXPECT_NEAR(w.im[0], std::sin(alpha), 8.8e-8) << "octant " << o;
  }
}

TEST(octant_table, holds_the_multiples_of_gcd_n_8) {
  EXPECT_EQ(octant_table_size(1 << 24), (1u << 21) + 1);
  EXPECT_EQ(octant_table_size(12), 12u / 4 + 1);
  EXPECT_EQ(octant_table_size(10007), 10008u);
  for (std::uint64_t n = 1; n <= 64; ++n) {
    const std::uint64_t g = std::uint64_t(1) << octant_table_step_log2(n);
    EXPECT_EQ(n % g, 0u);
    if (g < 8) {
      EXPECT_EQ((n / g) % 2, 1u) << "g must be gcd(n, 8), n=" << n;
    }
    for (std::uint64_t k = 0; k < n; ++k) EXPECT_EQ(reduce_to_octant(k, n).m % g, 0u);
  }
}

}  // namespace
}  // namespace ffft::twiddle
