// The checked arithmetic of arithmetic.hpp with its additions and
// multiplications out of line: the arithmetic of a butterfly's fallback
// (twiddled_dft.hpp), which only butterflies that met a non-finite value
// run. Each operation is the same function of the same operands as inline,
// so the results are the same bits; the fallback becomes a chain of calls,
// a few instructions each, instead of every radix's expansion arithmetic
// spelled out again (a qf128 kernel's fallback inlined was 83k SASS
// instructions, about 1.3 MB of code).
//
// A type of its own (limbs_under.hpp), as unchecked.hpp's, so that dft<>
// and the complex operations of complex.hpp run on it unchanged.
#pragma once

#include "ffft/arithmetic.hpp"
#include "ffft/fft/limbs_under.hpp"

namespace ffft::fft {

struct outlined_arithmetic;

template <class E>
using outlined = limbs_under<E, outlined_arithmetic>;

// x (an E or a complex<E>) in the outlined arithmetic; value_of takes it
// back (limbs_under.hpp).
template <class X>
FFFT_HD auto outlined_of(const X& x) {
  return under<outlined_arithmetic>(x);
}

namespace detail {

template <class E>
FFFT_HD_OUTLINED E outlined_add(E x, E y) {
  return add(x, y);
}

template <class E>
FFFT_HD_OUTLINED E outlined_mul(E x, E y) {
  return mul(x, y);
}

}  // namespace detail

template <class E>
FFFT_HD outlined<E> neg(outlined<E> x) {
  return outlined_of(neg(value_of(x)));
}

// sub is add(x, neg(y)) in arithmetic.hpp too.
template <class E>
FFFT_HD outlined<E> add(outlined<E> x, outlined<E> y) {
  return outlined_of(detail::outlined_add(value_of(x), value_of(y)));
}

template <class E>
FFFT_HD outlined<E> sub(outlined<E> x, outlined<E> y) {
  return outlined_of(detail::outlined_add(value_of(x), neg(value_of(y))));
}

template <class E>
FFFT_HD outlined<E> mul(outlined<E> x, outlined<E> y) {
  return outlined_of(detail::outlined_mul(value_of(x), value_of(y)));
}

template <class E>
FFFT_HD outlined<E> ldexp(outlined<E> x, int e) {
  return outlined_of(ldexp(value_of(x), e));
}

}  // namespace ffft::fft
