// ffft_core_clock: the clock one core runs at, measured, for converting
// the CPU transforms' times into cycles (scripts/cpu_dynamic_counts.py).
//
//   ffft_core_clock        prints one line: ffft_core_clock mhz=...
//
// Why: a VM's /proc/cpuinfo gives the nominal clock, and its cores may run
// faster (turbo) without saying so; these VMs have no cycle counter either.
// Times converted at the nominal clock then understate the cycles a
// transform takes, and overstate its share of the ceiling's rate.
//
// How: a chain of dependent 64-bit integer multiplies, each waiting for the
// one before. Their latency is 3 cycles on every x86-64 core since Intel's
// Nehalem and AMD's Zen (Agner Fog, "Instruction tables"), so the chain's
// length times 3 over its time is the clock. Integer multiplies, because
// recent cores execute an add of a constant at rename, in no cycle at all.
// The fastest of 25 runs of about 10 ms each, after a warm-up 50 times as
// long that lets the core reach its turbo clock. A core running AVX-512
// code may clock lower than this (Intel's frequency licences, on Skylake
// server cores), so cycles computed with this clock are at most the true
// ones.
#include <chrono>
#include <cstdint>
#include <cstdio>

namespace {

constexpr double multiply_latency_cycles = 3;

#if defined(__x86_64__)
// iterations x 8 dependent multiplies; returns the seconds they took.
double chain_seconds(std::uint64_t iterations) {
  std::uint64_t x = 3;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < iterations; ++i)
    asm volatile(
        "imulq %0, %0\n\timulq %0, %0\n\timulq %0, %0\n\timulq %0, %0\n\t"
        "imulq %0, %0\n\timulq %0, %0\n\timulq %0, %0\n\timulq %0, %0"
        : "+r"(x));
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double>(t1 - t0).count();
}
#endif

}  // namespace

int main() {
#if defined(__x86_64__)
  constexpr std::uint64_t iterations = 2'000'000;  // 16 M multiplies: about 10 ms at 5 GHz
  chain_seconds(50 * iterations);                  // warm-up: the core leaves its idle clock
  double best = 0;
  for (int run = 0; run < 25; ++run) {
    const double mhz = 8.0 * iterations * multiply_latency_cycles / chain_seconds(iterations) / 1e6;
    if (mhz > best) best = mhz;
  }
  std::printf("ffft_core_clock mhz=%.0f\n", best);
  return 0;
#else
  std::fprintf(stderr, "ffft_core_clock: measures x86-64 cores only (a chain of imul)\n");
  return 1;
#endif
}
