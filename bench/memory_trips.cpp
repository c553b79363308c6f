// ffft_memory_trips: what a large CPU transform's traffic over memory costs
// on this machine, apart from its arithmetic: the floor under the
// large-size goal (scripts/cpu_dynamic_counts.py, `memory`).
//
//   ffft_memory_trips [LOG2N_FIRST LOG2N_LAST]     (default 16 22)
//
// Prints one JSON object. For each format and N = 2^LOG2N, one transform
// (batch 1, one thread, the path FFFT_CPU_ISA selects or the best one):
//   trips    the trips over all the data that the CPU executor's schedule
//            makes, each a read of every value and a write of every value:
//            its groups of passes where it blocks for the cache
//            (src/cpu/cache_blocking.hpp), else its passes;
//   trip_ns  the fastest of several copies of N values of the format from
//            one buffer to another, as a pass reads and writes them (plain
//            stores, so each line written is read into the cache first,
//            no streaming stores): the time of one trip.
// trips x trip_ns is a floor: the twiddles' reads come on top, and no
// schedule of those trips moves the data faster than a copy does.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "ffft/complex.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/fft/schedule.hpp"
#include "src/cpu/cache_blocking.hpp"
#include "src/cpu/fused_passes.hpp"

namespace {

// The trips of the executor's schedule for one transform of length n on
// the selected path: the plans' passes (fft/schedule.hpp), grouped as
// cache_blocking.hpp groups them, or pass by pass with two passes as one
// step where fused_passes.hpp fuses them.
template <class E>
std::size_t trips(std::uint64_t n) {
  const std::vector<ffft::fft::pass_shape> passes = ffft::fft::stockham_schedule_of<E>(n);
  const std::vector<std::uint64_t> offsets(passes.size(), 0);  // the grouping ignores them
  const std::uint32_t lanes = ffft::cpu::path_lanes<E>(ffft::selected_cpu_isa());
  const auto groups = ffft::cpu::blocked_groups(passes, offsets, n, 1, sizeof(ffft::complex<E>), lanes,
                                                ffft::cpu::per_core_cache_bytes(), 1,
                                                ffft::cpu::last_level_cache_bytes());
  if (!groups.empty()) return groups.size();
  return ffft::cpu::pass_step_count<E>(passes.size(), [&](std::size_t j) { return passes[j]; }, lanes,
                                       n * sizeof(ffft::complex<E>), ffft::cpu::per_core_cache_bytes());
}

// words 64-bit words from `from` to `to` in a plain loop: not turned into a
// call of memcpy, whose large copies use streaming stores, which the
// passes do not.
[[gnu::noinline, gnu::optimize("no-tree-loop-distribute-patterns")]] void copy_words(
    const std::uint64_t* from, std::uint64_t* to, std::size_t words) {
  for (std::size_t j = 0; j < words; ++j) to[j] = from[j];
}

// The fastest copy of n values in ns: at least 5 copies and 0.2 s.
template <class E>
double trip_ns(std::uint64_t n) {
  const std::size_t words = n * sizeof(ffft::complex<E>) / sizeof(std::uint64_t);
  std::vector<std::uint64_t> from(words), to(words);
  for (std::size_t j = 0; j < words; ++j) from[j] = j;  // every page touched before timing
  copy_words(from.data(), to.data(), words);
  double best = 1e300, total = 0;
  for (int copies = 0; copies < 5 || total < 2e8; ++copies) {
    const auto t0 = std::chrono::steady_clock::now();
    copy_words(from.data(), to.data(), words);
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    best = std::min(best, ns);
    total += ns;
  }
  if (to[words - 1] != words - 1) {
    std::fputs("ffft_memory_trips: the copy lost a value\n", stderr);
    std::exit(1);
  }
  return best;
}

template <class E>
void report(const char* format, int first, int last, bool& comma) {
  for (int log2n = first; log2n <= last; ++log2n) {
    const std::uint64_t n = std::uint64_t{1} << log2n;
    std::printf("%s\n  {\"format\": \"%s\", \"n\": %llu, \"value_bytes\": %zu, \"trips\": %zu, \"trip_ns\": %.0f}",
                comma ? "," : "", format, static_cast<unsigned long long>(n), sizeof(ffft::complex<E>),
                trips<E>(n), trip_ns<E>(n));
    comma = true;
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int first = 16, last = 22;
  if (argc == 3) {
    first = std::atoi(argv[1]);
    last = std::atoi(argv[2]);
  }
  if ((argc != 1 && argc != 3) || first < 1 || last < first || last > 26) {
    std::fputs("usage: ffft_memory_trips [LOG2N_FIRST LOG2N_LAST] (1 <= first <= last <= 26)\n", stderr);
    return 2;
  }
  std::printf("{\"cpu_path\": \"%s\", \"cache_bytes\": %zu, \"rows\": [",
              std::string(ffft::to_string(ffft::selected_cpu_isa())).c_str(), ffft::cpu::per_core_cache_bytes());
  bool comma = false;
  report<ffft::df64>("df64", first, last, comma);
  report<ffft::qf128>("qf128", first, last, comma);
  report<ffft::dd128>("dd128", first, last, comma);
  std::puts("\n]}");
  return 0;
}
