// The arithmetic of one Stockham butterfly, written once for every executor
// (stockham_pass.hpp, stockham_group.hpp, the CPU's lanes): the radix-R DFT
// of the inputs, then each output a >= 1 times its twiddle,
//   y = DFT_R(x),  y_a = w_a y_a.
//
// Only the forward butterfly (Sign = -1) is compiled. The inverse one is
// the forward one between two swaps of the real and imaginary parts,
//   y = S F_-(S x),  S(a + ib) = b + ia,
// with the forward twiddles: S F S = F_+ exactly for the DFT's additions,
// its exact multiplications by +-i and its real constants (each acts on the
// components alone), and the twiddle product S (S y * w) = y * conj(w) is
// the inverse's own product with the two additions' operands exchanged,
// which gives the same bits where the deferred arithmetic runs (its
// additions are symmetric in their operands) and, in the accurate
// four-limb arithmetic of the odd radices, whenever no limb of one addend
// has the magnitude of a limb of the other with the opposite sign (the
// merge of quad_word::add keeps such ties in operand order). Every executor
// swaps in the same places, so their results stay bit-identical (swapped()
// below).
//
// It runs first without the per-operation tests for zero and non-finite
// results, and checks its outputs once: when every limb of every output is
// finite, they are final. For butterflies of radix 2, 4 and 8 that first
// run renormalizes only its DFT's outputs and its twiddle products
// (deferred.hpp; deferred_four_limbs.hpp for qf128), with 55% of the
// accurate arithmetic's operations for df64 and dd128 and about two thirds
// for qf128, within a bound derived there; for the others it is the unchecked
// arithmetic (unchecked.hpp), whose finite results are the checked
// arithmetic's up to the signs of zero limbs (unchecked.hpp proves it).
// Otherwise the butterfly
// runs again in the checked arithmetic (checked_butterfly, out of line: one
// body per format serves every radix), so infinities, NaNs and overflow give
// exactly what the operations of arithmetic.hpp say. Every executor decides
// per butterfly in this same way, so their results stay bit-identical.
//
// inputs(j) returns x_j, j < R, and twiddle(a) the forward twiddle of output
// a, 1 <= a < R. Either may be called twice.
//
// `twiddled` false: every twiddle is 1, as in a pass with m = 1 (each
// butterfly's twiddles are w_n^(i a L) with i < m), and the products are
// not taken (twiddle is not called). In exact arithmetic they change
// nothing; rounded, a product by 1 gives its operand back but for the
// signs of zero limbs (and the checked arithmetic's infinity times the
// twiddle's zero imaginary part makes a NaN that the DFT's output did not
// have). Their share of a butterfly's operations is large: the deferred
// radix-8 butterfly's seven products and their renormalizations are about
// 370 of its 900. Every executor skips them in the same passes, those with
// m = 1, so their results stay bit-identical.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/fft/butterflies.hpp"
#include "ffft/fft/deferred.hpp"
#include "ffft/fft/outlined.hpp"
#include "ffft/fft/unchecked.hpp"

namespace ffft::fft {

namespace detail {

// True (per lane, for lane vectors) when every limb of the outputs is
// finite: their sum is finite only then, as an infinity or a NaN makes every
// sum containing it infinite or NaN. A sum of finite limbs that overflows
// sends the butterfly to the checked arithmetic, which is never wrong.
// Outputs are added in order a = 0, 1, ..., R - 1.
template <class E>
struct outputs_finite_sum {
  using T = typename E::limb_type;
  T total{};

