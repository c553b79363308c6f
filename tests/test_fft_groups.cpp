// The CUDA executor's grouped passes (stockham_group.hpp, pass_groups.hpp),
// checked without a GPU: a host executor runs the very phase functions the
// kernel runs, one emulated thread after another between the barriers, on
// tiles of the same shape, and must give results bit-identical to the CPU
// executor's pass-by-pass transform. This proves the index arithmetic of
// tiles, columns, local passes and twiddles (the part a GPU run could only
// show as wrong numbers); what it cannot show (races, the 16-byte accesses,
// launch limits) is for tests/gpu and compute-sanitizer.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

#include "engine/group_launch.hpp"
#include "engine/pass_groups.hpp"
#include "ffft/fft/tile_layout.hpp"
#include "engine/runner.hpp"
#include "src/fft/tables.hpp"
#include "ffft/fft/schedule.hpp"
#include "src/cpu/cpu_executor.hpp"
#include "src/fft/normalization.hpp"
#include "tests/bit_identical.hpp"
#include "tests/fft_reference.hpp"
#include "tests/transform_runner.hpp"
#include "tests/twiddle_formats.hpp"

namespace {

using namespace ffft;
using fft::pass_group;
using fft::strided;
using ffft::testing::expect_bit_identical;
using ffft::testing::transform_tables;

// The executor of cuda_engine.cu with each block emulated on the host: the
// same run_stockham_groups, run_tile, tile widths and tile layout (split
// and swizzled planes for 32-byte values, tile_layout.hpp); threads run in
// turn, each phase to completion, which is what __syncthreads guarantees.
template <class E>
struct emulated_block_executor {
  using value = complex<E>;
  std::uint32_t tile_points;
  std::uint32_t threads;
  bool wide_index = false;  // the 64-bit index path that launches of 2^32 columns or more take
  // Groups of up to this many points, longer ones on tiles of one column
  // (engine/group_launch.hpp); 0: tile_points / 2, at least two columns.
  std::uint32_t longest = 0;
  fft::cpu_executor<E> cpu{1, cpu_isa::scalar};

  std::uint32_t tile_entries(const pass_group& g) const { return fft::tile_entries_within(tile_points, g.radix); }

  void stockham(int sign, const fft::stockham_program<E>& program, const fft::scaling<E>& scale,
                strided<const value> in, strided<value> out, value* ws0, value* ws1,
                std::uint64_t batch) const {
    const std::vector<pass_group> groups =
        fft::group_passes(*program.passes, *program.offsets, longest ? longest : tile_points / 2);
    fft::run_stockham_groups(*this, sign, groups, program, scale, in, out, ws0, ws1, batch);
  }

  // As the device: the source the program names (the table, the factors,
  // or a sincos per twiddle), each twiddle from the very get() its kernel
  // calls. One source type with the choice inside, not one run_tile per
  // source: the phases are the same code for every source, and each copy
  // of them (every radix's butterfly, inlined) costs minutes of compiling.
  struct program_twiddles {
    twiddle_mode source;
    fft::transform_twiddle_table<E> table;
    fft::transform_twiddle_factors<E> factors;
    fft::transform_twiddle_direct<E> direct;
    complex<E> get(const fft::pass_shape& p, std::uint64_t offset, int a, std::uint64_t i) const {
      switch (source) {
        case twiddle_mode::table: return table.get(p, offset, a, i);
        case twiddle_mode::computed: return factors.get(p, offset, a, i);
        case twiddle_mode::direct: break;
      }
      return direct.get(p, offset, a, i);
    }
  };

