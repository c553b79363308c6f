// Several consecutive Stockham passes done on a tile held in fast memory
// (shared memory on the GPU), so the data cross slow memory once per group
// rather than once per pass. Written once for host and device: the CUDA
// kernel runs these phases with a barrier between them, and a host test runs
// them thread by thread to check them against the pass-by-pass executor.
//
// Why a group closes over columns (stockham_pass.hpp for the notation): take
// passes with radices r_1 .. r_s, R = r_1 ... r_s, starting at L (the first
// pass's l) and ending at M (the last pass's m), so n = L R M. For a column
// (b, k, i), k < L and i < M, the group reads the R values
//   x_j = in(b, i + M (j + R k)),  j < R,
// and writes the R values
//   out(b, i + M (k + L A)),  A < R,
// touching nothing else. Between, it is a Stockham transform of length R on
// the column's own sequence: the local pass (r, l', m') at local index s < m'
// is the global pass (r, L l', M m') at i' = i + M s, so its twiddles are the
// global pass's entries at i + M s. With the same butterflies on the same
// values and twiddles in the same order, the results are bit-identical to
// running the passes one by one.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/fft/butterflies.hpp"
#include "ffft/fft/divisor.hpp"
#include "ffft/fft/stockham_pass.hpp"
#include "ffft/fft/transform_twiddles.hpp"
#include "ffft/fft/twiddled_dft.hpp"

namespace ffft::fft {

// A group's passes on a tile of at most 4096 points: at most 12 (radix 2).
inline constexpr int max_group_passes = 12;

struct local_pass {
  int radix;                     // r
  std::uint32_t l;               // l': product of the radices before it in the group
  std::uint32_t m;               // m' = R / (l' r)
  std::uint64_t twiddle_offset;  // of the global pass's array in the plan's twiddles
  divisor32 by_m;                // divides by m'
};

struct pass_group {
  std::uint64_t l;       // L: the group's first pass's l
  std::uint64_t m;       // M: the group's last pass's m
  std::uint32_t radix;   // R: the product of its radices (1 for an empty group, n = 1)
  int count;             // passes
  local_pass passes[max_group_passes];
  // Divide by R, and, when L M < 2^32, by L M, M and L (a launch whose
  // column numbers all fit 32 bits divides by these; group_tile::narrow).
  divisor32 by_radix, by_lm, by_m, by_l;

  // Columns (b, k, i) of `batch` transforms, numbered g = (b L + k) M + i.
  FFFT_HD std::uint64_t columns(std::uint64_t batch) const { return batch * l * m; }

  // The global pass a local pass is.
  FFFT_HD pass_shape global(const local_pass& p) const { return {p.radix, l * p.l, m * p.m}; }
};

// A tile: the columns [first, first + width) of a group, the last tile
// possibly cut short at `columns`. In fast memory the column c's local
// element q is at tile[c + width q].
//
// Its index arithmetic divides by launch constants: when every column number
// is below 2^32 (narrow), by precomputed 32-bit divisors, else by plain
// 64-bit division. Both give the same integers; the choice is the same for
// every thread of a launch, so it costs no divergence.
struct group_tile {
  std::uint64_t first;
  std::uint32_t width;
  std::uint64_t columns;
  divisor32 by_width;
  bool narrow;  // columns < 2^32

  FFFT_HD group_tile(std::uint64_t first_column, std::uint32_t tile_width, std::uint64_t column_count)
      : first(first_column),
        width(tile_width),
        columns(column_count),
        by_width(divisor32::of(tile_width)),
        narrow(column_count < (std::uint64_t{1} << 32)) {}

