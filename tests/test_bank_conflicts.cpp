// The shared-memory bank-conflict counter of tools/sass/bank_conflicts.hpp
// (scripts/sass_counts.py reports the group kernels' conflicts with it) on
// hand-made warp accesses whose cost the hardware model fixes, and its
// recording tiles on the group kernels' host emulation.
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "engine/group_launch.hpp"
#include "engine/pass_groups.hpp"
#include "ffft/conversions.hpp"
#include "ffft/fft/schedule.hpp"
#include "ffft/fft/stockham_group.hpp"
#include "ffft/fft/tile_layout.hpp"
#include "tools/sass/bank_conflicts.hpp"
#include "tools/sass/group_recording.hpp"

namespace {

using namespace ffft;
using sass::access;

// Lane i accesses `bytes` bytes at base + i * stride.
std::vector<std::optional<access>> strided_warp(std::uint64_t stride, std::uint32_t bytes, std::uint64_t base = 0) {
  std::vector<std::optional<access>> lanes(32);
  for (int i = 0; i < 32; ++i) lanes[i] = access{base + i * stride, bytes};
  return lanes;
}

TEST(BankConflicts, ConsecutiveFloatsAreConflictFree) {
  const sass::instruction_cost c = sass::conflict_degree(strided_warp(4, 4));
  EXPECT_EQ(c.degree, 1);
  EXPECT_EQ(c.wavefronts, 1);
  EXPECT_EQ(c.sets, 1);
}

TEST(BankConflicts, StridesOfTheBankCountConflict) {
  EXPECT_EQ(sass::conflict_degree(strided_warp(32 * 4, 4)).degree, 32);  // every lane in bank 0
  EXPECT_EQ(sass::conflict_degree(strided_warp(2 * 4, 4)).degree, 2);    // two words per bank
  EXPECT_EQ(sass::conflict_degree(strided_warp(33 * 4, 4)).degree, 1);   // odd stride: every bank once
  EXPECT_EQ(sass::conflict_degree(strided_warp(16 * 4, 4)).degree, 16);
}

TEST(BankConflicts, SameWordIsABroadcast) {
  EXPECT_EQ(sass::conflict_degree(strided_warp(0, 4, 64)).degree, 1);
  // Two words in the same bank, half the lanes on each: 2-way.
  std::vector<std::optional<access>> lanes = strided_warp(0, 4);
  for (int i = 16; i < 32; ++i) lanes[i] = access{128, 4};
  EXPECT_EQ(sass::conflict_degree(lanes).degree, 2);
}

TEST(BankConflicts, WideAccessesAreServedPerHalfOrQuarterWarp) {
  // 8 bytes: two half-warps of 128 bytes each, each conflict-free.
  sass::instruction_cost c = sass::conflict_degree(strided_warp(8, 8));
  EXPECT_EQ(c.degree, 1);
  EXPECT_EQ(c.sets, 2);
  EXPECT_EQ(c.wavefronts, 2);
  // 16 bytes: four quarter-warps of 128 bytes.
  c = sass::conflict_degree(strided_warp(16, 16));
  EXPECT_EQ(c.degree, 1);
  EXPECT_EQ(c.sets, 4);
  EXPECT_EQ(c.wavefronts, 4);
  // 16 bytes 32 apart (the first half of 32-byte values): a quarter-warp
  // spans 256 bytes, two words per bank.
  EXPECT_EQ(sass::conflict_degree(strided_warp(32, 16)).degree, 2);
  // 16 bytes 128 apart: the 8 lanes of a quarter all in banks 0-3.
  EXPECT_EQ(sass::conflict_degree(strided_warp(128, 16)).degree, 8);
  // 8 bytes 8 apart but the second half-warp on the first's words: broadcast.
  std::vector<std::optional<access>> lanes = strided_warp(8, 8);
  for (int i = 16; i < 32; ++i) lanes[i] = access{(i - 16) * 8u, 8};
  EXPECT_EQ(sass::conflict_degree(lanes).degree, 1);
}

TEST(BankConflicts, InactiveLanesCostNothing) {
  std::vector<std::optional<access>> lanes(32);
  EXPECT_EQ(sass::conflict_degree(lanes).sets, 0);
  lanes[5] = access{4 * 32 * 7, 4};
  lanes[9] = access{4 * 32 * 3, 4};
  EXPECT_EQ(sass::conflict_degree(lanes).degree, 2);
}

TEST(BankConflicts, PhasesGroupTheKthAccessOfEachWarpsThreads) {
  // 64 threads, two accesses each: the first consecutive, the second at a
  // stride of 32 words (32-way); the second warp's threads after the first's.
  sass::phase_accesses phase;
  phase.threads.resize(64);
  for (int t = 0; t < 64; ++t) {
    phase.threads[t].push_back({std::uint64_t(t) * 4, 4});
    phase.threads[t].push_back({std::uint64_t(t % 32) * 128, 4});
  }
  phase.threads[63].pop_back();  // one thread makes one access fewer
  const sass::phase_summary s = sass::summarize(phase);
  EXPECT_EQ(s.instructions, 4);
  EXPECT_EQ(s.worst, 32);
  EXPECT_DOUBLE_EQ(s.average, (1 + 32 + 1 + 31) / 4.0);
  EXPECT_EQ(s.ideal_wavefronts, 4);
}

// The 32-byte formats' tile layout (tile_layout.hpp): the swizzle permutes
// each aligned block of 8 slots, so a tile of a multiple of 8 entries maps
// onto itself; 8 entries 2^t apart (2^t >= 8) from a multiple of 2^(t+3)
// get 8 distinct bank slots; and a split tile stores entry v's real and
// imaginary parts at its slot in its two planes, after the other tile's.
TEST(TileLayout, SwizzlePermutesEachAlignedBlockOfEight) {
  for (std::uint32_t block = 0; block < (1u << 15); block += 8) {
    unsigned seen = 0;
    for (std::uint32_t v = block; v < block + 8; ++v) {
      const std::uint32_t slot = fft::swizzled_slot(v);
      ASSERT_EQ(slot & ~7u, block) << v;
      seen |= 1u << (slot & 7u);
    }
    ASSERT_EQ(seen, 0xffu) << block;
  }
}

TEST(TileLayout, PowerOfTwoSpacingsLandInDistinctSlots) {
  for (int t = 3; t <= 11; ++t) {
    const std::uint32_t spacing = 1u << t;
    for (std::uint32_t first = 0; first + 8 * spacing <= (1u << 15); first += 8 * spacing) {
      for (std::uint32_t low = 0; low < 8; ++low) {
        unsigned seen = 0;
        for (std::uint32_t j = 0; j < 8; ++j) seen |= 1u << (fft::swizzled_slot(first + low + j * spacing) & 7u);
        ASSERT_EQ(seen, 0xffu) << "spacing " << spacing << ", first " << first + low;
      }
    }
  }
}

TEST(TileLayout, SplitTilesHoldEachPartAtItsSlot) {
  constexpr std::uint32_t entries = 64;
  std::vector<complex<dd128>> storage(2 * entries);
  const auto tile = fft::tile_views<dd128>(storage.data(), entries).b;
  for (std::uint32_t v = 0; v < entries; ++v) tile[v] = {from_double<dd128>(v), from_double<dd128>(-1.0 - v)};
  const auto* parts = reinterpret_cast<const dd128*>(storage.data());
  for (std::uint32_t v = 0; v < entries; ++v) {
    const std::uint32_t slot = fft::swizzled_slot(v);
    EXPECT_EQ(parts[2 * entries + slot][0], v);  // tile b: after tile a's two planes
    EXPECT_EQ(parts[3 * entries + slot][0], -1.0 - v);
    const complex<dd128> back = (tile + 5)[static_cast<std::int64_t>(v) - 5];
    EXPECT_EQ(back.re[0], v);
    EXPECT_EQ(back.im[0], -1.0 - v);
  }
}

// The recording tiles see every tile access of the emulated phases: each
// entry stored once by the load phase and read once by the store phase,
// each butterfly reading and writing its R values, as 16-byte accesses.
template <class E>
void check_recorded_group(std::uint64_t n, std::uint64_t batch) {
  constexpr std::uint32_t units = sizeof(complex<E>) / 16;
  for (const fft::pass_group& g : sass::planned_groups<E>(n)) {
    const std::uint32_t tile_points = fft::group_tile_entries<E>(g);
    const sass::recorded_group r = sass::record_first_tile<E>(g, batch);
    const sass::recorder& notes = r.notes;
    ASSERT_EQ(notes.phases.size(), static_cast<std::size_t>(g.count + 2));
    const auto total = [](const sass::phase_accesses& p) {
      std::size_t s = 0;
      for (const auto& t : p.threads) s += t.size();
      return s;
    };
    const std::size_t entries = std::size_t{r.width} * g.radix;
    EXPECT_EQ(total(notes.phases.front()), entries * units);
    EXPECT_EQ(total(notes.phases.back()), entries * units);
    for (int j = 0; j < g.count; ++j) EXPECT_EQ(total(notes.phases[j + 1]), 2 * entries * units);
    // Every access lies in one of the two tiles and is 16 bytes.
    for (const auto& p : notes.phases)
      for (const auto& t : p.threads)
        for (const access& acc : t) {
          EXPECT_EQ(acc.bytes, 16u);
          EXPECT_LT(acc.address, 2 * std::uint64_t{tile_points} * sizeof(complex<E>));
        }
  }
}

TEST(BankConflicts, RecordingTilesSeeEveryAccessOfTheEmulatedPhases) {
  check_recorded_group<df64>(std::uint64_t{1} << 16, 4);
  check_recorded_group<dd128>(std::uint64_t{1} << 16, 4);
  check_recorded_group<qf128>(std::uint64_t{1} << 12, 2);
}

// The 32-byte formats' tiles (split, swizzled planes: tile_layout.hpp)
// meet at most 2-way conflicts in every phase of every group the planner
// makes at 2^10 .. 2^24 (batch 2^26 / N, as the GPU sweep). Interleaved, the
// last pass of every 512-point group read 4-way and the load phase of a
// group with M = 1 stored 4- to 8-way.
template <class E>
void check_at_most_two_way() {
  for (int log2n = 10; log2n <= 24; ++log2n) {
    const std::uint64_t n = std::uint64_t{1} << log2n;
    for (const fft::pass_group& g : sass::planned_groups<E>(n)) {
      const sass::recorded_group r = sass::record_first_tile<E>(g, (std::uint64_t{1} << 26) / n);
      for (std::size_t p = 0; p < r.notes.phases.size(); ++p)
        EXPECT_LE(sass::summarize(r.notes.phases[p]).worst, 2)
            << "n 2^" << log2n << ", group of radix " << g.radix << ", width " << r.width << ", phase " << p;
    }
  }
}

TEST(BankConflicts, ThirtyTwoByteValuesAreAtMostTwoWayInEveryPhase) {
  check_at_most_two_way<dd128>();
  check_at_most_two_way<qf128>();
}

// df64's tiles are plain arrays; the load phase of a group whose columns are
// consecutive in slow memory (M = 1, the last group) writes each column's
// elements a tile width apart. From 8 columns up tile_width makes that width
// odd, so a warp's stores spread over the bank slots: at most 2-way, where an
// even width of 8 or more made them 8-way. A tile of 4 columns stays whole
// (3 would leave a quarter of the tile and of the SM's warps unused), and its
// stores, 64 bytes apart, meet at most 4-way; a group longer than half a
// tile has a tile of one column, whose loads are consecutive entries.
TEST(BankConflicts, WholeColumnLoadsOfSixteenByteValuesAreAtMostTwoWayFromEightColumns) {
  for (int log2n = 16; log2n <= 24; ++log2n) {
    const std::uint64_t n = std::uint64_t{1} << log2n;
    const fft::pass_group last = sass::planned_groups<df64>(n).back();
    ASSERT_EQ(last.m, 1u);
    const sass::recorded_group r = sass::record_first_tile<df64>(last, (std::uint64_t{1} << 26) / n);
    SCOPED_TRACE(::testing::Message() << "n 2^" << log2n << ", width " << r.width);
    const int worst = sass::summarize(r.notes.phases.front()).worst;
    const std::uint32_t fitting = fft::group_tile_entries<df64>(last) / last.radix;
    if (fitting >= 8) {
      EXPECT_EQ(r.width % 2, 1u);
      EXPECT_LE(worst, 2);
    } else {
      EXPECT_EQ(r.width, fitting);
      EXPECT_LE(worst, 4);
    }
  }
}

}  // namespace