  void stockham_group(int sign, const pass_group& g, const fft::stockham_program<E>& program,
                      strided<const value> in, strided<value> out, std::uint64_t batch,
                      const fft::scaling<E>& scale) const {
    const program_twiddles twiddles{program.source, {program.twiddles}, {program.factors}, {program.n}};
    const std::uint64_t columns = g.columns(batch);
    const std::uint32_t entries = tile_entries(g);
    const std::uint32_t width = fft::tile_width<E>(g, entries, columns);
    // Fresh tiles of NaN: a phase that read an entry no earlier phase wrote
    // would show in the results.
    const value nan{from_double<E>(std::nan("")), from_double<E>(std::nan(""))};
    std::vector<value> storage(2 * std::size_t{entries}, nan);
    const auto tiles = fft::tile_views<E>(storage.data(), entries);
    const auto block_threads = [&](const auto& phase) {
      for (std::uint32_t t = 0; t < threads; ++t) phase(t, threads);
    };
    const auto read = [&](std::uint64_t bi, std::uint64_t j) { return in(bi, j); };
    const auto finish = [&](std::uint64_t j, const value& v) { return scale.apply_at(j, v); };
    const auto write = [&](std::uint64_t bi, std::uint64_t j, const value& v) { out(bi, j) = v; };
    for (std::uint64_t first = 0; first < columns; first += width) {
      fft::group_tile t{first, width, columns};
      if (wide_index) t.narrow = false;
      fft::run_tile<E>(g, twiddles, t, tiles.a, tiles.b, block_threads, read, finish, write, sign > 0);
    }
  }

