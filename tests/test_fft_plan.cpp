// The plan API on the CPU backend: layouts, batches, in place, threads,
// normalizations, directions and invalid requests. Accuracy against exact
// references is in test_fft_exact_dft, test_fft_fftw_quad and
// test_fft_self_test; here the checks are mostly bit identities, which hold
// because every layout runs exactly the same operations on each element.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "ffft/aligned_vector.hpp"
#include "ffft/conversions.hpp"
#include "ffft/plan.hpp"
#include "fft_reference.hpp"
#include "scoped_env.hpp"
#include "twiddle_formats.hpp"

namespace {

using namespace ffft;

template <class E>
using values = std::vector<complex<E>>;

using ffft::testing::random_values;

template <class E>
bool identical(const complex<E>& a, const complex<E>& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

template <class E>
plan_options cpu_options(std::uint64_t n) {
  plan_options o;
  o.length = n;
  o.backend = backend::cpu;
  return o;
}

// Relative L2 distance in double: enough to tell 1e-14 from 1e-7, which is
// all the round-trip checks need (exact accuracy tests use MPFR).
template <class E>
double relative_distance(const values<E>& x, const values<E>& y) {
  double d = 0, s = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double dr = to_double(sub(x[i].re, y[i].re)), di = to_double(sub(x[i].im, y[i].im));
    d += dr * dr + di * di;
    s += to_double(y[i].re) * to_double(y[i].re) + to_double(y[i].im) * to_double(y[i].im);
  }
  return std::sqrt(d / s);
}

// c units of the format's last bit, times max(1, log2 n): what a round
// trip of two transforms may lose, and how far computed twiddles may take
// a transform from table twiddles. c is measured (AMD EPYC, AVX-512 path;
// every CPU path gives the same bits): the largest distance / (unit
// max(1, log2 n)) over the sizes and normalizations below was
//            round trip        computed vs table
//   df64     0.508 (n=202)     0.433 (n=97)
//   qf128    0.0858 (n=11)     0.0579 (n=97)
//   dd128    0.702 (n=11)      0.333 (n=97)
// and c is at least the larger and at most 4 times the smaller.
template <class E>
double round_trip_tolerance(std::uint64_t n) {
  const double unit = std::ldexp(1.0, -format_traits<E>::precision);
  const double c = std::is_same_v<E, df64> ? 1.5 : std::is_same_v<E, qf128> ? 0.2 : 1.2;
  return c * unit * std::max(1.0, std::log2(static_cast<double>(n)));
}

template <class E>
class FftPlan : public ::testing::Test {};
TYPED_TEST_SUITE(FftPlan, ffft::testing::twiddle_formats, ffft::testing::format_names);

// One size per kind of schedule: a single pass, each radix, mixed radices,
// and Bluestein (prime and composite with a large prime factor).
const std::uint64_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 16, 60, 64, 105, 128, 343, 1000, 1024, 11, 97, 2 * 101};

TYPED_TEST(FftPlan, RoundTripRecoversTheInputForEveryNormalization) {
  using E = TypeParam;
  for (std::uint64_t n : sizes) {
    for (normalization norm : {normalization::backward, normalization::ortho, normalization::forward}) {
      plan_options o = cpu_options<E>(n);
      o.norm = norm;
      plan<E> p(o);
      const values<E> x = random_values<E>(n, static_cast<unsigned>(n));
      values<E> y(n), z(n);
      p.forward(x.data(), y.data());
      p.inverse(y.data(), z.data());
      EXPECT_LE(relative_distance(z, x), round_trip_tolerance<E>(n))
          << "n = " << n << ", norm " << static_cast<int>(norm);
    }
  }
}

