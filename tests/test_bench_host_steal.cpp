// The benchmark's record of the time the host took from the VM's CPUs
// (bench/host_steal.hpp): /proc/stat's aggregate line read field by field,
// and the share of the ticks between two readings that were stolen.
#include <gtest/gtest.h>

#include <optional>

#include "bench/host_steal.hpp"

namespace {

using ffft::bench::cpu_ticks;
using ffft::bench::parse_cpu_ticks;
using ffft::bench::steal_share;

TEST(HostSteal, ParsesTheAggregateLineOfProcStat) {
  // A line read off the 2-vCPU EPYC: user nice system idle iowait irq softirq steal guest guest_nice.
  const std::optional<cpu_ticks> t = parse_cpu_ticks("cpu  639795 0 49995 315736 592 0 91 3672 0 0");
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->total, 639795ull + 49995 + 315736 + 592 + 91 + 3672);
  EXPECT_EQ(t->steal, 3672ull);
}

TEST(HostSteal, RefusesLinesThatAreNotTheAggregate) {
  EXPECT_FALSE(parse_cpu_ticks("cpu0 324022 0 25701 153315 60 0 10 1854 0 0").has_value());
  EXPECT_FALSE(parse_cpu_ticks("cpu  1 2 3 4 5 6 7").has_value());  // a kernel without steal
  EXPECT_FALSE(parse_cpu_ticks("intr 1 2 3 4 5 6 7 8").has_value());
  EXPECT_FALSE(parse_cpu_ticks("").has_value());
}

TEST(HostSteal, ShareIsTheStolenPartOfTheTicksBetweenReadings) {
  const cpu_ticks before{1000, 10}, after{1400, 110};
  const std::optional<double> share = steal_share(before, after);
  ASSERT_TRUE(share.has_value());
  EXPECT_DOUBLE_EQ(*share, 0.25);
  EXPECT_FALSE(steal_share(before, before).has_value());  // no tick passed
  EXPECT_FALSE(steal_share(after, before).has_value());   // counters backwards
}

TEST(HostSteal, ReadsThisMachinesTicksOnLinux) {
#if defined(__linux__)
  const std::optional<cpu_ticks> t = ffft::bench::read_cpu_ticks();
  ASSERT_TRUE(t.has_value());
  EXPECT_GT(t->total, 0ull);
  EXPECT_LE(t->steal, t->total);
#else
  GTEST_SKIP() << "no /proc/stat on this system";
#endif
}

}  // namespace
