// The transform against FFTW's __float128 transform (fftwq) at lengths too
// long for an O(n^2) exact DFT: powers of two 2^10 .. 2^22, the odd-radix
// lengths 3^10 and 5^8, the mixed 2^10 3^3 5 7, and the primes 99991 and
// 100003 (Bluestein). All three formats, table twiddles everywhere and
// computed and direct twiddles for a few lengths. The relative L2 error must stay
// within accuracy_limit.
//
// fftwq's own relative L2 error, against an exact MPFR DFT of these
// inputs, is 2e-34 at n = 1024 and 4096 and 4.5e-34 at the prime 1009; it
// grows as sqrt(log n), so it stays near 1e-33 at 2^22, under 2% of the
// tightest limit here (dd128's, 7e-32 at n = 1024).
//
// The tests are one per length, not per format: one FFTW quad reference
// (10-15 s at 2^22 on two cores) then serves the three formats, whose
// input is the same and exact in each. The inverse is checked on conj(x),
// whose exact inverse conj(F(x)) / n follows from the same reference.
#include <fftw3.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "fft_reference.hpp"
#include "tools/reference/fftw_quad.hpp"

namespace ffft {
namespace {

using testing::complex_double;
using tools::complex_quad;

struct reference {
  std::vector<complex_double> x;
  std::vector<complex_quad> forward;          // F(x)
  std::vector<complex_double> conj_x;             // conj(x)
  std::vector<complex_quad> inverse_of_conj;  // F^-1(conj x) = conj(F(x)) / n
};

reference make_reference(std::uint64_t n) {
  reference r;
  r.x = testing::random_input(n, n);
  r.forward = tools::fftw_quad_dft(tools::to_complex_quad(r.x), FFTW_FORWARD);
  r.conj_x = r.x;
  for (complex_double& v : r.conj_x) v.im = -v.im;
  r.inverse_of_conj = r.forward;
  const auto scale = static_cast<__float128>(n);
  for (complex_quad& v : r.inverse_of_conj) v = {v.re / scale, -v.im / scale};
  return r;
}

template <class E>
void expect_within_limit(const reference& r, twiddle_mode mode) {
  const std::uint64_t n = r.x.size();
  plan<E> p = testing::make_plan<E>(n, mode);
  const double limit = testing::accuracy_limit<E>(n);
  const double forward = testing::relative_l2_error(
      testing::transform(p, direction::forward, testing::to_format<E>(r.x)), r.forward);
  const double inverse = testing::relative_l2_error(
      testing::transform(p, direction::inverse, testing::to_format<E>(r.conj_x)),
      r.inverse_of_conj);
  const std::string where = std::string(format_traits<E>::name) + " n=" + std::to_string(n) + " " +
                            testing::name(mode) + " twiddles";
  EXPECT_LE(forward, limit) << where << " forward";
  EXPECT_LE(inverse, limit) << where << " inverse";
  std::printf("%s: error / limit %.3g forward, %.3g inverse\n", where.c_str(), forward / limit,
              inverse / limit);
}

struct length_case {
  std::uint64_t n;
  bool sincos_twiddles;  // also test twiddle_mode::computed and direct
};

// For GoogleTest's parameter printout (and the CTest names built from it),
// which would otherwise dump the struct's bytes, padding included.
void PrintTo(const length_case& c, std::ostream* os) {
  *os << c.n << (c.sincos_twiddles ? ", table, computed and direct twiddles" : ", table twiddles");
}

class fft_fftw_quad_test : public ::testing::TestWithParam<length_case> {};

TEST_P(fft_fftw_quad_test, relative_l2_error_within_limit) {
  const length_case c = GetParam();
  const reference r = make_reference(c.n);
  for (twiddle_mode mode : {twiddle_mode::table, twiddle_mode::computed, twiddle_mode::direct}) {
    if (mode != twiddle_mode::table && !c.sincos_twiddles) continue;
    expect_within_limit<df64>(r, mode);
    expect_within_limit<qf128>(r, mode);
    expect_within_limit<dd128>(r, mode);
  }
}

std::string length_name(const ::testing::TestParamInfo<length_case>& info) {
  return "n_" + std::to_string(info.param.n);
}

INSTANTIATE_TEST_SUITE_P(powers_of_two, fft_fftw_quad_test,
                         ::testing::Values(length_case{1 << 10, true}, length_case{1 << 11, false},
                                           length_case{1 << 12, false}, length_case{1 << 13, false},
                                           length_case{1 << 14, false}, length_case{1 << 15, false},
                                           length_case{1 << 16, true}, length_case{1 << 17, false},
                                           length_case{1 << 18, false}, length_case{1 << 19, false},
                                           length_case{1 << 20, true}, length_case{1 << 21, false},
                                           length_case{1 << 22, false}),
                         length_name);

// 3^10, 5^8, 2^10 3^3 5 7, and two primes near 1e5 (Bluestein, padded
// to 7-smooth lengths near 2e5).
INSTANTIATE_TEST_SUITE_P(other_lengths, fft_fftw_quad_test,
                         ::testing::Values(length_case{59049, true}, length_case{390625, false},
                                           length_case{967680, false}, length_case{99991, true},
                                           length_case{100003, false}),
                         length_name);

}  // namespace
}  // namespace ffft
