// The body of one instruction-set path's Stockham pass (stockham_pass_paths.hpp),
// for LaneBytes-wide lane vectors (0: one butterfly at a time). Included
// only by the path's translation units (src/cpu/paths/), which are compiled
// with the path's flags and define FFFT_CPU_PATH and FFFT_CPU_LANE_BYTES.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "ffft/fft/stockham_pass.hpp"
#include "src/cpu/checked_butterflies.hpp"
#include "src/cpu/fused_passes.hpp"
#include "src/cpu/lane_butterfly.hpp"
#include "src/cpu/parallel_for.hpp"
#include "src/cpu/stockham_pass_paths.hpp"

// A pass's loop body, inlined into the OpenMP loop that runs it (one
// compiled function per pass rather than two).
#define FFFT_PASS_BODY __attribute__((always_inline))

namespace ffft::cpu::detail {

// to[c s] = finish.apply_at(j0 + c, from[c f]) for c < count (s = to_step,
// f = from_step; from and to may be the same values). Out of line, one copy
// a path and format: qf128's quotient and products are hundreds of
// instructions, and inlined into every radix's loops and the groups'
// copies they were a sixth of the qf128 paths' code. Without a finish, a
// plain copy: through apply_at, a dd128 tile of 2^11 values copied out
// took a twentieth of its transform's time on the Zen 4.
template <class E>
[[gnu::noinline]] void finish_run(const fft::scaling<E>& finish, std::uint64_t j0, const complex<E>* from,
                                  std::int64_t from_step, complex<E>* to, std::int64_t to_step,
                                  std::uint64_t count) {
  if (finish.how == fft::scaling<E>::kind::none) {
    if (from == to && from_step == to_step) return;
    for (std::uint64_t c = 0; c < count; ++c) {
      const auto at = static_cast<std::int64_t>(c);
      to[at * to_step] = from[at * from_step];
    }
    return;
  }
  for (std::uint64_t c = 0; c < count; ++c) {
    const auto at = static_cast<std::int64_t>(c);
    to[at * to_step] = finish.apply_at(j0 + c, from[at * from_step]);
  }
}

// The outputs of butterflies t = k m + i of transform b are at
// t + (n / R) a, a < R (stockham_pass.hpp). finish() multiplies those of
// `count` butterflies from t in place, while they are still in cache: the
// normalization, or a convolution's diagonal, costs no pass over memory.
// The same product of the same stored value as the GPU's last stores make.
template <class E>
inline void finish_outputs(int radix, const fft::pass_shape& p, const fft::scaling<E>& finish,
                           fft::strided<complex<E>> out, std::uint64_t b, std::uint64_t t, std::uint64_t count) {
  const std::uint64_t spacing = p.l * p.m;  // n / R
  for (int a = 0; a < radix; ++a) {
    const std::uint64_t first = t + spacing * static_cast<std::uint64_t>(a);
    finish_run(finish, first, &out(b, first), out.stride, &out(b, first), out.stride, count);
  }
}

// Columns: a side whose transforms lie closer together than the values of
// one (distance below stride, as the inner axes of an N-D array are: stride
// the row length, distance 1). Lanes along a transform would touch a cache
// line and a page per value there; lanes across the batch read and write
// whole lines.
template <class C>
inline bool columns(fft::strided<C> s) {
  const auto magnitude = [](std::int64_t v) { return static_cast<std::uint64_t>(v < 0 ? -v : v); };
  return magnitude(s.distance) < magnitude(s.stride);
}

// Lanes across the batch only for batches of at least 4 W transforms: the
// last lane group of each tile may be short, and with 4 W or more at least
// 4 of every 5 lanes compute (a stereo signal's 2 interleaved channels
// keep their lanes along the transform).
template <int W>
inline bool lanes_across_batch(std::uint64_t batch) {
  return batch >= 4 * static_cast<std::uint64_t>(W);
}

// Transforms per tile of a pass over columns: each input row is read as
// 16 consecutive values (256 to 1024 bytes), and each tile writes R x 16
// streams of consecutive values, which the L1 cache holds.
inline constexpr std::uint64_t column_tile = 16;

// The (b, k, i) of butterfly t = (b L + k) m + i of a pass, for t = first,
// first + step, ...: each thread's first group found by division, the
// others counted up. Two 64-bit divisions (tens of cycles each, and every
// address of the group waits for them) used to start each group of W
// butterflies; counted, dd128 and df64 ran 1-3% faster at 2^10-2^15 (the
// Xeon's avx512 path, best of 7 interleaved runs) with 1% fewer
// instructions. Steps that cross more than one k or b at once (m or L m
// below the step: the last passes, and transforms shorter than a group)
// still divide, but for m dividing the step.
class butterfly_counter {
 public:
  std::uint64_t b = 0, k = 0, i = 0;

