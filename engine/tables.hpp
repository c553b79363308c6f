// What a plan precomputes on the host, whichever backend runs it: the
// twiddle arrays of the Stockham passes and, for Bluestein, the chirp and
// the transformed convolution kernel. Backends copy these to their memory.
// The data alone, which every executor reads; the library makes them
// (src/fft/tables.hpp).
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "engine/program.hpp"
#include "ffft/aligned_vector.hpp"
#include "ffft/complex.hpp"
#include "ffft/fft/stockham_pass.hpp"
#include "ffft/twiddle/factor_tables.hpp"
#include "ffft/twiddle/sources.hpp"

namespace ffft::fft {

template <class E>
struct stockham_tables {
  std::uint64_t n = 0;
  std::vector<pass_shape> passes;
  std::vector<std::uint64_t> offsets;  // of each pass's array in twiddles
  twiddle_mode mode = twiddle_mode::table;
  // Forward: w_n^(i a L), what the CPU executor reads in every mode; empty
  // where only a device reads the tables and the mode is not table (it
  // makes its twiddles itself: src/fft/tables.hpp, table_reader). On
  // cache lines, as the CPU paths read whole vectors of them
  // (aligned_vector.hpp).
  aligned_vector<complex<E>> twiddles;
  // Computed mode, for the CPU executor: the base values the arrays'
  // entries are products of (twiddle/factor_tables.hpp: coarse, then fine).
  // A device makes its own copy (kernels/factor_tables.cu).
  std::vector<complex<E>> factors;
};

template <class E>
struct bluestein_tables {
  std::uint64_t n = 0;
  std::uint64_t padded = 0;        // 7-smooth, >= 2n - 1
  stockham_tables<E> padded_fft;   // length padded
  std::vector<complex<E>> chirp;   // w_(2n)^(k^2 mod 2n), k < n
  std::vector<complex<E>> kernel;  // F(conj chirp, wrapped) / padded
};

// A plan's tables: Stockham's for a 7-smooth n, else Bluestein's.
template <class E>
using transform_tables = std::variant<stockham_tables<E>, bluestein_tables<E>>;

// The program over tables held in host memory.
template <class E>
stockham_program<E> program_of(const stockham_tables<E>& t) {
  stockham_program<E> p{t.n, &t.passes, &t.offsets, t.twiddles.data()};
  p.source = t.mode;
  if (!t.factors.empty()) p.factors = twiddle::factor_tables_shape::of(t.n).over(t.factors.data());
  return p;
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

}  // namespace ffft::fft