// backward leaves the forward transform unscaled, forward scales it by 1/n
// and ortho by 1/sqrt(n); for n = 4^k these factors are exact powers of two.
TYPED_TEST(FftPlan, NormalizationsScaleByTheirFactors) {
  using E = TypeParam;
  const std::uint64_t n = 256;
  const values<E> x = random_values<E>(n, 7);
  values<E> unscaled(n), by_n(n), by_root(n);
  plan_options o = cpu_options<E>(n);
  plan<E>(o).forward(x.data(), unscaled.data());
  o.norm = normalization::forward;
  plan<E>(o).forward(x.data(), by_n.data());
  o.norm = normalization::ortho;
  plan<E>(o).forward(x.data(), by_root.data());
  for (std::size_t j = 0; j < n; ++j) {
    EXPECT_TRUE(identical(by_n[j], ldexp(unscaled[j], -8))) << j;
    EXPECT_TRUE(identical(by_root[j], ldexp(unscaled[j], -4))) << j;
  }
}

// The forward transform of an impulse at 1 is w^j = exp(-2 pi i j / n): the
// sign convention of FFTW_FORWARD. The inverse's is the conjugate. Compared
// in double with std::cos and std::sin; the largest difference measured
// (AMD EPYC, AVX-512 path) was 7.8e-15 in df64 and 1.0e-15 in qf128 and
// dd128 (the double functions' and conversions' rounding, times n for the
// inverse), and the tolerance is at most 4 times that.
TYPED_TEST(FftPlan, DirectionsFollowFftwSigns) {
  using E = TypeParam;
  const double tolerance = std::is_same_v<E, df64> ? 3e-14 : 3.5e-15;
  for (std::uint64_t n : {8, 12, 13}) {
    values<E> impulse(n), forward(n), inverse(n);
    impulse[1].re = from_double<E>(1.0);
    plan<E> p(cpu_options<E>(n));
    p.forward(impulse.data(), forward.data());
    p.inverse(impulse.data(), inverse.data());
    for (std::uint64_t j = 0; j < n; ++j) {
      const double angle = 2 * M_PI * static_cast<double>(j) / static_cast<double>(n);
      EXPECT_NEAR(to_double(forward[j].re), std::cos(angle), tolerance) << n << " " << j;
      EXPECT_NEAR(to_double(forward[j].im), -std::sin(angle), tolerance) << n << " " << j;
      EXPECT_NEAR(to_double(inverse[j].re) * static_cast<double>(n), std::cos(angle), tolerance);
      EXPECT_NEAR(to_double(inverse[j].im) * static_cast<double>(n), std::sin(angle), tolerance);
    }
  }
}

// A batch with strides and distances (and gaps) gives, bit for bit, the
// transforms done one by one; the gaps are left untouched.
TYPED_TEST(FftPlan, BatchedStridedLayoutsMatchSingleTransforms) {
  using E = TypeParam;
  for (std::uint64_t n : {64, 60, 97}) {
    const std::uint64_t batch = 3;
    plan_options o = cpu_options<E>(n);
    o.batch = batch;
    o.input = {2, static_cast<std::int64_t>(2 * n + 5)};  // every other element, gaps between
    o.output = {static_cast<std::int64_t>(batch), 1};     // interleaved transforms
    plan<E> batched(o);
    const values<E> in = random_values<E>(2 * n * batch + 5 * batch, 3);
    values<E> out = random_values<E>(n * batch, 4);
    batched.forward(in.data(), out.data());

    plan<E> single(cpu_options<E>(n));
    for (std::uint64_t b = 0; b < batch; ++b) {
      values<E> x(n), y(n);
      for (std::uint64_t j = 0; j < n; ++j) x[j] = in[2 * j + b * (2 * n + 5)];
      single.forward(x.data(), y.data());
      for (std::uint64_t j = 0; j < n; ++j)
        EXPECT_TRUE(identical(out[j * batch + b], y[j])) << "n " << n << " b " << b << " j " << j;
    }
  }
}

