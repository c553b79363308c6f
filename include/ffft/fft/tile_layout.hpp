// How a group kernel's tile (stockham_group.hpp) lies in shared memory.
//
// Shared memory serves a warp's 16-byte accesses a quarter-warp at a time:
// 8 lanes, 128 bytes, one wavefront when they fall in 8 distinct 16-byte
// bank slots (address / 16 mod 8), more when several lanes need different
// addresses in one slot. The phases address tile entry v = c + width q.
//
// - 16-byte values (df64): entry v is 16 bytes at v. Consecutive entries
//   fill the 8 slots; the phases are at most 2-way.
// - 32-byte values (qf128, dd128): split into two planes of 16-byte parts,
//   the real parts, then the imaginary parts, each entry's part at a
//   swizzled slot of its plane. Interleaved, a value's two 16-byte accesses
//   made consecutive entries 32 bytes apart, so that 8 lanes covered only 4
//   slots: every phase was at least 2-way. In planes consecutive entries are
//   16 bytes apart, and the swizzle (below) spreads the strided patterns of
//   the last pass of a group (entries 2 x 8 apart for a 2-column tile) and
//   of the load phase of a group with M = 1 (a tile width apart) over the
//   8 slots too.
//
// The swizzle, slot(v) = v xor (d0 xor d1 xor d2 xor d3), d_i the 3-bit
// digits of v / 8, permutes each aligned block of 8 entries, so it is a
// bijection on any tile of a multiple of 8 entries; 8 entries 2^t apart
// (2^t >= 8, the first a multiple of 2^(t+3)) land in distinct slots, as
// 8 consecutive entries from a multiple of 8 do.
// It costs a few integer instructions per access, which the 32-byte formats
// can spare (qf128's butterflies are tens of thousands of instructions,
// dd128's bound by the FP64 pipe) and df64, bound by instruction issue,
// cannot: its tiles stay plain arrays.
//
// Written once for host and device: the kernels, their host emulation
// (tests/test_fft_groups.cpp) and the bank-conflict count
// (tools/sass/bank_conflicts.hpp) address tiles through these.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"

namespace ffft::fft {

template <class E>
inline constexpr bool split_tile_planes = sizeof(complex<E>) == 32;

// The slot of entry v in its plane (exactly the fold above for v < 2^15;
// beyond, still a permutation of each aligned block of 8).
FFFT_HD constexpr std::uint32_t swizzled_slot(std::uint32_t v) {
  std::uint32_t d = v >> 3;
  d ^= d >> 6;
  d ^= d >> 3;
  return v ^ (d & 7u);
}

// A tile of `entries` complex<E> values in two planes of E, accessed as
// the phases access a complex<E>*: tile[v] reads or assigns entry v,
// tile + offset is the view whose entry 0 is entry offset. Parts is E*, or
// an accessor of 16-byte parts with operator[] (the bank-conflict count's
// recording one).
//
// Both tiles of a block share one parts pointer and differ by `first`: the
// passes swap their source and destination tiles, and a swap of two shared
// memory pointers (through this struct) left nvcc unable to tell they point
// to shared memory, so it made every tile access a generic LD/ST.
template <class E, class Parts = E*>
struct split_tile {
  Parts parts;             // the block's tiles' parts
  std::uint32_t entries;   // of a tile: its planes' length
  std::uint32_t first;     // this tile's first part: real part of slot s at parts[first + s],
                           // imaginary part at parts[first + entries + s]
  std::uint32_t offset = 0;

  struct reference {
    Parts parts;
    std::uint32_t re, im;  // indices of the parts
    FFFT_HD operator complex<E>() const { return {parts[re], parts[im]}; }
    FFFT_HD const reference& operator=(const complex<E>& v) const {
      parts[re] = v.re;
      parts[im] = v.im;
      return *this;
    }
  };

  FFFT_HD reference operator[](std::int64_t v) const {
    const std::uint32_t slot = first + swizzled_slot(offset + static_cast<std::uint32_t>(v));
    return {parts, slot, slot + entries};
  }
  FFFT_HD split_tile operator+(std::int64_t d) const {
    return {parts, entries, first, offset + static_cast<std::uint32_t>(d)};
  }
};

// A block's two tiles of `entries` values each, as the phases take them,
// over `storage`: 2 entries values of complex<E>, 16-byte aligned.
template <class Tile>
struct tile_pair {
  Tile a, b;
};

template <class E>
FFFT_HD auto tile_views(complex<E>* storage, std::uint32_t entries) {
  if constexpr (split_tile_planes<E>) {
    E* const parts = reinterpret_cast<E*>(storage);
    return tile_pair<split_tile<E>>{{parts, entries, 0}, {parts, entries, 2 * entries}};
  } else {
    return tile_pair<complex<E>*>{storage, storage + entries};
  }
}

}  // namespace ffft::fft