  void bluestein_input(int sign, const value* chirp, std::uint64_t n, std::uint64_t padded,
                       strided<const value> in, value* dense, std::uint64_t batch) const {
    cpu.bluestein_input(sign, chirp, n, padded, in, dense, batch);
  }
  void copy_scaled(const fft::scaling<E>& scale, strided<const value> in, strided<value> out,
                   std::uint64_t n, std::uint64_t batch) const {
    cpu.copy_scaled(scale, in, out, n, batch);
  }
  void bluestein_output(int sign, const value* chirp, std::uint64_t n, std::uint64_t padded,
                        const fft::scaling<E>& scale, const value* dense, strided<value> out,
                        std::uint64_t batch) const {
    cpu.bluestein_output(sign, chirp, n, padded, scale, dense, out, batch);
  }
};

struct group_case {
  std::uint64_t n;
  std::uint64_t batch;
  std::int64_t in_stride, in_distance, out_stride, out_distance;
  std::uint32_t tile_points, threads;
  std::uint32_t longest = 0;  // emulated_block_executor::longest
};

// Tiles of 64 points (groups of at most 32) split every length above 32
// into several groups, tiles of 2048 are the df64 kernel's; thread counts
// below and above a tile's butterfly count, and batches whose columns do
// not fill the last tile. Groups longer than half a tile run on one-column
// tiles of their own length: 2048 = [8 8][8 4] on tiles of 32 (both groups
// one column: the first with M > 1, the second with M = 1), and
// 1024 = [8 8][8 2] on tiles of 64 (a one-column group, then one of four
// columns).
const group_case cases[] = {
    {2048, 3, 1, 2048, 1, 2048, 32, 32, 128},
    {1024, 2, 1, 1024, 2, 1, 64, 64, 512},
    {1, 5, 1, 1, 1, 1, 64, 32},
    {2, 3, 1, 2, 1, 2, 64, 32},
    {8, 1, 1, 8, 1, 8, 2048, 256},
    {12, 7, 1, 12, 1, 12, 64, 7},
    {64, 3, 1, 64, 1, 64, 64, 32},
    {343, 2, 2, 700, 3, 1, 64, 32},
    {2 * 3 * 4 * 5 * 7 * 8, 2, 1, 6720, 1, 6720, 64, 13},
    {2 * 3 * 4 * 5 * 7 * 8, 3, 1, 6720, 1, 6720, 2048, 256},
    {4096, 1, 1, 4096, 1, 4096, 64, 32},
    {1 << 14, 2, 1, 1 << 14, 2, 1, 2048, 256},
    {1 << 15, 1, 1, 1 << 15, 1, 1 << 15, 1024, 128},
    {3 * 3 * 3 * 3 * 3 * 3 * 3 * 3, 2, 1, 6561, 1, 6561, 1024, 256},
    {97, 3, 1, 100, 1, 97, 64, 32},
    {1009, 1, 1, 1009, 1, 1009, 2048, 256},
    // Bluestein's padded 2025 = 3^4 5^2 in one group longer than the tile,
    // as dd128 runs it on sm_90: a tile length that is not a multiple of 8.
    {1009, 2, 1, 1009, 1, 1009, 1024, 256, 2048},
};

template <class E>
class FftGroups : public ::testing::Test {};
TYPED_TEST_SUITE(FftGroups, ffft::testing::twiddle_formats, ffft::testing::format_names);

// The lengths (products of radices) of the groups the planner makes for n
// with groups of at most max_radix points, ties broken as `ties` says.
std::vector<std::uint32_t> group_radices(std::uint64_t n, std::uint32_t max_radix,
                                         fft::group_ties ties = fft::group_ties::earlier_longer) {
  const std::vector<fft::pass_shape> passes = fft::stockham_schedule(n);
  std::vector<std::uint32_t> radices;
  for (const pass_group& g : fft::group_passes(passes, std::vector<std::uint64_t>(passes.size(), 0), max_radix, ties))
    radices.push_back(g.radix);
  return radices;
}

// A schedule's passes either way round: the short pass (radix 4 or 2) after
// the radix-8 passes or before them, or a radix 2 and a radix 8 as two
// radix 4s before them, each pass's L the product of the radices before it
// and M of those after it, the last with M = 1.
TEST(StockhamSchedule, PutsTheShortPassLastOrFirst) {
  const auto shapes = [](std::uint64_t n, fft::short_pass where) {
    std::vector<std::array<std::uint64_t, 3>> out;
    for (const fft::pass_shape& p : fft::stockham_schedule(n, where))
      out.push_back({static_cast<std::uint64_t>(p.radix), p.l, p.m});
    return out;
  };
  using shape_list = std::vector<std::array<std::uint64_t, 3>>;
  EXPECT_EQ(shapes(128, fft::short_pass::last), (shape_list{{8, 1, 16}, {8, 8, 2}, {2, 64, 1}}));
  EXPECT_EQ(shapes(128, fft::short_pass::first), (shape_list{{2, 1, 64}, {8, 2, 8}, {8, 16, 1}}));
  EXPECT_EQ(shapes(256, fft::short_pass::first), (shape_list{{4, 1, 64}, {8, 4, 8}, {8, 32, 1}}));
  EXPECT_EQ(shapes(64, fft::short_pass::first), (shape_list{{8, 1, 8}, {8, 8, 1}}));
  EXPECT_EQ(shapes(4, fft::short_pass::first), (shape_list{{4, 1, 1}}));
  // 3, 5 and 7 stay last either way.
  EXPECT_EQ(shapes(2 * 8 * 3, fft::short_pass::first), (shape_list{{2, 1, 24}, {8, 2, 3}, {3, 16, 1}}));
  // In fours: a radix 2 takes a radix 8 with it, as many passes; a radix 4,
  // or a 2 with no 8 beside it, stays as it is.
  constexpr fft::short_pass fours = fft::short_pass::first_in_fours;
  EXPECT_EQ(shapes(1024, fours), (shape_list{{4, 1, 256}, {4, 4, 64}, {8, 16, 8}, {8, 128, 1}}));
  EXPECT_EQ(shapes(16, fours), (shape_list{{4, 1, 4}, {4, 4, 1}}));
  EXPECT_EQ(shapes(256, fours), shapes(256, fft::short_pass::first));
  EXPECT_EQ(shapes(512, fours), shapes(512, fft::short_pass::first));
  EXPECT_EQ(shapes(2, fours), (shape_list{{2, 1, 1}}));
  EXPECT_EQ(shapes(2 * 3 * 5, fours), (shape_list{{2, 1, 15}, {3, 2, 5}, {5, 6, 1}}));
  EXPECT_EQ(shapes(2 * 8 * 3, fours), (shape_list{{4, 1, 12}, {4, 4, 3}, {3, 16, 1}}));
  EXPECT_EQ(fft::short_pass_of<df64>, fft::short_pass::last);
  EXPECT_EQ(fft::short_pass_of<dd128>, fours);
  EXPECT_EQ(fft::short_pass_of<qf128>, fft::short_pass::first);
}

// The cases above make the groups they say.
TEST(PassGroups, EmulatedCasesMakeOneColumnGroups) {
  EXPECT_EQ(group_radices(2048, 128), (std::vector<std::uint32_t>{64, 32}));  // both above 32 points
  EXPECT_EQ(group_radices(1024, 512), (std::vector<std::uint32_t>{64, 16}));  // above and below 32
}

TYPED_TEST(FftGroups, EmulatedBlocksAreBitIdenticalToThePassByPassExecutor) {
  using E = TypeParam;
  for (const group_case& c : cases) {
    for (twiddle_mode mode : {twiddle_mode::table, twiddle_mode::computed, twiddle_mode::direct}) {
      const transform_tables<E> tables(c.n, mode);
      const fft::stockham_program<E> program = fft::stockham_part(fft::program_of(tables.tables));
      ASSERT_EQ(program.factors.coarse != nullptr, mode == twiddle_mode::computed && c.n > 1);
      ASSERT_EQ(program.source, mode);
      const auto span = [&](std::int64_t stride, std::int64_t distance) {
        return static_cast<std::size_t>(1 + (c.n - 1) * stride + (c.batch - 1) * distance);
      };
      const std::vector<complex<E>> x =
          ffft::testing::random_values<E>(span(c.in_stride, c.in_distance), c.n + c.batch);
      const strided<const complex<E>> in{x.data(), c.in_stride, c.in_distance};
      const fft::cpu_executor<E> cpu(1, selected_cpu_isa());
      // Both signs and both scalings, each on one of the two index widths
      // in turn, so that each width sees both signs and both scalings: the
      // width only chooses how a tile finds its columns (32- or 64-bit
      // divisions), which neither the sign nor the scale reaches.
      for (int sign : {-1, +1}) {
        for (normalization norm : {normalization::backward, normalization::ortho}) {
          const bool wide = (sign > 0) != (norm == normalization::ortho);
          const emulated_block_executor<E> blocks{c.tile_points, c.threads, wide, c.longest};
          SCOPED_TRACE(::testing::Message()
                       << "n " << c.n << ", batch " << c.batch << ", sign " << sign
                       << ", " << ffft::testing::name(mode) << ", tile "
                       << c.tile_points << ", norm " << static_cast<int>(norm) << ", index "
                       << (wide ? "64-bit" : "32-bit divisors"));
          const fft::scaling<E> scale = fft::normalization_scaling<E>(
              c.n, norm, sign < 0 ? direction::forward : direction::inverse);
          // Gaps in a strided output must survive: both start from the same fill.
          const std::size_t out_span = span(c.out_stride, c.out_distance);
          std::vector<complex<E>> want(out_span, x[0]), got(out_span, x[0]);
          tables.run(cpu, sign, scale, in, {want.data(), c.out_stride, c.out_distance}, c.batch);
          tables.run(blocks, sign, scale, in, {got.data(), c.out_stride, c.out_distance}, c.batch,
                     true);
          expect_bit_identical(got, want);
        }
      }
    }
  }
}

// A minimal workspace (one buffer, the output the second: step_buffers.hpp)
// gives the same bits, out of place into a strided output and in place, for
// even and odd counts of groups (tiles of 64 points: groups of at most 32).
TYPED_TEST(FftGroups, MinimalWorkspaceGivesTheSameResults) {
  using E = TypeParam;
  const emulated_block_executor<E> blocks{64, 32};
  for (std::uint64_t n : {std::uint64_t{64}, std::uint64_t{512}, std::uint64_t{2048},
                          std::uint64_t{8192}, std::uint64_t{6720}, std::uint64_t{97}}) {
    const transform_tables<E> tables(n);
    const fft::transform_program<E> program = fft::program_of(tables.tables);
    const fft::stockham_program<E>& stockham = fft::stockham_part(program);
    const std::size_t groups = fft::group_passes(*stockham.passes, *stockham.offsets, 32).size();
    SCOPED_TRACE(::testing::Message() << "n " << n << ", " << groups << " groups");
    const std::uint64_t batch = 2;
    const auto dense_layout = static_cast<std::int64_t>(n);
    const std::vector<complex<E>> x = ffft::testing::random_values<E>(n * batch, n + 1);
    const strided<const complex<E>> in{x.data(), 1, dense_layout};
    const fft::scaling<E> scale = fft::normalization_scaling<E>(n, normalization::ortho, direction::forward);
    // Out of place, into a strided output (stride 2, gaps kept).
    const std::size_t out_span = 2 * n * batch;
    std::vector<complex<E>> want(out_span, x[1]), got(out_span, x[1]);
    const strided<complex<E>> want_out{want.data(), 2, 2 * dense_layout};
    const strided<complex<E>> got_out{got.data(), 2, 2 * dense_layout};
    tables.run(blocks, -1, scale, in, want_out, batch);
    tables.run(blocks, -1, scale, in, got_out, batch, true, true);
    expect_bit_identical(got, want);
    // In place.
    std::vector<complex<E>> in_place = x;
    tables.run(blocks, -1, scale, {in_place.data(), 1, dense_layout}, {in_place.data(), 1, dense_layout},
               batch, true, true);
    std::vector<complex<E>> dense_want(n * batch);
    tables.run(blocks, -1, scale, in, {dense_want.data(), 1, dense_layout}, batch);
    expect_bit_identical(in_place, dense_want);
  }
}

TYPED_TEST(FftGroups, InPlaceMatchesOutOfPlace) {
  using E = TypeParam;
  for (std::uint64_t n : {std::uint64_t{64}, std::uint64_t{2048}, std::uint64_t{1} << 13}) {
    SCOPED_TRACE(::testing::Message() << "n " << n);
    const transform_tables<E> tables(n);
    const std::uint64_t batch = 3;
    const std::vector<complex<E>> x = ffft::testing::random_values<E>(n * batch, n);
    const auto layout = static_cast<std::int64_t>(n);
    const emulated_block_executor<E> blocks{2048, 256};
    std::vector<complex<E>> out(n * batch), in_place = x;
    tables.run(blocks, -1, fft::no_scaling<E>(), {x.data(), 1, layout}, {out.data(), 1, layout}, batch);
    tables.run(blocks, -1, fft::no_scaling<E>(), {in_place.data(), 1, layout},
               {in_place.data(), 1, layout}, batch);
    expect_bit_identical(in_place, out);
  }
}

// The precomputed divisors of the tile index arithmetic give n / d and
// n mod d exactly: every d up to 2^12 against the numerators at the ends of
// the range and around multiples of d, then divisors up to 2^32 - 1 (powers
// of two and their neighbours, where the shifts change, and random ones)
// against random numerators.
TEST(Divisor32, QuotientsAndRemaindersAreExact) {
  const auto check = [](std::uint32_t d, std::uint32_t n) {
    const fft::divisor32 by = fft::divisor32::of(d);
    ASSERT_EQ(by.quotient(n), n / d) << n << " / " << d;
    ASSERT_EQ(by.remainder(n), n % d) << n << " % " << d;
  };
  const std::uint32_t top = 0xffffffffu;
  for (std::uint32_t d = 1; d <= 4096; ++d)
    for (std::uint32_t n : {0u, 1u, d - 1, d, d + 1, 2 * d - 1, 2 * d, top, top - 1, top - d, top / d * d,
                            top / d * d - 1})
      check(d, n);
  std::mt19937_64 random(2024);
  std::vector<std::uint32_t> divisors;
  for (int p = 1; p < 32; ++p)
    for (std::uint32_t d : {(1u << p) - 1, 1u << p, (1u << p) + 1}) divisors.push_back(d);
  divisors.push_back(top);
  for (int j = 0; j < 2000; ++j) divisors.push_back(static_cast<std::uint32_t>(random()) | 1u);
  for (std::uint32_t d : divisors)
    for (int j = 0; j < 200; ++j) check(d, static_cast<std::uint32_t>(random()));
}

// A block gets one thread per butterfly of the group's widest pass.
TEST(PassGroups, WidestPassButterflies) {
  const std::vector<fft::pass_shape> passes = fft::stockham_schedule(std::uint64_t{1} << 20);
  std::vector<std::uint64_t> offsets(passes.size(), 0);
  // 2^20 = 8^6 x 4 at groups of at most 512: [8 8] [8 8] [8 8 4] (balanced;
  // greedy made [8 8 8] [8 8 8] [4]).
  const std::vector<pass_group> groups = fft::group_passes(passes, offsets, 512);
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].radix, 64u);
  EXPECT_EQ(groups[1].radix, 64u);
  EXPECT_EQ(groups[2].radix, 256u);
  EXPECT_EQ(fft::widest_pass_butterflies(groups[0], 16), 16u * 8);  // 64-point tiles of 16 columns, radix 8
  EXPECT_EQ(fft::widest_pass_butterflies(groups[2], 4), 4u * 64);   // [8 8 4]: 64 radix-4 butterflies a column
  // 2^16 = 8^5 x 2: the last group [8 8 2] is as wide as its radix-2 pass.
  const std::vector<fft::pass_shape> mixed = fft::stockham_schedule(std::uint64_t{1} << 16);
  const std::vector<pass_group> mixed_groups =
      fft::group_passes(mixed, std::vector<std::uint64_t>(mixed.size(), 0), 512);
  ASSERT_EQ(mixed_groups.size(), 2u);
  EXPECT_EQ(mixed_groups[1].radix, 128u);
  EXPECT_EQ(fft::widest_pass_butterflies(mixed_groups[1], 8), 8u * 64);
  // n = 1: the empty group copies with one thread per column.
  const std::vector<pass_group> empty = fft::group_passes({}, {}, 512);
  EXPECT_EQ(fft::widest_pass_butterflies(empty[0], 1), 1u);
}

