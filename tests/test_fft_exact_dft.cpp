// The transform against the DFT summed directly in MPFR: every length from
// 1 to 64 (each radix alone and mixed, and the Bluestein primes up to 61)
// and selected composite, prime and power-of-two lengths up to 4096, both
// directions, both twiddle modes, all three normalizations, every format.
// The relative L2 error must stay within accuracy_limit (fft_reference.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <map>
#include <memory>
#include <vector>

#include "ffft/host/mpfr.hpp"
#include "fft_reference.hpp"
#include "twiddle_formats.hpp"

namespace ffft {
namespace {

using testing::accuracy_limit;
using testing::complex_double;

// Each output is 4n products and sums, each rounded at 2^-p relative to a
// partial sum below sqrt(2) n (|x_j| < sqrt(2)), so it is within about
// 6 n^2 2^-p of exact; against ||F(x)|| ~ 0.8 n that is a relative L2
// error under 8 n^1.5 2^-p: 2^-235 at n = 4096 with p = 256, far below the
// 2^-106 of the most precise format.
constexpr mpfr_prec_t reference_precision = 256;

// n MPFR numbers of one precision, freed together.
class mpfr_array {
 public:
  mpfr_array(std::size_t n, mpfr_prec_t precision) : v_(n) {
    for (__mpfr_struct& x : v_) mpfr_init2(&x, precision);
  }
  mpfr_array(const mpfr_array&) = delete;
  mpfr_array& operator=(const mpfr_array&) = delete;
  ~mpfr_array() {
    for (__mpfr_struct& x : v_) mpfr_clear(&x);
  }
  mpfr_ptr operator[](std::size_t j) { return &v_[j]; }
  mpfr_srcptr operator[](std::size_t j) const { return &v_[j]; }

 private:
  std::vector<__mpfr_struct> v_;
};

// The exact DFT of one random input, both directions. With x_j complex,
// C_k = sum_j x_j cos(2 pi jk/n) and S_k = sum_j x_j sin(2 pi jk/n), the
// transform with exponent sign s (-1 forward, +1 inverse) is C_k + s i S_k,
// so one O(n^2) sum serves both directions. mpfr_cosu / mpfr_sinu reduce
// the angle jk/n exactly, independently of the library's twiddles.
class exact_dft {
 public:
  explicit exact_dft(std::uint64_t n)
      : n_(n),
        input_(testing::random_input(n, n)),
        c_re_(n, reference_precision),
        c_im_(n, reference_precision),
        s_re_(n, reference_precision),
        s_im_(n, reference_precision) {
    mpfr_array cos_table(n, reference_precision), sin_table(n, reference_precision);
    mpfr_array x_re(n, 64), x_im(n, 64);  // exact: 48 significant bits
    host::mpfr_value index(64);
    for (std::uint64_t j = 0; j < n; ++j) {
      mpfr_set_ui(index, j, MPFR_RNDN);
      mpfr_cosu(cos_table[j], index, n, MPFR_RNDN);
      mpfr_sinu(sin_table[j], index, n, MPFR_RNDN);
      mpfr_set_d(x_re[j], input_[j].re, MPFR_RNDN);
      mpfr_set_d(x_im[j], input_[j].im, MPFR_RNDN);
    }
    const auto count = static_cast<std::int64_t>(n);
#pragma omp parallel
    {
      host::mpfr_value product(reference_precision);
#pragma omp for schedule(dynamic, 16)
      for (std::int64_t k = 0; k < count; ++k) {
        mpfr_ptr sums[] = {c_re_[k], c_im_[k], s_re_[k], s_im_[k]};
        for (mpfr_ptr s : sums) mpfr_set_zero(s, 1);
        std::uint64_t m = 0;  // j k mod n
        for (std::uint64_t j = 0; j < n; ++j) {
          mpfr_mul(product, x_re[j], cos_table[m], MPFR_RNDN);
          mpfr_add(sums[0], sums[0], product, MPFR_RNDN);
          mpfr_mul(product, x_im[j], cos_table[m], MPFR_RNDN);
          mpfr_add(sums[1], sums[1], product, MPFR_RNDN);
          mpfr_mul(product, x_re[j], sin_table[m], MPFR_RNDN);
          mpfr_add(sums[2], sums[2], product, MPFR_RNDN);
          mpfr_mul(product, x_im[j], sin_table[m], MPFR_RNDN);
          mpfr_add(sums[3], sums[3], product, MPFR_RNDN);
          m += static_cast<std::uint64_t>(k);
          if (m >= n) m -= n;
        }
      }
    }
  }

  const std::vector<complex_double>& input() const { return input_; }

