// Whole-array conversions between std::complex<float / double> and the
// formats: exact round trips where the format holds the source type, the
// format's rounding where it does not, and a clear error on size mismatch.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <random>
#include <stdexcept>
#include <vector>

#include "ffft/convert.hpp"
#include "twiddle_formats.hpp"

namespace {

using namespace ffft;

template <class T>
std::vector<std::complex<T>> random_complex(std::size_t n, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<T> uniform(-1, 1);
  std::uniform_int_distribution<int> exponent(-60, 60);
  std::vector<std::complex<T>> x(n);
  for (auto& v : x) v = {std::ldexp(uniform(g), exponent(g)), std::ldexp(uniform(g), exponent(g))};
  x[0] = {T(0), -T(0)};
  return x;
}

template <class E>
class Convert : public ::testing::Test {};
TYPED_TEST_SUITE(Convert, ffft::testing::twiddle_formats, ffft::testing::format_names);

TYPED_TEST(Convert, ComplexFloatRoundTripsExactly) {
  using E = TypeParam;
  const auto x = random_complex<float>(1000, 1);
  std::vector<complex<E>> y(x.size());
  std::vector<std::complex<float>> back(x.size());
  convert<E>(std::span<const std::complex<float>>(x), std::span<complex<E>>(y));
  convert<E>(std::span<const complex<E>>(y), std::span<std::complex<float>>(back));
  for (std::size_t j = 0; j < x.size(); ++j) {
    EXPECT_EQ(back[j], x[j]) << j;
    EXPECT_EQ(std::signbit(back[j].imag()), std::signbit(x[j].imag())) << j;
  }
}

// Exact in qf128 and dd128 (53 <= 96, 106 bits); df64 rounds to 48 bits, so
// each part comes back within half an ulp of its second limb: 2^-48 relative.
TYPED_TEST(Convert, ComplexDoubleRoundTripsWithinTheFormatsPrecision) {
  using E = TypeParam;
  const auto x = random_complex<double>(1000, 2);
  std::vector<complex<E>> y(x.size());
  std::vector<std::complex<double>> back(x.size());
  convert<E>(std::span<const std::complex<double>>(x), std::span<complex<E>>(y));
  convert<E>(std::span<const complex<E>>(y), std::span<std::complex<double>>(back));
  const double tolerance = format_traits<E>::precision >= 53 ? 0.0 : std::ldexp(1.0, -48);
  for (std::size_t j = 0; j < x.size(); ++j) {
    EXPECT_LE(std::abs(back[j].real() - x[j].real()), tolerance * std::abs(x[j].real())) << j;
    EXPECT_LE(std::abs(back[j].imag() - x[j].imag()), tolerance * std::abs(x[j].imag())) << j;
  }
}

TYPED_TEST(Convert, SizeMismatchIsRefusedBeforeWriting) {
  using E = TypeParam;
  const std::vector<std::complex<double>> x(4, {1.0, 2.0});
  std::vector<complex<E>> y(3);
  const complex<E> untouched = y[0];
  EXPECT_THROW(convert<E>(std::span<const std::complex<double>>(x), std::span<complex<E>>(y)),
               std::invalid_argument);
  EXPECT_EQ(std::memcmp(&y[0], &untouched, sizeof untouched), 0);
}

}  // namespace
