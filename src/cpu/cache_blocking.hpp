// When and how the CPU executor blocks a transform for its cache: the
// Stockham passes in groups (engine/pass_groups.hpp, as the CUDA executor
// groups them for shared memory), each group done tile by tile in a
// thread's own buffers (stockham_group_path.hpp), so that the data cross
// memory once per group instead of once per pass.
//
// Pass by pass, every radix-8 pass of a transform larger than the cache
// reads and writes all of it: 2^22 dd128 values (128 MiB) made 8 trips, and
// ran at 0.57 of the in-cache rate per pass (AMD EPYC, avx2). The results
// are the same bits either way: a group runs the same butterflies on the
// same values with the same twiddles (stockham_group.hpp says why).
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <system_error>
#include <vector>

#include "engine/pass_groups.hpp"
#include "ffft/complex.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/fft/schedule.hpp"
#include "ffft/fft/stockham_pass.hpp"

namespace ffft::cpu {

// The lanes of a path's vectors for format E, each holding one limb of as
// many values (1: the scalar path), which set the widths of its tiles: the
// lane_count of the vector bytes the path's units are built with
// (stockham_pass_paths.hpp).
template <class E>
constexpr std::uint32_t path_lanes(cpu_isa isa) {
  constexpr auto limb_bytes = static_cast<std::uint32_t>(sizeof(typename E::limb_type));
  switch (isa) {
    case cpu_isa::avx2: return 32 / limb_bytes;
    case cpu_isa::avx512: return 64 / limb_bytes;
    case cpu_isa::scalar: break;
  }
  return 1;
}

// The cache one thread's tiles are sized for: the L2 cache of a core as the
// C library reports it, else 512 KiB (the smallest L2 of the x86 cores
// ffft has been measured on).
std::size_t per_core_cache_bytes();

// The last-level cache, shared by the cores: the L3 as the C library
// reports it, at most usable_last_level_bytes of it, or 0 where it reports
// none (blocked_groups then groups every transform that exceeds the
// per-core cache).
std::size_t last_level_cache_bytes();

// A cache size as the kernel writes it in sysfs ("32768K", "1024K",
// "32M"), in bytes; 0 where the text is not one.
inline std::size_t cache_size_bytes(std::string_view text) {
  std::size_t value = 0;
  const char* const end = text.data() + text.size();
  const auto [digits_end, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc{}) return 0;
  const std::string_view unit(digits_end, static_cast<std::size_t>(end - digits_end));
  if (unit.empty()) return value;
  if (unit == "K") return value << 10;
  if (unit == "M") return value << 20;
  if (unit == "G") return value << 30;
  return 0;
}

// The part of a reported last-level cache of `reported` bytes that
// `cores` processors can count on: half of it, and at most 16 MiB a
// processor. A VM's C library reports its host's whole L3, which the
// host's other tenants share: 480 MiB on a 2-vCPU Xeon VM (Sapphire Rapids
// class), where a trip over dd128 data cost twice as much from 64 MiB up
// as at 32 MiB (ffft_memory_trips), and dd128 transforms of 64 and 128 MiB
// ran 15% faster grouped than pass by pass (one thread, best of 5
// interleaved runs). No x86 server core has more than a few MiB of L3 of
// its own, so there the cap binds. Where the L3 reported is the one the
// processors share (the kernel's report), its other cores' lines and the
// twiddles take their part of it: on the Zen 4 (a 2-vCPU VM, 32 MiB of
// L3 by the kernel), a trip over dd128 data cost 2.80 cycles a point at
// 8 MiB, 4.67 at 16 MiB (a pass's input and output then the whole L3) and
// 6.05 at 32 MiB (ffft_memory_trips), and the transforms whose pass
// footprint was all of it, dd128 at 2^19 and df64 at 2^20, took 0.87 and
// 0.93 of the time grouped on the avx512 path, 0.94 and 0.81 on avx2
// (batches of 2^18 points, one thread, best of 3 interleaved runs of
// ffft_transform_loop); qf128 at 2^17 and 2^18, and the sizes whose
// schedule stayed, moved within 4%.
inline std::size_t usable_last_level_bytes(std::size_t reported, std::size_t cores) {
  constexpr std::size_t per_core = std::size_t{16} << 20;
  const std::size_t cap = per_core * (cores > 0 ? cores : 1);
  const std::size_t half = reported / 2;
  return half < cap ? half : cap;
}

// Whether a pass over `values` values of format E, run pass by pass, asks
// for each lane group's successor's inputs and twiddles before its
// arithmetic (stockham_butterfly_consecutive): where its input and output
// together exceed the per-core cache (cache_bytes; never where it is 0, the
// plain pass-by-pass schedule FFFT_CPU_CACHE_BYTES=0 asks for), for the
// two-limb formats. A radix-8 pass reads 15 rows at once and writes 8, more
// streams than the hardware prefetchers follow, and a lane group's loads
// issue only once the previous group's arithmetic, hundreds of
// instructions, has left room in the reorder buffer; from the last-level
// cache they then wait in turn. One transform, one thread, best of 3
// interleaved runs of ffft_transform_loop on the Xeon (Sapphire Rapids
// class, 2 MiB of L2), against no prefetches:
//   avx512  dd128 2^16-2^19: 0.98 1.01 0.94 0.91; df64 2^17-2^20: 1.00 0.98 0.92 0.92
//   avx2    dd128 2^16-2^19: 1.00 0.96 0.96 0.95; df64 2^17-2^20: 0.99 0.98 0.98 0.97
// of the time. Within the L2 cache (dd128 at 2^12-2^15) they took 0.97-1.02
// (so none there), two groups ahead did no better, and the outputs' lines
// asked for too (for writing) did worse at every size. qf128's arithmetic,
// ten times dd128's a value, already hides the loads: it took 1.03 and 0.99
// at 2^17 and 2^18 with them, so it runs without.
template <class E>
inline bool prefetches_next_operands(std::uint64_t values, std::size_t cache_bytes) {
  return E::limbs == 2 && cache_bytes > 0 && 2 * values * sizeof(complex<E>) > cache_bytes;
}

// Whether the local passes of a group's tiles with M > 1 ask for each
// lane group's successor's inputs and twiddles before its arithmetic
// (column_pass), for the two-limb formats, as prefetches_next_operands
// does for a pass. Such a group is blocked because its data exceed the
// per-core cache: its first local pass reads them from the next level,
// rows of a tile's width M values apart, with the global pass's twiddles,
// each row a few lines that the hardware prefetchers have no time to
// learn before the next. On the Zen 4 (transforms of 2^19-2^22 values in
// batches of 2^18 points, one thread, best of 5 interleaved runs of
// ffft_transform_loop), against none: avx512 dd128 0.94, 1.01, 0.97 and
// 0.96 of the time, df64 at 2^20-2^22 (where it groups) 0.96, 0.95 and
// 0.93; avx2 dd128 0.98, 0.99, 0.97 and 0.98, df64 1.00. Every local pass
// of such a tile asks, not only the first: its tile buffers exceed the
// cache too. Two or four lane groups ahead did no better, and the next
// tile's rows asked for over the whole of a tile's iterations took 1.07
// to 1.09 of the time (dd128, avx512). The measured time of the large
// sizes is the in-cache rate plus each group's trip over memory, one
// after the other: dd128 at 2^22 on avx512 took 2.0 ns a point and
// log2 N grouped (3 trips), 2.8 pass by pass (8 trips), 1.5 in cache.
template <class E>
inline constexpr bool group_prefetches_next_operands = E::limbs == 2;

// The tiles run their local passes one by one. Two consecutive radix-8
// passes as one step between tile buffers, the values going from one
// pass's butterflies to the next through the stack, had won for dd128 on
// avx512 (0.92-0.98 of the time at 2^17-2^22 on the Zen 4) with groups of
// up to 2048 rows, so that a group of four passes had a pair in its
// middle. Once the passes loaded and stored their own operands
// (lane_butterfly_rows, lane_butterfly.hpp), the stack was the slower
// way: on the Zen 4 (one transform, one thread, best of 7 interleaved
// runs of ffft_transform_loop), no pairs with groups of up to 1024 rows
// took 0.89-0.91, 0.84, 0.98 and 0.95 of the pairs' time at 2^19-2^22, and
// no pairs with up to 2048 rows 0.90-0.93, 0.87-0.93, 0.99 and 0.95.

// A tile holds at most `tile_points` values in each of two buffers (for
// the passes to alternate between): a power of 2, at least 64, with each
// buffer at most twice the cache. Larger than the cache, so the passes
// inside a tile run partly from the next level; measured, that costs less
// than the trips over the data that smaller tiles add (more groups, and
// narrower tiles of columns). On the AMD EPYC (Zen 3, 512 KiB of L2,
// avx2, one thread, dd128 batches of 2^18 points at N = 2^11-2^17, best of
// four alternating runs), tiles of a quarter of the cache ran at
// 1.15-1.77 GFLOPs, of half of it 1.25-1.83, of the whole 1.09-1.73, of
// twice it 1.35-1.80, and pass by pass 1.26-1.52.
inline std::uint32_t tile_points(std::size_t cache_bytes, std::size_t value_bytes) {
  std::uint32_t points = 64;  // doubled while the doubled buffer still fits twice the cache
  while (2 * points * value_bytes <= 2 * cache_bytes) points *= 2;
  return points;
}

// A tile of a group with M > 1 is `width` consecutive columns of one
// (b, k) (stockham_group_path.hpp), lanes across them: a multiple of the
// lane count that divides M, as wide as the tile holds. Groups are at most
// tile_points / min_tile_width long, so that each row of a tile's input
// (width consecutive values) is at least 256 bytes where M allows, and at
// most max_tile_rows: a tile's rows, M values apart, each lie on a page
// of their own where M is large, in the input and in the output, and
// 2 x 1024 pages is what the second-level TLB of the x86 cores ffft runs on
// holds (2048 entries on Zen 3 and Zen 4, 1536-2048 on Intel's since
// Skylake). On the EPYC (avx2, one thread, one transform of 2^22 values,
// best of three alternating runs), groups of up to 4096 took 4.67 ns per
// point and log2 N for dd128 and 2.96 for df64, pass by pass 4.13 and
// 2.21, groups of up to 1024 4.03 and 2.13.
inline constexpr std::uint32_t max_tile_rows = 1024;

// The least width of a tile's rows: whole lane vectors, and 256 bytes at least.
inline std::uint32_t min_tile_width(std::uint32_t lanes, std::size_t value_bytes) {
  std::uint32_t width = lanes > 1 ? lanes : 1;
  while (width * value_bytes < 256) width *= 2;
  return width;
}

// The longest stretch of consecutive values a tile moves to or from the
// data: a row of an M > 1 tile (its first pass reads `width` values of
// each of its R rows, its last writes as many), and a run of an M = 1
// tile's outputs (its copy-out writes `blocks` values to each of R rows).
// As wide as a tile of the cache's size holds, dd128 at 2^22 on the Xeon
// (Sapphire Rapids class, 2 MiB of L2; groups [8 8][8 8 8][8 8 2]) read and
// wrote rows of 16 KiB in its first group, and its last group (L = 32768)
// wrote runs of 16 KiB: that copy-out took a third of the group's time,
// twice what it took with runs of 2 KiB. There (avx512 path, one
// transform, one thread, best of 5 interleaved runs of
// ffft_transform_loop), rows of at most 8 KiB and runs of at most 2 KiB
// took, against as wide as the tile holds, 0.90 and 0.85 of the time for
// dd128 at 2^21 and 2^22, 0.77 for df64 at 2^22, and 0.98 for qf128 at
// 2^22; on the avx2 path 0.95, 0.87, 0.87 and 1.00. Rows of 4 KiB, or runs
// of 1 or 4 KiB, came within 3% of these, either way. Whole tiles of an eighth
// of the cache instead did better for dd128 at 2^21 (0.86) and worse at
// 2^22 (0.88): their [8 8 8] group's rows are 256 bytes.
inline constexpr std::size_t max_row_bytes = 8192;
inline constexpr std::size_t max_run_bytes = 2048;

inline std::uint64_t tile_columns(std::uint32_t points, std::uint32_t radix, std::uint32_t lanes,
                                  std::uint64_t m, std::size_t value_bytes) {
  std::uint64_t width = lanes;
  while (2 * width * radix <= points && m % (2 * width) == 0 && 2 * width * value_bytes <= max_row_bytes)
    width *= 2;
  return width;
}

// The whole columns an M = 1 tile holds, `radix` values each: as many as
// the tile does, and where the group is not the whole transform (L > 1, so
// that its outputs go out in runs of that many), runs of at most
// max_run_bytes.
inline std::uint64_t tile_blocks(std::uint32_t points, std::uint32_t radix, std::uint64_t l,
                                 std::size_t value_bytes) {
  std::uint64_t blocks = points / radix > 1 ? points / radix : 1;
  if (l > 1)
    while (blocks > 1 && blocks * value_bytes > max_run_bytes) blocks /= 2;
  return blocks;
}

// Whether format E runs a batch of transforms longer than a tile a tile a
// transform where the tiles fit the last-level cache (blocked_groups): the
// two-limb formats. qf128, whose arithmetic hides its trips over memory
// (prefetches_next_operands), lost by it at 2^17 in batches of 2 on avx512
// (1.04, 1.03 and 0.99 of the time grouped in three runs of the
// measurement below) and tied on avx2 (1.00).
template <class E>
inline constexpr bool tiles_transforms_in_last_level = E::limbs == 2;

// The groups of a blocked transform of `batch` transforms of length n on a
// path of `lanes` lanes, run by `team` threads, or none where pass by pass
// is as good or the tiles cannot be made: the data fit the cache, a
// transform longer than a tile has a footprint (input, output and every
// pass's twiddles) that fits `shared_cache_bytes` (the last-level cache;
// 0: no such limit), grouping would leave as many trips
// over memory as there are passes, a group with M > 1 has M not a multiple
// of the lane count (its tiles need whole lane vectors), or the path has no
// lanes (the scalar reference runs pass by pass). A transform a tile
// (one group of every pass) where it fits a tile, or, in a batch of two
// or more, where one thread's tile buffers and the twiddles fit the
// last-level cache and last_level_tiles says so; other groups are at most
// max_tile_rows long.
inline std::vector<fft::pass_group> blocked_groups(const std::vector<fft::pass_shape>& passes,
                                                   const std::vector<std::uint64_t>& offsets,
                                                   std::uint64_t n, std::uint64_t batch,
                                                   std::size_t value_bytes, std::uint32_t lanes,
                                                   std::size_t cache_bytes, unsigned team,
                                                   std::size_t shared_cache_bytes = 0,
                                                   bool last_level_tiles = true) {
  if (lanes < 2 || cache_bytes == 0 || passes.size() < 2 || n * batch * value_bytes <= cache_bytes) return {};
  // A batch of transforms that each fit a tile: one group, a tile a
  // transform (L = M = 1), all its passes in cache between one read of its
  // input and one write of its output. The tiles are the threads' shares,
  // so the batch must split evenly among them, or into enough tiles that
  // the last one hardly matters; else pass by pass, which splits every pass.
  const std::uint32_t points = tile_points(cache_bytes, value_bytes);
  const bool batch_splits = batch % team == 0 || batch >= 4 * std::uint64_t{team};
  const auto tile_a_transform = [&] {
    return fft::group_passes(passes, offsets, static_cast<std::uint32_t>(n < 8 ? 8 : n));
  };
  if (n <= points) return batch_splits ? tile_a_transform() : std::vector<fft::pass_group>{};
  // A transform longer than a tile takes several groups, each a trip over
  // the data in tiles of columns, whose loads, stores and loops cost more
  // than a pass's. While the data fit the last-level cache, the trips they
  // save are cheap ones. On the Xeon (avx512, 1 MiB L2, 36 MiB L3; one
  // transform, one thread, best of 5 interleaved runs of
  // ffft_transform_loop, blocked against pass by pass) the groups were
  // slower at every such size: dd128 at 2^16-2^20 by up to 22% (2^17: 9%
  // and 15% in two runs; 2^19: 11% and 0.4%), df64 at 2^17-2^20 by 7-36%;
  // qf128 at 2^16 and 2^17 moved within 7% either way. Beyond it they won
  // or tied (dd128 at 2^21 and 2^22 by 5% and 2%, qf128 at 2^20 and 2^21 by
  // 4% and 10%), within the spread there: one run timed the same schedule
  // of dd128 at 2^22 20% apart. The EPYC's benchmark (avx2, 512 KiB L2,
  // 32 MiB L3 as its context records) had blocked / pass by pass 0.95 and
  // 0.86 for dd128 at 2^17 and 2^18, 0.84 for df64 at 2^18, and 1.24 and
  // 1.15 for dd128 at 2^19 and 2^20, which this rule gives up there (16 and
  // 32 MiB of data): not yet measured on that machine.
  // What must fit is a pass's footprint, its input and its output: on the
  // Sapphire Rapids class Xeon (2 MiB L2, 32 MiB of L3 counted; avx512, one
  // transform, one thread, best of 5 interleaved runs, groups whose last
  // tile runs lanes across its columns), dd128 at 2^20 (32 MiB of data)
  // took 0.84-0.88 of pass by pass's time grouped, df64 at 2^21 0.94 and
  // qf128 at 2^19 1.01; dd128 at 2^18 and 2^19 and df64 at 2^19, whose
  // footprints fit, 1.13-1.26.
  // Pass by pass also reads every pass's twiddles from that cache at each
  // call, the passes' tables of fft::twiddle_count values (below n: the
  // first pass's (r - 1) n / r, each later one's a radix's share of the
  // one before), so they count too.
  // Where input and output alone filled the usable L3 (16 MiB on the
  // Zen 4: 2^16 x 4, 2^17 x 2 and 2^18 of the 32-byte formats, 2^19 of
  // df64; batches of 2^18 points, best of 5 interleaved runs of
  // ffft_transform_loop), grouped took, against pass by pass: qf128 on
  // avx512 0.98, 0.96 and 0.95 of the time, on avx2 1.01, 0.96 and 0.96;
  // dd128 on avx2 1.02, 0.89 and 0.89; df64 at 2^19 0.90 (avx512) and 0.95
  // (avx2). dd128 on avx512, whose tiles then paired their passes, had been
  // grouped there already (pass by pass only up to half the cache, before
  // the twiddles counted): 2^17 x 2 and 2^18 grouped took 0.88 and 0.89 of
  // pass by pass's time, and one transform of 2^17 (8 MiB with its output,
  // 4 MiB of twiddles) 1.05, which stays pass by pass; 2^16 x 3 (12 MiB
  // with its output, 2 MiB of twiddles), now pass by pass, took 1.01 of its
  // grouped time.
  const std::uint64_t twiddle_bytes = fft::twiddle_count(passes) * value_bytes;
  const std::uint64_t footprint = 2 * n * batch * value_bytes + twiddle_bytes;
  if (footprint <= shared_cache_bytes) return {};
  // A batch of two or more transforms longer than a tile, which splits
  // among the threads as above, where one thread's tile buffers (two of n
  // values) and the twiddles fit the last-level cache together: a tile a
  // transform as well. Those buffers
  // and twiddles stay in that cache from one transform to the next, so
  // each transform's input is read once and its output written once, where
  // groups make a trip over both per group. On the Zen 4 (1 MiB L2, 16 MiB
  // of L3 counted; best of 3-5 interleaved runs of ffft_transform_loop),
  // against groups: dd128 at 2^17 (12 MiB) in batches of 2 and 4 took
  // 0.88 and 0.81 of the time on avx512 on one thread, 0.96 and 0.84 on
  // two (20 MiB with the second thread's buffers), 0.97 in batches of 2 on
  // avx2; df64 at 2^18 in batches of 2 0.96 (avx512) and 0.975 (avx2).
  // Where one thread's do not fit, a tile a transform lost: dd128 at 2^18
  // and 2^19 in batches of 2 (24 and 48 MiB) took 1.07 and 1.37 of the
  // time grouped. Only where last_level_tiles
  // (tiles_transforms_in_last_level).
  if (last_level_tiles && batch >= 2 && batch_splits && shared_cache_bytes > 0 &&
      2 * n * value_bytes + twiddle_bytes <= shared_cache_bytes)
    return tile_a_transform();
  const std::uint32_t widest = points / min_tile_width(lanes, value_bytes);
  const std::uint32_t longest = widest < max_tile_rows ? widest : max_tile_rows;
  if (longest < 8) return {};
  // Ties go to later groups longer (pass_groups.hpp). Earlier longer made
  // 2^21 = 8^7 [8 8 8][8 8][8 8]: its last group's columns of 64 values
  // give the first local pass 8 butterflies a column, fewer than df64's 16
  // lanes on avx512, so it gathered its operands one by one. Later longer
  // makes [8 8][8 8][8 8 8]. On the Xeon's avx512 path (one transform, one
  // thread, best of 5 interleaved runs), df64 at 2^21 went from 61 to 46 ns
  // a point, dd128 at 2^21 and 2^22 from 83 and 95 to 79 and 92 (best of
  // 3); df64 at 2^22 moved within the runs' spread.
  std::vector<fft::pass_group> groups = fft::group_passes(passes, offsets, longest, fft::group_ties::later_longer);
  if (groups.size() >= passes.size()) return {};
  for (const fft::pass_group& g : groups)
    if (g.m > 1 && g.m % lanes != 0) return {};
  return groups;
}

}  // namespace ffft::cpu
