// Values of every format as __float128 (113-bit significand) pairs: the
// precision in which the reports, the program, the benchmarks and the tests
// compare a result with FFTW's __float128 reference (fftw_quad.hpp), so
// that a qf128 or dd128 result is not floored by the comparison's rounding.
#pragma once

#include <complex>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "ffft/complex.hpp"
#include "ffft/host/wide_float.hpp"

namespace ffft::tools {

struct complex_quad {
  __float128 re, im;
};

// One real value in __float128: a float or double exactly; an expansion
// (df64, qf128, dd128, qd256) exactly unless its limbs span more than 113
// bits, then rounded to 2^-113 (host::to_float128 sums them from the
// smallest up).
template <class R>
__float128 real_to_quad(const R& x) {
  if constexpr (std::is_floating_point_v<R> || std::is_same_v<R, __float128>) return static_cast<__float128>(x);
  else return host::to_float128(x);
}

// One value as a __float128 pair. Complex values come in four shapes: the
// parts named re and im (ffft's complex<E>, plain structs of doubles),
// std::complex, a std::pair (uniform_input.hpp's inputs), and FFTW's
// complex types (an array of two parts). A real value has a zero imaginary
// part.
template <class T>
complex_quad to_quad(const T& v) {
  if constexpr (requires { v.re; v.im; }) {
    return {real_to_quad(v.re), real_to_quad(v.im)};
  } else if constexpr (requires { v.real(); v.imag(); }) {
    return {real_to_quad(v.real()), real_to_quad(v.imag())};
  } else if constexpr (requires { v.first; v.second; }) {
    return {real_to_quad(v.first), real_to_quad(v.second)};
  } else if constexpr (std::is_array_v<T>) {
    static_assert(std::extent_v<T> == 2, "an array value is a complex one: two parts");
    return {real_to_quad(v[0]), real_to_quad(v[1])};
  } else {
    return {real_to_quad(v), 0};
  }
}

// n values as __float128 pairs.
template <class T>
std::vector<complex_quad> to_complex_quad(const T* v, std::size_t n) {
  std::vector<complex_quad> r(n);
  for (std::size_t j = 0; j < n; ++j) r[j] = to_quad(v[j]);
  return r;
}

template <class T>
std::vector<complex_quad> to_complex_quad(const std::vector<T>& v) {
  return to_complex_quad(v.data(), v.size());
}

}  // namespace ffft::tools
