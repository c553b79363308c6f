// How much of the machine's processor time its host took away while a case
// ran: the "steal" time of /proc/stat, which a Linux guest counts for each
// moment one of its vCPUs was runnable but the hypervisor ran something
// else. On the 2-vCPU VMs the benchmarks run on, a repetition of a
// two-thread case sometimes takes the one-thread time (one vCPU gone for the
// whole repetition) while the same plan timed alone right after scales
// 1.99 (qf128 at 2^21, AMD EPYC Zen 3, avx2); the share recorded beside each
// repetition tells such a repetition from a slow partition.
#pragma once

#include <charconv>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

namespace ffft::bench {

// The aggregate "cpu" line of /proc/stat, in clock ticks summed over the CPUs.
struct cpu_ticks {
  unsigned long long total = 0;  // user nice system idle iowait irq softirq steal
  unsigned long long steal = 0;
};

// The first line of /proc/stat ("cpu  user nice system idle iowait irq
// softirq steal guest guest_nice"): total over its first eight fields (guest
// time is counted within user and nice, so not again), and the eighth; none
// where the line is not that (fewer than eight numbers, another label).
inline std::optional<cpu_ticks> parse_cpu_ticks(std::string_view line) {
  constexpr std::string_view label = "cpu ";
  if (line.substr(0, label.size()) != label) return std::nullopt;
  line.remove_prefix(label.size());
  cpu_ticks t;
  for (int field = 0; field < 8; ++field) {
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    unsigned long long value = 0;
    const auto [end, error] = std::from_chars(line.data(), line.data() + line.size(), value);
    if (error != std::errc{}) return std::nullopt;
    line.remove_prefix(static_cast<std::size_t>(end - line.data()));
    t.total += value;
    if (field == 7) t.steal = value;
  }
  return t;
}

// This machine's ticks now; none where there is no /proc/stat (not Linux).
inline std::optional<cpu_ticks> read_cpu_ticks() {
  std::ifstream stat("/proc/stat");
  std::string line;
  if (!stat || !std::getline(stat, line)) return std::nullopt;
  return parse_cpu_ticks(line);
}

// The share of all the CPUs' time between two readings that the host took:
// 0 to 1; none where no tick passed (a reading 10 ms apart or less) or the
// counters went backwards.
inline std::optional<double> steal_share(const cpu_ticks& before, const cpu_ticks& after) {
  if (after.total <= before.total || after.steal < before.steal) return std::nullopt;
  return static_cast<double>(after.steal - before.steal) / static_cast<double>(after.total - before.total);
}

}  // namespace ffft::bench
