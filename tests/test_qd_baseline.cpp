// The benchmark's do-it-yourself baseline (bench/qd_stockham.hpp, a plain
// radix-2 Stockham FFT over QD's dd_real and qd_real) against FFTW's
// __float128 transform, at n = 1, 2, 4, ..., 2^12. A baseline that computed
// the wrong thing would make the benchmark's comparison meaningless, so it
// is held to its format's accuracy like ffft is.
//
// Limits, measured (AMD EPYC, AVX-512 path), each at most 4 times the
// largest value over n = 1 .. 2^12: dd_real's relative L2 error is held to
// 4e-32 sqrt(log2 n + 1) (a stable FFT's rms error grows as sqrt(log2 n));
// the largest error / sqrt(log2 n + 1) was 1.15e-32, at n = 4096 (forward
// 4.16e-32, inverse 4.08e-32), and its round trip, 6.35e-32 at n = 4096, is
// held to 2.5e-31. FFTW quad has only 113 bits (2e-34 at n = 1024, see
// test_fft_fftw_quad.cpp), so for qd_real the error measured is the
// reference's own: 2.07e-34 at most (n = 4096), held to 8e-34. qd_real's
// own accuracy is checked by the round trip, computed in qd_real.
#include <fftw3.h>
#include <gtest/gtest.h>
#include <qd/dd_real.h>
#include <qd/qd_real.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "fft_reference.hpp"
#include "bench/qd_stockham.hpp"
#include "tools/reference/fftw_quad.hpp"
#include "tools/reference/qd_to_quad.hpp"

namespace {

using ffft::testing::complex_double;
using ffft::tools::complex_quad;
using ffft::tools::fftw_quad_dft;
using ffft::tools::qd_to_quad;
using ffft::tools::to_complex_quad;
using ffft::testing::random_input;

constexpr int max_log2 = 12;

template <class Real>
std::vector<qd_complex<Real>> to_real(const std::vector<complex_double>& x) {
  std::vector<qd_complex<Real>> r(x.size());
  for (std::size_t j = 0; j < x.size(); ++j) r[j] = {Real(x[j].re), Real(x[j].im)};
  return r;
}

// ||y - reference|| / ||reference||, every step in __float128.
template <class Real>
double relative_l2_error(const std::vector<qd_complex<Real>>& y,
                         const std::vector<complex_quad>& reference) {
  __float128 distance = 0, norm = 0;
  for (std::size_t j = 0; j < y.size(); ++j) {
    const __float128 dre = qd_to_quad(y[j].re) - reference[j].re;
    const __float128 dim = qd_to_quad(y[j].im) - reference[j].im;
    distance += dre * dre + dim * dim;
    norm += reference[j].re * reference[j].re + reference[j].im * reference[j].im;
  }
  return std::sqrt(static_cast<double>(distance) / static_cast<double>(norm > 0 ? norm : 1));
}

// ||y / n - x|| / ||x||, in Real: the round trip of an exact input, whose
// error is the transform's alone (no reference involved).
template <class Real>
double round_trip_error(const std::vector<qd_complex<Real>>& y,
                        const std::vector<complex_double>& x) {
  const auto n = static_cast<double>(x.size());
  double distance = 0, norm = 0;
  for (std::size_t j = 0; j < x.size(); ++j) {
    const double dre = to_double(y[j].re / n - x[j].re);
    const double dim = to_double(y[j].im / n - x[j].im);
    distance += dre * dre + dim * dim;
    norm += x[j].re * x[j].re + x[j].im * x[j].im;
  }
  return std::sqrt(distance / (norm > 0 ? norm : 1));
}

struct largest {
  double error = 0;
  std::size_t n = 0;

  void update(double e, std::size_t at) {
    if (e >= error) {
      error = e;
      n = at;
    }
  }
};

// Forward and inverse against FFTW quad, and the round trip, at every n.
template <class Real>
void check(const char* name, double (*reference_limit)(std::size_t),
           double (*round_trip_limit)(std::size_t)) {
  largest forward_max, inverse_max, round_trip_max;
  for (int k = 0; k <= max_log2; ++k) {
    const std::size_t n = std::size_t{1} << k;
    const std::string where = std::string(name) + " n=" + std::to_string(n);
    // Multiples of 2^-47: exact in double, hence in dd_real, qd_real and
    // __float128, so every transform sees the same input.
    const std::vector<complex_double> x = random_input(n, n);
    const std::vector<qd_complex<Real>> input = to_real<Real>(x);
    std::vector<qd_complex<Real>> y(n), z(n), back(n);
    qd_stockham_fft<Real> fft(n);
    fft.forward(input.data(), y.data());
    fft.inverse(input.data(), z.data());
    fft.inverse(y.data(), back.data());

    const std::vector<complex_quad> x_quad = to_complex_quad(x);
    const double forward = relative_l2_error(y, fftw_quad_dft(x_quad, FFTW_FORWARD));
    const double inverse = relative_l2_error(z, fftw_quad_dft(x_quad, FFTW_BACKWARD));
    const double round_trip = round_trip_error(back, x);
    EXPECT_LE(forward, reference_limit(n)) << where << " forward";
    EXPECT_LE(inverse, reference_limit(n)) << where << " inverse";
    EXPECT_LE(round_trip, round_trip_limit(n)) << where << " round trip";
    forward_max.update(forward, n);
    inverse_max.update(inverse, n);
    round_trip_max.update(round_trip, n);
  }
  std::printf(
      "%s: largest relative L2 error vs FFTW quad %.3g forward (n=%zu), %.3g inverse "
      "(n=%zu); round trip %.3g (n=%zu)\n",
      name, forward_max.error, forward_max.n, inverse_max.error, inverse_max.n,
      round_trip_max.error, round_trip_max.n);
  // XML/JSON output (--gtest_output): the largest errors, for the record.
  auto record = [](const char* key, double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    ::testing::Test::RecordProperty(key, text);
  };
  record("largest_forward_error", forward_max.error);
  record("largest_inverse_error", inverse_max.error);
  record("largest_round_trip_error", round_trip_max.error);
}

double log2_plus_one(std::size_t n) { return std::log2(static_cast<double>(n)) + 1; }

TEST(qd_baseline, dd_real_matches_fftw_quad) {
  check<dd_real>(
      "dd_real", [](std::size_t n) { return 4e-32 * std::sqrt(log2_plus_one(n)); },
      [](std::size_t) { return 2.5e-31; });
}

// qd_real's round trip: its eps is 1.2e-63 (qd_real::_eps); the largest
// error / sqrt(log2 n + 1) measured was 2.56e-65 (9.21e-65 at n = 4096), so
// the limit is 1e-64 sqrt(log2 n + 1), 3.9 times that.
TEST(qd_baseline, qd_real_matches_fftw_quad) {
  check<qd_real>(
      "qd_real", [](std::size_t) { return 8e-34; },
      [](std::size_t n) { return 1e-64 * std::sqrt(log2_plus_one(n)); });
}

TEST(qd_baseline, rejects_lengths_other_than_powers_of_two) {
  for (std::size_t n : {0, 3, 6, 12, 1000})
    EXPECT_THROW(qd_stockham_fft<dd_real>{n}, std::invalid_argument) << "n=" << n;
  EXPECT_NO_THROW(qd_stockham_fft<dd_real>{1});
}

}  // namespace
