// Exact conversion of expansions to MPFR and correctly rounded conversion
// back. Host only: device code never includes ffft/host/.
#pragma once

#include <mpfr.h>

#include <type_traits>

#include "ffft/arithmetic.hpp"
#include "ffft/expansion.hpp"

namespace ffft::host {

// Bits an MPFR value needs to hold any finite value of format E exactly: the
// span from the largest limb exponent down to the smallest subnormal.
template <class E>
constexpr mpfr_prec_t exact_precision() {
  using T = typename E::limb_type;
  return std::numeric_limits<T>::max_exponent - std::numeric_limits<T>::min_exponent +
         std::numeric_limits<T>::digits + 2;
}

namespace detail {
inline int set_limb(mpfr_t r, float x) { return mpfr_set_flt(r, x, MPFR_RNDN); }
inline int set_limb(mpfr_t r, double x) { return mpfr_set_d(r, x, MPFR_RNDN); }
inline float get_limb(const mpfr_t r, float) { return mpfr_get_flt(r, MPFR_RNDN); }
inline double get_limb(const mpfr_t r, double) { return mpfr_get_d(r, MPFR_RNDN); }
}  // namespace detail

// r = x, rounded to r's precision; exact when that is exact_precision<E>().
// Returns MPFR's ternary value (0 when exact).
template <class T, int N>
int to_mpfr(mpfr_t r, expansion<T, N> x) {
  mpfr_t l;
  mpfr_init2(l, std::numeric_limits<T>::digits);
  // Sum from the smallest limb up so that a lossy precision rounds once at most
  // per step on the largest partial sums only.
  int inexact = detail::set_limb(r, x[N - 1]);
  for (int i = N - 2; i >= 0; --i) {
    detail::set_limb(l, x[i]);
    inexact |= mpfr_add(r, r, l, MPFR_RNDN);
  }
  mpfr_clear(l);
  return inexact;
}

// Rounds v limb by limb, each limb the nearest limb value of the remainder:
// the nearest expansion of format E to v (barring ties at a limb boundary),
// the way twiddle tables and test references are made. Subnormal limbs follow
// the limb type's gradual underflow; out-of-range values give +-inf. When
// `remainder` is given (with at least v's precision), it receives the exact
// v - result of a finite result.
template <class E>
E from_mpfr(mpfr_srcptr v, mpfr_ptr remainder) {
  using T = typename E::limb_type;
  E r{};
  mpfr_set(remainder, v, MPFR_RNDN);
  for (int i = 0; i < E::limbs; ++i) {
    r[i] = detail::get_limb(remainder, T{});
    if (!limb::is_finite(r[i])) return from_limb<T, E::limbs>(r[i]);
    // remainder - r[i] is exact: r[i] is remainder rounded to fewer bits.
    mpfr_sub_d(remainder, remainder, static_cast<double>(r[i]), MPFR_RNDN);
  }
  return r;
}

template <class E>
E from_mpfr(mpfr_srcptr v) {
  mpfr_t remainder;
  mpfr_init2(remainder, mpfr_get_prec(v));
  const E r = from_mpfr<E>(v, remainder);
  mpfr_clear(remainder);
  return r;
}

// RAII holder for one mpfr_t, for host tools and tests.
class mpfr_value {
 public:
  explicit mpfr_value(mpfr_prec_t precision) { mpfr_init2(v_, precision); }
  mpfr_value(const mpfr_value&) = delete;
  mpfr_value& operator=(const mpfr_value&) = delete;
  ~mpfr_value() { mpfr_clear(v_); }
  mpfr_ptr get() { return v_; }
  mpfr_srcptr get() const { return v_; }
  operator mpfr_ptr() { return v_; }
  operator mpfr_srcptr() const { return v_; }

 private:
  mpfr_t v_;
};

}  // namespace ffft::host
