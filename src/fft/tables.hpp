// How the library makes a plan's tables (engine/tables.hpp): twiddles
// rounded from MPFR (table mode) or computed by the extended-precision
// sincos (computed mode), and Bluestein's chirp and kernel, whose transform
// runs on the CPU executor. Defined in tables.cpp.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/tables.hpp"
#include "ffft/complex.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/twiddle/sources.hpp"

namespace ffft::fft {

// First-octant cos and sin of (pi/4)(j g / n), j = 0 .. n / g, g = gcd(n, 8)
// (twiddle::octant_table_size(n) entries): rounded from MPFR (table mode) or
// evaluated by twiddle::sincos_first_octant (computed mode, the same values
// computed_twiddles<E>{n} gives on host and device).
template <class E>
std::vector<complex<E>> octant_entries(std::uint64_t n, twiddle_mode mode, unsigned threads);

// w_n^k for k = 0 .. n / 2 (n even): the twiddles of a real transform's
// element-wise steps (fft/real_steps.hpp), each entry the value
// table_twiddles gives over octant_entries(n, mode) (correctly rounded in
// table mode, sincos_2pi in computed mode).
template <class E>
std::vector<complex<E>> real_twiddles(std::uint64_t n, twiddle_mode mode, unsigned threads);

// n must be 7-smooth. Table mode: entries rounded from MPFR; computed mode:
// products of base values from twiddle::sincos_2pi.
template <class E>
stockham_tables<E> make_stockham_tables(std::uint64_t n, twiddle_mode mode, unsigned threads);

// The kernel is transformed by the CPU executor on path isa.
template <class E>
bluestein_tables<E> make_bluestein_tables(std::uint64_t n, twiddle_mode mode, unsigned threads,
                                          cpu_isa isa);

// A plan's tables: Stockham's for a 7-smooth n, else Bluestein's.
template <class E>
transform_tables<E> make_transform_tables(std::uint64_t n, twiddle_mode mode, unsigned threads,
                                          cpu_isa isa);

#define FFFT_DECLARE_TABLES(E)                                                                   \
  extern template std::vector<complex<E>> octant_entries<E>(std::uint64_t, twiddle_mode, unsigned); \
  extern template std::vector<complex<E>> real_twiddles<E>(std::uint64_t, twiddle_mode, unsigned); \
  extern template stockham_tables<E> make_stockham_tables<E>(std::uint64_t, twiddle_mode, unsigned); \
  extern template bluestein_tables<E> make_bluestein_tables<E>(std::uint64_t, twiddle_mode,      \
                                                               unsigned, cpu_isa);               \
  extern template transform_tables<E> make_transform_tables<E>(std::uint64_t, twiddle_mode,      \
                                                               unsigned, cpu_isa);
FFFT_DECLARE_TABLES(df64)
FFFT_DECLARE_TABLES(qf128)
FFFT_DECLARE_TABLES(dd128)
#undef FFFT_DECLARE_TABLES

}  // namespace ffft::fft
