// The CPU executor's instruction-set paths (ffft/cpu_isa.hpp): whole
// transforms on each path this CPU runs are bit-identical to the scalar
// path's (avx2 against it, avx512 against avx2), for every radix, Bluestein, strided and batched layouts, both
// directions, every normalization and both twiddle modes, and for
// infinite, NaN and overflowing inputs; FFFT_CPU_ISA picks the path and
// refuses names it does not know.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "ffft/plan.hpp"
#include "fft_reference.hpp"
#include "scoped_env.hpp"
#include "twiddle_formats.hpp"

namespace {

using namespace ffft;

// FFFT_CPU_ISA set (nullptr: unset) for the life of the object, then restored.
struct forced_isa : ffft::testing::scoped_env {
  explicit forced_isa(const char* name) : scoped_env("FFFT_CPU_ISA", name) {}
};

struct path_case {
  std::uint64_t n, batch;
  layout in, out;
};

// Radices 2-8 with m below and above every lane count, a length with all
// radices, Bluestein lengths, strided input and interleaved output (the
// gather paths), batches, and longer transforms: 2^18, 3^8 (m not a
// multiple of any lane count), 3 x 2^13; and columns (distance 1 below
// the stride: lanes across the batch from 4 W transforms on) in, out and
// both, with batches that leave a last tile narrower than the others, and
// a batch of 19 that takes either way by the lane count. The last passes
// of power-of-2 radix with m below the lane count (whole vectors
// deinterleaved): m = 1 after a radix 2 or 4, m = 2 and 4 before them, in
// batches whose transforms start at any offset.
const path_case cases[] = {
    {1 << 13, 3, {1, 8200}, {1, 8195}},
    {1 << 14, 2, {1, 0}, {1, 0}},
    {1 << 10, 5, {1, 1027}, {1, 0}},
    {1 << 18, 1, {1, 0}, {1, 0}},
    {6561, 5, {1, 0}, {1, 0}},
    {3 << 13, 3, {1, 0}, {1, 0}},
    {1, 3, {1, 0}, {1, 0}},
    {2, 5, {1, 0}, {1, 0}},
    {8, 17, {1, 0}, {1, 0}},
    {16, 1, {1, 0}, {1, 0}},
    {64, 3, {1, 0}, {1, 0}},
    {4096, 2, {1, 0}, {1, 0}},
    {1 << 15, 1, {1, 0}, {1, 0}},
    {2 * 3 * 4 * 5 * 7 * 8, 2, {1, 0}, {1, 0}},
    {3 * 3 * 3 * 3 * 3 * 3, 3, {1, 0}, {1, 0}},
    {5 * 5 * 5 * 7 * 7, 1, {1, 0}, {1, 0}},
    {1000, 4, {2, 2000}, {4, 1}},
    {97, 3, {1, 100}, {1, 0}},
    {1009, 2, {1, 0}, {2, 1}},
    {4096, 37, {37, 1}, {1, 0}},
    {384, 40, {1, 0}, {40, 1}},
    {210, 35, {35, 1}, {35, 1}},
    {210, 19, {19, 1}, {19, 1}},
};

template <class E>
std::vector<complex<E>> transform(const char* isa, const path_case& c, twiddle_mode mode,
                                  normalization norm, direction d) {
  const forced_isa forced(isa);
  plan_options o;
  o.length = c.n;
  o.batch = c.batch;
  o.input = c.in;
  o.output = c.out;
  o.twiddles = mode;
  o.norm = norm;
  o.backend = backend::cpu;
  plan<E> p(o);
  EXPECT_STREQ(to_string(p.cpu_isa()), isa);
  const auto span = [&](layout l) {
    const std::uint64_t distance = l.distance == 0 ? c.n * l.stride : l.distance;
    return (c.n - 1) * l.stride + (c.batch - 1) * distance + 1;
  };
  const std::vector<complex<E>> x = ffft::testing::random_values<E>(span(c.in), c.n + 7 * c.batch);
  std::vector<complex<E>> y(span(c.out), x[0]);  // gaps in a strided output keep x[0]
  p.execute(d, x.data(), y.data());
  return y;
}

// Every case on `isa` against the same case on `reference`, bit for bit:
// both twiddle modes in both directions, and every normalization in each
// case. The normalizations take turns over the four (mode, direction)
// pairs rather than multiplying them: the scale is one factor the last
// pass applies to every value, whatever the twiddles or the sign, so the
// full product only ran each case three times over (qf128's scalar
// reference took 85 s of the suite on 2 cores).
template <class E>
void expect_path_matches(cpu_isa isa, cpu_isa reference) {
  if (!cpu_isa_available(isa))
    GTEST_SKIP() << "this CPU (or build) cannot run the " << to_string(isa) << " path";
  const normalization norms[] = {normalization::backward, normalization::ortho,
                                 normalization::forward};
  for (const path_case& c : cases) {
    int turn = 0;
    for (twiddle_mode mode : {twiddle_mode::table, twiddle_mode::computed}) {
      for (direction d : {direction::forward, direction::inverse}) {
        const normalization norm = norms[turn++ % 3];
        SCOPED_TRACE(::testing::Message()
                     << "n " << c.n << ", batch " << c.batch << ", " << ffft::testing::name(mode)
                     << " twiddles, norm " << static_cast<int>(norm) << ", " << ffft::testing::name(d));
        const auto want = transform<E>(to_string(reference), c, mode, norm, d);
        const auto got = transform<E>(to_string(isa), c, mode, norm, d);
        ASSERT_EQ(got.size(), want.size());
        ASSERT_EQ(std::memcmp(got.data(), want.data(), got.size() * sizeof(complex<E>)), 0);
      }
    }
  }
}

template <class E>
class CpuPaths : public ::testing::Test {};
TYPED_TEST_SUITE(CpuPaths, ffft::testing::twiddle_formats, ffft::testing::format_names);

TYPED_TEST(CpuPaths, Avx2IsBitIdenticalToScalar) {
  expect_path_matches<TypeParam>(cpu_isa::avx2, cpu_isa::scalar);
}

// Against avx2, which the test above holds to the scalar reference: the
// same chain to it at a fraction of the time (the scalar transforms were
// 85% of each test's, and qf128's took over a minute on 2 cores).
TYPED_TEST(CpuPaths, Avx512IsBitIdenticalToAvx2) {
  expect_path_matches<TypeParam>(cpu_isa::avx512,
                                 cpu_isa_available(cpu_isa::avx2) ? cpu_isa::avx2 : cpu_isa::scalar);
}

// Transforms with infinite, NaN and overflowing inputs, one kind a
// transform of the batch: each lane group whose butterflies are not all
// finite redoes those lanes as the scalar checked butterfly
// (lane_butterfly.hpp), so the paths agree bit for bit there too. A path
// that missed a non-finite lane would keep its unchecked results, NaN
// where the checked butterfly gives an infinity.
template <class E>
void expect_non_finite_inputs_match(cpu_isa isa, cpu_isa reference) {
  if (!cpu_isa_available(isa))
    GTEST_SKIP() << "this CPU (or build) cannot run the " << to_string(isa) << " path";
  using T = typename E::limb_type;
  const T inf = std::numeric_limits<T>::infinity();
  for (const std::uint64_t n : {std::uint64_t{4096}, std::uint64_t{8192}}) {
    const std::uint64_t batch = 4;
    std::vector<complex<E>> x = ffft::testing::random_values<E>(n * batch, n + 3);
    x[17].re = from_limb<T, E::limbs>(inf);
    x[n + 300].im = from_limb<T, E::limbs>(-inf);
    x[2 * n + 5].re = from_limb<T, E::limbs>(std::numeric_limits<T>::quiet_NaN());
    for (std::uint64_t i = 3 * n; i < 4 * n; i += 3) x[i].re = from_limb<T, E::limbs>(std::numeric_limits<T>::max() / 4);
    const auto run = [&](cpu_isa path) {
      const forced_isa forced(to_string(path));
      plan_options o;
      o.length = n;
      o.batch = batch;
      o.backend = backend::cpu;
      plan<E> p(o);
      std::vector<complex<E>> y(n * batch);
      p.execute(direction::forward, x.data(), y.data());
      return y;
    };
    const auto want = run(reference);
    const auto got = run(isa);
    SCOPED_TRACE(::testing::Message() << "n " << n);
    ASSERT_FALSE(std::isfinite(to_double(want[0].re)));  // the infinity reached the outputs
    ASSERT_EQ(std::memcmp(got.data(), want.data(), got.size() * sizeof(complex<E>)), 0);
  }
}

TYPED_TEST(CpuPaths, NonFiniteInputsGiveTheScalarPathsBits) {
  expect_non_finite_inputs_match<TypeParam>(cpu_isa::avx2, cpu_isa::scalar);
  expect_non_finite_inputs_match<TypeParam>(cpu_isa::avx512, cpu_isa::scalar);
}

TEST(CpuIsa, ScalarRunsEverywhere) { EXPECT_TRUE(cpu_isa_available(cpu_isa::scalar)); }

TEST(CpuIsa, UnsetPicksTheFastestAvailablePath) {
  const forced_isa unset(nullptr);
  const cpu_isa expected = cpu_isa_available(cpu_isa::avx512) ? cpu_isa::avx512
                           : cpu_isa_available(cpu_isa::avx2) ? cpu_isa::avx2
                                                              : cpu_isa::scalar;
  EXPECT_EQ(selected_cpu_isa(), expected);
  plan_options o;
  o.length = 16;
  o.backend = backend::cpu;
  EXPECT_EQ(plan<dd128>(o).cpu_isa(), expected);
}

TEST(CpuIsa, UnknownNameIsRefusedWithTheChoices) {
  const forced_isa bad("sse9");
  plan_options o;
  o.length = 16;
  o.backend = backend::cpu;
  try {
    plan<df64> p(o);
    FAIL() << "a plan was made with FFFT_CPU_ISA=sse9";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("FFFT_CPU_ISA=sse9"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("avx512, avx2 or scalar"), std::string::npos) << e.what();
  }
}

TEST(CpuIsa, UnavailablePathIsRefused) {
  for (cpu_isa isa : {cpu_isa::avx2, cpu_isa::avx512}) {
    if (cpu_isa_available(isa)) continue;
    const forced_isa forced(to_string(isa));
    EXPECT_THROW(selected_cpu_isa(), std::runtime_error);
    return;
  }
  GTEST_SKIP() << "this CPU runs every path";
}

}  // namespace