  butterfly_counter(const fft::pass_shape& p, std::uint64_t first, std::uint64_t step)
      : l_(p.l), m_(p.m), step_(step), k_per_step_(p.m < step && step % p.m == 0 ? step / p.m : 0) {
    const std::uint64_t per_transform = p.l * p.m;
    b = first / per_transform;
    k = first % per_transform / m_;
    i = first % m_;
  }

  void advance() {
    if (k_per_step_ != 0) {
      k += k_per_step_;  // i unchanged: the step is whole columns
    } else {
      i += step_;
      if (i < m_) return;
      if (i < 2 * m_) {
        i -= m_, ++k;
      } else {
        k += i / m_, i %= m_;
      }
    }
    if (k < l_) return;
    if (k < 2 * l_) {
      k -= l_, ++b;
    } else {
      b += k / l_, k %= l_;
    }
  }

 private:
  std::uint64_t l_, m_, step_, k_per_step_;
};

#if FFFT_HAVE_LANES
// A pass over columns (columns() true for its input or its output, and
// lanes_across_batch): the batch in tiles of column_tile transforms, and in
// each tile the butterflies t = k m + i in turn, each in lanes across W
// consecutive transforms of the tile. The lanes' values are then
// consecutive in memory wherever the distance is 1, and a whole vector
// where the output's is.
template <int LaneBytes, int R, class E>
void run_pass_across_batch(bool inverse, unsigned threads, const fft::pass_shape& p,
                           fft::pass_twiddles<E> twiddles, fft::strided<const complex<E>> in,
                           fft::strided<complex<E>> out, std::uint64_t batch,
                           const fft::scaling<E>& finish) {
  constexpr int W = fft::lane_count<E, LaneBytes>;
  constexpr std::uint64_t lane_groups = column_tile / W;  // per butterfly and tile
  static_assert(column_tile % W == 0, "a tile is a whole number of lane groups");
  const std::uint64_t per_transform = p.l * p.m;
  const std::uint64_t tiles = (batch + column_tile - 1) / column_tile;
  const bool finishing = finish.how != fft::scaling<E>::kind::none;
  parallel_for_rows(threads, tiles * per_transform, lane_groups,
                    [&](std::uint64_t row, std::uint64_t group) FFFT_PASS_BODY {
    const std::uint64_t first = row / per_transform * column_tile + group * W;
    if (first >= batch) return;  // beyond the last, narrower tile
    const std::uint64_t t = row % per_transform;
    const int lanes = static_cast<int>(std::min<std::uint64_t>(W, batch - first));
    std::uint64_t b[W], k[W], i[W];
    for (int w = 0; w < W; ++w) b[w] = first + static_cast<std::uint64_t>(w), k[w] = t / p.m, i[w] = t % p.m;
    // One inlined copy of the loads and stores, the lane count a variable:
    // a second with W constant, as run_pass has, made the path's
    // translation units compile 13% longer (qf128) for no measured gain.
    fft::stockham_butterfly_lanes<LaneBytes, R>(p, twiddles, in, out, b, k, i, inverse,
                                                lanes == W && out.distance == 1, lanes);
    if (finishing)
      for (int w = 0; w < lanes; ++w) finish_outputs(R, p, finish, out, b[w], t, 1);
  });
}
#endif

// Whether a pass on unit-stride data, lanes along its transforms (not
// across the batch), takes every lane group of W butterflies through
// stockham_butterfly_consecutive (m a multiple of W) or
// stockham_butterfly_short (m below W, a power of 2 radix), the loaders
// that read and write lane-planar blocks (lane_layout); with n / R a
// multiple of W, every block they touch starts W values from the last.
template <int W>
inline bool takes_planar_blocks(const fft::pass_shape& p) {
  const bool power_of_two = (p.radix & (p.radix - 1)) == 0;
  return W > 1 && (p.l * p.m) % W == 0 && (p.m % W == 0 || (power_of_two && p.m < W && W % p.m == 0));
}

#if FFFT_HAVE_LANES
// stockham_butterfly_short for the pass's m (M = 1, 2, 4, ... below W):
// false if m is none of them, or R not a power of 2.
template <int LaneBytes, int R, class E, int M = 1>
FFFT_PASS_BODY inline bool short_butterflies(const fft::pass_shape& p, fft::pass_twiddles<E> twiddles,
                                             fft::strided<const complex<E>> in, fft::strided<complex<E>> out,
                                             std::uint64_t b, std::uint64_t t0, bool inverse,
                                             fft::lane_layout layout) {
  constexpr int W = fft::lane_count<E, LaneBytes>;
  if constexpr (M < W && (R & (R - 1)) == 0) {
    if (p.m == M) {
      fft::stockham_butterfly_short<LaneBytes, R, M>(p, twiddles, in, out, b, t0, inverse, layout);
      return true;
    }
    return short_butterflies<LaneBytes, R, E, 2 * M>(p, twiddles, in, out, b, t0, inverse, layout);
  }
  return false;
}
#endif

// The butterflies of a pass, numbered t = (b L + k) m + i, in groups of W
// consecutive ones. When m is a multiple of W and the data have unit
// stride, a group shares b and k and its operands are consecutive in memory
// (most passes: all but those with m < W). Otherwise the inputs are gathered
// one by one (the outputs too unless they are consecutive), a last, shorter
// group filling its spare lanes with a repeat of its last butterfly. All
// these ways give results bit-identical to one butterfly at a time. Forward
// butterflies, or inverse ones through their swaps (twiddled_dft.hpp).
template <int LaneBytes, int R, class E>
void run_pass(bool inverse, unsigned threads, const fft::pass_shape& p, fft::pass_twiddles<E> twiddles,
              fft::strided<const complex<E>> in, fft::strided<complex<E>> out,
              std::uint64_t batch, const fft::scaling<E>& finish, bool prefetch_next, fft::lane_layout layout) {
  const std::uint64_t per_transform = p.l * p.m;
  const std::uint64_t count = batch * per_transform;
  const bool finishing = finish.how != fft::scaling<E>::kind::none;
  if constexpr (LaneBytes == 0) {
    parallel_for(threads, count, [&](std::uint64_t t) FFFT_PASS_BODY {
      const std::uint64_t b = t / per_transform, rest = t % per_transform;
      fft::stockham_butterfly<R>(p, twiddles, in, out, b, rest / p.m, t % p.m, inverse);
      if (finishing) finish_outputs(R, p, finish, out, b, rest, 1);
    });
  } else {
#if FFFT_HAVE_LANES
    // One loop body for every layout, so that each radix compiles one.
    // Groups of W consecutive butterflies: when m is a multiple of W and
    // the data have unit stride, a group's operands are whole vectors;
    // otherwise gathered, their outputs consecutive when the group lies
    // within one transform (m < W) and the output has unit stride.
    constexpr int W = fft::lane_count<E, LaneBytes>;
    const bool across_batch = lanes_across_batch<W>(batch) && (columns(in) || columns(out));
    if ((layout.in_planar || layout.out_planar) &&
        (!fft::takes_lane_planar_blocks<LaneBytes> || across_batch || in.stride != 1 || out.stride != 1 ||
         !takes_planar_blocks<W>(p)))
      throw std::logic_error("ffft: lane-planar blocks for a pass whose loaders do not take them");
    if (layout.twiddles_planar && (!fft::takes_lane_planar_blocks<LaneBytes> || across_batch || p.m % W != 0 ||
                                   in.stride != 1 || out.stride != 1))
      throw std::logic_error("ffft: lane-planar twiddles for a pass that reads them one at a time");
    if (across_batch)
      return run_pass_across_batch<LaneBytes, R>(inverse, threads, p, twiddles, in, out, batch, finish);
    const bool whole_vectors = p.m % W == 0 && in.stride == 1 && out.stride == 1;
    const bool consecutive_output = per_transform % W == 0 && out.stride == 1;
    // m below W (the last passes): whole vectors deinterleaved, where R is
    // a power of 2 and each group lies in one transform.
    const bool short_vectors = (R & (R - 1)) == 0 && p.m < W && W % p.m == 0 && in.stride == 1 &&
                               consecutive_output;
    parallel_ranges(threads, (count + W - 1) / W, 256, [&](std::uint64_t begin, std::uint64_t end) {
      butterfly_counter at(p, begin * W, W);
      for (std::uint64_t first = begin * W; first < end * W; first += W, at.advance()) {
        if (short_vectors) {
          const std::uint64_t rest = at.k * p.m + at.i;
          if (short_butterflies<LaneBytes, R>(p, twiddles, in, out, at.b, rest, inverse, layout)) {
            if (finishing) finish_outputs(R, p, finish, out, at.b, rest, W);
            continue;
          }
        }
        if (whole_vectors) {
          fft::stockham_butterfly_consecutive<LaneBytes, R>(p, twiddles, in, out, at.b, at.k, at.i, inverse,
                                                            prefetch_next, layout);
          if (finishing) finish_outputs(R, p, finish, out, at.b, at.k * p.m + at.i, W);
          continue;
        }
        std::uint64_t b[W], k[W], i[W];
        const int lanes = static_cast<int>(std::min<std::uint64_t>(W, count - first));
        // The first butterfly's (b, k, i) from the counter, the others counted up from it.
        b[0] = at.b, k[0] = at.k, i[0] = at.i;
        for (int w = 1; w < lanes; ++w) {
          b[w] = b[w - 1], k[w] = k[w - 1], i[w] = i[w - 1] + 1;
          if (i[w] == p.m) i[w] = 0, ++k[w];
          if (k[w] == p.l) k[w] = 0, ++b[w];
        }
        // Two inlined copies: whole groups of consecutive outputs (every
        // group of a pass with m < W, but for a short last one) with the
        // lane count a constant, and the rest.
        if (lanes == W && consecutive_output)
          fft::stockham_butterfly_lanes<LaneBytes, R>(p, twiddles, in, out, b, k, i, inverse, true, W);
        else
          fft::stockham_butterfly_lanes<LaneBytes, R>(p, twiddles, in, out, b, k, i, inverse, false, lanes);
        if (finishing)
          for (int w = 0; w < lanes; ++w) finish_outputs(R, p, finish, out, b[w], k[w] * p.m + i[w], 1);
      }
    });
#else
    static_assert(LaneBytes == 0, "lane paths need the lane vectors of simd_lanes.hpp");
#endif
  }
  (void)prefetch_next, (void)layout;  // the scalar path's butterflies load one value at a time
}

template <int LaneBytes, class E>
void run_pass(bool inverse, unsigned threads, const fft::pass_shape& p, fft::pass_twiddles<E> twiddles,
              fft::strided<const complex<E>> in, fft::strided<complex<E>> out,
              std::uint64_t batch, const fft::scaling<E>& finish, bool prefetch_next = false,
              fft::lane_layout layout = {}) {
  switch (p.radix) {
    case 2: return run_pass<LaneBytes, 2>(inverse, threads, p, twiddles, in, out, batch, finish, prefetch_next, layout);
    case 3: return run_pass<LaneBytes, 3>(inverse, threads, p, twiddles, in, out, batch, finish, prefetch_next, layout);
    case 4: return run_pass<LaneBytes, 4>(inverse, threads, p, twiddles, in, out, batch, finish, prefetch_next, layout);
    case 5: return run_pass<LaneBytes, 5>(inverse, threads, p, twiddles, in, out, batch, finish, prefetch_next, layout);
    case 7: return run_pass<LaneBytes, 7>(inverse, threads, p, twiddles, in, out, batch, finish, prefetch_next, layout);
    case 8: return run_pass<LaneBytes, 8>(inverse, threads, p, twiddles, in, out, batch, finish, prefetch_next, layout);
    default: throw std::logic_error("ffft: no butterfly for radix " + std::to_string(p.radix));
  }
}

#if FFFT_HAVE_LANES
// A transform's last two passes as one step (fused_passes.hpp says when:
// radix 8 at m = R2, then radix R2 at m = 1), from in to out, which must
// not overlap: lane groups of W columns k0 of the first pass, each through
// stockham_last_two_butterflies, its outputs multiplied as finish says.
// The first pass's twiddles are one for all the lanes, built once a
// thread; the second's, at m = 1, are all 1.
template <int LaneBytes, int R2, class E>
void run_last_two_passes(bool inverse, unsigned threads, const fft::pass_shape& p1,
                         fft::pass_twiddles<E> twiddles_1,
                         fft::strided<const complex<E>> in, fft::strided<complex<E>> out,
                         std::uint64_t batch, const fft::scaling<E>& finish) {
  constexpr int R1 = 8, W = fft::lane_count<E, LaneBytes>;
  using L = fft::lane_expansion<E, LaneBytes>;
  const std::uint64_t groups = p1.l / W;  // a transform's lane groups
  const fft::pass_shape second_pass{R2, p1.l * R1, 1};
  const bool finishing = finish.how != fft::scaling<E>::kind::none;
  parallel_ranges(threads, batch * groups, 64, [&](std::uint64_t begin, std::uint64_t end) {
    complex<L> first[R2][R1 - 1];
    for (int i = 0; i < R2; ++i)
      for (int a = 1; a < R1; ++a)
        first[i][a - 1] = fft::broadcast_lanes<LaneBytes, E>(*twiddles_1.entry(p1, a, static_cast<std::uint64_t>(i)));
    for (std::uint64_t g = begin; g < end; ++g) {
      const std::uint64_t b = g / groups, k0 = g % groups * W;
      fft::stockham_last_two_butterflies<LaneBytes, R1, R2, E>(first, p1.l, in, out, b, k0, inverse);
      if (!finishing) continue;
      // The second pass's butterflies k0 + L1 a, W of them from each.
      for (std::uint64_t a = 0; a < R1; ++a) finish_outputs(R2, second_pass, finish, out, b, k0 + p1.l * a, W);
    }
  });
}

// Two consecutive radix-8 passes as one step (fused_passes.hpp,
// fuses_consecutive_passes), from in to out, which must not overlap: lane
// groups of W columns i0 of the second pass for each (b, k) of the first,
// each through stockham_two_butterflies_consecutive, its outputs multiplied
// as finish says.
template <int LaneBytes, class E>
void run_consecutive_passes(bool inverse, unsigned threads, const fft::pass_shape& p1, const fft::pass_shape& p2,
                            fft::pass_twiddles<E> twiddles_1, fft::pass_twiddles<E> twiddles_2,
                            fft::strided<const complex<E>> in, fft::strided<complex<E>> out,
                            std::uint64_t batch, const fft::scaling<E>& finish) {
  constexpr int W = fft::lane_count<E, LaneBytes>;
  const std::uint64_t per_k = p2.m / W;  // lane groups a (b, k) of the first pass
  const std::uint64_t per_transform = p1.l * per_k;
  const bool finishing = finish.how != fft::scaling<E>::kind::none;
  parallel_ranges(threads, batch * per_transform, 16, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t g = begin; g < end; ++g) {
      const std::uint64_t b = g / per_transform, k = g % per_transform / per_k, i0 = g % per_k * W;
      fft::stockham_two_butterflies_consecutive<LaneBytes, 8, 8, E>(p1, twiddles_1, twiddles_2, in, out, b, k, i0,
                                                                    inverse);
      if (!finishing) continue;
      for (std::uint64_t a = 0; a < 8; ++a) finish_outputs(8, p2, finish, out, b, (k + p1.l * a) * p2.m + i0, W);
    }
  });
}