  FFFT_HD void add(int a, const complex<unchecked<E>>& y) {
    T sum = limb::add(y.re[0], y.im[0]);
FFFT_UNROLL
    for (int l = 1; l < E::limbs; ++l) sum = limb::add(sum, limb::add(y.re[l], y.im[l]));
    total = a == 0 ? sum : limb::add(total, sum);
  }
  FFFT_HD auto finite() const { return limb::is_finite(total); }
};

// An output callback that keeps the outputs in an array.
template <int R, class E>
struct outputs_into {
  complex<unchecked<E>> (&y)[R];
  FFFT_HD void operator()(int a, const complex<unchecked<E>>& v) const { y[a] = v; }
};

}  // namespace detail

// The butterfly in the checked arithmetic.
template <int R, int Sign, class E, class Inputs, class Twiddles>
FFFT_HD void twiddled_dft_checked(complex<E> (&y)[R], const Inputs& inputs, const Twiddles& twiddle,
                                  bool twiddled) {
FFFT_UNROLL
  for (int j = 0; j < R; ++j) y[j] = inputs(j);
  dft<R, Sign>(y);
  if (!twiddled) return;
FFFT_UNROLL
  for (int a = 1; a < R; ++a) y[a] = mul(y[a], twiddle(a));
}

// The butterfly without special-value handling, each output y_a handed to
// output(a, y_a) in order a = 0, 1, ..., R - 1 (outputs_finite_sum then
// says whether they are final). The radix-2, 4 and 8 butterflies
// renormalize per DFT output and per twiddle product (deferred.hpp) and
// hand each output on as soon as it is made, so that a caller can store it
// then (the CPU's lane passes: a radix-8 dd128 butterfly's eight outputs
// held to the end were stores that bound its pass; lane_butterfly.hpp);
// the rest run in the unchecked operations and hand their outputs on at
// the end. E is given: the callbacks do not name it.
template <int R, int Sign, class E, class Inputs, class Twiddles, class Output>
FFFT_HD void twiddled_dft_unchecked_each(const Inputs& inputs, const Twiddles& twiddle, bool twiddled,
                                         const Output& output) {
  if constexpr (defers_renormalization<E, R>) {
    complex<deferred<E>> x[R];
FFFT_UNROLL
    for (int j = 0; j < R; ++j) x[j] = under<deferred_arithmetic>(inputs(j));
    dft<R, Sign>(x);
    output(0, renormalized(x[0]));
    if (twiddled) {
FFFT_UNROLL
      for (int a = 1; a < R; ++a)
        output(a, renormalized(mul(renormalized_deferred(x[a]), under<deferred_arithmetic>(twiddle(a)))));
    } else {
FFFT_UNROLL
      for (int a = 1; a < R; ++a) output(a, renormalized(x[a]));
    }
  } else {
    complex<unchecked<E>> y[R];
FFFT_UNROLL
    for (int j = 0; j < R; ++j) y[j] = unchecked_of(inputs(j));
    dft<R, Sign>(y);
    if (twiddled) {
FFFT_UNROLL
      for (int a = 1; a + 1 < R; a += 2)
        mul_both(y[a], unchecked_of(twiddle(a)), y[a + 1], unchecked_of(twiddle(a + 1)));
      if constexpr (R % 2 == 0) y[R - 1] = mul(y[R - 1], unchecked_of(twiddle(R - 1)));
    }
FFFT_UNROLL
    for (int a = 0; a < R; ++a) output(a, y[a]);
  }
}

// The same, its outputs into y; returns where (for lane vectors, in which
// lanes) they are all finite, and so final.
template <int R, int Sign, class E, class Inputs, class Twiddles>
FFFT_HD auto twiddled_dft_unchecked(complex<unchecked<E>> (&y)[R], const Inputs& inputs,
                                    const Twiddles& twiddle, bool twiddled) {
  twiddled_dft_unchecked_each<R, Sign, E>(inputs, twiddle, twiddled, detail::outputs_into<R, E>{y});
  detail::outputs_finite_sum<E> sum;
FFFT_UNROLL
  for (int a = 0; a < R; ++a) sum.add(a, y[a]);
  return sum.finite();
}

// The largest radix: the size of checked_butterfly's arrays.
inline constexpr int max_radix = 8;

namespace detail {

// In the checked arithmetic with its operations out of line (outlined.hpp):
// the same operations on the same operands, so the same bits.
template <int R, class E>
FFFT_HD void checked_butterfly_of_radix(complex<E>* y, const complex<E>* w) {
  complex<outlined<E>> x[R];
  twiddled_dft_checked<R, -1>(x, [&](int j) { return outlined_of(y[j]); },
                              [&](int a) { return outlined_of(w[a - 1]); }, w != nullptr);
FFFT_UNROLL
  for (int a = 0; a < R; ++a) y[a] = value_of(x[a]);
}

}  // namespace detail

// The forward butterfly in the checked arithmetic for a runtime radix:
// y[0 .. radix) holds the inputs and receives the outputs, w[a - 1] is the
// twiddle of output a (w null: every twiddle 1, none multiplied). Out of
// line, as only butterflies whose unchecked outputs were not all finite
// come here: one body per format and program (the CPU paths share one,
// src/cpu/checked_butterflies.cpp), rather than one inlined into each
// radix, direction and twiddle source.
template <class E>
FFFT_HD_OUTLINED void checked_butterfly(int radix, complex<E>* y, const complex<E>* w) {
  switch (radix) {
    case 2: return detail::checked_butterfly_of_radix<2>(y, w);
    case 3: return detail::checked_butterfly_of_radix<3>(y, w);
    case 4: return detail::checked_butterfly_of_radix<4>(y, w);
    case 5: return detail::checked_butterfly_of_radix<5>(y, w);
    case 7: return detail::checked_butterfly_of_radix<7>(y, w);
    case 8: return detail::checked_butterfly_of_radix<8>(y, w);
    default: return;  // the plans make passes of these radices only
  }
}

// One forward butterfly: unchecked, and checked again (out of line) only
// when that met a non-finite value. (Lane vectors take the two steps
// themselves and redo only the lanes that need it: lane_butterfly.hpp.)
//
// The fallback works on arrays of its own, whose addresses it passes: had
// it taken y's, y would live in memory on every path, and nvcc stored
// every butterfly's outputs to the stack (one STL.128 per 16 bytes) for a
// call that finite data never make.
template <int R, class E, class Inputs, class Twiddles>
FFFT_HD void twiddled_dft(complex<E> (&y)[R], const Inputs& inputs, const Twiddles& twiddle, bool twiddled) {
  complex<unchecked<E>> fast[R];
  if (twiddled_dft_unchecked<R, -1>(fast, inputs, twiddle, twiddled)) {
FFFT_UNROLL
    for (int j = 0; j < R; ++j) y[j] = value_of(fast[j]);
    return;
  }
  complex<E> checked[R], w[R - 1];
FFFT_UNROLL
  for (int j = 0; j < R; ++j) checked[j] = inputs(j);
  if (twiddled) {
FFFT_UNROLL
    for (int a = 1; a < R; ++a) w[a - 1] = twiddle(a);
  }
  checked_butterfly<E>(R, checked, twiddled ? w : nullptr);
FFFT_UNROLL
  for (int j = 0; j < R; ++j) y[j] = checked[j];
}

// S(a + ib) = b + ia: what an inverse butterfly's inputs and outputs go
// through, around the forward one. Exact.
template <class E>
FFFT_HD complex<E> swapped(const complex<E>& v) {
  return {v.im, v.re};
}

// v, swapped for an inverse butterfly.
template <class E>
FFFT_HD complex<E> oriented(const complex<E>& v, bool inverse) {
  return inverse ? swapped(v) : v;
}

// inputs(j) for values `step` apart in memory, from `first` (a pointer, or
// an accessor with operator[]: stockham_group.hpp).
template <class E, class Pointer = const complex<E>*>
struct strided_inputs {
  Pointer first;
  std::int64_t step;
  FFFT_HD complex<E> operator()(int j) const { return first[static_cast<std::int64_t>(j) * step]; }
};

}  // namespace ffft::fft
