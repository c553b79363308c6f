// Reading and writing the values of every element format, and converting
// them to and from a working precision with an exact power-of-two scale.
// A real value is the complex one with a zero imaginary part (numpy's rule
// for transforming real data); storing a complex value in a real format
// keeps its real part (the commands choose real formats only for results
// that are real).
//
// Every element format is visited as its C++ type (element_type), so each
// conversion below is written once as a template. The conversions:
//   - into a working expansion E, scaled by 2^k: float and double parts go
//     through double (ldexp is exact there) and from_double<E> (exact in
//     qf128 and dd128, rounded to 48 bits in df64); the same expansion is
//     scaled limb by limb (exact); another expansion goes through __float128
//     (exact unless its limbs span more than 113 bits);
//   - out of E, scaled by 2^-k: to double first (correctly rounded), then
//     the exact scaling (and, for c64, the rounding to float); the same
//     expansion limb by limb; another expansion through __float128;
//   - from __float128 pairs (tools::complex_quad), for the signal
//     generator (to them: tools::to_quad, tools/reference/complex_quad.hpp).
#pragma once

#include <quadmath.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <type_traits>

#include "cli/element_format.hpp"
#include "ffft/complex.hpp"
#include "ffft/conversions.hpp"
#include "ffft/host/wide_float.hpp"
#include "tools/reference/complex_quad.hpp"

namespace ffft::cli {

using tools::complex_quad;

template <element_format F> struct element_type_of;
template <> struct element_type_of<element_format::c64> { using type = std::complex<float>; };
template <> struct element_type_of<element_format::c128> { using type = std::complex<double>; };
template <> struct element_type_of<element_format::df64> { using type = complex<df64>; };
template <> struct element_type_of<element_format::qf128> { using type = complex<qf128>; };
template <> struct element_type_of<element_format::dd128> { using type = complex<dd128>; };
template <> struct element_type_of<element_format::f32> { using type = float; };
template <> struct element_type_of<element_format::f64> { using type = double; };
template <> struct element_type_of<element_format::rdf64> { using type = df64; };
template <> struct element_type_of<element_format::rqf128> { using type = qf128; };
template <> struct element_type_of<element_format::rdd128> { using type = dd128; };
template <element_format F> using element_type = typename element_type_of<F>::type;

// fn(element_type<F>{}) for the runtime format f (the argument only carries
// the type).
template <class Fn>
decltype(auto) visit_element_type(element_format f, Fn&& fn) {
  switch (f) {
    case element_format::c64: return fn(element_type<element_format::c64>{});
    case element_format::c128: return fn(element_type<element_format::c128>{});
    case element_format::df64: return fn(element_type<element_format::df64>{});
    case element_format::qf128: return fn(element_type<element_format::qf128>{});
    case element_format::f32: return fn(element_type<element_format::f32>{});
    case element_format::f64: return fn(element_type<element_format::f64>{});
    case element_format::rdf64: return fn(element_type<element_format::rdf64>{});
    case element_format::rqf128: return fn(element_type<element_format::rqf128>{});
    case element_format::rdd128: return fn(element_type<element_format::rdd128>{});
    case element_format::dd128: break;
  }
  return fn(element_type<element_format::dd128>{});
}

template <class T> inline constexpr bool is_std_complex = false;
template <class T> inline constexpr bool is_std_complex<std::complex<T>> = true;
template <class T> inline constexpr bool is_expansion_value = false;
template <class L, int N> inline constexpr bool is_expansion_value<expansion<L, N>> = true;
// float, double, or a real expansion (df64, qf128, dd128).
template <class T> inline constexpr bool is_real_element = std::is_floating_point_v<T> || is_expansion_value<T>;

// Elements are read and written with memcpy: a .npy header need not leave
// the data aligned, and the bytes are not objects until copied.
template <class T>
T load_element(const unsigned char* bytes, std::size_t index) {
  static_assert(std::is_trivially_copyable_v<T>);
  T v;
  std::memcpy(&v, bytes + index * sizeof(T), sizeof(T));
  return v;
}

template <class T>
void store_element(const T& v, unsigned char* bytes, std::size_t index) {
  std::memcpy(bytes + index * sizeof(T), &v, sizeof(T));
}

// The leading parts (the value for float and double, limb 0 for an
// expansion), and whether every limb is finite.
template <class T>
double leading_re(const T& v) {
  if constexpr (std::is_floating_point_v<T>) return v;
  else if constexpr (is_expansion_value<T>) return v.limb[0];
  else if constexpr (is_std_complex<T>) return v.real();
  else return v.re[0];
}
template <class T>
double leading_im(const T& v) {
  if constexpr (is_real_element<T>) return 0;
  else if constexpr (is_std_complex<T>) return v.imag();
  else return v.im[0];
}
template <class T>
bool all_limbs_finite(const T& v) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isfinite(v);
  } else if constexpr (is_expansion_value<T>) {
    bool finite = true;
    for (auto limb : v.limb) finite = finite && std::isfinite(limb);
    return finite;
  } else if constexpr (is_std_complex<T>) {
    return std::isfinite(v.real()) && std::isfinite(v.imag());
  } else {
    bool finite = true;
    for (auto limb : v.re.limb) finite = finite && std::isfinite(limb);
    for (auto limb : v.im.limb) finite = finite && std::isfinite(limb);
    return finite;
  }
}

