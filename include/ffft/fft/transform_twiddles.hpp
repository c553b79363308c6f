// Where the passes of a whole transform get their twiddles, as the group
// kernels (stockham_group.hpp) read them: pass p's twiddle w_n^(i a L) at
// butterfly index i, for a = 1 .. r-1, forward (inverse passes use them
// between swaps, twiddled_dft.hpp). Two sources with one call:
//  - transform_twiddle_table: the passes' arrays (stockham_pass.hpp) one
//    after another, O(n) values; one load per twiddle (table mode), on the
//    device in 16-byte units (twiddle/table_load.hpp);
//  - transform_twiddle_factors: one product of two base values per
//    twiddle, O(sqrt n) values (computed mode, twiddle/factored.hpp);
//  - transform_twiddle_direct: one sincos_2pi per twiddle, no memory
//    (direct mode).
// The CPU executor always reads the arrays; in computed and direct modes
// they hold what transform_twiddle_factors and transform_twiddle_direct
// make (pass_twiddle_entry over factored_twiddles, or over
// computed_twiddles), so every source gives the same bits.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/fft/stockham_pass.hpp"
#include "ffft/twiddle/factored.hpp"
#include "ffft/twiddle/sources.hpp"
#include "ffft/twiddle/table_load.hpp"

namespace ffft::fft {

template <class E>
struct transform_twiddle_table {
  const complex<E>* data;

  // offset: of the pass's array in data (local_pass::twiddle_offset).
  FFFT_HD complex<E> get(const pass_shape& p, std::uint64_t offset, int a, std::uint64_t i) const {
    return twiddle::load_table_entry(pass_twiddles<E>{data + offset}.entry(p, a, i));
  }
};

template <class E>
struct transform_twiddle_factors {
  twiddle::factored_twiddles<E> w_n;

  FFFT_HD complex<E> get(const pass_shape& p, std::uint64_t, int a, std::uint64_t i) const {
    return w_n(i * static_cast<std::uint64_t>(a) * p.l);  // < m r L = n
  }
};

template <class E>
struct transform_twiddle_direct {
  std::uint64_t n;  // of the whole transform, 0 < n < 2^32

  FFFT_HD complex<E> get(const pass_shape& p, std::uint64_t, int a, std::uint64_t i) const {
    return computed_twiddle<E>(n, i * static_cast<std::uint64_t>(a) * p.l);  // < n
  }
};

}  // namespace ffft::fft