  struct column {
    std::uint64_t b, k, i;
  };
  FFFT_HD column at(const pass_group& g, std::uint32_t c) const {
    const std::uint64_t n = first + c;
    if (narrow) {
      const auto n32 = static_cast<std::uint32_t>(n);
      const std::uint32_t bk = g.by_m.quotient(n32);  // b L + k
      return {g.by_lm.quotient(n32), g.by_l.remainder(bk), n32 - bk * static_cast<std::uint32_t>(g.m)};
    }
    return {n / (g.l * g.m), n / g.m % g.l, n % g.m};
  }
  // i of column c: (first + c) mod M.
  FFFT_HD std::uint64_t i_of(const pass_group& g, std::uint32_t c) const {
    const std::uint64_t n = first + c;
    if (narrow) return g.by_m.remainder(static_cast<std::uint32_t>(n));
    return n % g.m;
  }
  FFFT_HD bool holds(std::uint32_t c) const { return first + c < columns; }
};

// Which of a tile's R x width entries thread `thread` of `threads` moves:
// e = thread, thread + threads, ..., split into (column, element) so that
// consecutive threads touch consecutive addresses in slow memory. Along the
// column index when it runs through consecutive i (M > 1), or through
// consecutive k with M = 1 and L > 1 (outputs, whose k step is M); along the
// element index when a column's elements are consecutive (M = 1: inputs;
// and outputs when also L = 1, where columns are whole transforms).
struct tile_entry {
  std::uint32_t c, q;
};
FFFT_HD tile_entry entry_of(std::uint32_t e, const group_tile& t, const pass_group& g,
                            bool elements_consecutive) {
  if (elements_consecutive) {
    const std::uint32_t c = g.by_radix.quotient(e);
    return {c, e - c * g.radix};
  }
  const std::uint32_t q = t.by_width.quotient(e);
  return {e - q * t.width, q};
}

// The tile pointers of the phases below: Tile is what tile_views makes
// (tile_layout.hpp): complex<E>* for 16-byte values, an accessor with the
// same operations (tile[index] to read or assign, tile + offset) over
// swizzled planes for 32-byte ones. A tool may pass an accessor that also
// notes the tiles' accesses (tools/sass/bank_conflicts.hpp); the executors'
// code is the same either way.
//
// Phase 1: the tile's inputs from slow memory, read(b, j) returning element
// j of transform b, swapped for an inverse transform (twiddled_dft.hpp: the
// passes between are forward ones). Columns past the end are zero-filled so
// no later phase computes on uninitialized memory.
template <class E, class Read, class Tile>
FFFT_HD void load_tile(const pass_group& g, const group_tile& t, Tile tile,
                       std::uint32_t thread, std::uint32_t threads, const Read& read, bool inverse) {
  const std::uint32_t entries = t.width * g.radix;
  for (std::uint32_t e = thread; e < entries; e += threads) {
    const tile_entry x = entry_of(e, t, g, g.m == 1);
    complex<E> v{};
    if (t.holds(x.c)) {
      const group_tile::column col = t.at(g, x.c);
      v = oriented(read(col.b, col.i + g.m * (x.q + std::uint64_t{g.radix} * col.k)), inverse);
    }
    tile[x.c + t.width * x.q] = v;
  }
}

// Butterflies of the local pass p: (width R / r) of them, numbered
// beta = c + width (s + m' k').
FFFT_HD std::uint32_t tile_butterflies(const local_pass& p, const group_tile& t) {
  return t.width * (p.l * p.m);
}

// The twiddles of one butterfly of a local pass, from a
// transform_twiddles.hpp source, as twiddled_dft.hpp takes them.
template <class E, class Twiddles>
struct source_twiddles {
  const Twiddles& twiddles;
  pass_shape global;
  std::uint64_t offset;
  std::uint64_t i;
  FFFT_HD complex<E> operator()(int a) const {
    return twiddles.get(global, offset, a, i);
  }
};

// Phase 2, once per local pass (a barrier before and after): butterfly beta
// from src to dst, forward, its twiddles from a transform_twiddles.hpp
// source.
template <int R, class E, class Twiddles, class Source, class Target>
FFFT_HD void tile_butterfly(const pass_group& g, const local_pass& p, const Twiddles& twiddles,
                            const group_tile& t, Source src, Target dst, std::uint32_t beta) {
  const std::uint32_t sk = t.by_width.quotient(beta);  // s + m' k
  const std::uint32_t c = beta - sk * t.width;
  const std::uint32_t k = p.by_m.quotient(sk);
  const std::uint32_t s = sk - k * p.m;
  const auto at = [&](std::uint32_t q) { return c + t.width * q; };
  // The twiddle index i + M s of the global pass (for a column past the
  // end, i is still in range, so the read is too).
  const std::uint64_t i = t.i_of(g, c) + g.m * s;
  complex<E> x[R];
  // The global pass's m is M m': 1 only in a last group's last pass.
  twiddled_dft<R>(x, strided_inputs<E, Source>{src + at(s + p.m * R * k), std::int64_t{t.width} * p.m},
                  source_twiddles<E, Twiddles>{twiddles, g.global(p), p.twiddle_offset, i}, g.m * p.m > 1);
FFFT_UNROLL
  for (int a = 0; a < R; ++a) dst[at(s + p.m * (k + p.l * a))] = x[a];
}

// Phase 2 for a runtime radix.
template <class E, class Twiddles, class Source, class Target>
FFFT_HD void tile_butterfly(const pass_group& g, const local_pass& p, const Twiddles& twiddles,
                            const group_tile& t, Source src, Target dst, std::uint32_t beta) {
  switch (p.radix) {
    case 2: return tile_butterfly<2, E>(g, p, twiddles, t, src, dst, beta);
    case 3: return tile_butterfly<3, E>(g, p, twiddles, t, src, dst, beta);
    case 4: return tile_butterfly<4, E>(g, p, twiddles, t, src, dst, beta);
    case 5: return tile_butterfly<5, E>(g, p, twiddles, t, src, dst, beta);
    case 7: return tile_butterfly<7, E>(g, p, twiddles, t, src, dst, beta);
    case 8: return tile_butterfly<8, E>(g, p, twiddles, t, src, dst, beta);
    default: return;  // group_passes() only builds groups of these radices
  }
}

// Phase 3: the tile's outputs to slow memory, write(b, j, value) storing
// element j of transform b, each value swapped back for an inverse transform
// and passed through finish(j, value) (the normalization or a convolution's
// diagonal, after the last group) on the way.
template <class E, class Finish, class Write, class Tile>
FFFT_HD void store_tile(const pass_group& g, const group_tile& t, Tile tile,
                        std::uint32_t thread, std::uint32_t threads, const Finish& finish,
                        const Write& write, bool inverse) {
  const std::uint32_t entries = t.width * g.radix;
  for (std::uint32_t e = thread; e < entries; e += threads) {
    const tile_entry x = entry_of(e, t, g, g.m == 1 && g.l == 1);
    if (!t.holds(x.c)) continue;
    const group_tile::column col = t.at(g, x.c);
    const std::uint64_t j = col.i + g.m * (col.k + g.l * x.q);
    write(col.b, j, finish(j, oriented<E>(tile[x.c + t.width * x.q], inverse)));
  }
}

// The phases as function objects with force-inlined calls (a lambda's call
// operator may be outlined by nvcc, which for qf128 put the butterflies'
// operands on the stack).
template <class E, class Read, class Tile>
struct load_phase {
  const pass_group& g;
  const group_tile& t;
  Tile tile;
  const Read& read;
  bool inverse;
  FFFT_HD void operator()(std::uint32_t thread, std::uint32_t count) const {
    load_tile<E>(g, t, tile, thread, count, read, inverse);
  }
};

template <class E, class Twiddles, class Tile>
struct butterfly_phase {
  const pass_group& g;
  const local_pass& p;
  const Twiddles& twiddles;
  const group_tile& t;
  Tile src;
  Tile dst;
  FFFT_HD void operator()(std::uint32_t thread, std::uint32_t count) const {
    const std::uint32_t butterflies = tile_butterflies(p, t);
    for (std::uint32_t beta = thread; beta < butterflies; beta += count)
      tile_butterfly<E>(g, p, twiddles, t, src, dst, beta);
  }
};

template <class E, class Finish, class Write, class Tile>
struct store_phase {
  const pass_group& g;
  const group_tile& t;
  Tile tile;
  const Finish& finish;
  const Write& write;
  bool inverse;
  FFFT_HD void operator()(std::uint32_t thread, std::uint32_t count) const {
    store_tile<E>(g, t, tile, thread, count, finish, write, inverse);
  }
};

// A whole tile, given how a block's threads run a phase: threads(phase)
// calls phase(thread, count) for every thread of the block and returns when
// all are done (a CUDA block: each thread calls it for itself, then a
// barrier; a host emulation: a loop). Two tiles of width R values each:
// the passes ping-pong between them. Forward, or inverse (the loads and
// stores swap, twiddled_dft.hpp).
// Tile: complex<E>* (or an accessor, above).
template <class E, class Twiddles, class Threads, class Read, class Finish, class Write, class Tile>
FFFT_HD void run_tile(const pass_group& g, const Twiddles& twiddles, const group_tile& t, Tile tile_a,
                      Tile tile_b, const Threads& threads, const Read& read, const Finish& finish,
                      const Write& write, bool inverse) {
  threads(load_phase<E, Read, Tile>{g, t, tile_a, read, inverse});
  Tile src = tile_a;
  Tile dst = tile_b;
  for (int j = 0; j < g.count; ++j) {
    threads(butterfly_phase<E, Twiddles, Tile>{g, g.passes[j], twiddles, t, src, dst});
    const Tile done = dst;
    dst = src;
    src = done;
  }
  threads(store_phase<E, Finish, Write, Tile>{g, t, src, finish, write, inverse});
}

}  // namespace ffft::fft
