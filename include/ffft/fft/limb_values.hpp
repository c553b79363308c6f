// Complex values of a format's limb type (float for df64 and qf128, double
// for dd128): what a plan reads and writes when it runs on std::complex
// arrays. Loading one widens it exactly (the value becomes the leading
// limb); storing rounds the transform's result once to the limb type.
#pragma once

#include "ffft/complex.hpp"
#include "ffft/conversions.hpp"

namespace ffft::fft {

// Laid out as std::complex<T> (array-compatible with T[2], as the C++
// standard guarantees), and usable in device code, where std::complex is not.
template <class T>
struct limb_complex {
  T re, im;
};

template <class E>
using limb_complex_of = limb_complex<typename E::limb_type>;

template <class E>
FFFT_HD complex<E> widen(limb_complex_of<E> v) {
  using T = typename E::limb_type;
  return {from_limb<T, E::limbs>(v.re), from_limb<T, E::limbs>(v.im)};
}

// Rounded once to the limb type: the leading limb of a normalized dd128
// (its correctly rounded value); df64 and qf128 correctly rounded to float
// (conversions.hpp's to_float).
template <class E>
FFFT_HD limb_complex_of<E> round_to_limb(const complex<E>& v) {
  if constexpr (std::is_same_v<typename E::limb_type, double>) return {to_double(v.re), to_double(v.im)};
  else return {to_float(v.re), to_float(v.im)};
}

}  // namespace ffft::fft