// The longest group is the format's where the device grants two tiles of
// it (engine/group_launch.hpp): on sm_90 (227 KiB) 2^20 = 8^6 x 4 is two
// groups for df64 and dd128 ([8 8 8][8 8 8 4] with the short pass last, as
// here), and three for qf128, whose blocks stay at 64 KiB. df64's
// 2048-point tiles are the 64 KiB every
// device grants; dd128 goes to 1024 points with 64 KiB (sm_75) or 99 KiB
// (sm_86, sm_89), so 2^20 is three groups there.
TEST(PassGroups, LongestGroupFollowsTheDevicesSharedMemory) {
  EXPECT_EQ(fft::group_max_radix_within<df64>(227 * 1024), 2048u);
  EXPECT_EQ(fft::group_max_radix_within<dd128>(227 * 1024), 2048u);
  EXPECT_EQ(fft::group_max_radix_within<qf128>(227 * 1024), 512u);
  EXPECT_EQ(fft::group_max_radix_within<df64>(99 * 1024), 2048u);
  EXPECT_EQ(fft::group_max_radix_within<dd128>(99 * 1024), 1024u);
  EXPECT_EQ(fft::group_max_radix_within<df64>(64 * 1024), 2048u);
  EXPECT_EQ(fft::group_max_radix_within<dd128>(64 * 1024), 1024u);
  EXPECT_EQ(fft::group_max_radix_within<qf128>(64 * 1024), 512u);
  EXPECT_EQ(fft::group_max_radix_within<dd128>(48 * 1024), 512u);  // never below half a 64 KiB tile pair
  const std::vector<fft::pass_shape> passes = fft::stockham_schedule(std::uint64_t{1} << 20);
  const std::vector<std::uint64_t> offsets(passes.size(), 0);
  const auto groups = [&](std::uint32_t max_radix) { return fft::group_passes(passes, offsets, max_radix); };
  const std::vector<pass_group> two = groups(fft::group_max_radix<dd128>);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[1].radix, 2048u);
  EXPECT_EQ(two[1].m, 1u);
  EXPECT_EQ(fft::group_tile_entries<dd128>(two[1]), 2048u);
  EXPECT_EQ(fft::group_tile_bytes<dd128>(two[1]), 128u * 1024);
  EXPECT_EQ(fft::group_tile_bytes<dd128>(two[0]), 64u * 1024);
  EXPECT_EQ(fft::group_tile_bytes<df64>(two[1]), 64u * 1024);
  EXPECT_EQ(fft::tile_width<dd128>(two[1], fft::group_tile_entries<dd128>(two[1]), 64 * 512), 1u);
  EXPECT_EQ(groups(fft::group_max_radix<df64>).size(), 2u);
  EXPECT_EQ(groups(fft::group_max_radix<qf128>).size(), 3u);
  EXPECT_EQ(groups(fft::group_max_radix_within<dd128>(64 * 1024)).size(), 3u);
  // Balanced where the fewest groups leave a short one: 2^22 = 8^7 x 2 is
  // [8 8 8][8 8][8 8 2] (greedy: [8 8 8][8 8 8][8 2]); 2^24 = 8^8 stays
  // [8 8 8][8 8 8][8 8], as long a shortest group as any split into three.
  EXPECT_EQ(group_radices(std::uint64_t{1} << 22, 2048), (std::vector<std::uint32_t>{512, 64, 128}));
  EXPECT_EQ(group_radices(std::uint64_t{1} << 24, 2048), (std::vector<std::uint32_t>{512, 512, 64}));
  EXPECT_EQ(group_radices(std::uint64_t{1} << 16, 2048), (std::vector<std::uint32_t>{512, 128}));
}

