// The shape of the CUDA group kernels' launches (kernels/cuda_engine.cu):
// tile sizes, threads per block, and how many threads a group's launch
// takes. Host code, so that tools and tests (tools/sass/, the shared-memory
// bank-conflict report) see the shapes the kernels are launched with.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "engine/pass_groups.hpp"
#include "ffft/complex.hpp"

namespace ffft::fft {

// The shared memory of a group kernel: two tiles (the passes ping-pong
// between them, so one barrier per pass suffices) of group_tile_points<E>
// values, 64 KiB for every format (an opt-in above the default 48 KiB, which
// every architecture from sm_70 grants). The widest group is tile_points / 2
// points, so a tile holds at least two columns: in the last group, whose
// outputs for consecutive k are M = 1 apart, two columns make the stores
// 32-byte sector runs even for df64's 16-byte values.
inline constexpr std::size_t group_shared_bytes = 64 * 1024;
template <class E>
inline constexpr std::uint32_t group_tile_points =
    static_cast<std::uint32_t>(group_shared_bytes / (2 * sizeof(complex<E>)));
template <class E>
inline constexpr std::uint32_t group_max_radix = group_tile_points<E> / 2;
// Threads per block at most: 128 for qf128, whose kernel is bounded to 3
// blocks of 128 per SM (cuda_engine.cu).
template <class E>
inline constexpr unsigned group_max_threads = 256;
template <>
inline constexpr unsigned group_max_threads<qf128> = 128;

// One thread per butterfly of the widest pass, in whole warps, at most
// max_threads: a block of 512-point radix-8 groups of the 32-byte formats
// (2 columns) is 128 threads, where 256 left half the warps idle in every
// butterfly phase (and allowed one qf128 block per SM).
inline unsigned group_block_threads(const pass_group& g, std::uint32_t width, unsigned max_threads) {
  const std::uint64_t wanted = (std::uint64_t{widest_pass_butterflies(g, width)} + 31) / 32 * 32;
  return static_cast<unsigned>(std::clamp<std::uint64_t>(wanted, 32, max_threads));
}

}  // namespace ffft::fft
