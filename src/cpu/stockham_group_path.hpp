// A group of Stockham passes on the CPU, tile by tile in a thread's own
// buffers (cache_blocking.hpp says when): the body of one lane path's
// stockham_group (stockham_pass_paths.hpp), included only by the path's
// translation units.
//
// stockham_group.hpp's notation: the group (L, R, M) maps the columns
// (b, k, i), k < L, i < M, each R values x_q = in(b, i + M (q + R k)), to
// out(b, i + M (k + L A)), A < R, through local passes (r, l', m') that are
// the global passes (r, L l', M m') restricted to the column, with the
// global passes' twiddles at i + M s. Two kinds of tile, so that no value
// is copied where a pass can load or store it in place:
//
// M > 1 (every group but the last): `width` consecutive columns i0 + c of
// one (b, k), lanes across them. Column c's element q lies at c + M q from
// the first column's in the input, at c + width q in a tile buffer, and its
// output A at c + M L A from the first column's; the twiddles of lane c at
// i0 + c + M s are consecutive too. So the first local pass loads straight
// from the input, the last stores straight to the output, and every
// operand and twiddle is a whole lane vector (column_pass).
//
// M = 1 (the last group): whole columns, each R consecutive values, a
// batch of `blocks` of them. Where L and the blocks are whole lane
// vectors, lanes across the columns again: the tile holds column c's
// element q at c + blocks q (a transposing copy of the input), every local
// pass is a column_pass with one twiddle for all its lanes (i = 0), and
// the last stores outputs A of consecutive columns k0 + c, consecutive at
// k0 + c + L A, straight to the output. Otherwise (L = 1, the group the
// whole transform; or L or the blocks not whole lane vectors) the local
// passes are ordinary Stockham passes of length R (the global passes'
// twiddles, index for index) run by the path's own pass code, the first
// reading the input in place; the last writes a tile buffer, which is
// copied to the outputs k + L A in runs of consecutive k, multiplied as
// finish says on the way.
// Lanes along the column there, its last local passes (m' below the lane
// count) deinterleave their operands: on the Xeon's avx512 path (one
// transform, one thread, best of 3-5 interleaved runs), lanes across took
// 0.94-0.97 of their time for dd128 at 2^21 and 2^22, 0.96 and 0.98 for
// qf128 at 2^21, and within 6% either way for df64.
//
// Either way each butterfly computes on the values and twiddles the
// pass-by-pass transform gives it: the same bits.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/step_buffers.hpp"
#include "ffft/aligned_vector.hpp"
#include "ffft/fft/stockham_group.hpp"
#include "src/cpu/cache_blocking.hpp"
#include "src/cpu/lane_butterfly.hpp"
#include "src/cpu/parallel_for.hpp"
#include "src/cpu/stockham_pass_path.hpp"