// The fewest groups the passes split into within the bound, and the longest
// shortest group among splits into that many: every split tried.
struct best_split {
  std::size_t groups;
  std::uint64_t shortest;
};
best_split best_split_by_trying_all(const std::vector<fft::pass_shape>& passes, std::uint32_t max_radix) {
  best_split best{passes.size() + 1, 0};
  const std::size_t gaps = passes.size() - 1;
  for (std::uint64_t cuts = 0; cuts < (std::uint64_t{1} << gaps); ++cuts) {
    std::size_t groups = 0, in_group = 0;
    std::uint64_t radix = 1, shortest = ~std::uint64_t{0};
    bool fits = true;
    for (std::size_t j = 0; j < passes.size(); ++j) {
      radix *= static_cast<std::uint64_t>(passes[j].radix);
      ++in_group;
      if (j == gaps || (cuts >> j & 1)) {
        fits = fits && radix <= max_radix && in_group <= fft::max_group_passes;
        shortest = std::min(shortest, radix);
        ++groups;
        radix = 1;
        in_group = 0;
      }
    }
    if (!fits) continue;
    if (groups < best.groups || (groups == best.groups && shortest > best.shortest)) best = {groups, shortest};
  }
  return best;
}

// Every entry of a tile lies within it, in each plane of the 32-byte
// formats' swizzled layout too, for every group length the planner makes up
// to the longest (7-smooth lengths, not only powers of two) on the formats'
// tiles of 512, 1024 and 2048 points.
TEST(PassGroups, SwizzledEntriesStayWithinTheirTile) {
  for (std::uint32_t tile_points : {512u, 1024u, 2048u}) {
    for (std::uint32_t radix = 2; radix <= 2048; ++radix) {
      std::uint32_t rest = radix;
      for (std::uint32_t p : {2u, 3u, 5u, 7u})
        while (rest % p == 0) rest /= p;
      if (rest != 1) continue;
      const std::uint32_t entries = fft::tile_entries_within(tile_points, radix);
      ASSERT_GE(entries, radix);
      std::uint32_t highest = 0;
      for (std::uint32_t v = 0; v < radix; ++v) highest = std::max(highest, fft::swizzled_slot(v));
      EXPECT_LT(highest, entries) << "group of " << radix << " on tiles of " << tile_points;
    }
  }
}

