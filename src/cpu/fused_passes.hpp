// When the CPU's lane paths run two Stockham passes as one step, so that
// the values go from the first pass's butterflies to the second's without a
// trip through the data. Two ways:
//  - a transform's last two passes (stockham_last_two_butterflies,
//    lane_butterfly.hpp): a radix-8 pass at m = R2 followed by the
//    radix-R2 pass at m = 1, R2 = 2 or 4, the ends of df64's schedules of
//    8^k x 2 and 8^k x 4 (dd128's put the short pass first: fft::short_pass_of);
//  - two consecutive radix-8 passes whose second has m a multiple of the
//    lanes (stockham_two_butterflies_consecutive), the early passes of
//    every power of 8 or more, for df64 on the avx2 path while the data
//    are within the cache (pairs_on, pairs_within_cache). A transform's
//    passes pair from the first on (engine/step_buffers.hpp,
//    two_pass_steps): 2^12 = 8^4 runs as [8 8][8][8], 2^13 as
//    [8 8][8][8 2], 2^16 as [8 8][8 8][8 2].
//
// Alone, that short last pass cost nearly what a radix-8 pass does for one
// or two factors of 2 instead of three: on the Xeon's avx512 path (Sapphire
// Rapids class), dd128's radix-2 pass executed 24.2 instructions a point
// against a radix-8 pass's 29.6, and took 2.52-3.40 ns a point against
// 3.12-3.18, as many loads, deinterleaving shuffles and stores as a
// radix-8 pass for a butterfly of a few dozen operations, with its twiddles
// gathered lane by lane. Fused, the values go from the radix-8 butterflies
// to the short ones without a store and a load, both passes' twiddles are
// one for all the lanes, and the loads are transposed into lanes in
// log2 W rounds of shuffles (instead of load_lanes' log2 K and then log2 R
// rounds of deinterleaving). One transform, one thread, best of 3
// interleaved runs of ffft_transform_loop on the Xeon (one-off), fused
// against the passes one by one at N = 2^10, 2^13, 2^14, 2^16, 2^17, 2^19:
//   avx512  dd128 0.91 0.93 0.95 0.92 0.97 0.95; df64 0.94 0.93 0.99 0.95 0.95 0.91
//   avx2    dd128 0.83 0.85 0.94 0.89 0.95 0.90; df64 0.79 0.82 0.87 0.87 0.91 0.88
// of the time. Fused with load_lanes and the deinterleaving rounds of the
// short passes, dd128 on avx512 had taken 0.92-0.99. The pairs of radix-8
// passes: pairs_within_cache.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/step_buffers.hpp"
#include "ffft/fft/schedule.hpp"
#include "ffft/fft/stockham_pass.hpp"

