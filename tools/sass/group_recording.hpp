// A group kernel's first tile, emulated on the host thread by thread with
// the kernel's own phase functions (stockham_group.hpp), launched as
// kernels/cuda_engine.cu launches it (engine/group_launch.hpp: tile width,
// threads per block) on recording tiles laid out as the kernel lays them
// (bank_conflicts.hpp, tile_layout.hpp): every shared-memory access of each
// phase, for the bank-conflict report (group_report.cpp) and its test.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/group_launch.hpp"
#include "engine/pass_groups.hpp"
#include "ffft/conversions.hpp"
#include "ffft/fft/schedule.hpp"
#include "ffft/fft/stockham_group.hpp"
#include "tools/sass/bank_conflicts.hpp"

namespace ffft::sass {

// The planner's groups for length n, as a plan for format E makes them on
// an sm_90 device (engine/group_launch.hpp: group_max_radix).
template <class E>
std::vector<fft::pass_group> planned_groups(std::uint64_t n) {
  const std::vector<fft::pass_shape> passes = fft::stockham_schedule_of<E>(n);
  return fft::group_passes(passes, std::vector<std::uint64_t>(passes.size(), 0), fft::group_max_radix<E>);
}

struct recorded_group {
  std::uint64_t columns;  // of the launch
  std::uint32_t width;    // columns per tile
  std::uint64_t tiles;
  unsigned threads;       // per block
  recorder notes;         // one phase per barrier: load, each pass, store
};

// Twiddles of any value: the tiles' accesses do not depend on them.
template <class E>
struct unit_twiddles {
  complex<E> get(const fft::pass_shape&, std::uint64_t, int, std::uint64_t) const {
    return {from_double<E>(0.6), from_double<E>(0.8)};
  }
};

// Group g of a launch of `batch` transforms: its first tile's accesses.
template <class E>
recorded_group record_first_tile(const fft::pass_group& g, std::uint64_t batch) {
  const std::uint32_t tile_points = fft::group_tile_entries<E>(g);
  recorded_group r{};
  r.columns = g.columns(batch);
  r.width = fft::tile_width<E>(g, tile_points, r.columns);
  r.tiles = (r.columns + r.width - 1) / r.width;
  r.threads = fft::group_block_threads(g, r.width, fft::group_max_threads<E>);
  std::vector<complex<E>> storage(2 * std::size_t{tile_points});
  const auto shared = recording_views<E>(storage.data(), tile_points, &r.notes);
  const complex<E> x{from_double<E>(0.25), from_double<E>(-0.5)};
  fft::run_tile<E>(
      g, unit_twiddles<E>{}, fft::group_tile{0, r.width, r.columns}, shared.a, shared.b,
      [&](const auto& phase) {
        r.notes.next_phase();
        for (unsigned t = 0; t < r.threads; ++t) {
          r.notes.begin(static_cast<int>(t));
          phase(t, r.threads);
        }
      },
      [&](std::uint64_t, std::uint64_t) { return x; }, [](std::uint64_t, const complex<E>& v) { return v; },
      [](std::uint64_t, std::uint64_t, const complex<E>&) {}, false);
  return r;
}

}  // namespace ffft::sass