  // ||y - F(x)|| / ||F(x)||, F scaled as normalization `norm` scales
  // direction d: by 1/n (backward's inverse, forward's forward), 1/sqrt(n)
  // (ortho) or not at all. The differences are formed in MPFR; their
  // squares need only a few digits.
  template <class E>
  double relative_l2_error(direction d, normalization norm, const std::vector<complex<E>>& y) const {
    const int s = static_cast<int>(d);
    host::mpfr_value exact(reference_precision), value(reference_precision);
    host::mpfr_value root_n(reference_precision);
    mpfr_set_ui(root_n, static_cast<unsigned long>(n_), MPFR_RNDN);
    mpfr_sqrt(root_n, root_n, MPFR_RNDN);
    const bool by_n = norm != normalization::ortho &&
                      (norm == normalization::backward) == (d == direction::inverse);
    double distance = 0, norm2 = 0;
    auto accumulate = [&](const E& computed) {
      if (by_n) mpfr_div_ui(exact, exact, n_, MPFR_RNDN);
      if (norm == normalization::ortho) mpfr_div(exact, exact, root_n, MPFR_RNDN);
      const double r = mpfr_get_d(exact, MPFR_RNDN);
      host::to_mpfr(value, computed);
      mpfr_sub(value, value, exact, MPFR_RNDN);
      const double e = mpfr_get_d(value, MPFR_RNDN);
      distance += e * e;
      norm2 += r * r;
    };
    for (std::uint64_t k = 0; k < n_; ++k) {
      // Re: C_re - s S_im; Im: C_im + s S_re.
      (s < 0 ? mpfr_add : mpfr_sub)(exact, c_re_[k], s_im_[k], MPFR_RNDN);
      accumulate(y[k].re);
      (s < 0 ? mpfr_sub : mpfr_add)(exact, c_im_[k], s_re_[k], MPFR_RNDN);
      accumulate(y[k].im);
    }
    return std::sqrt(distance) / (norm2 > 0 ? std::sqrt(norm2) : 1.0);
  }

 private:
  std::uint64_t n_;
  std::vector<complex_double> input_;
  mpfr_array c_re_, c_im_, s_re_, s_im_;
};

// One reference per length for all formats: the input is exact in each.
const exact_dft& reference(std::uint64_t n) {
  static std::map<std::uint64_t, std::unique_ptr<exact_dft>> cache;
  std::unique_ptr<exact_dft>& r = cache[n];
  if (!r) r = std::make_unique<exact_dft>(n);
  return *r;
}

// Checks every length in both directions, every twiddle mode and all three
// normalizations; prints the largest error / limit ratio, the margin the
// limits leave.
template <class E>
void expect_within_limit(std::initializer_list<std::uint64_t> lengths) {
  double worst = 0;
  std::uint64_t worst_n = 0;
  for (std::uint64_t n : lengths) {
    const exact_dft& exact = reference(n);
    const std::vector<complex<E>> x = testing::to_format<E>(exact.input());
    for (twiddle_mode mode : {twiddle_mode::table, twiddle_mode::computed, twiddle_mode::direct}) {
      for (normalization norm :
           {normalization::backward, normalization::ortho, normalization::forward}) {
        plan_options o;
        o.length = n;
        o.twiddles = mode;
        o.norm = norm;
        plan<E> p(o);
        for (direction d : {direction::forward, direction::inverse}) {
          const double error = exact.relative_l2_error(d, norm, testing::transform(p, d, x));
          const double limit = accuracy_limit<E>(n);
          EXPECT_LE(error, limit) << format_traits<E>::name << " n=" << n << " "
                                  << testing::name(d) << " " << testing::name(mode)
                                  << " twiddles, " << testing::name(norm) << " normalization";
          if (error / limit > worst) worst = error / limit, worst_n = n;
        }
      }
    }
  }
  std::printf("%s: largest error / limit %.3g (n=%llu)\n", format_traits<E>::name, worst,
              static_cast<unsigned long long>(worst_n));
}

// Every format against one reference per length. The exact sums are the
// costly part (O(n^2) in MPFR: 24 s of the Bluestein lengths on one core),
// so the formats share them in one test rather than each making them again
// in a process of its own.
template <class... E>
void expect_within_limit_in_each(::testing::Types<E...>, std::initializer_list<std::uint64_t> lengths) {
  (expect_within_limit<E>(lengths), ...);
}

void expect_every_format_within_limit(std::initializer_list<std::uint64_t> lengths) {
  expect_within_limit_in_each(ffft::testing::twiddle_formats{}, lengths);
}

TEST(fft_exact_dft_test, every_length_from_1_to_64) {
  expect_every_format_within_limit({1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                    17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32,
                                    33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
                                    49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64});
}

// 2^5 3, 2^2 5^2, 2 3 5 7, 7^3, 2^3 5^3, and runs of one odd radix: 3^7,
// 7^4, 5^5.
TEST(fft_exact_dft_test, composite_lengths) {
  expect_every_format_within_limit({96, 100, 210, 343, 1000, 2187, 2401, 3125});
}

// Bluestein: primes, a prime power (11^3) and a composite with one large
// prime factor (3^2 5 7 13).
TEST(fft_exact_dft_test, bluestein_lengths) {
  expect_every_format_within_limit({127, 509, 1331, 4093, 4095});
}

// Radix-8 passes only (4096), and one radix-4 or radix-2 pass after them.
TEST(fft_exact_dft_test, powers_of_two) {
  expect_every_format_within_limit({1024, 2048, 4096});
}

}  // namespace
}  // namespace ffft
