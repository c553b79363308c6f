// The CPU executor's cache-blocked schedule (src/cpu/cache_blocking.hpp,
// stockham_group_path.hpp): on every lane path this CPU runs, transforms
// done in groups of passes, tile by tile, are bit-identical to the same
// executor pass by pass (a cache of 0 bytes), for every kind of tile (M > 1;
// M = 1 with lanes across its columns, where L and the tile's columns are
// whole lane vectors, else along them; a whole transform a tile), one and
// two threads, both
// directions, every normalization, a convolution's diagonal, a minimal
// workspace, and in place; the cache is made small (32 KiB) so that short
// transforms take the blocked schedule. FFFT_CPU_CACHE_BYTES (with
// FFFT_CPU_SHARED_CACHE_BYTES=0) reaches a whole plan's executor, and both
// variables refuse what is not a byte count. Passes that prefetch their
// next operands (a footprint above the per-core cache) change no bit, and
// non-finite inputs give the tiles pass by pass's bits.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "ffft/cpu_isa.hpp"
#include "ffft/plan.hpp"
#include "src/cpu/cache_blocking.hpp"
#include "src/cpu/cpu_executor.hpp"
#include "src/fft/normalization.hpp"
#include "tests/bit_identical.hpp"
#include "tests/fft_reference.hpp"
#include "tests/scoped_env.hpp"
#include "tests/transform_runner.hpp"
#include "tests/twiddle_formats.hpp"