namespace ffft::cpu {

// The formats whose passes fuse: the two-limb ones, df64 and dd128. Not
// qf128, whose butterflies do ten times dd128's arithmetic per value moved:
// fused, it ran within 2% either way (the Xeon's avx512 path, one transform
// of 2^10, 2^13 and 2^14, best of 2 interleaved runs), and its two fused
// bodies added 72 KB to the avx512 path's qf128 object.
template <class E>
inline constexpr bool fuses_passes_of = E::limbs == 2;

// The formats whose last two passes fuse: those whose schedules end with
// the short pass (fft::short_pass_of), df64.
template <class E>
inline constexpr bool fuses_last_two_of = fuses_passes_of<E> && fft::short_pass_of<E> == fft::short_pass::last;

// Whether passes p1 then p2, the last two of a transform of a format that
// fuses_last_two_of, run as one step on a path of `lanes` lanes, from an input
// of unit stride to an output of unit stride: the radices above, and L1
// (p1.l) a multiple of the lanes, so that each lane group's W columns lie in
// one transform. The caller makes
// sure that the input and the output do not overlap (a step that reads
// where it writes would overwrite inputs that other groups still read).
inline bool fuses_last_two_passes(const fft::pass_shape& p1, const fft::pass_shape& p2, std::uint32_t lanes,
                                  std::int64_t in_stride, std::int64_t out_stride) {
  return lanes > 1 && in_stride == 1 && out_stride == 1 && p1.radix == 8 && (p2.radix == 2 || p2.radix == 4) &&
         p2.m == 1 && p1.m == static_cast<std::uint64_t>(p2.radix) && p2.l == 8 * p1.l && p1.l % lanes == 0;
}

// Whether passes p1 then p2 run as one step anywhere in a transform
// (stockham_two_butterflies_consecutive, lane_butterfly.hpp): two radix-8
// passes, consecutive (p2's L is p1's times 8), p2's m a multiple of the
// lanes, so that each lane group's operands are whole vectors; unit strides.
inline bool fuses_consecutive_passes(const fft::pass_shape& p1, const fft::pass_shape& p2, std::uint32_t lanes,
                                     std::int64_t in_stride, std::int64_t out_stride) {
  return lanes > 1 && in_stride == 1 && out_stride == 1 && p1.radix == 8 && p2.radix == 8 &&
         p2.l == 8 * p1.l && p1.m == 8 * p2.m && p2.m % lanes == 0;
}

// Whether consecutive passes of format E over `data_bytes` of values (one
// buffer: the whole batch) on a path of `lanes` lanes pair where
// fuses_consecutive_passes allows: while the data are small enough against
// the per-core cache (cache_bytes; never where it is 0, the plain
// pass-by-pass schedule FFFT_CPU_CACHE_BYTES=0 asks for), as measured. A
// pair reads 64 rows and 56 rows of twiddles and writes 64 rows at once,
// far more streams than a pass's 23, which the hardware prefetchers follow
// no longer once the rows come from beyond the cache; and its 64 lane
// values pass through the stack, which on AVX2's 16 registers costs dd128
// what the trip it saves does. On the Xeon (Sapphire Rapids class, 2 MiB
// of L2; one transform, one thread, best of 3-5 interleaved runs of
// ffft_transform_loop), pairs against the passes one by one took this much
// of the time:
//   avx512 dd128 2^10-2^17: 0.92 0.94 0.91-0.92 0.96 0.96-1.03 0.93-0.99 0.96-0.98
//               2^18, 2^19: 1.14 1.48 (8 and 16 MiB)
//          df64 2^10, 2^13, 2^15-2^18: 0.93 0.93 0.97 0.91 0.95-0.98 0.92
//               2^19, 2^20: 1.09 1.44 (8 and 16 MiB)
//   avx2   df64 2^10, 2^13-2^15: 0.89 0.90 0.91 0.92; 2^16, 2^18: 1.04 1.07 (1 and 4 MiB)
//          dd128 2^10, 2^12, 2^13: 1.00 0.98 1.00; 2^15-2^17: 1.14 1.22 1.15
// So on avx512 data up to twice the cache, on avx2 df64 up to a quarter of
// it, and dd128 on avx2 never. Then the passes' butterflies came to load
// and store their rows themselves (lane_butterfly_rows, lane_butterfly.hpp),
// which a pair's second pass, on values through the stack, cannot. On the
// Zen 4 (batches of 2^18 points, one thread, best of 5 interleaved runs),
// the passes one by one against pairs, both with those rows, took on
// avx512 0.93-0.97 of the time for dd128 at 2^10-2^16 (1.00 and 0.97 at
// 2^17 and 2^18) and 0.87-0.94 for df64 at 2^12-2^17; on avx2 df64 1.12,
// 0.97, 0.94, 0.98 and 0.99 at 2^10, 2^12, 2^13, 2^15 and 2^16. So df64 on
// avx2 only, up to a quarter of the cache.
template <class E>
inline constexpr bool pairs_on(std::uint32_t lane_bytes) {
  return fuses_passes_of<E> && lane_bytes < 64 && sizeof(typename E::limb_type) == 4;
}

template <class E>
inline bool pairs_within_cache(std::uint32_t lanes, std::uint64_t data_bytes, std::size_t cache_bytes) {
  const auto lane_bytes = static_cast<std::uint32_t>(lanes * sizeof(typename E::limb_type));
  const std::uint64_t cache = cache_bytes;
  if (cache == 0 || !pairs_on<E>(lane_bytes)) return false;
  return 4 * data_bytes <= cache;
}

// Whether passes p1 then p2 of format E run as one step, either way, over
// data_bytes of values (pairs_within_cache).
template <class E>
inline bool fuses_two_passes(const fft::pass_shape& p1, const fft::pass_shape& p2, std::uint32_t lanes,
                             std::int64_t in_stride, std::int64_t out_stride, std::uint64_t data_bytes,
                             std::size_t cache_bytes) {
  if (!fuses_passes_of<E>) return false;
  if (fuses_last_two_of<E> && fuses_last_two_passes(p1, p2, lanes, in_stride, out_stride)) return true;
  return fuses_consecutive_passes(p1, p2, lanes, in_stride, out_stride) &&
         pairs_within_cache<E>(lanes, data_bytes, cache_bytes);
}

// The steps that `count` passes of format E (shape(j) giving pass j's
// fft::pass_shape) take on a path of `lanes` lanes over data_bytes of
// unit-stride data: the executor's pass-by-pass schedule (engine/runner.hpp,
// stockham_steps), for tools that model its trips over memory.
template <class E, class Shape>
std::size_t pass_step_count(std::size_t count, const Shape& shape, std::uint32_t lanes, std::uint64_t data_bytes,
                            std::size_t cache_bytes) {
  return fft::two_pass_steps(count, [&](std::size_t j) {
           return fuses_two_passes<E>(shape(j), shape(j + 1), lanes, 1, 1, data_bytes, cache_bytes);
         }).size();
}

}  // namespace ffft::cpu
