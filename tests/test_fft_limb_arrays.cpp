// Plans run on arrays of their limb type (std::complex<double> for dd128,
// std::complex<float> for df64 and qf128): the input widened exactly, the
// transform in the format, each output rounded once. Checked on the CPU
// backend as bit identities against the same plan on complex<E> arrays, and
// for dd128 against FFTW's quad transform: double data get the correctly
// rounded result almost everywhere.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "ffft/fft/limb_values.hpp"
#include "ffft/plan.hpp"
#include "tests/fft_reference.hpp"
#include "tests/twiddle_formats.hpp"
#include "tools/reference/fftw_quad.hpp"

namespace {

using namespace ffft;

template <class E>
using limb_value = typename plan<E>::limb_value;

// Values with a full limb's significand, of mixed signs and magnitudes.
template <class E>
std::vector<limb_value<E>> random_limb_values(std::size_t count, unsigned seed) {
  using T = typename E::limb_type;
  std::mt19937_64 bits(seed);
  std::uniform_real_distribution<T> u(-1, 1);
  std::vector<limb_value<E>> x(count);
  for (auto& v : x) v = {u(bits), u(bits)};
  return x;
}

template <class E>
class FftLimbArrays : public ::testing::Test {};
TYPED_TEST_SUITE(FftLimbArrays, ffft::testing::twiddle_formats, ffft::testing::format_names);

struct limb_case {
  std::uint64_t n, batch;
  layout input, output;
};

// Stockham lengths (one pass, several, mixed radices) and a Bluestein one;
// strided and dense layouts.
const limb_case cases[] = {
    {1, 3, {1, 0}, {1, 0}},        {60, 3, {2, 121}, {1, 0}}, {4096, 2, {1, 0}, {3, 1}},
    {97, 4, {1, 97}, {1, 100}},    {8, 1, {1, 0}, {1, 0}},
};

TYPED_TEST(FftLimbArrays, GiveTheFormatsResultRoundedOnce) {
  using E = TypeParam;
  for (const limb_case& c : cases) {
    plan_options o;
    o.length = c.n;
    o.batch = c.batch;
    o.input = c.input;
    o.output = c.output;
    o.backend = backend::cpu;
    o.norm = normalization::ortho;  // a scaling that rounds for most n
    plan<E> p(o);
    const auto span = [&](const layout& l) {
      const std::int64_t distance = l.distance == 0 ? static_cast<std::int64_t>(c.n) * l.stride : l.distance;
      return static_cast<std::size_t>(1 + (c.n - 1) * l.stride + (c.batch - 1) * distance);
    };
    const std::vector<limb_value<E>> x = random_limb_values<E>(span(c.input), 7 + c.n);
    std::vector<complex<E>> wide(x.size());
    for (std::size_t j = 0; j < x.size(); ++j) wide[j] = fft::widen<E>({x[j].real(), x[j].imag()});
    for (direction d : {direction::forward, direction::inverse}) {
      SCOPED_TRACE(::testing::Message() << "n " << c.n << ", batch " << c.batch << ", "
                                        << ffft::testing::name(d));
      std::vector<limb_value<E>> got(span(c.output), limb_value<E>(-3, -3));
      std::vector<complex<E>> want(span(c.output));
      p.execute(d, x.data(), got.data());
      p.execute(d, wide.data(), want.data());
      std::size_t written = 0;
      for (std::uint64_t b = 0; b < c.batch; ++b) {
        for (std::uint64_t j = 0; j < c.n; ++j) {
          const std::int64_t distance =
              c.output.distance == 0 ? static_cast<std::int64_t>(c.n) * c.output.stride : c.output.distance;
          const std::size_t at = static_cast<std::size_t>(static_cast<std::int64_t>(j) * c.output.stride +
                                                          static_cast<std::int64_t>(b) * distance);
          const fft::limb_complex_of<E> rounded = fft::round_to_limb(want[at]);
          ASSERT_EQ(std::memcmp(&got[at], &rounded, sizeof rounded), 0) << "b " << b << ", j " << j;
          ++written;
        }
      }
      EXPECT_EQ(written, c.n * c.batch);
      // Gaps of a strided output are left alone.
      std::size_t untouched = 0;
      for (const limb_value<E>& v : got) untouched += v == limb_value<E>(-3, -3) ? 1 : 0;
      EXPECT_EQ(untouched, got.size() - c.n * c.batch);
    }
  }
}

TYPED_TEST(FftLimbArrays, InPlaceEqualsOutOfPlace) {
  using E = TypeParam;
  for (std::uint64_t n : {std::uint64_t{512}, std::uint64_t{97}}) {
    plan_options o;
    o.length = n;
    o.batch = 2;
    o.backend = backend::cpu;
    plan<E> p(o);
    const std::vector<limb_value<E>> x = random_limb_values<E>(2 * n, 11);
    std::vector<limb_value<E>> out(2 * n), in_place = x;
    p.forward(x.data(), out.data());
    p.forward(in_place.data(), in_place.data());
    EXPECT_EQ(std::memcmp(out.data(), in_place.data(), out.size() * sizeof out[0]), 0) << n;
  }
}

// Overlap is judged in the limb values' own size, and a refused call writes
// nothing.
TYPED_TEST(FftLimbArrays, RefusesPartialOverlapWithoutWriting) {
  using E = TypeParam;
  plan_options o;
  o.length = 64;
  o.backend = backend::cpu;
  plan<E> p(o);
  std::vector<limb_value<E>> buffer = random_limb_values<E>(65, 3);
  const std::vector<limb_value<E>> before = buffer;
  EXPECT_THROW(p.forward(buffer.data(), buffer.data() + 1), std::invalid_argument);
  EXPECT_EQ(std::memcmp(buffer.data(), before.data(), buffer.size() * sizeof buffer[0]), 0);
  std::vector<limb_value<E>> apart(64);
  EXPECT_NO_THROW(p.forward(buffer.data(), apart.data()));
}

// Double data through dd128: the result is FFTW quad's rounded to double
// (to within one ulp where the dd128 error straddles a rounding boundary,
// which at 2^-106 relative is almost never).
TEST(FftLimbArraysDd128, DoubleDataGetTheCorrectlyRoundedTransform) {
  for (std::uint64_t n : {std::uint64_t{4096}, std::uint64_t{1000}, std::uint64_t{97}}) {
    const std::vector<ffft::testing::complex_double> x = ffft::testing::random_input(n, n);
    std::vector<std::complex<double>> in(n), out(n);
    for (std::uint64_t j = 0; j < n; ++j) in[j] = {x[j].re, x[j].im};
    plan_options o;
    o.length = n;
    o.backend = backend::cpu;
    plan<dd128>(o).forward(in.data(), out.data());
    const std::vector<ffft::tools::complex_quad> want =
        ffft::tools::fftw_quad_dft(ffft::tools::to_complex_quad(x), FFTW_FORWARD);
    std::uint64_t exact = 0;
    for (std::uint64_t j = 0; j < n; ++j) {
      const double re = static_cast<double>(want[j].re), im = static_cast<double>(want[j].im);
      exact += (out[j].real() == re && out[j].imag() == im) ? 1 : 0;
      ASSERT_LE(std::abs(out[j].real() - re), std::abs(std::nextafter(re, 2 * re) - re)) << j;
      ASSERT_LE(std::abs(out[j].imag() - im), std::abs(std::nextafter(im, 2 * im) - im)) << j;
    }
    EXPECT_GE(exact, n - n / 100) << "n " << n << ": correctly rounded in " << exact;
  }
}

}  // namespace
