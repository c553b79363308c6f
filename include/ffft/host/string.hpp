// Printing and parsing expansions in decimal. Host only.
//
// to_string prints the exact decimal value of the sum of the limbs: a finite
// dyadic rational has a finite decimal expansion, and printing all of it is
// the only way to round-trip every value (a normalized expansion may carry
// isolated bits far below its leading limb). from_string reads a decimal
// correctly rounded to exact_precision<E>() bits and rounds it limb by limb,
// so from_string<E>(to_string(x)) == x limb for limb for normalized x.
#pragma once

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "ffft/host/mpfr.hpp"

namespace ffft::host {

// Decimal significant digits that print v exactly. v = m 2^k with m an odd
// integer; for k < 0 its decimal expansion ends exactly -k digits after the
// point (2^-k = 5^k / 10^k), and the integer part has at most
// exponent * log10(2) + 1 digits. Over-counting is harmless: %g drops
// trailing zeros.
inline int exact_decimal_digits(mpfr_srcptr v) {
  if (mpfr_zero_p(v)) return 1;
  const long exponent = mpfr_get_exp(v);  // v = 0.1xxx * 2^exponent
  const long k = exponent - static_cast<long>(mpfr_min_prec(v));
  const long integer_digits = exponent > 0 ? static_cast<long>(exponent * 0.30103) + 2 : 1;
  const long fraction_digits = k < 0 ? -k : 0;
  return static_cast<int>(integer_digits + fraction_digits);
}

template <class T, int N>
std::string to_string(expansion<T, N> x, int significant_digits = 0) {
  using E = expansion<T, N>;
  if (!limb::is_finite(x[0])) {
    if (x[0] != x[0]) return "nan";
    return x[0] < 0 ? "-inf" : "inf";
  }
  mpfr_value v(exact_precision<E>());
  to_mpfr(v, x);
  // Without a digit count, all the digits of the exact value.
  const int digits_wanted = significant_digits > 0 ? significant_digits : exact_decimal_digits(v);
  char* digits = nullptr;
  if (mpfr_asprintf(&digits, "%.*Rg", digits_wanted, v.get()) < 0)
    throw std::runtime_error("ffft::host::to_string: mpfr_asprintf failed");
  std::string s(digits);
  mpfr_free_str(digits);
  return s;
}

template <class E>
E from_string(const std::string& s) {
  using T = typename E::limb_type;
  if (s == "nan") return from_limb<T, E::limbs>(std::numeric_limits<T>::quiet_NaN());
  if (s == "inf") return from_limb<T, E::limbs>(std::numeric_limits<T>::infinity());
  if (s == "-inf") return from_limb<T, E::limbs>(-std::numeric_limits<T>::infinity());
  mpfr_value v(exact_precision<E>());
  char* end = nullptr;
  mpfr_strtofr(v, s.c_str(), &end, 10, MPFR_RNDN);
  if (end == s.c_str() || *end != '\0')
    throw std::invalid_argument("ffft::host::from_string: not a decimal number: '" + s + "'");
  return from_mpfr<E>(v);
}

}  // namespace ffft::host
