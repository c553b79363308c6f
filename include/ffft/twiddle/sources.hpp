// Where an FFT pass gets its twiddle factors w_n^k = exp(-2 pi i k / n)
// (FFTW_FORWARD's sign; an inverse pass conjugates, which is exact). Both
// sources are small trivially copyable functors with the same call, usable
// on host and device, so a kernel is written once over either:
//  - table_twiddles reads a first-octant table rounded from MPFR
//    (host/twiddle_table.hpp) and unfolds it: every entry is the nearest
//    value of the format;
//  - computed_twiddles evaluates sincos_2pi on the spot: no memory traffic,
//    at most 2 (df64, dd128) or 4 (qf128) units of the last bit of error
//    (computed_twiddle: the same, out of line on the device).
// Both reduce k modulo n exactly, so any integer index may be passed.
#pragma once

#include <cstdint>

#include "ffft/twiddle/octant.hpp"
#include "ffft/twiddle/sincos.hpp"

namespace ffft {

// How a plan gets its twiddles. table: every pass's twiddles rounded from
// MPFR, O(n) values. computed: no MPFR; two tables of about sqrt(n) values
// from sincos_2pi (made on the device for a GPU plan), and each twiddle
// their product (factored.hpp), made by the GPU kernels as they need it.
// direct: each twiddle is sincos_2pi itself, evaluated by the GPU's
// butterflies in registers as they need it (Thall's way): no twiddle is
// read from memory, at the price of one sincos per twiddle. The CPU keeps
// every mode's values in per-pass arrays, the same bits.
enum class twiddle_mode { table, computed, direct };

template <class E>
struct computed_twiddles {
  std::uint64_t n;  // 0 < n < 2^32

  FFFT_HD complex<E> operator()(std::uint64_t k) const {
    const twiddle::sincos_value<E> v = twiddle::sincos_2pi<E>(k, n);
    return {v.cos, neg(v.sin)};
  }
};

// computed_twiddles<E>{n}(k), compiled once per caller on the device
// rather than inlined into every use (a sincos is thousands of
// instructions; the direct mode's butterflies call it for every twiddle).
// The same function of the same operands: the same bits as inline.
template <class E>
FFFT_HD_OUTLINED complex<E> computed_twiddle(std::uint64_t n, std::uint64_t k) {
  return computed_twiddles<E>{n}(k);
}

template <class E>
struct table_twiddles {
  // Entry j = (cos, sin) of (pi/4)(j g / n), g = 2^step_log2 = gcd(n, 8),
  // j = 0 .. n / g: twiddle::octant_table_size(n) entries.
  const complex<E>* octant;
  std::uint64_t n;
  unsigned step_log2;

  FFFT_HD complex<E> operator()(std::uint64_t k) const {
    const twiddle::octant_reduction r = twiddle::reduce_to_octant(k, n);
    const complex<E> first = octant[r.m >> step_log2];
    const complex<E> w = twiddle::unfold_octant(r.octant, first.re, first.im);
    return {w.re, neg(w.im)};
  }
};

}  // namespace ffft