// An element of type T nearest to a __float128 pair (a real T: to its
// real part).
template <class T>
T from_quad(const complex_quad& q) {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(q.re);
  } else if constexpr (is_expansion_value<T>) {
    return host::from_float128<T>(q.re);
  } else if constexpr (is_std_complex<T>) {
    using P = typename T::value_type;
    return {static_cast<P>(q.re), static_cast<P>(q.im)};
  } else {
    using E = decltype(T{}.re);
    return {host::from_float128<E>(q.re), host::from_float128<E>(q.im)};
  }
}

// v * 2^k in the working expansion E.
template <class E, class T>
complex<E> to_working(const T& v, int k) {
  if constexpr (std::is_floating_point_v<T>) {
    return {from_double<E>(std::ldexp(static_cast<double>(v), k)), E{}};
  } else if constexpr (std::is_same_v<T, E>) {
    return {ldexp(v, k), E{}};
  } else if constexpr (is_expansion_value<T>) {
    return {host::from_float128<E>(ldexpq(tools::real_to_quad(v), k)), E{}};
  } else if constexpr (is_std_complex<T>) {
    return {from_double<E>(std::ldexp(static_cast<double>(v.real()), k)),
            from_double<E>(std::ldexp(static_cast<double>(v.imag()), k))};
  } else if constexpr (std::is_same_v<T, complex<E>>) {
    return ldexp(v, k);
  } else {
    const complex_quad q = tools::to_quad(v);
    return {host::from_float128<E>(ldexpq(q.re, k)), host::from_float128<E>(ldexpq(q.im, k))};
  }
}

// y * 2^-k as an element of type T (a real T: its real part).
template <class T, class E>
T from_working(const complex<E>& y, int k) {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(std::ldexp(to_double(y.re), -k));
  } else if constexpr (std::is_same_v<T, E>) {
    return ldexp(y.re, -k);
  } else if constexpr (is_expansion_value<T>) {
    return host::from_float128<T>(ldexpq(host::to_float128(y.re), -k));
  } else if constexpr (is_std_complex<T>) {
    using P = typename T::value_type;
    return {static_cast<P>(std::ldexp(to_double(y.re), -k)), static_cast<P>(std::ldexp(to_double(y.im), -k))};
  } else if constexpr (std::is_same_v<T, complex<E>>) {
    return ldexp(y, -k);
  } else {
    const complex_quad q = tools::to_quad(y);
    return from_quad<T>({ldexpq(q.re, -k), ldexpq(q.im, -k)});
  }
}

}  // namespace ffft::cli
