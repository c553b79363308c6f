// Butterflies that renormalize once per DFT output and once per twiddle
// product, not after every operation: the arithmetic the butterflies of
// radix 2, 4 and 8 (twiddled_dft.hpp) run in. Two limbs (df64, dd128) here;
// four (qf128) in deferred_four_limbs.hpp, the same scheme with five levels.
//
// A deferred<E> value is a pair (h, t) of limbs standing for h + t, with no
// condition relating t to h. Each operation makes its leading limb
// error-free and leaves the rest in the tail, without the Fast2Sum steps
// that would restore |t| <= ulp(h) / 2 after every operation:
//   add:  (s, e) = TwoSum(a.h, b.h);  t = (a.t + b.t) + e           8 ops
//   mul:  (p, q) = TwoProd(a.h, b.h); t = q + (a.t b.h + (a.h b.t + a.t b.t))
//                                                   (FMAs)             6 ops
// and a renormalization is one TwoSum (6 ops; exact, and correct whatever
// the magnitudes of h and t). Each output of the DFT is renormalized, and
// each twiddle product's result: the product then starts from a tail below
// ulp(h) / 2, which keeps its roundings small (renormalizing only the final
// outputs saves 14 TwoSums of a radix-8 butterfly but left its RMS error at
// 1.5 times the accurate one's, and a 2^20 transform's at 1.52 times). The
// accurate additions and products of double_word.hpp take 20 and 9: a
// radix-8 butterfly with its seven twiddles goes from about 1,640
// operations to about 900.
//
// Not the "sloppy" double-word addition (QD's, without error bound) in
// disguise: that one renormalizes after each addition and is used as a
// general operation with a relative bound it does not have. Here nothing
// leaves a DFT or a product unrenormalized, and the bound is the butterfly's, in
// the form the FFT's normwise error analysis takes: with u the limb's unit
// roundoff (2^-24 for df64, 2^-53 for dd128), the butterfly's inputs
// normalized expansions, its twiddles |w| <= 1, and L = sum over its inputs
// of |Re x_j| + |Im x_j|, every real component of every output is within
//   deferred_butterfly_bound_units(2, R) u^2 L   (to first order in u)
// of the exact twiddled DFT of the same inputs and twiddles. The accurate
// operations' relative bounds give the FFT the same form of bound (no
// butterfly output of an FFT is more accurate relative to itself than the
// norm of its inputs allows). Measured over random inputs, the radix-8
// butterfly's RMS error is 1.28 times the accurate one's
// (docs/arithmetic.md gives the whole transform's).
//
// The odd radices keep the accurate operations: their sums chain up to
// four additions and a product by a rounded constant before they meet
// (scripts/deferred_bound.py gives 43-91 u^2 L for them), and deferred to
// their outputs their RMS errors were 1.4-1.6 times the accurate ones',
// which took small transforms of 5- and 7-smooth lengths past the tests'
// accuracy limits. The power-of-two radices carry every power-of-two length
// and most of the work of the others.
//
// Derivation (scripts/deferred_bound.py evaluates it for each radix): each
// value carries, per input component, a mass m (|value| <= m L), a tail
// bound T (|t| <= T u L) and an error bound E (|error| <= E u^2 L). Inputs:
// T = m, E = 0. An addition adds masses, T' = T_a + T_b + m (the TwoSum
// error e is at most u |s|), E' = E_a + E_b + 2 (T_a + T_b) + m (two
// roundings of the tail). A product with a normalized constant of magnitude
// c (and relative rounding eta u^2 of its own: 1 for the DFT's generated
// constants, 0 for the twiddle, whose error the transform's bound counts):
// m' = c m, T' = c (T + 2m), E' = c (E + 2T + (4 + eta) m). Multiplications
// by +-1 and +-i and by 1/2 are exact; a renormalization leaves E and
// makes T = m. Running dft<R> through these rules, then the renormalization
// and the twiddle product with |Re w|, |Im w| <= 1, gives the bound.
//
// Symmetric in the operands of an addition (TwoSum is, and so is the tail's
// sum), so an inverse butterfly between two swaps of the real and imaginary
// parts is still the forward one's (twiddled_dft.hpp). Over- and underflow
// are what they are for the accurate operations: a non-finite output sends
// the butterfly to the checked arithmetic, and limbs below the underflow
// threshold void the bound as they void double_word.hpp's.
#pragma once