// Two passes as one step, either way fused_passes.hpp allows (else
// std::logic_error).
template <int LaneBytes, class E>
void run_two_passes(bool inverse, unsigned threads, const fft::pass_shape& p1, const fft::pass_shape& p2,
                    fft::pass_twiddles<E> twiddles_1, fft::pass_twiddles<E> twiddles_2,
                    fft::strided<const complex<E>> in, fft::strided<complex<E>> out,
                    std::uint64_t batch, const fft::scaling<E>& finish) {
  constexpr auto W = static_cast<std::uint32_t>(fft::lane_count<E, LaneBytes>);
  if constexpr (pairs_on<E>(LaneBytes)) {
    if (fuses_consecutive_passes(p1, p2, W, in.stride, out.stride))
      return run_consecutive_passes<LaneBytes>(inverse, threads, p1, p2, twiddles_1, twiddles_2, in, out, batch,
                                               finish);
  }
  if constexpr (fuses_last_two_of<E>) {
    if (fuses_last_two_passes(p1, p2, W, in.stride, out.stride)) {
      if (p2.radix == 2)
        return run_last_two_passes<LaneBytes, 2>(inverse, threads, p1, twiddles_1, in, out, batch, finish);
      return run_last_two_passes<LaneBytes, 4>(inverse, threads, p1, twiddles_1, in, out, batch, finish);
    }
  }
  throw std::logic_error("ffft: passes of radices " + std::to_string(p1.radix) + " and " + std::to_string(p2.radix) +
                         " do not run as one step");
}
#endif

}  // namespace ffft::cpu::detail

