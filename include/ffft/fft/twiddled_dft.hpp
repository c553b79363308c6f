// The arithmetic of one Stockham butterfly, written once for every executor
// (stockham_pass.hpp, stockham_group.hpp, the CPU's lanes): the radix-R DFT
// of the inputs, then each output a >= 1 times its twiddle,
//   y = DFT_R(x),  y_a = w_a y_a.
//
// It runs first in the unchecked arithmetic (unchecked.hpp), which skips the
// per-operation tests for zero and non-finite results (a third of a dd128
// butterfly's operations), and then checks its outputs once: when every limb
// of every output is finite, they are the checked arithmetic's results up to
// the signs of zero limbs (unchecked.hpp proves it). Otherwise the butterfly
// runs again in the checked arithmetic, so infinities, NaNs and overflow give
// exactly what the operations of arithmetic.hpp say. Every executor decides
// per butterfly in this same way, so their results stay bit-identical.
//
// inputs(j) returns x_j, j < R, and twiddle(a) the twiddle of output a,
// 1 <= a < R, for the transform's sign. Either may be called twice.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/fft/butterflies.hpp"
#include "ffft/fft/unchecked.hpp"

namespace ffft::fft {

namespace detail {

// True (per lane, for lane vectors) when every limb of the outputs is
// finite: their sum is finite only then, as an infinity or a NaN makes every
// sum containing it infinite or NaN. A sum of finite limbs that overflows
// sends the butterfly to the checked arithmetic, which is never wrong.
template <int R, class E>
FFFT_HD auto outputs_finite(const complex<unchecked<E>> (&y)[R]) {
  using T = typename E::limb_type;
  T total{};
FFFT_UNROLL
  for (int a = 0; a < R; ++a) {
    T sum = limb::add(y[a].re[0], y[a].im[0]);
FFFT_UNROLL
    for (int l = 1; l < E::limbs; ++l) sum = limb::add(sum, limb::add(y[a].re[l], y[a].im[l]));
    total = a == 0 ? sum : limb::add(total, sum);
  }
  return limb::is_finite(total);
}

}  // namespace detail

// The butterfly in the checked arithmetic.
template <int R, int Sign, class E, class Inputs, class Twiddles>
FFFT_HD void twiddled_dft_checked(complex<E> (&y)[R], const Inputs& inputs, const Twiddles& twiddle) {
FFFT_UNROLL
  for (int j = 0; j < R; ++j) y[j] = inputs(j);
  dft<R, Sign>(y);
FFFT_UNROLL
  for (int a = 1; a < R; ++a) y[a] = mul(y[a], twiddle(a));
}

// The butterfly in the unchecked arithmetic; returns where (for lane
// vectors, in which lanes) its outputs are those of the checked one.
template <int R, int Sign, class E, class Inputs, class Twiddles>
FFFT_HD auto twiddled_dft_unchecked(complex<unchecked<E>> (&y)[R], const Inputs& inputs,
                                    const Twiddles& twiddle) {
FFFT_UNROLL
  for (int j = 0; j < R; ++j) y[j] = unchecked_of(inputs(j));
  dft<R, Sign>(y);
FFFT_UNROLL
  for (int a = 1; a < R; ++a) y[a] = mul(y[a], unchecked_of(twiddle(a)));
  return detail::outputs_finite(y);
}

// One butterfly: unchecked, and checked again only when that met a
// non-finite value. (Lane vectors take the two steps themselves and
// redo only the lanes that need it: lane_butterfly.hpp.)
template <int R, int Sign, class E, class Inputs, class Twiddles>
FFFT_HD void twiddled_dft(complex<E> (&y)[R], const Inputs& inputs, const Twiddles& twiddle) {
  complex<unchecked<E>> fast[R];
  if (twiddled_dft_unchecked<R, Sign>(fast, inputs, twiddle)) {
FFFT_UNROLL
    for (int j = 0; j < R; ++j) y[j] = checked_of(fast[j]);
    return;
  }
  twiddled_dft_checked<R, Sign>(y, inputs, twiddle);
}

// inputs(j) for values `step` apart in memory, from `first`.
template <class E>
struct strided_inputs {
  const complex<E>* first;
  std::int64_t step;
  FFFT_HD complex<E> operator()(int j) const { return first[static_cast<std::int64_t>(j) * step]; }
};

}  // namespace ffft::fft