#include "ffft/eft.hpp"
#include "ffft/fft/limbs_under.hpp"
#include "ffft/fft/unchecked.hpp"

namespace ffft::fft {

struct deferred_arithmetic;

template <class E>
using deferred = limbs_under<E, deferred_arithmetic>;

// Whether E's radix-R butterflies run in this arithmetic: the power-of-two
// radices of every format (four limbs: deferred_four_limbs.hpp).
template <class E, int R>
inline constexpr bool defers_renormalization = (E::limbs == 2 || E::limbs == 4) && (R == 2 || R == 4 || R == 8);

// The bound's constant for a radix-R butterfly of a format of `limbs` limbs
// with its twiddles, in units of u^limbs L (above, and
// deferred_four_limbs.hpp; scripts/deferred_bound.py prints these, rounded
// up).
FFFT_HD constexpr double deferred_butterfly_bound_units(int limbs, int radix) {
  switch (radix) {
    case 2: return 16.0;  // two limbs and four alike
    case 4: return limbs == 2 ? 21.0 : 16.0;
    case 8: return limbs == 2 ? 76.4 : 24.1;
    default: return 0.0;  // not deferred
  }
}

template <class E>
  requires(E::limbs == 2)
FFFT_HD deferred<E> neg(deferred<E> x) {
  return {{-x.limb[0], -x.limb[1]}};
}

template <class E>
  requires(E::limbs == 2)
FFFT_HD deferred<E> add(deferred<E> a, deferred<E> b) {
  const limb_pair<typename E::limb_type> s = two_sum(a.limb[0], b.limb[0]);
  return {{s.hi, limb::add(limb::add(a.limb[1], b.limb[1]), s.lo)}};
}

template <class E>
  requires(E::limbs == 2)
FFFT_HD deferred<E> sub(deferred<E> a, deferred<E> b) {
  return add(a, neg(b));
}

template <class E>
  requires(E::limbs == 2)
FFFT_HD deferred<E> mul(deferred<E> a, deferred<E> b) {
  const limb_pair<typename E::limb_type> p = two_prod(a.limb[0], b.limb[0]);
  const auto low = limb::mul(a.limb[1], b.limb[1]);
  const auto cross = limb::fma(a.limb[1], b.limb[0], limb::fma(a.limb[0], b.limb[1], low));
  return {{p.hi, limb::add(p.lo, cross)}};
}

// x * 2^e: exact away from over- and underflow.
template <class E>
  requires(E::limbs == 2)
FFFT_HD deferred<E> ldexp(deferred<E> x, int e) {
  return {{limb::ldexp(x.limb[0], e), limb::ldexp(x.limb[1], e)}};
}

// The normalized expansion of h + t, exactly (TwoSum has no condition on
// the order of its operands' magnitudes, which a deferred tail may break),
// to go on with, and as the butterfly's result.
template <class E>
  requires(E::limbs == 2)
FFFT_HD deferred<E> renormalized_deferred(deferred<E> x) {
  const limb_pair<typename E::limb_type> s = two_sum(x.limb[0], x.limb[1]);
  return {{s.hi, s.lo}};
}

template <class E>
FFFT_HD complex<deferred<E>> renormalized_deferred(const complex<deferred<E>>& x) {
  return {renormalized_deferred(x.re), renormalized_deferred(x.im)};
}

template <class E>
FFFT_HD complex<unchecked<E>> renormalized(const complex<deferred<E>>& x) {
  return unchecked_of(value_of(renormalized_deferred(x)));
}

}  // namespace ffft::fft

#include "ffft/fft/deferred_four_limbs.hpp"