namespace {

using namespace ffft;
using fft::strided;
using ffft::testing::expect_bit_identical;
using ffft::testing::scoped_env;
using ffft::testing::transform_tables;

template <class E>
class CpuBlocking : public ::testing::Test {};
TYPED_TEST_SUITE(CpuBlocking, ffft::testing::twiddle_formats, ffft::testing::format_names);

struct blocking_case {
  std::uint64_t n, batch;
  std::int64_t in_stride, in_distance, out_stride, out_distance;
  std::size_t cache_bytes;
};

// With a cache of 32 KiB (tiles of 2048 or 4096 values, groups of at
// most 128 or 256 points): 2^15 in three groups, 2^12 x 24 in two; 3 2^12
// and 5 2^12 (radices 3 and 5 in the last group, M a multiple of 8 or 40
// before it); strided input and interleaved output (pass by pass: the
// tiles need unit stride); 3^7, 2 3 4 5 7 8 and Bluestein's 1009, which
// take the blocked schedule only where every M > 1 is a multiple of the
// lane count; 2^15 with a 256 KiB cache, whose last group's columns
// (dd128: L = 64 of 512) tiles of 16384 values hold in two blocks, which
// two threads split into eight; and 2^16 with the same cache, whose last
// group's outputs (L = 512 of 128) go out in runs of at most 2 KiB
// (max_run_bytes): 64 columns a tile where the tile holds 128 (df64: 128 of
// 256); and 2^11 x 4 and 2^10 x 6 with a 128 KiB cache, a transform a
// tile in every format on both paths, whose last two passes ([8 4] and
// [8 2]) run fused where the format fuses them (df64; dd128 and qf128
// put the short pass first: fft::short_pass_of); and 2^19 with a 1 MiB
// cache, the Zen 4's, dd128's [4 4 8 8][8 8 8], a first group of 1024 rows
// (max_tile_rows). Each path must block at least four of them.
const blocking_case cases[] = {
    {1 << 15, 1, 1, 1 << 15, 1, 1 << 15, 32 << 10},
    {1 << 12, 24, 1, 1 << 12, 1, 1 << 12, 32 << 10},
    {3 << 12, 2, 1, 3 << 12, 1, 3 << 12, 32 << 10},
    {5 << 12, 1, 1, 5 << 12, 1, 5 << 12, 32 << 10},
    {1 << 14, 2, 1, 1 << 14, 1, 1 << 14, 32 << 10},
    {1 << 14, 2, 2, 1, 1, 1 << 14, 32 << 10},
    {1 << 13, 5, 3, 3 << 13, 5, 1, 32 << 10},
    {2187, 8, 1, 2187, 1, 2187, 32 << 10},
    {2 * 3 * 4 * 5 * 7 * 8, 5, 1, 6720, 1, 6720, 32 << 10},
    {1009, 12, 1, 1009, 1, 1009, 32 << 10},
    {1 << 15, 1, 1, 1 << 15, 1, 1 << 15, 256 << 10},
    {1 << 16, 1, 1, 1 << 16, 1, 1 << 16, 256 << 10},
    {1 << 11, 4, 1, 1 << 11, 1, 1 << 11, 128 << 10},
    {1 << 10, 6, 1, 1 << 10, 1, 1 << 10, 128 << 10},
    {1 << 19, 1, 1, 1 << 19, 1, 1 << 19, 1 << 20},
};

// The paths this CPU runs that block (not the scalar reference).
std::vector<cpu_isa> lane_paths() {
  std::vector<cpu_isa> paths;
  for (const cpu_isa isa : available_cpu_isas())
    if (isa != cpu_isa::scalar) paths.push_back(isa);
  return paths;
}

// Whether an executor of this cache and path blocks the Stockham part of
// these tables.
template <class E>
bool blocked(const transform_tables<E>& t, std::uint64_t batch, cpu_isa isa, std::size_t cache_bytes,
             unsigned team = 1) {
  const fft::transform_program<E> program = fft::program_of(t.tables);
  const fft::stockham_program<E>& s = fft::stockham_part(program);
  return !cpu::blocked_groups(*s.passes, *s.offsets, s.n, batch, sizeof(complex<E>), cpu::path_lanes<E>(isa),
                              cache_bytes, team)
              .empty();
}

TYPED_TEST(CpuBlocking, GroupsOnTilesAreBitIdenticalToPassByPass) {
  using E = TypeParam;
  if (lane_paths().empty()) GTEST_SKIP() << "this CPU runs no lane path";
  for (const cpu_isa isa : lane_paths()) {
    int blocked_cases = 0;
    for (const blocking_case& c : cases) {
      const transform_tables<E> tables(c.n);
      const bool unit_stride = c.in_stride == 1 && c.out_stride == 1;
      blocked_cases += unit_stride && blocked(tables, c.batch, isa, c.cache_bytes);
      const auto span = [&](std::int64_t stride, std::int64_t distance) {
        return static_cast<std::size_t>(1 + (c.n - 1) * stride + (c.batch - 1) * distance);
      };
      const std::vector<complex<E>> x =
          ffft::testing::random_values<E>(span(c.in_stride, c.in_distance), c.n + 7 * c.batch);
      const strided<const complex<E>> in{x.data(), c.in_stride, c.in_distance};
      const fft::cpu_executor<E> pass_by_pass(1, isa, 0);
      for (int sign : {-1, +1}) {
        for (normalization norm : {normalization::backward, normalization::ortho}) {
          const fft::scaling<E> scale =
              fft::normalization_scaling<E>(c.n, norm, sign < 0 ? direction::forward : direction::inverse);
          // Gaps in a strided output must survive: both start from the same fill.
          const std::size_t out_span = span(c.out_stride, c.out_distance);
          std::vector<complex<E>> want(out_span, x[0]);
          tables.run(pass_by_pass, sign, scale, in, {want.data(), c.out_stride, c.out_distance}, c.batch);
          for (unsigned threads : {1u, 2u}) {
            SCOPED_TRACE(::testing::Message() << to_string(isa) << ", n " << c.n << ", batch " << c.batch
                                              << ", cache " << c.cache_bytes << ", threads " << threads
                                              << ", sign " << sign << ", norm " << static_cast<int>(norm));
            const fft::cpu_executor<E> blocked(threads, isa, c.cache_bytes);
            std::vector<complex<E>> got(out_span, x[0]);
            tables.run(blocked, sign, scale, in, {got.data(), c.out_stride, c.out_distance}, c.batch);
            expect_bit_identical(got, want);
          }
        }
      }
    }
    EXPECT_GE(blocked_cases, 4) << to_string(isa);
  }
}

// A unit-stride batch of `batch` transforms of x, both directions, through
// executors of `cache` and `shared_cache` bytes on one and two threads:
// bit-identical to the same path pass by pass (a cache of 0 bytes).
template <class E>
void expect_pass_by_pass_bits(const transform_tables<E>& tables, cpu_isa isa, std::uint64_t n,
                              std::uint64_t batch, const std::vector<complex<E>>& x, std::size_t cache,
                              std::size_t shared_cache) {
  const auto layout = static_cast<std::int64_t>(n);
  const strided<const complex<E>> in{x.data(), 1, layout};
  const fft::cpu_executor<E> pass_by_pass(1, isa, 0);
  for (const int sign : {-1, 1}) {
    const fft::scaling<E> scale = fft::normalization_scaling<E>(n, normalization::backward,
                                                                sign < 0 ? direction::forward : direction::inverse);
    std::vector<complex<E>> want(n * batch);
    tables.run(pass_by_pass, sign, scale, in, {want.data(), 1, layout}, batch);
    for (const unsigned threads : {1u, 2u}) {
      SCOPED_TRACE(::testing::Message() << to_string(isa) << ", sign " << sign << ", threads " << threads);
      const fft::cpu_executor<E> tested(threads, isa, cache, shared_cache);
      std::vector<complex<E>> got(n * batch);
      tables.run(tested, sign, scale, in, {got.data(), 1, layout}, batch);
      expect_bit_identical(got, want);
    }
  }
}

// Passes that ask for their next lane group's operands ahead (a pass whose
// input and output exceed the per-core cache, two-limb formats; the
// last-level cache made large enough that nothing is grouped) give the bits
// of passes that do not (a cache of 0 bytes), in both directions, on one
// and two threads; qf128 never asks.
TYPED_TEST(CpuBlocking, PrefetchingPassesGiveTheSameBits) {
  using E = TypeParam;
  const std::uint64_t n = 1 << 12, batch = 3;
  const std::size_t cache = 4 << 10, shared_cache = std::size_t{1} << 30;
  EXPECT_EQ(cpu::prefetches_next_operands<E>(n * batch, cache), E::limbs == 2);
  EXPECT_FALSE(cpu::prefetches_next_operands<E>(n * batch, 0));
  EXPECT_FALSE(cpu::prefetches_next_operands<E>(n * batch, 2 * n * batch * sizeof(complex<E>)));
  if (lane_paths().empty()) GTEST_SKIP() << "this CPU runs no lane path";
  const transform_tables<E> tables(n);
  const std::vector<complex<E>> x = ffft::testing::random_values<E>(n * batch, 17);
  for (const cpu_isa isa : lane_paths()) {
    ASSERT_FALSE(blocked(tables, batch, isa, cache, 1)) << "grouped: the shared cache must rule it out";
    expect_pass_by_pass_bits(tables, isa, n, batch, x, cache, shared_cache);
  }
}

// A batch of transforms longer than a tile whose tile buffers and twiddles
// fit the last-level cache runs a tile a transform in the two-limb formats
// (blocked_groups, tiles_transforms_in_last_level; qf128 is grouped), each
// tile's buffers as long as the transform, past the tile size the
// per-core cache gives: bit-identical to pass by pass, both directions,
// on one thread and on two, which split the batch.
TYPED_TEST(CpuBlocking, TransformsLongerThanATileRunATileATransformBitIdentically) {
  using E = TypeParam;
  if (lane_paths().empty()) GTEST_SKIP() << "this CPU runs no lane path";
  const std::uint64_t n = 1 << 13, batch = 4;
  const std::size_t cache = 32 << 10, shared_cache = 1 << 20, value_bytes = sizeof(complex<E>);
  ASSERT_GT(n, cpu::tile_points(cache, value_bytes));
  const transform_tables<E> tables(n);
  const fft::transform_program<E> program = fft::program_of(tables.tables);
  const fft::stockham_program<E>& s = fft::stockham_part(program);
  const std::vector<complex<E>> x = ffft::testing::random_values<E>(n * batch, 29);
  for (const cpu_isa isa : lane_paths()) {
    const std::vector<fft::pass_group> groups =
        cpu::blocked_groups(*s.passes, *s.offsets, n, batch, value_bytes, cpu::path_lanes<E>(isa), cache, 1,
                            shared_cache, cpu::tiles_transforms_in_last_level<E>);
    ASSERT_FALSE(groups.empty()) << to_string(isa);
    if (cpu::tiles_transforms_in_last_level<E>) {
      ASSERT_EQ(groups.size(), 1u) << to_string(isa);
      EXPECT_EQ(groups[0].radix, n);
    } else {
      EXPECT_GT(groups.size(), 1u) << to_string(isa);  // qf128: grouped
    }
    expect_pass_by_pass_bits(tables, isa, n, batch, x, cache, shared_cache);
  }
}

// Infinite, NaN and overflowing inputs, one kind a transform of the batch,
// through the groups' tiles: the lane groups whose outputs are not all
// finite redo those lanes from their inputs in memory with the scalar
// checked butterfly, in the tiles' local passes as in a pass
// (lane_butterfly_rows), with one twiddle for all the lanes where the
// lanes run across an M = 1 tile's columns. A tile that redid a lane with
// another lane's twiddles, or kept its unchecked results, would differ
// from pass by pass in the transform whose values overflow.
TYPED_TEST(CpuBlocking, NonFiniteInputsGiveThePassByPassBits) {
  using E = TypeParam;
  using T = typename E::limb_type;
  if (lane_paths().empty()) GTEST_SKIP() << "this CPU runs no lane path";
  const std::size_t cache = 32 << 10;
  // 2^15 in groups of M > 1 and M = 1; 2^10 a transform a tile (tiles of
  // 1024 values but for qf128's 512), whose steps between tile buffers
  // hold lane-planar blocks, redone lane by lane from them.
  for (const std::uint64_t n : {std::uint64_t{1} << 15, std::uint64_t{1} << 10}) {
    const std::uint64_t batch = 4;
    const transform_tables<E> tables(n);
    std::vector<complex<E>> x = ffft::testing::random_values<E>(n * batch, n + 5);
    x[17].re = from_limb<T, E::limbs>(std::numeric_limits<T>::infinity());
    x[n + 300].im = from_limb<T, E::limbs>(-std::numeric_limits<T>::infinity());
    x[2 * n + 5].re = from_limb<T, E::limbs>(std::numeric_limits<T>::quiet_NaN());
    for (std::uint64_t i = 3 * n; i < 4 * n; i += 3) x[i].re = from_limb<T, E::limbs>(std::numeric_limits<T>::max() / 4);
    const auto layout = static_cast<std::int64_t>(n);
    const strided<const complex<E>> in{x.data(), 1, layout};
    for (const cpu_isa isa : lane_paths()) {
      SCOPED_TRACE(::testing::Message() << to_string(isa) << ", n " << n);
      ASSERT_TRUE(blocked(tables, batch, isa, cache));
      const fft::cpu_executor<E> pass_by_pass(1, isa, 0), blocked(1, isa, cache);
      for (const int sign : {-1, 1}) {
        const fft::scaling<E> none = fft::normalization_scaling<E>(n, normalization::backward,
                                                                   sign < 0 ? direction::forward : direction::inverse);
        std::vector<complex<E>> want(n * batch), got(n * batch);
        tables.run(pass_by_pass, sign, none, in, {want.data(), 1, layout}, batch);
        tables.run(blocked, sign, none, in, {got.data(), 1, layout}, batch);
        ASSERT_FALSE(std::isfinite(to_double(want[0].re)));  // the infinity reached the outputs
        ASSERT_FALSE(std::isfinite(to_double(want[3 * n].re)));  // and the overflow
        expect_bit_identical(got, want);
      }
    }
  }
}

// A convolution's diagonal on the last group's stores, a minimal workspace
// (the output the second buffer), and in place, for two and three groups.
TYPED_TEST(CpuBlocking, DiagonalMinimalWorkspaceAndInPlaceGiveTheSameBits) {
  using E = TypeParam;
  if (lane_paths().empty()) GTEST_SKIP() << "this CPU runs no lane path";
  for (const cpu_isa isa : lane_paths()) {
    // Whether a length blocks depends on the path's lanes (a tile's width):
    // with avx512's 16 float lanes 2^15 does not, so each path must block
    // at least one of the two.
    int blocked_lengths = 0;
    for (const std::uint64_t n : {std::uint64_t{1} << 14, std::uint64_t{1} << 15}) {
      SCOPED_TRACE(::testing::Message() << to_string(isa) << ", n " << n);
      const std::uint64_t batch = 2;
      const std::size_t cache = 32 << 10;
      const transform_tables<E> tables(n);
      if (!blocked(tables, batch, isa, cache)) continue;
      ++blocked_lengths;
      const auto layout = static_cast<std::int64_t>(n);
      const std::vector<complex<E>> x = ffft::testing::random_values<E>(n * batch, n + 3);
      const std::vector<complex<E>> diagonal = ffft::testing::random_values<E>(n, n + 4);
      const strided<const complex<E>> in{x.data(), 1, layout};
      const fft::cpu_executor<E> pass_by_pass(1, isa, 0), blocked(2, isa, cache);
      for (const fft::scaling<E>& scale :
           {fft::diagonal_scaling<E>(diagonal.data()),
            fft::normalization_scaling<E>(n, normalization::ortho, direction::forward)}) {
        std::vector<complex<E>> want(n * batch), got(n * batch);
        tables.run(pass_by_pass, -1, scale, in, {want.data(), 1, layout}, batch);
        tables.run(blocked, -1, scale, in, {got.data(), 1, layout}, batch, false, true);
        expect_bit_identical(got, want);
        std::vector<complex<E>> in_place = x;
        tables.run(blocked, -1, scale, {in_place.data(), 1, layout}, {in_place.data(), 1, layout}, batch);
        expect_bit_identical(in_place, want);
        in_place = x;
        tables.run(blocked, -1, scale, {in_place.data(), 1, layout}, {in_place.data(), 1, layout}, batch, false, true);
        expect_bit_identical(in_place, want);
      }
    }
    EXPECT_GE(blocked_lengths, 1) << to_string(isa);
  }
}

// `read` refuses `value` in the environment variable `name`, naming it.
void expect_refused(const char* name, const char* value, std::size_t (*read)()) {
  const scoped_env bad(name, value);
  try {
    (void)read();
    FAIL() << name << "=" << value << " was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
  }
}

// A whole plan through the variable: blocked for a 32 KiB cache, pass by
// pass for 0, the same bits; a value that is not a byte count is refused
// with the variable's name.
TYPED_TEST(CpuBlocking, CacheVariableReachesPlans) {
  using E = TypeParam;
  const std::uint64_t n = 1 << 15;
  plan_options o;
  o.length = n;
  o.backend = backend::cpu;
  o.threads = 1;
  const std::vector<complex<E>> x = ffft::testing::random_values<E>(n, 11);
  std::vector<complex<E>> blocked(n), pass_by_pass(n);
  {
    // Without a last-level limit: this L3 would hold the transform's data.
    const scoped_env small("FFFT_CPU_CACHE_BYTES", "32768"), unlimited("FFFT_CPU_SHARED_CACHE_BYTES", "0");
    EXPECT_EQ(cpu::per_core_cache_bytes(), 32768u);
    EXPECT_EQ(cpu::last_level_cache_bytes(), 0u);
    plan<E>(o).forward(x.data(), blocked.data());
  }
  {
    const scoped_env none("FFFT_CPU_CACHE_BYTES", "0");
    plan<E>(o).forward(x.data(), pass_by_pass.data());
  }
  expect_bit_identical(blocked, pass_by_pass);
  expect_refused("FFFT_CPU_CACHE_BYTES", "lots", cpu::per_core_cache_bytes);
  expect_refused("FFFT_CPU_SHARED_CACHE_BYTES", "-1", cpu::last_level_cache_bytes);
}

// A reported L3 counts half, and at most 16 MiB a processor (a VM's is
// its host's); a reported none stays none.
TEST(CpuBlockingPolicy, LastLevelCacheCountsHalfAndAtMost16MiBAProcessor) {
  constexpr std::size_t mib = std::size_t{1} << 20;
  EXPECT_EQ(cpu::usable_last_level_bytes(480 * mib, 2), 32 * mib);
  EXPECT_EQ(cpu::usable_last_level_bytes(36 * mib, 2), 18 * mib);
  EXPECT_EQ(cpu::usable_last_level_bytes(32 * mib, 2), 16 * mib);
  EXPECT_EQ(cpu::usable_last_level_bytes(256 * mib, 64), 128 * mib);
  EXPECT_EQ(cpu::usable_last_level_bytes(0, 2), 0u);
  EXPECT_EQ(cpu::usable_last_level_bytes(480 * mib, 0), 16 * mib);
}

// The kernel's cache sizes (sysfs) read as bytes; anything else as none.
TEST(CpuBlockingPolicy, KernelCacheSizesAreRead) {
  EXPECT_EQ(cpu::cache_size_bytes("32768K"), std::size_t{32} << 20);
  EXPECT_EQ(cpu::cache_size_bytes("1024K"), std::size_t{1} << 20);
  EXPECT_EQ(cpu::cache_size_bytes("32M"), std::size_t{32} << 20);
  EXPECT_EQ(cpu::cache_size_bytes("512"), 512u);
  EXPECT_EQ(cpu::cache_size_bytes(""), 0u);
  EXPECT_EQ(cpu::cache_size_bytes("K"), 0u);
  EXPECT_EQ(cpu::cache_size_bytes("32 KiB"), 0u);
}

// The tile sizes the policy makes: each buffer at most twice the cache,
// rows of at least 256 bytes and at most 8 KiB, runs of outputs of at most
// 2 KiB, at most 1024 rows, and no blocking where the data fit, a
// transform longer than a tile has a footprint (input, output, twiddles)
// that fits the last-level cache, the groups would be single passes, the
// path has no lanes, or an M is not a multiple of them.
TEST(CpuBlockingPolicy, TilesAreSizedByTheCache) {
  EXPECT_EQ(cpu::tile_points(512 << 10, 32), 32768u);
  EXPECT_EQ(cpu::tile_points(512 << 10, 16), 65536u);
  EXPECT_EQ(cpu::tile_points(2 << 20, 32), 131072u);
  EXPECT_EQ(cpu::path_lanes<dd128>(cpu_isa::avx2), 4u);
  EXPECT_EQ(cpu::path_lanes<qf128>(cpu_isa::avx512), 16u);
  EXPECT_EQ(cpu::path_lanes<df64>(cpu_isa::scalar), 1u);
  EXPECT_EQ(cpu::min_tile_width(4, 32), 8u);
  EXPECT_EQ(cpu::min_tile_width(16, 16), 16u);
  EXPECT_EQ(cpu::tile_columns(4096, 256, 4, 1 << 12, 32), 16u);  // as wide as the tile holds
  EXPECT_EQ(cpu::tile_columns(4096, 256, 4, 8, 32), 8u);         // a divisor of M
  EXPECT_EQ(cpu::tile_columns(65536, 64, 8, 1 << 16, 32), 256u);  // rows of 8 KiB, not 32 KiB
  EXPECT_EQ(cpu::tile_columns(65536, 64, 8, 1 << 16, 16), 512u);
  EXPECT_EQ(cpu::tile_blocks(65536, 128, 32768, 32), 64u);  // runs of 2 KiB, not 16 KiB
  EXPECT_EQ(cpu::tile_blocks(65536, 128, 1, 32), 512u);     // L = 1: no runs, the tile's whole
  EXPECT_EQ(cpu::tile_blocks(64, 128, 32768, 32), 1u);      // at least one column
  // 4096 = 8^4: 128 KiB of dd128; a 12 KiB cache makes tiles of 512,
  // groups of at most 64: [8 8][8 8].
  const std::vector<fft::pass_shape> passes{{8, 1, 512}, {8, 8, 64}, {8, 64, 8}, {8, 512, 1}};
  const std::vector<std::uint64_t> offsets{0, 3584, 4032, 4088};
  EXPECT_EQ(cpu::tile_points(12 << 10, 32), 512u);
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 1, 32, 4, 12 << 10, 1).size(), 2u);
  EXPECT_TRUE(cpu::blocked_groups(passes, offsets, 4096, 1, 32, 4, 128 << 10, 1).empty());  // the data fit
  EXPECT_TRUE(cpu::blocked_groups(passes, offsets, 4096, 1, 32, 4, 0, 1).empty());
  EXPECT_TRUE(cpu::blocked_groups(passes, offsets, 4096, 1, 32, 4, 6 << 10, 1).empty());  // groups of one pass
  EXPECT_TRUE(cpu::blocked_groups(passes, offsets, 4096, 1, 32, 1, 12 << 10, 1).empty());  // no lanes
  // Data whose input, output and twiddles fit the last-level cache together
  // run pass by pass (128 KiB of data, 256 KiB with the output, and the
  // passes' tables of 7 (512 + 64 + 8 + 1) = 4095 twiddles, 128 KiB,
  // here), and a batch of them too (the twiddles counted once); larger
  // footprints are grouped, even where input and output alone fit.
  EXPECT_EQ(fft::twiddle_count(passes), 4095u);
  constexpr std::size_t twiddle_bytes = 4095 * 32;
  EXPECT_TRUE(cpu::blocked_groups(passes, offsets, 4096, 1, 32, 4, 12 << 10, 1, (256 << 10) + twiddle_bytes).empty());
  EXPECT_TRUE(cpu::blocked_groups(passes, offsets, 4096, 2, 32, 4, 12 << 10, 1, (512 << 10) + twiddle_bytes).empty());
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 1, 32, 4, 12 << 10, 1, 256 << 10).size(), 2u);
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 1, 32, 4, 12 << 10, 1, (256 << 10) + twiddle_bytes - 1).size(),
            2u);
  // A batch of two or more transforms longer than a tile (4096 values,
  // tiles of 512), split evenly among the threads or into 4 a thread,
  // where one thread's tile buffers, two of 128 KiB, fit the last-level
  // cache with the twiddles: a tile a transform, one group of every pass.
  // One byte less, or a batch that does not split, and it is grouped.
  const std::vector<fft::pass_group> one_tile =
      cpu::blocked_groups(passes, offsets, 4096, 2, 32, 4, 12 << 10, 1, (256 << 10) + twiddle_bytes);
  ASSERT_EQ(one_tile.size(), 1u);
  EXPECT_EQ(one_tile[0].radix, 4096u);
  EXPECT_EQ(one_tile[0].l * one_tile[0].m, 1u);
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 2, 32, 4, 12 << 10, 1, (256 << 10) + twiddle_bytes - 1).size(),
            2u);
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 2, 32, 4, 12 << 10, 2, (256 << 10) + twiddle_bytes).size(), 1u);
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 3, 32, 4, 12 << 10, 2, (256 << 10) + twiddle_bytes).size(), 2u);
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 8, 32, 4, 12 << 10, 1, (256 << 10) + twiddle_bytes, false)
                .size(),
            2u);  // a format that runs it grouped (tiles_transforms_in_last_level)
  // 2^21 = 8^7 with tiles of 32768 (512 KiB): rows of 8 values would allow
  // groups of 4096 ([8 8 8 8][8 8 8]); at most 1024 rows make three, the
  // last the longest ([8 8][8 8][8 8 8]: ties go to later groups).
  std::vector<fft::pass_shape> long_passes;
  std::vector<std::uint64_t> long_offsets;
  for (std::uint32_t j = 0, l = 1; j < 7; ++j, l *= 8) {
    long_passes.push_back({8, l, (1u << 21) / (8 * l)});
    long_offsets.push_back(j * (1u << 21));
  }
  const std::vector<fft::pass_group> groups =
      cpu::blocked_groups(long_passes, long_offsets, 1 << 21, 1, 32, 4, 512 << 10, 1);
  ASSERT_EQ(groups.size(), 3u);
  for (const fft::pass_group& g : groups) EXPECT_LE(g.radix, cpu::max_tile_rows);
  EXPECT_EQ(groups[0].radix, 64u);
  EXPECT_EQ(groups[2].radix, 512u);
  EXPECT_EQ(groups[2].m, 1u);
  // 2^20 = [4 8 8 8 8 8 8] in tiles of 65536 (1 MiB of dd128-sized values,
  // 8 lanes): three groups of at most 1024 rows, [4 8 8][8 8][8 8].
  std::vector<fft::pass_shape> short_first{{4, 1, 1u << 18}};
  std::vector<std::uint64_t> short_first_offsets{0};
  for (std::uint32_t l = 4; l < (1u << 20); l *= 8) {
    short_first.push_back({8, l, (1u << 20) / (8 * l)});
    short_first_offsets.push_back(short_first_offsets.size() << 20);
  }
  const auto groups_2_20 = cpu::blocked_groups(short_first, short_first_offsets, 1 << 20, 1, 32, 8, 1 << 20, 1);
  ASSERT_EQ(groups_2_20.size(), 3u);
  EXPECT_EQ(groups_2_20[0].radix, 256u);
  EXPECT_EQ(groups_2_20[1].radix, 64u);
  EXPECT_EQ(groups_2_20[2].radix, 64u);
  // A 64 KiB cache makes tiles of 4096, a transform a tile: one group, where
  // the batch splits evenly among the threads or into 4 tiles a thread.
  EXPECT_EQ(cpu::tile_points(64 << 10, 32), 4096u);
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 1, 32, 4, 64 << 10, 1).size(), 1u);
  EXPECT_TRUE(cpu::blocked_groups(passes, offsets, 4096, 1, 32, 4, 64 << 10, 2).empty());
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 2, 32, 4, 64 << 10, 2).size(), 1u);
  EXPECT_TRUE(cpu::blocked_groups(passes, offsets, 4096, 3, 32, 4, 64 << 10, 2).empty());
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 9, 32, 4, 64 << 10, 2).size(), 1u);
  // Whatever the last-level cache holds: a tile a transform is one trip.
  EXPECT_EQ(cpu::blocked_groups(passes, offsets, 4096, 9, 32, 4, 64 << 10, 2, 1 << 30).size(), 1u);
}

}  // namespace
