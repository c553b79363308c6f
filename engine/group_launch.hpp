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
// every architecture from sm_70 grants). A group of up to tile_points / 2
// points gets a tile of at least two columns: in the last group, whose
// outputs for consecutive k are M = 1 apart, two columns make the stores
// 32-byte sector runs even for df64's 16-byte values.
inline constexpr std::size_t group_shared_bytes = 64 * 1024;
template <class E>
inline constexpr std::uint32_t group_tile_points =
    static_cast<std::uint32_t>(group_shared_bytes / (2 * sizeof(complex<E>)));

// Longer groups, of up to group_longest<E> points, take one column per tile
// (and dd128's two tiles of 2048 values take 128 KiB), so that lengths
// with a radix-4 or radix-2 pass need a group fewer: 2^20 = 8^6 x 4 is
// [8 8 8][8 8 8 4] (df64; [4 8 8 8][8 8 8] where the short pass comes
// first, fft::short_pass_of), two round trips through device memory
// instead of three ([8 8 8][8 8 8][4]), as are 2^19, and 2^10 and 2^11
// become one. Only
// where the device grants the shared memory (sharedMemPerBlockOptin: 227 KiB
// on sm_90, 163 KiB on sm_80, 99 KiB on sm_86 and sm_89, 64 KiB on sm_75):
// every device for df64, sm_80 and sm_90 for dd128.
// What a longer group costs:
// - df64: its tile of 2048 values is the 32 KiB of today's tiles, so as many
//   blocks fit per SM; one column per tile leaves the last group's stores
//   16 bytes per 32-byte sector, which the L2 merges with the neighbouring
//   column's half while both are resident (adjacent blocks write them).
// - dd128: 128 KiB per block, one block per SM, but of 256 threads: its
//   252-254 registers already allow one 256-thread or two 128-thread
//   blocks, 8 warps either way.
// - qf128: none. Its kernel is bounded to 3 blocks of 128 threads per SM
//   (12 warps, cuda_engine.cu), and 128 KiB tiles would leave one: 4 warps
//   for a kernel that ran 1.3-2x slower at 8 warps than at 12. The lone
//   radix-4 group it would save took 1.54 of 12.99 ms at 2^20 (ncu, H200),
//   less than a 2048-point group, with its 4 passes, would lose at a third
//   of the warps.
template <class E>
inline constexpr std::uint32_t group_longest = 2048;
template <>
inline constexpr std::uint32_t group_longest<qf128> = 512;

// The longest group a device with shared_optin bytes per block runs: the
// format's longest whose two tiles fit, never below tile_points / 2.
template <class E>
constexpr std::uint32_t group_max_radix_within(std::size_t shared_optin) {
  std::uint32_t radix = group_longest<E>;
  while (radix > group_tile_points<E> / 2 && 2 * std::size_t{radix} * sizeof(complex<E>) > shared_optin)
    radix /= 2;
  return radix;
}

// The H100's and H200's opt-in (sm_90), which the tools without a GPU
// (tools/sass/, the bank-conflict test) plan for.
inline constexpr std::size_t sm90_shared_optin = 227 * 1024;
template <class E>
inline constexpr std::uint32_t group_max_radix = group_max_radix_within<E>(sm90_shared_optin);

// The values in each tile of a group of `radix` points on tiles of
// tile_points: tile_points, or for a longer group (one column per tile) its
// own length rounded up to a multiple of 8. The 32-byte formats' swizzle
// (tile_layout.hpp) permutes aligned blocks of 8 entries, so a tile of a
// length such as 2025 = 3^4 5^2 (Bluestein's padded length for 1009) would
// put its last entries' slots past the end of its planes.
FFFT_HD constexpr std::uint32_t tile_entries_within(std::uint32_t tile_points, std::uint32_t radix) {
  return radix > tile_points ? (radix + 7u) / 8u * 8u : tile_points;
}

// The values in each of a group's two tiles (tile_entries_within the
// format's tile). The kernels call it too, to lay out their tiles.
template <class E>
FFFT_HD constexpr std::uint32_t group_tile_entries(const pass_group& g) {
  // A constant where no group is longer (qf128): the kernel's tile layout
  // is then what it was before longer groups, to the instruction.
  if constexpr (group_longest<E> <= group_tile_points<E> / 2) return group_tile_points<E>;
  else return tile_entries_within(group_tile_points<E>, g.radix);
}
template <class E>
constexpr std::size_t group_tile_bytes(const pass_group& g) {
  return 2 * std::size_t{group_tile_entries<E>(g)} * sizeof(complex<E>);
}

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