TYPED_TEST(FftPlan, OutputGapsAreLeftUntouched) {
  using E = TypeParam;
  const std::uint64_t n = 16;
  plan_options o = cpu_options<E>(n);
  o.output = {3, 0};
  plan<E> p(o);
  const values<E> in = random_values<E>(n, 1);
  const values<E> before = random_values<E>(3 * (n - 1) + 1, 2);
  values<E> out = before;
  p.forward(in.data(), out.data());
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (i % 3 != 0) {
      EXPECT_TRUE(identical(out[i], before[i])) << i;
    }
  }
}

TYPED_TEST(FftPlan, InPlaceEqualsOutOfPlace) {
  using E = TypeParam;
  for (std::uint64_t n : {1, 4, 8, 64, 120, 97}) {
    plan_options o = cpu_options<E>(n);
    o.batch = 2;
    plan<E> p(o);
    const values<E> x = random_values<E>(2 * n, 5);
    values<E> y(2 * n), z = x;
    p.inverse(x.data(), y.data());
    p.inverse(z.data(), z.data());
    for (std::size_t j = 0; j < 2 * n; ++j) EXPECT_TRUE(identical(y[j], z[j])) << n << " " << j;
  }
}

TYPED_TEST(FftPlan, ResultsDoNotDependOnTheThreadCount) {
  using E = TypeParam;
  const std::uint64_t n = 4096;
  const values<E> x = random_values<E>(2 * n, 6);
  values<E> one(2 * n), two(2 * n);
  plan_options o = cpu_options<E>(n);
  o.batch = 2;
  o.threads = 1;
  plan<E>(o).forward(x.data(), one.data());
  o.threads = 2;
  plan<E>(o).forward(x.data(), two.data());
  for (std::size_t j = 0; j < 2 * n; ++j) ASSERT_TRUE(identical(one[j], two[j])) << j;
}

// Computed and table twiddles differ by at most a few units of the last
// bit, so the transforms agree to about the format's precision.
TYPED_TEST(FftPlan, TwiddleModesAgree) {
  using E = TypeParam;
  for (std::uint64_t n : {1024, 1000, 97}) {
    const values<E> x = random_values<E>(n, 8);
    values<E> table(n), computed(n);
    plan_options o = cpu_options<E>(n);
    plan<E>(o).forward(x.data(), table.data());
    o.twiddles = twiddle_mode::computed;
    plan<E>(o).forward(x.data(), computed.data());
    EXPECT_LE(relative_distance(computed, table), round_trip_tolerance<E>(n)) << n;
  }
}

TYPED_TEST(FftPlan, ReportsItsSchedule) {
  using E = TypeParam;
  EXPECT_EQ(plan<E>(cpu_options<E>(1)).radices(), std::vector<int>{});
  // The short pass of a power of 2 last for df64, first for the others
  // (fft::short_pass_of), so that their twiddle-free last pass is a radix-8;
  // dd128's radix 2 with a radix 8 as two radix 4s.
  const bool short_last = std::is_same_v<E, df64>;
  const std::vector<int> radices_1024 = short_last                 ? std::vector<int>{8, 8, 8, 2}
                                        : std::is_same_v<E, dd128> ? std::vector<int>{4, 4, 8, 8}
                                                                   : std::vector<int>{2, 8, 8, 8};
  EXPECT_EQ(plan<E>(cpu_options<E>(1024)).radices(), radices_1024);
  EXPECT_EQ(plan<E>(cpu_options<E>(2048)).radices(),
            short_last ? (std::vector<int>{8, 8, 8, 4}) : (std::vector<int>{4, 8, 8, 8}));
  EXPECT_EQ(plan<E>(cpu_options<E>(4096)).radices(), (std::vector<int>{8, 8, 8, 8}));
  EXPECT_EQ(plan<E>(cpu_options<E>(2 * 3 * 5 * 7 * 7)).radices(), (std::vector<int>{2, 3, 5, 7, 7}));
  plan<E> bluestein(cpu_options<E>(101));
  EXPECT_EQ(bluestein.bluestein_length(), 210u);  // smallest 7-smooth >= 2 * 101 - 1
  EXPECT_EQ(plan<E>(cpu_options<E>(100)).bluestein_length(), 0u);
  EXPECT_EQ(bluestein.backend(), backend::cpu);
  // Two ping-pong buffers for three or more passes; three padded buffers
  // for Bluestein.
  EXPECT_EQ(plan<E>(cpu_options<E>(1024)).workspace_bytes(), 2 * 1024 * sizeof(complex<E>));
  EXPECT_EQ(bluestein.workspace_bytes(), 3 * 210 * sizeof(complex<E>));
}