namespace ffft::cpu::detail {

// A tile's values as a local pass sees them: column c's element q at
// data[c + step q].
template <class C>
struct column_view {
  C* data;
  std::int64_t step;
};

// A thread's two tile buffers of `values` values each, a few lines apart,
// kept from call to call: made per call, a tile of the cache's size was a
// block of 4 MiB or more, which glibc maps afresh and the kernel faults in
// (huge pages among them, aligned_vector.hpp) at every transform. At most
// two tiles a thread, path and format stay allocated: of tile_points
// values, or of a transform's where its tiles fit the last-level cache
// (cache_blocking.hpp, blocked_groups).
// LaneBytes keeps each path's copy its own (lane_butterfly.hpp says why).
template <int LaneBytes, class V>
V* tile_buffers(std::uint64_t values) {
  thread_local aligned_vector<V> memory;
  const std::uint64_t apart = values + 8;
  if (memory.size() < 2 * apart) aligned_vector<V>(2 * apart).swap(memory);
  return memory.data();
}

// The memory for a group's lane-planar twiddles (run_group, planar_twiddles):
// `values` of them, on the thread that runs the group, kept as tile_buffers
// keeps its tiles.
template <int LaneBytes, class V>
V* planar_twiddle_buffer(std::uint64_t values) {
  thread_local aligned_vector<V> memory;
  if (memory.size() < values) aligned_vector<V>(values).swap(memory);
  return memory.data();
}

// A tile pass's lane group (k, s, c): butterflies (k, s) of columns c to
// c + W - 1, walked c fastest, then s < m', then k. The next one, whose
// operands a pass asks for ahead; k = l' past the last.
struct lane_group {
  std::uint64_t k, s, c;
  lane_group next(std::uint64_t lanes, std::uint64_t width, std::uint64_t m) const {
    if (c + lanes < width) return {k, s, c + lanes};
    return s + 1 < m ? lane_group{k, s + 1, 0} : lane_group{k + 1, 0, 0};
  }
};

// One local pass (r = R, l', m') of a tile of `width` columns, from `from`
// to `to`: butterfly (k', s) of W consecutive columns at a time. Its
// twiddle for output a is at twiddles + (a - 1) twiddle_step + c + M s
// for column c of an M > 1 tile (each lane its own), and at
// twiddles + (a - 1) m' + s for every column of an M = 1 tile (the
// column's index i is 0: one twiddle for all the lanes, loaded once).
// With prefetch_next, the next lane group's inputs and twiddles are asked
// for before this one's arithmetic (group_prefetches_next_operands says
// when and why).
template <int LaneBytes, int R, class E>
void column_pass(bool inverse, const fft::local_pass& p, std::uint64_t width, std::uint64_t m,
                 const complex<E>* twiddles, column_view<const complex<E>> from,
                 column_view<complex<E>> to, bool prefetch_next) {
  using L = fft::lane_expansion<E, LaneBytes>;
  constexpr int W = fft::lane_count<E, LaneBytes>;
  const std::uint64_t twiddle_step = m * p.m;
  const bool shared_twiddles = m == 1;
  const bool twiddled = twiddle_step > 1;  // the global pass's m is M m'; at 1 its twiddles are all 1
  // Where butterfly (k, s)'s input j and twiddle a of columns c.. lie: its
  // loads and the prefetches of the lane group before it both ask here.
  const auto input_at = [&](std::uint64_t k, std::uint64_t s, std::uint64_t c, int j) __attribute__((always_inline)) {
    return from.data + c + from.step * static_cast<std::int64_t>(s + p.m * (static_cast<std::uint64_t>(j) + R * k));
  };
  const auto twiddle_at = [&](std::uint64_t s, std::uint64_t c, int a) __attribute__((always_inline)) {
    return twiddles + static_cast<std::uint64_t>(a - 1) * twiddle_step + c + m * s;
  };
  for (std::uint64_t k = 0; k < p.l; ++k)
    for (std::uint64_t s = 0; s < p.m; ++s) {
      for (std::uint64_t c = 0; c < width; c += W) {
        const auto prefetch_next_group = [&]() __attribute__((always_inline)) {
          const lane_group next = lane_group{k, s, c}.next(W, width, p.m);
          if (next.k < p.l) {
FFFT_UNROLL
            for (int j = 0; j < R; ++j) fft::prefetch_lanes<LaneBytes, E>(input_at(next.k, next.s, next.c, j));
            if (twiddled && !shared_twiddles)
FFFT_UNROLL
              for (int a = 1; a < R; ++a) fft::prefetch_lanes<LaneBytes, E>(twiddle_at(next.s, next.c, a));
          }
        };
        const complex<E>* first_input = input_at(k, s, c, 0);
        complex<E>* first_output = to.data + c + to.step * static_cast<std::int64_t>(s + p.m * k);
        const auto in_step = from.step * static_cast<std::int64_t>(p.m);
        const auto out_step = to.step * static_cast<std::int64_t>(p.m * p.l);
        if constexpr (fft::rows_arithmetic<E, R>) {
          // Rows of memory, as in a pass; one twiddle for all the lanes
          // (M = 1) is broadcast where its product needs it.
          if (fft::rows_apart(first_input, in_step, static_cast<const complex<E>*>(first_output), out_step, R, W)) {
            if (prefetch_next) prefetch_next_group();
            if (shared_twiddles && twiddled)
              fft::lane_butterfly_rows<LaneBytes, R, E, true>(first_input, in_step, twiddles + s,
                                                              static_cast<std::int64_t>(p.m), first_output, out_step,
                                                              inverse, true);
            else
              fft::lane_butterfly_rows<LaneBytes, R, E>(first_input, in_step, twiddle_at(s, c, 1),
                                                        static_cast<std::int64_t>(twiddle_step), first_output, out_step,
                                                        inverse, twiddled);
            continue;
          }
        }
        complex<L> x[R], w[R - 1];
FFFT_UNROLL
        for (int j = 0; j < R; ++j) x[j] = fft::load_lanes<LaneBytes, E>(first_input + j * in_step);
        if (twiddled)
FFFT_UNROLL
          for (int a = 1; a < R; ++a)
            w[a - 1] = shared_twiddles ? fft::broadcast_lanes<LaneBytes, E>(twiddles[static_cast<std::uint64_t>(a - 1) * p.m + s])
                                       : fft::load_lanes<LaneBytes, E>(twiddle_at(s, c, a));
        if (prefetch_next) prefetch_next_group();
        fft::lane_butterfly_arithmetic<LaneBytes, R, E>(x, w, inverse, twiddled);
FFFT_UNROLL
        for (int a = 0; a < R; ++a) fft::store_lanes<LaneBytes, E>(x[a], first_output + a * out_step);
      }
    }
}

template <int LaneBytes, class E>
void column_pass(bool inverse, const fft::local_pass& p, std::uint64_t width, std::uint64_t m,
                 const complex<E>* twiddles, column_view<const complex<E>> from,
                 column_view<complex<E>> to, bool prefetch_next = false) {
  switch (p.radix) {
    case 2: return column_pass<LaneBytes, 2>(inverse, p, width, m, twiddles, from, to, prefetch_next);
    case 3: return column_pass<LaneBytes, 3>(inverse, p, width, m, twiddles, from, to, prefetch_next);
    case 4: return column_pass<LaneBytes, 4>(inverse, p, width, m, twiddles, from, to, prefetch_next);
    case 5: return column_pass<LaneBytes, 5>(inverse, p, width, m, twiddles, from, to, prefetch_next);
    case 7: return column_pass<LaneBytes, 7>(inverse, p, width, m, twiddles, from, to, prefetch_next);
    case 8: return column_pass<LaneBytes, 8>(inverse, p, width, m, twiddles, from, to, prefetch_next);
    default: throw std::logic_error("ffft: no butterfly for radix " + std::to_string(p.radix));
  }
}

// Inputs and outputs of unit stride (cache_blocking.hpp blocks no other).
template <int LaneBytes, class E>
void run_group(bool inverse, unsigned threads, const fft::pass_group& g, const complex<E>* twiddles,
               fft::strided<const complex<E>> in, fft::strided<complex<E>> out, std::uint64_t batch,
               const fft::scaling<E>& finish, std::uint32_t tile_points) {
  using value = complex<E>;
  constexpr std::uint32_t lanes = fft::lane_count<E, LaneBytes>;
  const std::uint64_t radix = g.radix, l = g.l, m = g.m;
  const fft::scaling<E> none{fft::scaling<E>::kind::none, 0, {}, {}};
  if (m > 1) {
    // Never the last group, so never scaled (run_stockham_groups).
    if (finish.how != fft::scaling<E>::kind::none) throw std::logic_error("ffft: a group with M > 1 is never the last");
    const std::uint64_t width = tile_columns(tile_points, g.radix, lanes, m, sizeof(value));
    const std::uint64_t per_run = m / width;  // tiles per (b, k)
    const auto count = static_cast<std::size_t>(g.count);
    parallel_ranges(threads, batch * l * per_run, 1, [&](std::uint64_t first, std::uint64_t end) {
      value* const buffers = tile_buffers<LaneBytes, value>(width * radix);
      value* tile[2] = {buffers, buffers + width * radix + 8};  // apart by a few lines more
      for (std::uint64_t t = first; t < end; ++t) {
        const std::uint64_t b = t / (l * per_run), k = t / per_run % l, i0 = t % per_run * width;
        column_view<const value> from{&in(b, i0 + m * radix * k), static_cast<std::int64_t>(m)};
        for (std::size_t s = 0; s < count; ++s) {
          const bool last = s + 1 == count;
          const column_view<value> to = last ? column_view<value>{&out(b, i0 + m * k), static_cast<std::int64_t>(m * l)}
                                             : column_view<value>{tile[s % 2], static_cast<std::int64_t>(width)};
          const fft::local_pass& p = g.passes[s];
          column_pass<LaneBytes>(inverse, p, width, m, twiddles + i0 + p.twiddle_offset, from, to,
                                 group_prefetches_next_operands<E>);
          from = {to.data, to.step};
        }
      }
    });
    return;
  }
  // M = 1: blocks of whole columns (b, k0 .. k0 + blocks - 1), within one b.
  // As many as tile_blocks gives, but at least 4 blocks a thread where L allows:
  // the blocks are the threads' shares, and a last group whose L columns
  // one tile holds would otherwise run on one thread.
  std::uint64_t blocks = tile_blocks(tile_points, g.radix, l, sizeof(value));
  const std::uint64_t shares = 4 * std::uint64_t{team_size(threads)};
  if (batch * ((l + blocks - 1) / blocks) < shares) {
    const std::uint64_t shares_per_transform = (shares + batch - 1) / batch;
    blocks = l / shares_per_transform > 1 ? l / shares_per_transform : 1;
  }
  if (blocks > l) blocks = l;  // L = 1: one transform a tile
  const std::uint64_t per_transform = (l + blocks - 1) / blocks;
  const auto step = static_cast<std::int64_t>(blocks);
  const bool across = l % lanes == 0 && blocks % lanes == 0;  // across_columns, else along_columns

  // Lanes across the columns: the tile holds column c's element q at
  // c + blocks q (copied so from its R consecutive input values), so that
  // every local pass loads and stores whole lane vectors, however short
  // its m', with one twiddle for all the lanes; and the last pass stores
  // column c's output A straight to k0 + c + L A.
  //
  // The copy goes a lane vector of columns at a time, element by element,
  // so that each element's W values land on consecutive addresses. A
  // column at a time wrote its R values `blocks` apart (2 KiB for df64 and
  // dd128 on avx512), on lines that share a few sets of the L1 cache; with
  // the input coming from memory, that copy took a third of the time of
  // the last group ([8 8 2]) of a 2^22 df64 transform (avx512, timed local
  // pass by local pass, one-off). One transform, one thread, best of 3
  // interleaved runs of ffft_transform_loop on the Xeon, against a column
  // at a time: avx512 df64 at 2^21 and 2^22 0.90 and 0.94 of the time,
  // dd128 at 2^20-2^22 0.96, 0.95 and 0.96; avx2 df64 0.97 and 0.95,
  // dd128 0.98, 0.99 and 0.97.
  const auto across_columns = [&](value* const tile[2], std::uint64_t b, std::uint64_t k0, std::uint64_t count) {
    const value* const columns = &in(b, radix * k0);
    for (std::uint64_t c0 = 0; c0 < count; c0 += lanes)
      for (std::uint64_t q = 0; q < radix; ++q)
        for (std::uint64_t c = c0; c < c0 + lanes; ++c) tile[1][c + blocks * q] = columns[radix * c + q];
    column_view<const value> from{tile[1], step};
    for (int s = 0; s < g.count; ++s) {
      const bool last = s + 1 == g.count;
      const column_view<value> to = last ? column_view<value>{&out(b, k0), static_cast<std::int64_t>(l)}
                                         : column_view<value>{tile[s % 2], step};
      column_pass<LaneBytes>(inverse, g.passes[s], count, 1, twiddles + g.passes[s].twiddle_offset, from, to);
      from = {to.data, to.step};
    }
    if (finish.how == fft::scaling<E>::kind::none) return;
    for (std::uint64_t a = 0; a < radix; ++a) {
      const std::uint64_t j0 = k0 + l * a;
      finish_run(finish, j0, &out(b, j0), 1, &out(b, j0), 1, count);
    }
  };

  // Lanes along each column: the path's own passes of length R, the first
  // reading the input in place. Where L = 1 (the group the whole
  // transform) the outputs A are consecutive, so the last pass stores
  // them in place and scales them; otherwise the last pass writes a
  // tile buffer, copied to the outputs k0 + c + L A in runs of `count`.
  const auto shape = [&](std::size_t j) {
    const fft::local_pass& p = g.passes[j];
    return fft::pass_shape{p.radix, p.l, p.m};
  };
  const auto twiddles_of = [&](std::size_t j) { return fft::pass_twiddles<E>{twiddles + g.passes[j].twiddle_offset}; };
  // The passes with m a multiple of W read each twiddle row W values at a
  // time (stockham_butterfly_consecutive): on the paths that take
  // lane-planar blocks, from a copy of their arrays in such blocks, made
  // once a call for every tile and thread, so that no twiddle load
  // permutes its limbs. The copy costs a load's permutes once a twiddle,
  // where the loads cost them once a twiddle and transform; a call's
  // transforms are at least two (blocked_groups runs a lone transform
  // that fits a tile pass by pass). Only where the copy fits a tile: on
  // the Zen 4's avx512 path, dd128 at 2^17 in batches of 2, whose 4 MiB
  // of twiddles one thread copied while the other waited, took 1.04-1.13
  // of the time on two threads (the same build against itself: 0.90-1.04).
  // Within a tile (batches of 2^18 points, best of 5 interleaved runs of
  // ffft_transform_loop, against loads that permute), one thread: dd128 at
  // 2^10-2^16 0.98, 0.94, 0.96, 0.96, 0.95, 0.95-0.98 and 0.96; df64 at
  // 2^10, 2^13 and 2^16 0.98, 0.96 and 0.95; qf128, whose arithmetic is
  // ten times as long, 1.00, 1.00 and 0.98. Two threads: dd128 at 2^12,
  // 2^15 and 2^16 0.96, 0.98 and 0.96.
  const value* planar_twiddles[fft::max_group_passes] = {};  // by pass; none where null
  if (fft::takes_lane_planar_blocks<LaneBytes> && !across) {
    std::uint64_t values = 0;
    for (int j = 0; j < g.count; ++j)
      if (g.passes[j].m % lanes == 0) values += (g.passes[j].radix - 1) * g.passes[j].m;
    value* copy = values > 0 && values <= tile_points ? planar_twiddle_buffer<LaneBytes, value>(values) : nullptr;
    for (int j = 0; copy != nullptr && j < g.count; ++j) {
      const fft::local_pass& p = g.passes[j];
      if (p.m % lanes != 0) continue;
      const value* const source = twiddles + p.twiddle_offset;
      for (std::uint64_t e = 0; e < (p.radix - 1) * p.m; e += lanes)
        fft::store_planar<LaneBytes, E>(fft::load_lanes<LaneBytes, E>(source + e), copy + e);
      planar_twiddles[j] = copy;
      copy += (p.radix - 1) * p.m;
    }
  }
  // A tile of `count` columns' steps: two local passes as one where
  // fused_passes.hpp allows, the tile's values against the tile's size (at
  // most the cache, and more than half of it); a step reads the input or
  // the tile buffer the step before it wrote, never the one it writes (at
  // least two steps: a pair needs a pass before or after it). The same for
  // every tile but a last, shorter one, so planned once for those.
  //
  // Between two steps of one pass each whose loaders take them, the tile
  // buffer holds lane-planar blocks (lane_layout, on the paths that take
  // them): the step before stores its lanes' limb vectors as they are, the
  // step after loads them so, and neither permutes them. The input and the
  // output, and the buffers a pair reads or writes, hold values as the API
  // has them. On the Zen 4's avx512 path (batches of 2^18 points, one
  // thread, best of 5 interleaved runs of ffft_transform_loop, against
  // every tile buffer as the API has it) dd128 at 2^10-2^15 took 0.85-0.95
  // of the time, df64 at 2^10, 2^12 and 2^14 0.97, 0.92 and 1.00, qf128
  // 0.99. On avx2, which takes none, dd128 gained nothing and the loaders'
  // runtime choice cost single transforms 7-8% (lane_butterfly.hpp).
  struct column_steps {
    std::vector<fft::pass_step> steps;
    std::vector<fft::lane_layout> layouts;  // step s's
  };
  const auto plan_steps = [&](std::uint64_t count) {
    column_steps plan;
    const std::uint64_t tile_bytes = count * radix * sizeof(value);
    plan.steps = fft::two_pass_steps(static_cast<std::size_t>(g.count), [&](std::size_t j) {
      return fuses_two_passes<E>(shape(j), shape(j + 1), lanes, 1, 1, tile_bytes, std::size_t{tile_points} * sizeof(value));
    });
    const auto single_planar = [&](std::size_t t) {
      return !plan.steps[t].two && takes_planar_blocks<lanes>(shape(plan.steps[t].first));
    };
    const auto planar_after = [&](std::size_t s) {  // the buffer step s writes
      return fft::takes_lane_planar_blocks<LaneBytes> && s + 1 < plan.steps.size() && single_planar(s) &&
             single_planar(s + 1);
    };
    for (std::size_t s = 0; s < plan.steps.size(); ++s)
      plan.layouts.push_back(fft::lane_layout{s > 0 && planar_after(s - 1), planar_after(s),
                                              !plan.steps[s].two && planar_twiddles[plan.steps[s].first] != nullptr});
    return plan;
  };
  const auto along_columns = [&](const column_steps& plan, value* const tile[2], std::uint64_t b, std::uint64_t k0,
                                 std::uint64_t count) {
    const auto dense = static_cast<std::int64_t>(radix);
    fft::strided<const value> from{&in(b, radix * k0), 1, dense};
    for (std::size_t s = 0; s < plan.steps.size(); ++s) {
      const bool in_place = s + 1 == plan.steps.size() && l == 1;
      const fft::strided<value> to = in_place ? fft::strided<value>{&out(b, 0), 1, dense}
                                              : fft::strided<value>{tile[s % 2], 1, dense};
      const std::size_t j = plan.steps[s].first;
      bool ran = false;
      // Only the formats that pair instantiate the pairs' bodies (steps[s].two is never set for the others).
      if constexpr (fuses_passes_of<E>) {
        if (plan.steps[s].two) {
          run_two_passes<LaneBytes>(inverse, 1, shape(j), shape(j + 1), twiddles_of(j), twiddles_of(j + 1), from, to,
                                    count, in_place ? finish : none);
          ran = true;
        }
      }
      if (!ran)
        run_pass<LaneBytes>(inverse, 1, shape(j),
                            plan.layouts[s].twiddles_planar ? fft::pass_twiddles<E>{planar_twiddles[j]} : twiddles_of(j),
                            from, to, count, in_place ? finish : none, false, plan.layouts[s]);
      from = {to.data, 1, dense};
    }
    if (l == 1) return;  // the last step wrote the output in place
    for (std::uint64_t a = 0; a < radix; ++a) {
      const std::uint64_t j0 = k0 + l * a;
      finish_run(finish, j0, from.data + a, static_cast<std::int64_t>(radix), &out(b, j0), 1, count);
    }
  };

  const column_steps whole_tile = across ? column_steps{} : plan_steps(blocks);
  parallel_ranges(threads, batch * per_transform, 1, [&](std::uint64_t first, std::uint64_t end) {
    value* const buffers = tile_buffers<LaneBytes, value>(blocks * radix);
    value* const tile[2] = {buffers, buffers + blocks * radix + 8};  // apart by a few lines more
    for (std::uint64_t t = first; t < end; ++t) {
      const std::uint64_t b = t / per_transform, k0 = t % per_transform * blocks;
      const std::uint64_t count = l - k0 < blocks ? l - k0 : blocks;  // across: a multiple of the lanes
      if (across)
        across_columns(tile, b, k0, count);
      else if (count == blocks)
        along_columns(whole_tile, tile, b, k0, count);
      else
        along_columns(plan_steps(count), tile, b, k0, count);
    }
  });
}

}  // namespace ffft::cpu::detail

// The path's stockham_group for format E (stockham_pass_paths.hpp).
#define FFFT_DEFINE_STOCKHAM_GROUP(E)                                                            \
  void ffft::cpu::FFFT_CPU_PATH::stockham_group(                                                 \
      unsigned threads, int sign, const fft::pass_group& group, const complex<E>* twiddles,     \
      fft::strided<const complex<E>> in, fft::strided<complex<E>> out, std::uint64_t batch,      \
      const fft::scaling<E>& finish, std::uint32_t tile_points) {                                \
    detail::run_group<FFFT_CPU_LANE_BYTES>(sign > 0, threads, group, twiddles, in, out, batch,   \
                                           finish, tile_points);                                 \
  }
