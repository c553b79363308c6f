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
#include "tools/sass/bank_conflicts.hpp"
#include "tools/sass/group_recording.hpp"

namespace {

using namespace ffft;

template <class E>
void report(const char* format, bool& first_entry) {
  for (int log2n = 16; log2n <= 24; ++log2n) {
    const std::uint64_t n = std::uint64_t{1} << log2n;
    const std::uint64_t batch = (std::uint64_t{1} << 26) / n;
    const std::vector<fft::pass_group> groups = sass::planned_groups<E>(n);
    std::printf("%s\n{\"format\": \"%s\", \"log2n\": %d, \"batch\": %llu, \"groups\": [",
                first_entry ? "" : ",", format, log2n, static_cast<unsigned long long>(batch));
    first_entry = false;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
      const fft::pass_group& g = groups[gi];
      const sass::recorded_group r = sass::record_first_tile<E>(g, batch);
      const sass::recorder& notes = r.notes;
      std::string radices;
      for (int j = 0; j < g.count; ++j) radices += (j ? ", " : "") + std::to_string(g.passes[j].radix);
      std::printf("%s\n  {\"radices\": [%s], \"l\": %llu, \"m\": %llu, \"radix\": %u, \"columns\": %llu, "
                  "\"tile_entries\": %u, \"width\": %u, \"tiles\": %llu, \"threads\": %u, \"phases\": [",
                  gi ? "," : "", radices.c_str(), static_cast<unsigned long long>(g.l),
                  static_cast<unsigned long long>(g.m), g.radix, static_cast<unsigned long long>(r.columns),
                  fft::group_tile_entries<E>(g), r.width,
                  static_cast<unsigned long long>(r.tiles), r.threads);
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
