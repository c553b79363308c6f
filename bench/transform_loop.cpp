// ffft_transform_loop: one CPU plan's forward transform, called in a loop,
// for instruction counting (scripts/cpu_dynamic_counts.py runs it under
// callgrind, whose counts do not depend on the machine's load) and timing.
//
//   ffft_transform_loop FORMAT N CALLS
//     FORMAT df64, qf128 or dd128; N the transform length (batch 1 and
//     one thread unless set below, table twiddles, out of place); CALLS
//     timed calls after one untimed first call. Prints one line:
//       ffft_transform_loop format=dd128 n=65536 batch=1 threads=1 calls=20 path=avx2 min_ns=... median_ns=...
// The input and output start on a cache line (aligned_vector.hpp), or
// FFFT_LOOP_OFFSET bytes past one (a multiple of 8 below 64: 16 is where
// malloc's large blocks start), to time a caller's unaligned arrays.
// FFFT_LOOP_BATCH transforms a call (default 1), contiguous, as the
// benchmark's batches of 2^18 points are (ffft_bench_fft); min_ns and
// median_ns are then a whole call's. FFFT_LOOP_THREADS threads a plan
// (default 1), to time the split of one call between the cores.
// With FFFT_INSTRUCTION_MARKS=1 in the environment it stops itself
// (SIGSTOP) just before and just after the timed calls, the marks that
// ffft_instruction_count (bench/instruction_count.cpp) counts between.
// Built without position-independent code, so that the addresses callgrind
// and ffft_instruction_count report are those objdump prints.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "ffft/aligned_vector.hpp"
#include "ffft/conversions.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/plan.hpp"

namespace {

template <class E>
int run(const char* format, std::uint64_t n, std::uint64_t batch, unsigned threads, int calls, std::size_t offset) {
  ffft::plan_options o;
  o.length = n;
  o.batch = batch;
  o.backend = ffft::backend::cpu;
  o.threads = threads;
  ffft::plan<E> p(o);
  using value = ffft::complex<E>;
  static_assert(std::is_trivially_copyable_v<value> && alignof(value) <= 8, "values placed at 8-byte offsets");
  // n * batch values and room for the offset (below one line) before them.
  const std::uint64_t values = n * batch;
  const std::size_t bytes = values * sizeof(value) + ffft::host_alignment;
  ffft::aligned_vector<unsigned char> x_bytes(bytes), y_bytes(bytes);
  value* x = reinterpret_cast<value*>(x_bytes.data() + offset);
  value* y = reinterpret_cast<value*>(y_bytes.data() + offset);
  // Deterministic values in [-1, 1): the same instructions run every time.
  for (std::uint64_t j = 0; j < values; ++j)
    x[j] = {ffft::from_double<E>(static_cast<double>((j * 2654435761u) % 1000) / 500 - 1),
            ffft::from_double<E>(static_cast<double>((j * 40503u) % 1000) / 500 - 1)};
  p.forward(x, y);
  std::vector<double> ns(static_cast<std::size_t>(calls));
  const char* marks = std::getenv("FFFT_INSTRUCTION_MARKS");
  const bool marked = marks != nullptr && std::string(marks) == "1";
  if (marked) std::raise(SIGSTOP);
  for (double& t : ns) {
    const auto t0 = std::chrono::steady_clock::now();
    p.forward(x, y);
    t = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
  }
  if (marked) std::raise(SIGSTOP);
  std::sort(ns.begin(), ns.end());
  std::printf("ffft_transform_loop format=%s n=%llu batch=%llu threads=%u calls=%d path=%s min_ns=%.0f median_ns=%.0f\n",
              format, static_cast<unsigned long long>(n), static_cast<unsigned long long>(batch), threads, calls,
              std::string(ffft::to_string(ffft::selected_cpu_isa())).c_str(),
              calls ? ns.front() : 0.0, calls ? ns[ns.size() / 2] : 0.0);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const auto usage = [] {
    std::fputs("usage: ffft_transform_loop FORMAT(df64|qf128|dd128) N CALLS (N >= 1, CALLS >= 0)\n", stderr);
    return 2;
  };
  if (argc != 4) return usage();
  char* end = nullptr;
  const unsigned long long n = std::strtoull(argv[2], &end, 10);
  if (*end != '\0' || n == 0 || n > ffft::max_length) return usage();
  const long calls = std::strtol(argv[3], &end, 10);
  if (*end != '\0' || calls < 0 || calls > 1000000) return usage();
  std::size_t offset = 0;
  if (const char* o = std::getenv("FFFT_LOOP_OFFSET"); o != nullptr && *o != '\0') {
    offset = std::strtoul(o, &end, 10);
    if (*end != '\0' || offset % 8 != 0 || offset >= ffft::host_alignment) {
      std::fprintf(stderr, "ffft_transform_loop: FFFT_LOOP_OFFSET=%s is not a multiple of 8 below %zu; set it so or unset it\n",
                   o, ffft::host_alignment);
      return 2;
    }
  }
  std::uint64_t batch = 1;
  if (const char* b = std::getenv("FFFT_LOOP_BATCH"); b != nullptr && *b != '\0') {
    batch = std::strtoull(b, &end, 10);
    if (*end != '\0' || batch == 0 || batch > ffft::max_length / n) {
      std::fprintf(stderr,
                   "ffft_transform_loop: FFFT_LOOP_BATCH=%s is not a count of transforms from 1 to %llu; "
                   "set it so or unset it\n",
                   b, static_cast<unsigned long long>(ffft::max_length / n));
      return 2;
    }
  }
  unsigned threads = 1;
  if (const char* t = std::getenv("FFFT_LOOP_THREADS"); t != nullptr && *t != '\0') {
    const unsigned long value = std::strtoul(t, &end, 10);
    if (*end != '\0' || value == 0 || value > 1024) {
      std::fprintf(stderr, "ffft_transform_loop: FFFT_LOOP_THREADS=%s is not a count of threads from 1 to 1024; "
                           "set it so or unset it\n", t);
      return 2;
    }
    threads = static_cast<unsigned>(value);
  }
  const std::string format = argv[1];
  const int c = static_cast<int>(calls);
  if (format == "df64") return run<ffft::df64>("df64", n, batch, threads, c, offset);
  if (format == "qf128") return run<ffft::qf128>("qf128", n, batch, threads, c, offset);
  if (format == "dd128") return run<ffft::dd128>("dd128", n, batch, threads, c, offset);
  return usage();
}