// Every 7-smooth length up to 2^16 and some large ones, either tie rule: the
// groups cover the passes in order, each within the bound, in the fewest
// groups, the shortest of them as long as any split into that many allows
// (every split tried), and each local pass is the global pass it stands for.
TEST(PassGroups, CoverThePassesInOrderWithinTheBound) {
  std::vector<std::uint64_t> lengths;
  for (std::uint64_t n = 1; n <= (1u << 16); ++n)
    if (fft::is_7_smooth(n)) lengths.push_back(n);
  for (std::uint64_t n : {std::uint64_t{1} << 20, std::uint64_t{1} << 24, std::uint64_t{1} << 27,
                          std::uint64_t{59049} * 7 * 7 * 5})
    lengths.push_back(n);
  for (const fft::short_pass where : {fft::short_pass::last, fft::short_pass::first, fft::short_pass::first_in_fours})
  for (const fft::group_ties ties : {fft::group_ties::earlier_longer, fft::group_ties::later_longer}) {
    for (std::uint32_t max_radix : {8u, 32u, 512u, 1024u, 2048u}) {
      for (std::uint64_t n : lengths) {
        SCOPED_TRACE(::testing::Message() << "n " << n << ", max radix " << max_radix << ", later longer "
                                          << (ties == fft::group_ties::later_longer) << ", short pass (last, first, first in fours) "
                                          << static_cast<int>(where));
        const std::vector<fft::pass_shape> passes = fft::stockham_schedule(n, where);
        std::vector<std::uint64_t> offsets(passes.size());
        std::iota(offsets.begin(), offsets.end(), 100);
        const std::vector<pass_group> groups = fft::group_passes(passes, offsets, max_radix, ties);
        ASSERT_FALSE(groups.empty());
        if (passes.empty()) {
          EXPECT_EQ(groups.size(), 1u);
          EXPECT_EQ(groups[0].count, 0);
          EXPECT_EQ(groups[0].radix, 1u);
          continue;
        }
        std::size_t next = 0;
        std::uint64_t product = 1;
        for (std::size_t j = 0; j < groups.size(); ++j) {
          const pass_group& g = groups[j];
          ASSERT_GT(g.count, 0);
          EXPECT_LE(g.radix, max_radix);
          EXPECT_EQ(g.l, passes[next].l);
          EXPECT_EQ(g.l * g.radix * g.m, n);
          std::uint64_t radix = 1;
          for (int p = 0; p < g.count; ++p, ++next) {
            const fft::local_pass& local = g.passes[p];
            const fft::pass_shape global = g.global(local);
            EXPECT_EQ(global.radix, passes[next].radix);
            EXPECT_EQ(global.l, passes[next].l);
            EXPECT_EQ(global.m, passes[next].m);
            EXPECT_EQ(local.twiddle_offset, offsets[next]);
            radix *= static_cast<std::uint64_t>(local.radix);
          }
          EXPECT_EQ(radix, g.radix);
          product *= g.radix;
        }
        EXPECT_EQ(next, passes.size());
        EXPECT_EQ(product, n);
        const best_split best = best_split_by_trying_all(passes, max_radix);
        EXPECT_EQ(groups.size(), best.groups);
        std::uint64_t shortest = ~std::uint64_t{0};
        for (const pass_group& g : groups) shortest = std::min<std::uint64_t>(shortest, g.radix);
        EXPECT_EQ(shortest, best.shortest);
      }
    }
  }
}

// The tie rules pick different groupings of the same balance: 2^21 = 8^7 in
// groups of at most 1024 points, 2^24 = 8^8 and 2^22 of at most 2048.
TEST(PassGroups, TiesGoToEarlierOrLaterGroups) {
  using v = std::vector<std::uint32_t>;
  constexpr fft::group_ties earlier = fft::group_ties::earlier_longer, later = fft::group_ties::later_longer;
  EXPECT_EQ(group_radices(std::uint64_t{1} << 21, 1024, earlier), (v{512, 64, 64}));
  EXPECT_EQ(group_radices(std::uint64_t{1} << 21, 1024, later), (v{64, 64, 512}));
  EXPECT_EQ(group_radices(std::uint64_t{1} << 24, 2048, earlier), (v{512, 512, 64}));
  EXPECT_EQ(group_radices(std::uint64_t{1} << 24, 2048, later), (v{64, 512, 512}));
  // 2^22 = 8^7 x 2 within 2048: each group as short as the balance allows
  // while the ones after it are still balanced among themselves.
  EXPECT_EQ(group_radices(std::uint64_t{1} << 22, 2048, later), (v{64, 512, 128}));
}

}  // namespace