template <class E>
void expect_invalid(const plan_options& o, const char* what) {
  EXPECT_THROW(plan<E>{o}, std::invalid_argument) << what;
}

TYPED_TEST(FftPlan, RefusesInvalidPlans) {
  using E = TypeParam;
  plan_options o = cpu_options<E>(0);
  expect_invalid<E>(o, "length 0");
  o.length = max_length + 1;
  expect_invalid<E>(o, "length above the maximum");
  o.length = (std::uint64_t{1} << 30) + 3;  // not 7-smooth, beyond Bluestein's range
  expect_invalid<E>(o, "Bluestein length too large");
  o = cpu_options<E>(16);
  o.batch = 0;
  expect_invalid<E>(o, "batch 0");
  o = cpu_options<E>(16);
  o.input.stride = 0;
  expect_invalid<E>(o, "stride 0");
  o = cpu_options<E>(16);
  o.output.distance = -1;
  expect_invalid<E>(o, "negative distance");
  o = cpu_options<E>(16);
  o.batch = 2;
  o.input = {1, 8};  // the two transforms share 8 elements
  expect_invalid<E>(o, "self-overlapping layout");
}

TYPED_TEST(FftPlan, RefusesInvalidExecutionsWithoutWritingTheOutput) {
  using E = TypeParam;
  const std::uint64_t n = 32;
  plan_options o = cpu_options<E>(n);
  o.output = {2, 0};
  plan<E> strided_out(o);
  values<E> buffer = random_values<E>(4 * n, 9);
  const values<E> before = buffer;
  // in == out with different layouts, and a partial overlap.
  EXPECT_THROW(strided_out.forward(buffer.data(), buffer.data()), std::invalid_argument);
  EXPECT_THROW(strided_out.forward(buffer.data() + 1, buffer.data()), std::invalid_argument);
  EXPECT_THROW(strided_out.forward(nullptr, buffer.data()), std::invalid_argument);
  for (std::size_t i = 0; i < buffer.size(); ++i) ASSERT_TRUE(identical(buffer[i], before[i])) << i;
}

TYPED_TEST(FftPlan, CudaWithoutADeviceIsAnError) {
  using E = TypeParam;
  plan_options o = cpu_options<E>(16);
  o.backend = backend::automatic;
  if (plan<E>(o).backend() == backend::cuda) GTEST_SKIP() << "a CUDA device is present";
  o.backend = backend::cuda;
  EXPECT_THROW(plan<E>{o}, std::runtime_error);
}

