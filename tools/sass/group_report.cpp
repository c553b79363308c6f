// The CUDA group kernels' launches as the planner makes them, and the
// shared-memory bank conflicts of their tiles, without a GPU: for each
// format and N = 2^16 .. 2^24 (batch 2^26 / N, as the GPU sweep), the groups
// of passes (engine/pass_groups.hpp) with the tile widths and threads per
// block of kernels/cuda_engine.cu (engine/group_launch.hpp), and for each
// group's first tile, emulated thread by thread with the kernel's own phase
// functions (stockham_group.hpp) on recording tiles, the conflict degree of
// every warp instruction of each phase (tools/sass/bank_conflicts.hpp).
// Prints JSON for scripts/sass_counts.py, which compiles and runs it.
#include <cstdio>
#include <string>
#include <vector>

#include "engine/group_launch.hpp"
#include "engine/pass_groups.hpp"
#include "ffft/conversions.hpp"
#include "ffft/fft/schedule.hpp"
#include "ffft/fft/stockham_group.hpp"
#include "tools/sass/bank_conflicts.hpp"

namespace {

using namespace ffft;

// Twiddles of any value: the accesses of the tiles do not depend on them.
template <class E>
struct unit_twiddles {
  complex<E> get(const fft::pass_shape&, std::uint64_t, int, std::uint64_t) const {
    return {from_double<E>(0.6), from_double<E>(0.8)};
  }
};

template <class E>
void report(const char* format, bool& first_entry) {
  const std::uint32_t tile_points = fft::group_tile_points<E>;
  for (int log2n = 16; log2n <= 24; ++log2n) {
    const std::uint64_t n = std::uint64_t{1} << log2n;
    const std::uint64_t batch = (std::uint64_t{1} << 26) / n;
    const std::vector<fft::pass_shape> passes = fft::stockham_schedule(n);
    const std::vector<fft::pass_group> groups =
        fft::group_passes(passes, std::vector<std::uint64_t>(passes.size(), 0), fft::group_max_radix<E>);
    std::printf("%s\n{\"format\": \"%s\", \"log2n\": %d, \"batch\": %llu, \"tile_points\": %u, \"groups\": [",
                first_entry ? "" : ",", format, log2n, static_cast<unsigned long long>(batch), tile_points);
    first_entry = false;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
      const fft::pass_group& g = groups[gi];
      const std::uint64_t columns = g.columns(batch);
      const std::uint32_t width = fft::tile_width<E>(g, tile_points, columns);
      const std::uint64_t tiles = (columns + width - 1) / width;
      const unsigned threads = fft::group_block_threads(g, width, fft::group_max_threads<E>);
      std::string radices;
      for (int j = 0; j < g.count; ++j) radices += (j ? ", " : "") + std::to_string(g.passes[j].radix);
      std::printf("%s\n  {\"radices\": [%s], \"l\": %llu, \"m\": %llu, \"radix\": %u, \"columns\": %llu, "
                  "\"width\": %u, \"tiles\": %llu, \"threads\": %u, \"phases\": [",
                  gi ? "," : "", radices.c_str(), static_cast<unsigned long long>(g.l),
                  static_cast<unsigned long long>(g.m), g.radix, static_cast<unsigned long long>(columns), width,
                  static_cast<unsigned long long>(tiles), threads);
      // The first tile, on tiles a (at byte 0 of the block's shared memory)
      // and b (after it), as run_group_tiles lays them out.
      sass::recorder notes;
      std::vector<complex<E>> storage(2 * std::size_t{tile_points});
      const auto shared = sass::recording_views<E>(storage.data(), tile_points, &notes);
      const auto block = [&](const auto& phase) {
        notes.next_phase();
        for (unsigned t = 0; t < threads; ++t) {
          notes.begin(static_cast<int>(t));
          phase(t, threads);
        }
      };
      const complex<E> x{from_double<E>(0.25), from_double<E>(-0.5)};
      fft::run_tile<E>(
          g, unit_twiddles<E>{}, fft::group_tile{0, width, columns}, shared.a, shared.b, block,
          [&](std::uint64_t, std::uint64_t) { return x; },
          [](std::uint64_t, const complex<E>& v) { return v; },
          [](std::uint64_t, std::uint64_t, const complex<E>&) {}, false);
      for (std::size_t p = 0; p < notes.phases.size(); ++p) {
        const sass::phase_summary s = sass::summarize(notes.phases[p]);
        long accesses = 0;
        for (const auto& t : notes.phases[p].threads) accesses += static_cast<long>(t.size());
        std::string name = p == 0 ? "load" : p + 1 == notes.phases.size() ? "store"
                                                : "pass " + std::to_string(p) + " (radix " +
                                                      std::to_string(g.passes[p - 1].radix) + ")";
        std::printf("%s\n    {\"phase\": \"%s\", \"accesses_16B\": %ld, \"instructions\": %d, \"worst\": %d, "
                    "\"average\": %.4f, \"wavefronts\": %ld, \"ideal_wavefronts\": %ld}",
                    p ? "," : "", name.c_str(), accesses, s.instructions, s.worst, s.average, s.wavefronts,
                    s.ideal_wavefronts);
      }
      std::printf("]}");
    }
    std::printf("]}");
  }
}

}  // namespace

int main() {
  bool first = true;
  std::printf("[");
  report<df64>("df64", first);
  report<qf128>("qf128", first);
  report<dd128>("dd128", first);
  std::printf("\n]\n");
  return 0;
}
