// When the CPU's lane paths run a transform's last two Stockham passes as
// one step (stockham_last_two_butterflies, lane_butterfly.hpp): a radix-8
// pass at m = R2 followed by the radix-R2 pass at m = 1, R2 = 2 or 4, the
// ends of the schedules of 8^k x 2 and 8^k x 4.
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
// short passes, dd128 on avx512 had taken 0.92-0.99.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ffft/fft/stockham_pass.hpp"

namespace ffft::cpu {

// The formats whose passes fuse: the two-limb ones, df64 and dd128. Not
// qf128, whose butterflies do ten times dd128's arithmetic per value moved:
// fused, it ran within 2% either way (the Xeon's avx512 path, one transform
// of 2^10, 2^13 and 2^14, best of 2 interleaved runs), and its two fused
// bodies added 72 KB to the avx512 path's qf128 object.
template <class E>
inline constexpr bool fuses_passes_of = E::limbs == 2;

// Whether passes p1 then p2, the last two of a transform of a format that
// fuses_passes_of, run as one step on a path of `lanes` lanes, from an input
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

// Whether the last two of a tile's or a transform's `count` passes run as
// one step in unit strides, shape(j) giving pass j's fft::pass_shape: a
// format that fuses_passes_of, and at least three passes, so that a step
// before the two leaves their input in a buffer they do not write
// (engine/runner.hpp asks the same of a whole transform's passes).
template <class E, class Shape>
bool fuses_last_two_of(std::size_t count, const Shape& shape, std::uint32_t lanes) {
  return fuses_passes_of<E> && count >= 3 && fuses_last_two_passes(shape(count - 2), shape(count - 1), lanes, 1, 1);
}

}  // namespace ffft::cpu