// A moved-from plan holds nothing: every call but assignment and
// destruction throws std::logic_error instead of dereferencing null.
TYPED_TEST(FftPlan, MovedFromPlanThrowsLogicError) {
  using E = TypeParam;
  plan_options o;
  o.length = 8;
  o.backend = backend::cpu;
  plan<E> p(o);
  plan<E> q(std::move(p));
  std::vector<complex<E>> x(8), y(8);
  EXPECT_THROW(p.forward(x.data(), y.data()), std::logic_error);
  EXPECT_THROW((void)p.radices(), std::logic_error);
  EXPECT_THROW((void)p.options(), std::logic_error);
  try {
    p.inverse(x.data(), y.data());
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("moved from"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(q.forward(x.data(), y.data()));
  p = std::move(q);  // assignment revives it
  EXPECT_NO_THROW(p.forward(x.data(), y.data()));
}

// A workspace the caller gives (allocate_workspace = false, set_workspace)
// computes exactly what the plan's own does; without one, execute refuses.
// minimal_workspace: one buffer (the output the second), half the
// workspace of three or more passes, the same bits out of place (strided
// output) and in place, for even and odd pass counts and Bluestein.
TYPED_TEST(FftPlan, MinimalWorkspaceGivesTheSameResults) {
  using E = TypeParam;
  for (std::uint64_t n : {std::uint64_t{8}, std::uint64_t{64}, std::uint64_t{512},
                          std::uint64_t{4096}, std::uint64_t{32768}, std::uint64_t{97}}) {
    SCOPED_TRACE(::testing::Message() << "n " << n);
    const std::uint64_t batch = 3;
    plan_options o = cpu_options<E>(n);
    o.batch = batch;
    o.output = {2, static_cast<std::int64_t>(2 * n + 1)};
    plan<E> full(o);
    o.minimal_workspace = true;
    plan<E> minimal(o);
    const std::size_t passes = minimal.radices().size();
    if (minimal.bluestein_length() != 0) {
      EXPECT_EQ(minimal.workspace_bytes(), 2 * minimal.bluestein_length() * batch * sizeof(complex<E>));
    } else if (passes >= 3) {
      EXPECT_EQ(2 * minimal.workspace_bytes(), full.workspace_bytes());
    }
    const values<E> x = random_values<E>(n * batch, n);
    const std::size_t out_span = static_cast<std::size_t>(1 + (n - 1) * 2 + (batch - 1) * (2 * n + 1));
    values<E> want(out_span, x[0]), got(out_span, x[0]);
    full.forward(x.data(), want.data());
    minimal.forward(x.data(), got.data());
    for (std::size_t j = 0; j < out_span; ++j) ASSERT_TRUE(identical(got[j], want[j])) << j;

    plan_options dense = cpu_options<E>(n);
    dense.batch = batch;
    dense.minimal_workspace = true;
    plan<E> minimal_dense(dense);
    dense.minimal_workspace = false;
    values<E> in_place = x, out_of_place(n * batch);
    plan<E>(dense).inverse(x.data(), out_of_place.data());
    minimal_dense.inverse(in_place.data(), in_place.data());
    for (std::size_t j = 0; j < in_place.size(); ++j) ASSERT_TRUE(identical(in_place[j], out_of_place[j])) << j;
  }
}

TYPED_TEST(FftPlan, CallersWorkspaceGivesTheSameResults) {
  using E = TypeParam;
  for (std::uint64_t n : {64u, 1000u, 97u}) {
    plan_options o = cpu_options<E>(n);
    o.batch = 3;
    plan<E> own(o);
    o.allocate_workspace = false;
    plan<E> given(o);
    EXPECT_EQ(given.workspace_bytes(), own.workspace_bytes());
    EXPECT_EQ(given.staging_bytes(), 0u);
    const values<E> x = random_values<E>(3 * n, static_cast<unsigned>(n));
    values<E> expected(3 * n), actual(3 * n);
    EXPECT_THROW(given.forward(x.data(), actual.data()), std::logic_error);
    own.forward(x.data(), expected.data());
    std::vector<complex<E>> workspace(given.workspace_bytes() / sizeof(complex<E>) + 1);
    EXPECT_THROW(given.set_workspace(nullptr), std::invalid_argument);
    EXPECT_THROW(given.set_workspace(reinterpret_cast<char*>(workspace.data()) + 1), std::invalid_argument);
    given.set_workspace(workspace.data());
    given.forward(x.data(), actual.data());
    for (std::size_t j = 0; j < expected.size(); ++j)
      ASSERT_TRUE(identical(actual[j], expected[j])) << "n = " << n << ", element " << j;
    // A plan that had its own workspace can be given one too.
    own.set_workspace(workspace.data());
    own.forward(x.data(), actual.data());
    for (std::size_t j = 0; j < expected.size(); ++j)
      ASSERT_TRUE(identical(actual[j], expected[j])) << "n = " << n << ", element " << j;
  }
}

// aligned_vector's blocks start on a cache line at every size and after
// growth, for values of every format's size and for bytes.
TYPED_TEST(FftPlan, AlignedVectorsStartOnACacheLine) {
  using E = TypeParam;
  const auto on_line = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % host_alignment == 0; };
  for (std::size_t count : {1u, 3u, 64u, 1000u, 70000u}) {
    aligned_vector<complex<E>> v(count);
    EXPECT_TRUE(on_line(v.data())) << count;
    v.resize(3 * count + 1);
    EXPECT_TRUE(on_line(v.data())) << count;
    aligned_vector<unsigned char> bytes(count);
    EXPECT_TRUE(on_line(bytes.data())) << count;
  }
}

// Blocks of huge_page_threshold bytes or more start on a huge page, so that
// the advice for transparent huge pages covers all of them; smaller ones
// on a cache line only. The advice keeps the contents, and a block freed
// with its size's alignment (the sanitized builds check the pairing).
TYPED_TEST(FftPlan, LargeAlignedVectorsStartOnAHugePage) {
  using E = TypeParam;
  const std::size_t large = huge_page_threshold / sizeof(complex<E>);
  aligned_vector<complex<E>> v(large, complex<E>{});
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % huge_page_bytes, 0u);
  v[large - 1].re[0] = 3;
  advise_huge_pages(v.data(), v.size() * sizeof(complex<E>));
  EXPECT_EQ(v[large - 1].re[0], 3);
  EXPECT_EQ(v[0].re[0], 0);
  aligned_vector<unsigned char> small(huge_page_threshold - 1);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(small.data()) % host_alignment, 0u);
  small.resize(huge_page_threshold + 1);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(small.data()) % huge_page_bytes, 0u);
}

