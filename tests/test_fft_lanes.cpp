// The CPU executor's SIMD lanes must round exactly as scalars: W butterflies
// run in lane vectors (lane_butterfly.hpp) against the same W butterflies run
// one at a time, bit for bit, for every radix, both directions, full and
// short groups, and inputs that include zeros, signed zeros and tiny values
// (where a careless lane select or abs would differ). Also the lane
// arithmetic itself on special values, against the scalar operations.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "src/cpu/avx2_lane_arithmetic.hpp"
#include "ffft/conversions.hpp"
#include "twiddle_formats.hpp"

#if FFFT_HAVE_LANES

namespace {

using namespace ffft;
using fft::pass_shape;

// The 256-bit lanes of the AVX2 path, which this test's own compilation
// (the x86-64-v3 baseline) can run; the AVX-512 path is checked against the
// scalar one through whole plans (test_cpu_paths).
constexpr int Bytes = 32;

template <class E>
complex<E> random_value(std::mt19937& g) {
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::uniform_int_distribution<int> kind(0, 9);
  const auto part = [&] {
    switch (kind(g)) {
      case 0: return from_double<E>(0.0);
      case 1: return neg(from_double<E>(0.0));
      case 2: return from_double<E>(uniform(g) * 1e-30);
      default: return add(from_double<E>(uniform(g)), from_double<E>(uniform(g) * 1e-9));
    }
  };
  return {part(), part()};
}

template <class E>
class FftLanes : public ::testing::Test {};
TYPED_TEST_SUITE(FftLanes, ffft::testing::twiddle_formats, ffft::testing::format_names);

// One pass of shape p run by each lane path and by scalars. A group is W
// consecutive butterflies t = k m + i of the one transform; the consecutive
// path needs m to be a multiple of W.
template <int R, class E>
void expect_lanes_match_scalars(const pass_shape& p, bool inverse) {
  constexpr int W = fft::lane_count<E, Bytes>;
  const std::uint64_t n = p.l * R * p.m;
  const auto span = static_cast<std::int64_t>(n);
  std::mt19937 g(static_cast<unsigned>(R * 10 + (inverse ? 2 : 0) + p.m));
  std::vector<complex<E>> in(n), twiddles((R - 1) * p.m);
  for (auto& v : in) v = random_value<E>(g);
  for (auto& v : twiddles) v = random_value<E>(g);
  const bool consecutive = p.m % W == 0;
  std::vector<complex<E>> gathered(n), consecutive_output(n), consecutive_lanes(n), short_groups(n),
      scalars(n);
  const fft::strided<const complex<E>> source{in.data(), 1, span};
  const fft::pass_twiddles<E> tw{twiddles.data()};
  for (std::uint64_t t0 = 0; t0 < p.l * p.m; t0 += W) {
    std::uint64_t b[W], k[W], i[W];
    for (int w = 0; w < W; ++w) b[w] = 0, k[w] = (t0 + w) / p.m, i[w] = (t0 + w) % p.m;
    fft::stockham_butterfly_lanes<Bytes, R>(p, tw, source, {gathered.data(), 1, span}, b, k, i, inverse,
                                            false);
    fft::stockham_butterfly_lanes<Bytes, R>(p, tw, source, {consecutive_output.data(), 1, span}, b, k, i,
                                            inverse, true);
    // A group's last butterfly alone, then its first W - 1 in a short group,
    // whose spare lane repeats butterfly W - 2 and must write nothing (else
    // it would overwrite butterfly W - 1's outputs with wrong values).
    const fft::strided<complex<E>> short_target{short_groups.data(), 1, span};
    fft::stockham_butterfly_lanes<Bytes, R>(p, tw, source, short_target, b + W - 1, k + W - 1,
                                            i + W - 1, inverse, false, 1);
    fft::stockham_butterfly_lanes<Bytes, R>(p, tw, source, short_target, b, k, i, inverse, false, W - 1);
    // Every other group asks for its successor's operands ahead: a hint
    // that must change nothing.
    const bool prefetch_next = t0 / W % 2 == 1;
    if (consecutive)
      fft::stockham_butterfly_consecutive<Bytes, R>(p, tw, source, {consecutive_lanes.data(), 1, span},
                                                    0, k[0], i[0], inverse, prefetch_next);
    for (int w = 0; w < W; ++w)
      fft::stockham_butterfly<R>(p, tw, source, {scalars.data(), 1, span}, 0, k[w], i[w], inverse);
  }
  for (std::uint64_t j = 0; j < n; ++j) {
    SCOPED_TRACE(::testing::Message() << "radix " << R << (inverse ? ", inverse" : ", forward") << ", m " << p.m
                                      << ", element " << j);
    ASSERT_EQ(std::memcmp(&gathered[j], &scalars[j], sizeof(complex<E>)), 0);
    ASSERT_EQ(std::memcmp(&consecutive_output[j], &scalars[j], sizeof(complex<E>)), 0);
    ASSERT_EQ(std::memcmp(&short_groups[j], &scalars[j], sizeof(complex<E>)), 0);
    if (consecutive) {
      ASSERT_EQ(std::memcmp(&consecutive_lanes[j], &scalars[j], sizeof(complex<E>)), 0);
    }
  }
}

// m = 2W (every path) and m = 2 < W (lanes spanning several k).
template <int R, class E>
void expect_lanes_match_scalars() {
  constexpr int W = fft::lane_count<E, Bytes>;
  for (bool inverse : {false, true}) {
    expect_lanes_match_scalars<R, E>(pass_shape{R, 3, 2 * W}, inverse);
    expect_lanes_match_scalars<R, E>(pass_shape{R, W, 2}, inverse);
  }
}

TYPED_TEST(FftLanes, ButterfliesAreBitIdenticalToScalarOnes) {
  expect_lanes_match_scalars<2, TypeParam>();
  expect_lanes_match_scalars<3, TypeParam>();
  expect_lanes_match_scalars<4, TypeParam>();
  expect_lanes_match_scalars<5, TypeParam>();
  expect_lanes_match_scalars<7, TypeParam>();
  expect_lanes_match_scalars<8, TypeParam>();
}

// The permute-based transposition of W consecutive values in memory
// (load_lanes, store_lanes) against the element-by-element one.
TYPED_TEST(FftLanes, ConsecutiveLoadsAndStoresTransposeLikeGathers) {
  using E = TypeParam;
  constexpr int W = fft::lane_count<E, Bytes>;
  std::mt19937 g(11);
  complex<E> values[W], stored[W], scattered[W];
  for (auto& v : values) v = random_value<E>(g);
  const auto loaded = fft::load_lanes<Bytes, E>(values);
  const auto gathered = fft::to_lanes<Bytes, E>(values);
  ASSERT_EQ(std::memcmp(&loaded, &gathered, sizeof loaded), 0);
  fft::store_lanes<Bytes, E>(loaded, stored);
  fft::from_lanes<Bytes, E>(loaded, scattered);
  ASSERT_EQ(std::memcmp(stored, values, sizeof values), 0);
  ASSERT_EQ(std::memcmp(scattered, values, sizeof values), 0);
}

// add and mul of lane expansions, lane by lane, against the scalar ones on
// special operands: the settle() select and renormalization's per-lane
// counter must pick per lane what the scalar code picks.
TYPED_TEST(FftLanes, LaneArithmeticMatchesScalarOnSpecialValues) {
  using E = TypeParam;
  using T = typename E::limb_type;
  constexpr int W = fft::lane_count<E, Bytes>;
  using L = fft::lane_expansion<E, Bytes>;
  const T inf = std::numeric_limits<T>::infinity();
  const E specials[] = {from_double<E>(0.0), neg(from_double<E>(0.0)), from_double<E>(1.0),
                        from_double<E>(-1.0), from_limb<T, E::limbs>(inf), from_limb<T, E::limbs>(-inf),
                        from_limb<T, E::limbs>(std::numeric_limits<T>::quiet_NaN()),
                        from_limb<T, E::limbs>(std::numeric_limits<T>::max()),
                        add(from_double<E>(1.0), from_double<E>(1e-20))};
  constexpr int count = sizeof(specials) / sizeof(specials[0]);
  for (int first = 0; first < count; ++first) {
    complex<E> xs[W], ys[W];
    for (int w = 0; w < W; ++w) {
      xs[w] = {specials[(first + w) % count], specials[(first + 5 * w + 2) % count]};
      ys[w] = {specials[(first + 3 * w + 1) % count], specials[(first + 7 * w) % count]};
    }
    const complex<L> x = fft::to_lanes<Bytes, E>(xs), y = fft::to_lanes<Bytes, E>(ys);
    complex<E> sums[W], products[W];
    fft::from_lanes<Bytes, E>(add(x, y), sums);
    fft::from_lanes<Bytes, E>({mul(x.re, y.re), mul(x.im, y.im)}, products);
    for (int w = 0; w < W; ++w) {
      const complex<E> s = add(xs[w], ys[w]);
      const complex<E> p{mul(xs[w].re, ys[w].re), mul(xs[w].im, ys[w].im)};
      EXPECT_EQ(std::memcmp(&sums[w], &s, sizeof s), 0) << "add, rotation " << first << ", lane " << w;
      EXPECT_EQ(std::memcmp(&products[w], &p, sizeof p), 0) << "mul, rotation " << first << ", lane " << w;
    }
  }
}

}  // namespace

#endif