// The path's entry point for format E (stockham_pass_paths.hpp).
#define FFFT_DEFINE_STOCKHAM_PASS(E)                                                             \
  void ffft::cpu::FFFT_CPU_PATH::stockham_pass(                                                  \
      unsigned threads, int sign, const fft::pass_shape& pass, const complex<E>* twiddles,      \
      fft::strided<const complex<E>> in, fft::strided<complex<E>> out, std::uint64_t batch,      \
      const fft::scaling<E>& finish, bool prefetch_next) {                                       \
    const fft::pass_twiddles<E> w{twiddles};                                                     \
    detail::run_pass<FFFT_CPU_LANE_BYTES>(sign > 0, threads, pass, w, in, out, batch, finish,    \
                                          prefetch_next);                                        \
  }

// The lane path's last two passes as one step for format E
// (stockham_pass_paths.hpp).
#define FFFT_DEFINE_STOCKHAM_TWO_PASSES(E)                                                  \
  void ffft::cpu::FFFT_CPU_PATH::stockham_two_passes(                                       \
      unsigned threads, int sign, const fft::pass_shape& first, const fft::pass_shape& second,   \
      const complex<E>* first_twiddles, const complex<E>* second_twiddles,                       \
      fft::strided<const complex<E>> in, fft::strided<complex<E>> out, std::uint64_t batch,      \
      const fft::scaling<E>& finish) {                                                           \
    detail::run_two_passes<FFFT_CPU_LANE_BYTES>(sign > 0, threads, first, second,                \
                                                     fft::pass_twiddles<E>{first_twiddles},      \
                                                     fft::pass_twiddles<E>{second_twiddles}, in, \
                                                     out, batch, finish);                        \
  }
