// What a plan precomputes on the host, whichever backend runs it: the
// twiddle arrays of the Stockham passes and, for Bluestein, the chirp and
// the transformed convolution kernel. Backends copy these to their memory.
// Defined in src/fft/tables.cpp.
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "engine/program.hpp"
#include "ffft/complex.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/fft/stockham_pass.hpp"
#include "ffft/twiddle/sources.hpp"

namespace ffft::fft {

// First-octant cos and sin of (pi/4)(j g / n), j = 0 .. n / g, g = gcd(n, 8)
// (twiddle::octant_table_size(n) entries): rounded from MPFR (table mode) or
// evaluated by twiddle::sincos_first_octant (computed mode, the same values
// computed_twiddles<E>{n} gives on host and device).
template <class E>
std::vector<complex<E>> octant_entries(std::uint64_t n, twiddle_mode mode, unsigned threads);

template <class E>
struct stockham_tables {
  std::uint64_t n = 0;
  std::vector<pass_shape> passes;
  std::vector<std::uint64_t> offsets;  // of each pass's array in twiddles
  std::vector<complex<E>> twiddles;    // forward: w_n^(i a L)
  // Computed mode: the base values the arrays' entries are products of
  // (twiddle/factored.hpp), all a GPU needs; empty in table mode.
  std::vector<complex<E>> coarse, fine;
  unsigned fine_log2 = 0;
};

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

template <class E>
struct bluestein_tables {
  std::uint64_t n = 0;
  std::uint64_t padded = 0;        // 7-smooth, >= 2n - 1
  stockham_tables<E> padded_fft;   // length padded
  std::vector<complex<E>> chirp;   // w_(2n)^(k^2 mod 2n), k < n
  std::vector<complex<E>> kernel;  // F(conj chirp, wrapped) / padded
};

// The kernel is transformed by the CPU executor on path isa.
template <class E>
bluestein_tables<E> make_bluestein_tables(std::uint64_t n, twiddle_mode mode, unsigned threads,
                                          cpu_isa isa);

// A plan's tables: Stockham's for a 7-smooth n, else Bluestein's.
template <class E>
using transform_tables = std::variant<stockham_tables<E>, bluestein_tables<E>>;

template <class E>
transform_tables<E> make_transform_tables(std::uint64_t n, twiddle_mode mode, unsigned threads,
                                          cpu_isa isa);

// The program over tables held in host memory.
template <class E>
stockham_program<E> program_of(const stockham_tables<E>& t) {
  return {t.n, &t.passes, &t.offsets, t.twiddles.data(),
          {t.coarse.empty() ? nullptr : t.coarse.data(), t.fine.empty() ? nullptr : t.fine.data(),
           t.fine_log2}};
}
template <class E>
transform_program<E> program_of(const transform_tables<E>& tables) {
  if (const auto* b = std::get_if<bluestein_tables<E>>(&tables))
    return bluestein_program<E>{b->n, b->padded, program_of(b->padded_fft), b->chirp.data(),
                                b->kernel.data()};
  return program_of(std::get<stockham_tables<E>>(tables));
}

// The Stockham tables: the plan's own, or Bluestein's padded transform's.
template <class E>
const stockham_tables<E>& stockham_part(const transform_tables<E>& tables) {
  if (const auto* b = std::get_if<bluestein_tables<E>>(&tables)) return b->padded_fft;
  return std::get<stockham_tables<E>>(tables);
}

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