// The plan keeps its own arrays on cache lines; a caller's arrays and
// workspace may start anywhere complex<E> may, and give the same bits:
// every 8-byte offset within a line, on sizes run pass by pass and blocked
// for the cache (2^17 dd128 values exceed the L2 of every core ffft has
// run on; the last-level cache is left out of the choice, since it would
// hold them), with Bluestein's.
TYPED_TEST(FftPlan, CallersAlignmentGivesTheSameResults) {
  using E = TypeParam;
  static_assert(alignof(complex<E>) <= 8, "values placed at 8-byte offsets");
  const ffft::testing::scoped_env blocked_within_l3("FFFT_CPU_SHARED_CACHE_BYTES", "0");
  for (std::uint64_t n : {std::uint64_t{64}, std::uint64_t{97}, std::uint64_t{4096}, std::uint64_t{1} << 17}) {
    plan_options o = cpu_options<E>(n);
    o.allocate_workspace = false;
    plan<E> p(o);
    const values<E> x = random_values<E>(n, static_cast<unsigned>(n % 1000));
    const std::size_t bytes = n * sizeof(complex<E>) + host_alignment;
    aligned_vector<unsigned char> in(bytes), out(bytes), workspace(p.workspace_bytes() + host_alignment);
    values<E> expected(n);
    for (std::size_t offset = 0; offset < host_alignment; offset += 8) {
      auto* a = reinterpret_cast<complex<E>*>(in.data() + offset);
      auto* y = reinterpret_cast<complex<E>*>(out.data() + (host_alignment - offset) % host_alignment);
      std::memcpy(static_cast<void*>(a), x.data(), n * sizeof(complex<E>));
      p.set_workspace(workspace.data() + offset);
      p.forward(a, y);
      if (offset == 0) std::memcpy(static_cast<void*>(expected.data()), y, n * sizeof(complex<E>));
      for (std::size_t j = 0; j < n; ++j)
        ASSERT_TRUE(identical(y[j], expected[j])) << "n = " << n << ", offset " << offset << ", element " << j;
    }
  }
}

}  // namespace
