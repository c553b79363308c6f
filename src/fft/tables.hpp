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
// evaluated by twiddle::sincos_first_octant (computed and direct modes, the
// same values computed_twiddles<E>{n} gives on host and device).
template <class E>
std::vector<complex<E>> octant_entries(std::uint64_t n, twiddle_mode mode, unsigned threads);

// w_n^k for k = 0 .. n / 2 (n even): the twiddles of a real transform's
// element-wise steps (fft/real_steps.hpp), each entry the value
// table_twiddles gives over octant_entries(n, mode) (correctly rounded in
// table mode, sincos_2pi in the others).
template <class E>
std::vector<complex<E>> real_twiddles(std::uint64_t n, twiddle_mode mode, unsigned threads);

// Who reads a plan's tables. The CPU executor reads every pass's array,
// whatever the mode. A device reads them in table mode only: in computed
// mode it makes the factor tables itself (kernels/factor_tables.cu) and in
// direct mode it needs none, so for it the host makes only the passes (no
// sincos and no O(n) products at plan time).
enum class table_reader { cpu, device };

// The twiddles of the computed mode's base tables (twiddle/factor_tables.hpp),
// coarse then fine, by the same factor_table_entry a device runs.
template <class E>
std::vector<complex<E>> factor_tables(std::uint64_t n, unsigned threads);

// n must be 7-smooth. Table mode: entries rounded from MPFR; computed mode:
// products of base values from twiddle::sincos_2pi; direct mode:
// twiddle::sincos_2pi itself.
template <class E>
stockham_tables<E> make_stockham_tables(std::uint64_t n, twiddle_mode mode, unsigned threads,
                                        table_reader reader = table_reader::cpu);

// The kernel is transformed by the CPU executor on path isa, so the padded
// transform's tables are the CPU's whoever reads them.
template <class E>
bluestein_tables<E> make_bluestein_tables(std::uint64_t n, twiddle_mode mode, unsigned threads,
                                          cpu_isa isa);

// A plan's tables: Stockham's for a 7-smooth n, else Bluestein's.
template <class E>
transform_tables<E> make_transform_tables(std::uint64_t n, twiddle_mode mode, unsigned threads,
                                          cpu_isa isa, table_reader reader = table_reader::cpu);

#define FFFT_DECLARE_TABLES(E)                                                                   \
  extern template std::vector<complex<E>> octant_entries<E>(std::uint64_t, twiddle_mode, unsigned); \
  extern template std::vector<complex<E>> real_twiddles<E>(std::uint64_t, twiddle_mode, unsigned); \
  extern template std::vector<complex<E>> factor_tables<E>(std::uint64_t, unsigned);              \
  extern template stockham_tables<E> make_stockham_tables<E>(std::uint64_t, twiddle_mode, unsigned, \
                                                             table_reader);                      \
  extern template bluestein_tables<E> make_bluestein_tables<E>(std::uint64_t, twiddle_mode,      \
                                                               unsigned, cpu_isa);               \
  extern template transform_tables<E> make_transform_tables<E>(std::uint64_t, twiddle_mode,      \
                                                               unsigned, cpu_isa, table_reader);
FFFT_DECLARE_TABLES(df64)
FFFT_DECLARE_TABLES(qf128)
FFFT_DECLARE_TABLES(dd128)
#undef FFFT_DECLARE_TABLES

}  // namespace ffft::fft
