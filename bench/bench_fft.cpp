// The FFT benchmark harness: throughput and accuracy of ffft against FFTW,
// the QD-based radix-2 FFT a user would otherwise write, and (on a GPU)
// cuFFT, measured side by side in one run, in the benchFFT tradition.
//
// One command runs it and writes JSON, tables and plots (scripts/fft_bench.sh):
//   scripts/fft_bench.sh quick   # about a minute on the 2-core development VM
//   scripts/fft_bench.sh full    # the committed bench/results/fft_*; tens of minutes
//   scripts/fft_bench.sh cpu     # 2^10..2^22 once per CPU instruction-set path:
//                                # bench/results/fft_cpu_<path>.*
//
// Benchmarks are named "fft/<contender>/<N>/threads:<T>":
//   ffft_<format>_<twiddles>   ffft's CPU executor, format df64 | qf128 | dd128,
//                              twiddles table | computed
//   ffft_<format>_<twiddles>_cuda   the same on the CUDA executor (GPU builds, with a device)
//   ffft_<format>_passes       cpu mode, one thread: ffft_<format>_table pass by pass,
//                              without the cache blocking (FFFT_CPU_CACHE_BYTES=0),
//                              what the blocking gains measured beside it
//   ffft_<format>_copies       with T > 1 and N >= 2^16 only: T one-thread copies of
//                              ffft_<format>_table at once, each its own batch
//                              (copies_case): the cores' scaling when nothing is split
//   fftw_float, fftw_double, fftw_long_double, fftw_quad   FFTW 3, plan_many_dft
//   qd_dd_real, qd_qd_real     bench/qd_stockham.hpp: radix-2 Stockham over QD's types
//   cufft_c2c, cufft_z2z       cuFFT single and double (with a device)
// Counters of each:
//   GFLOPs   5 N log2 N x batch / t (benchFFT's conventional count, also for
//            lengths that are not powers of two)
//   GBps     2 N x batch x (bytes of one value) / t: one read and one write
//            of the data, the least any out-of-place transform moves; ffft's
//            CPU passes move it once per pass and the CUDA executor once per
//            group of passes, so this is a lower bound of the real traffic
//   GBps_passes  the same times the passes over all the data the case
//            makes, where it says (fft_case::memory_passes: ffft's CPU radix
//            passes, the QD baseline's log2 N; absent for FFTW, cuFFT,
//            Bluestein lengths and the CUDA executor)
//   rel_l2_error        ||y - y_quad|| / ||y_quad|| of transform 0's forward
//                       output, y_quad FFTW quad's transform of the same input
//   roundtrip_psnr_db   Thall's eq. 17 for x' = F^-1(F(x)) / N (+inf: exact)
//   roundtrip_rmse_phase, roundtrip_phase_excluded   Thall's eq. 15-16 for
//                       the same x', over the samples with a phase at the
//                       case's unit roundoff, and how many were left out
//                       (tools::phase_defined, docs/cli.md "Reports")
//   GFLOPs_fastest_call  the same count over the fastest single call of the
//            repetition, by the wall clock (CUDA events on a GPU): the rate
//            that the thread-scaling ratios compare, on every side alike
//            (scripts/fft_bench_json.py, threads_ratio)
//   host_steal_share  the share of all the CPUs' time that the hypervisor took
//            while the repetition's calls ran (/proc/stat's steal ticks,
//            bench/host_steal.hpp; Linux only, and only where a tick passed):
//            above 0, a vCPU was gone for part of it
//   N, batch, cpu_threads (the T of the name; "threads" is Google Benchmark's own field)
// t is the time of one call (batch transforms): process CPU time with one
// thread (robust on a shared VM, see the note below), wall-clock time with
// more, CUDA event time on a GPU (data resident on the device). The scripts
// take each rate from the fastest of --benchmark_repetitions, benchFFT's
// rule (scripts/fft_bench_json.py), and scripts/fft_bench.sh interleaves the
// repetitions of all cases in a random order, so that a slow minute of a
// shared machine falls on a few repetitions of many cases, not on all of one.
//
// Everything that is not the transform happens outside the timed loop: the
// plans (ffft's twiddle tables, FFTW's planner), the buffers and the input;
// the accuracy probes run once per contender and size, after the timing.
// A case's state is built on its first call, kept for Google Benchmark's
// calibration and repetitions, and freed when another case starts, so only
// one case's buffers are alive at a time (interleaved, a case is built again
// for each repetition; its accuracy is measured once).
//
// Input: uniform in [-1, 1) with 24-bit granularity, exact in float and so
// in every format and precision (tools/uniform_input.hpp); transform 0 gets
// the same values as in the accuracy report (src/fft_report.cpp).
//
// FFTW planner flags: float and double FFTW_MEASURE (time-limited to
// --fftw_time_limit seconds per plan, default 2) in the full mode, the fast
// baseline a user who runs a transform many times would plan;
// FFTW_ESTIMATE in the quick mode and always for long double and quad, which
// have no SIMD codelets (MEASURE there costs minutes of planning at large N
// and picks similar plans). Threads: FFTW's threads library with
// plan_with_nthreads; ffft plan_options.threads; the QD baseline is serial.
// The second thread count is the processors this process may run on (its
// affinity mask: `taskset -c 8,9` gives threads:2 on any machine).
//
// On a shared VM, whole minutes can run up to 2x slower; CPU time hides the
// waiting for a CPU, not the shared caches. Look at the repetitions' spread.
#include <benchmark/benchmark.h>
#include <fftw3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ffft/cpu_isa.hpp"
#include "fft_cpu_cases.hpp"
#include "fft_cuda_cases.hpp"
#include "host_steal.hpp"
#include "tools/reference/fftw_quad.hpp"
#include "tools/run_context.hpp"

#ifndef FFFT_BENCH_BUILD_TYPE
#define FFFT_BENCH_BUILD_TYPE "unknown"
#endif

namespace {

using namespace ffft::bench;
using ffft::tools::complex_quad;

// ---- Modes ------------------------------------------------------------------------
struct mode {
  std::string name;
  std::vector<std::uint64_t> lengths;
  std::uint64_t points_per_call;  // batch = max(1, points_per_call / N)
  bool computed_twiddles;         // also the computed-twiddle variants
  bool pass_by_pass;              // also ffft's passes without cache blocking, one thread
  unsigned fftw_fast_flags;       // float and double
  std::uint64_t qd_max;           // the QD baseline up to this N
  std::uint64_t quad_max;         // FFTW long double and quad up to this N
};

std::vector<std::uint64_t> powers_of_two(unsigned from, unsigned to, unsigned step) {
  std::vector<std::uint64_t> v;
  for (unsigned k = from; k <= to; k += step) v.push_back(std::uint64_t{1} << k);
  return v;
}

// Lengths that are not powers of two: 3^k, 5^k, 7^k and a mixed radix, and
// primes that go through Bluestein's algorithm.
const std::vector<std::uint64_t> quick_others = {2187, 15625, 16807, 1009};
const std::vector<std::uint64_t> full_others = {243,   2187,  59049, 625,   15625,   2401,
                                                16807, 30240, 1009,  10007, 100003};

mode make_mode(const std::string& name) {
  mode m;
  m.name = name;
  if (name == "quick") {
    m.lengths = powers_of_two(4, 20, 2);
    m.lengths.insert(m.lengths.end(), quick_others.begin(), quick_others.end());
    m.points_per_call = std::uint64_t{1} << 16;
    m.computed_twiddles = false;
    m.pass_by_pass = false;
    m.fftw_fast_flags = FFTW_ESTIMATE;
    m.qd_max = std::uint64_t{1} << 16;
    m.quad_max = std::uint64_t{1} << 20;
  } else if (name == "full") {
    m.lengths = powers_of_two(4, 22, 1);
    m.lengths.insert(m.lengths.end(), full_others.begin(), full_others.end());
    m.points_per_call = std::uint64_t{1} << 18;
    m.computed_twiddles = true;
    m.pass_by_pass = false;
    m.fftw_fast_flags = FFTW_MEASURE;
    m.qd_max = std::uint64_t{1} << 22;
    m.quad_max = std::uint64_t{1} << 22;
  } else if (name == "cpu") {
    // The CPU speed goals' span, 2^10 .. 2^22, with every CPU baseline; run
    // once per instruction-set path (FFFT_CPU_ISA) by scripts/fft_bench.sh cpu.
    m.lengths = powers_of_two(10, 22, 1);
    m.points_per_call = std::uint64_t{1} << 18;
    m.computed_twiddles = false;
    m.pass_by_pass = true;
    m.fftw_fast_flags = FFTW_ESTIMATE;
    m.qd_max = std::uint64_t{1} << 22;
    m.quad_max = std::uint64_t{1} << 22;
  } else {
    throw std::invalid_argument("--mode: quick, full or cpu, got '" + name + "'");
  }
  return m;
}

// ---- The accuracy reference ---------------------------------------------------------
// FFTW quad's forward transform of transform 0's input, kept per N: with
// --benchmark_enable_random_interleaving the sizes come in any order.
const std::vector<complex_quad>& quad_reference(std::uint64_t n) {
  static std::map<std::uint64_t, std::vector<complex_quad>> cached;
  auto it = cached.find(n);
  if (it == cached.end()) {
    // The fftw_quad contender may have left fftwq planning on all threads;
    // the reference is planned on one, the plan it has always had.
    fftw_use_threads<fftwq_api>(1, 1);
    it = cached.emplace(n, ffft::tools::fftw_quad_dft(
                               ffft::tools::to_complex_quad(ffft::tools::uniform_float_input(n)), FFTW_FORWARD))
             .first;
  }
  return it->second;
}

// ---- One benchmark's state ------------------------------------------------------------
struct registered_case {
  std::string contender;
  fft_problem problem;
  std::function<std::unique_ptr<fft_case>()> make;
  bool measured_accuracy = false;
  double rel_l2_error = 0, psnr_db = 0, rmse_phase = 0;
  std::uint64_t phase_excluded = 0;
};

// Kept alive for the whole run: their addresses identify the states.
std::vector<std::unique_ptr<registered_case>> registered;
const registered_case* current_owner = nullptr;
std::unique_ptr<fft_case> current;

fft_case& state_for(const registered_case& r) {
  if (current_owner != &r) {
    current.reset();  // free the previous case's buffers first
    current_owner = nullptr;
    current = r.make();
    current_owner = &r;
  }
  return *current;
}

void measure_accuracy(registered_case& r, fft_case& c) {
  if (r.measured_accuracy) return;
  const std::vector<complex_quad> y = c.forward_first();
  r.rel_l2_error = ffft::tools::relative_l2_error(y, quad_reference(r.problem.n));
  const std::vector<complex_quad> x = ffft::tools::to_complex_quad(ffft::tools::uniform_float_input(r.problem.n));
  const ffft::tools::roundtrip_metrics m = ffft::tools::roundtrip_error(x, c.roundtrip_first(), c.unit_roundoff());
  r.psnr_db = m.psnr_db;
  r.rmse_phase = m.rmse_phase;
  r.phase_excluded = m.phase_excluded;
  r.measured_accuracy = true;
}

// Cases whose setup threw anything but case_unavailable: the exit status.
int failed_cases = 0;

void run_case(benchmark::State& state, registered_case& r) {
  fft_case* c = nullptr;
  try {
    c = &state_for(r);
  } catch (const case_unavailable& e) {
    state.SkipWithError(e.what());
    for (auto _ : state) {
    }
    return;
  } catch (const std::exception& e) {
    ++failed_cases;
    std::fprintf(stderr, "ffft_bench_fft: %s at N = %llu failed: %s\n", r.contender.c_str(),
                 static_cast<unsigned long long>(r.problem.n), e.what());
    state.SkipWithError((std::string("FAILED: ") + e.what()).c_str());
    for (auto _ : state) {
    }
    return;
  }
  // Each call is timed on its own too, for GFLOPs_fastest_call: the clock
  // reads cost tens of nanoseconds against calls of 2^18 points.
  double fastest_seconds = 0;
  const std::optional<cpu_ticks> ticks_before = read_cpu_ticks();
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const double seconds = c->run_timed();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (seconds >= 0) state.SetIterationTime(seconds);
    const double call = seconds >= 0 ? seconds : wall;
    fastest_seconds = fastest_seconds > 0 ? std::min(fastest_seconds, call) : call;
    benchmark::ClobberMemory();
  }
  const std::optional<cpu_ticks> ticks_after = read_cpu_ticks();
  measure_accuracy(r, *c);
  const fft_problem& p = r.problem;
  const double points = static_cast<double>(p.n * p.batch);
  const double flops = 5.0 * points * std::log2(static_cast<double>(p.n));
  using benchmark::Counter;
  state.counters["GFLOPs"] = Counter(flops * 1e-9, Counter::kIsIterationInvariantRate);
  if (fastest_seconds > 0) state.counters["GFLOPs_fastest_call"] = flops * 1e-9 / fastest_seconds;
  state.counters["GBps"] = Counter(2.0 * points * static_cast<double>(c->value_bytes()) * 1e-9,
                                   Counter::kIsIterationInvariantRate);
  if (const unsigned passes = c->memory_passes(); passes > 0)
    state.counters["GBps_passes"] =
        Counter(2.0 * passes * points * static_cast<double>(c->value_bytes()) * 1e-9,
                Counter::kIsIterationInvariantRate);
  state.counters["N"] = static_cast<double>(p.n);
  state.counters["batch"] = static_cast<double>(p.batch);
  state.counters["cpu_threads"] = static_cast<double>(p.threads);
  state.counters["rel_l2_error"] = r.rel_l2_error;
  state.counters["roundtrip_psnr_db"] = r.psnr_db;
  state.counters["roundtrip_rmse_phase"] = r.rmse_phase;
  state.counters["roundtrip_phase_excluded"] = static_cast<double>(r.phase_excluded);
  if (ticks_before && ticks_after)
    if (const std::optional<double> share = steal_share(*ticks_before, *ticks_after))
      state.counters["host_steal_share"] = *share;
}

// ---- Registration ----------------------------------------------------------------------
enum class timing { cpu_time, wall_time, device_events };

void add(const std::string& contender, const fft_problem& p, timing how,
         std::function<std::unique_ptr<fft_case>()> make) {
  registered.push_back(std::make_unique<registered_case>(registered_case{contender, p, std::move(make)}));
  registered_case* r = registered.back().get();
  const std::string name =
      "fft/" + contender + "/" + std::to_string(p.n) + "/threads:" + std::to_string(p.threads);
  auto* b = benchmark::RegisterBenchmark(name.c_str(),
                                         [r](benchmark::State& s) { run_case(s, *r); });
  if (how == timing::device_events) b->UseManualTime();
  if (how == timing::wall_time) b->UseRealTime();
  const double seconds_per_call = static_cast<double>(p.n * p.batch) * 1e-8;
  b->Unit(seconds_per_call > 1e-3 ? benchmark::kMillisecond : benchmark::kMicrosecond);
}

struct options {
  mode m;
  unsigned all_threads;
  double fftw_time_limit;
};

// The thread-scaling goal is over N >= 2^16 (scripts/fft_bench_table.py).
constexpr std::uint64_t scaling_min_n = std::uint64_t{1} << 16;

template <class E>
void add_ffft(const std::string& format, const fft_problem& p, const options& o) {
  const timing how = p.threads == 1 ? timing::cpu_time : timing::wall_time;
  add("ffft_" + format + "_table", p, how,
      [p] { return std::make_unique<ffft_cpu_case<E>>(p, ffft::twiddle_mode::table); });
  if (o.m.computed_twiddles && p.threads == 1)
    add("ffft_" + format + "_computed", p, how,
        [p] { return std::make_unique<ffft_cpu_case<E>>(p, ffft::twiddle_mode::computed); });
  if (o.m.pass_by_pass && p.threads == 1)
    add("ffft_" + format + "_passes", p, how, [p] {
      return std::make_unique<ffft_cpu_case<E>>(p, ffft::twiddle_mode::table, pass_order::pass_by_pass);
    });
  // The thread-scaling goal's ceiling, over its sizes: as many one-thread
  // copies of the one-thread case as threads, batch counting them all.
  if (p.threads > 1 && p.n >= scaling_min_n) {
    const fft_problem one{p.n, p.batch, 1};
    add("ffft_" + format + "_copies", {p.n, p.batch * p.threads, p.threads}, how, [one, threads = p.threads] {
      std::vector<std::unique_ptr<fft_case>> copies;
      for (unsigned t = 0; t < threads; ++t)
        copies.push_back(std::make_unique<ffft_cpu_case<E>>(one, ffft::twiddle_mode::table));
      return std::make_unique<copies_case>(std::move(copies));
    });
  }
}

void register_cpu(std::uint64_t n, const options& o) {
  const std::uint64_t batch = std::max<std::uint64_t>(1, o.m.points_per_call / n);
  const unsigned all = o.all_threads;
  for (unsigned threads : {1u, all}) {
    if (threads == all && all == 1) continue;
    const fft_problem p{n, batch, threads};
    const timing how = threads == 1 ? timing::cpu_time : timing::wall_time;
    add_ffft<ffft::df64>("df64", p, o);
    add_ffft<ffft::qf128>("qf128", p, o);
    add_ffft<ffft::dd128>("dd128", p, o);
    const unsigned fast = o.m.fftw_fast_flags;
    const double limit = o.fftw_time_limit;
    if (threads == 1)
      add("fftw_float", p, how, [p, fast, limit, all] {
        return std::make_unique<fftw_case<fftwf_api>>(p, fast, limit, all);
      });
    add("fftw_double", p, how, [p, fast, limit, all] {
      return std::make_unique<fftw_case<fftw_api>>(p, fast, limit, all);
    });
    if (n <= o.m.quad_max) {
      if (threads == 1)
        add("fftw_long_double", p, how, [p, all] {
          return std::make_unique<fftw_case<fftwl_api>>(p, FFTW_ESTIMATE, 0, all);
        });
      add("fftw_quad", p, how, [p, all] {
        return std::make_unique<fftw_case<fftwq_api>>(p, FFTW_ESTIMATE, 0, all);
      });
    }
    const bool power_of_two = (n & (n - 1)) == 0;
    if (threads == 1 && power_of_two && n <= o.m.qd_max) {
      add("qd_dd_real", p, how, [p] { return std::make_unique<qd_case<dd_real>>(p); });
      add("qd_qd_real", p, how, [p] { return std::make_unique<qd_case<qd_real>>(p); });
    }
  }
}

// GPU contenders: batched to at least 2^26 points per call (the size of the
// GPU goals), data resident on the device, registered size by size like the
// CPU ones (so each size's FFTW quad reference is computed once). Without a
// device each contender reports the reason once, at the smallest size.
void register_gpu(const std::vector<std::uint64_t>& lengths, const options& o) {
  const std::string unavailable = gpu_unavailable_reason();
  const std::vector<std::string> contenders = gpu_contenders(o.m.computed_twiddles);
  if (!unavailable.empty()) {
    for (const std::string& contender : contenders)
      add(contender, {lengths.front(), 1, 1}, timing::device_events,
          [unavailable]() -> std::unique_ptr<fft_case> { throw case_unavailable(unavailable); });
    return;
  }
  for (std::uint64_t n : lengths) {
    const std::uint64_t batch = std::max<std::uint64_t>(1, (std::uint64_t{1} << 26) / n);
    const fft_problem p{n, batch, 1};
    for (const std::string& contender : contenders)
      add(contender, p, timing::device_events, [contender, p] { return make_gpu_case(contender, p); });
  }
}

std::string seconds_text(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", s);
  return text;
}

// ---- Command line -----------------------------------------------------------------
// Google Benchmark's Initialize leaves the arguments it does not know; these
// are ours ("--name=value").
bool take_option(const char* arg, const char* name, std::string& value) {
  const std::size_t len = std::strlen(name);
  if (std::strncmp(arg, name, len) != 0 || arg[len] != '=') return false;
  value = arg + len + 1;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  std::string mode_name = "quick", revision, limit_text;
  options o{};
  o.fftw_time_limit = 2.0;
  try {
    for (int i = 1; i < argc; ++i) {
      std::string v;
      if (take_option(argv[i], "--mode", v)) {
        mode_name = v;
      } else if (take_option(argv[i], "--revision", v)) {
        revision = v;
      } else if (take_option(argv[i], "--fftw_time_limit", v)) {
        o.fftw_time_limit = std::stod(v);
        if (!(o.fftw_time_limit > 0)) throw std::invalid_argument("--fftw_time_limit must be > 0");
      } else {
        throw std::invalid_argument(std::string("unknown argument '") + argv[i] +
                                    "'; options: --mode=quick|full|cpu --fftw_time_limit=SECONDS "
                                    "--revision=TEXT and Google Benchmark's --benchmark_*");
      }
    }
    o.m = make_mode(mode_name);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ffft_bench_fft: %s\n", e.what());
    return 2;
  }
  o.all_threads = ffft::tools::usable_processors();

  for (std::uint64_t n : o.m.lengths) register_cpu(n, o);
  register_gpu(o.m.lengths, o);

  benchmark::AddCustomContext("ffft_mode", o.m.name);
  benchmark::AddCustomContext("ffft_build_type", FFFT_BENCH_BUILD_TYPE);
  benchmark::AddCustomContext("ffft_revision",
                              revision.empty() ? ffft::tools::git_revision() : revision);
  benchmark::AddCustomContext("cpu_model", ffft::tools::cpu_model());
  // The CPU executor's instruction-set path every ffft case here runs
  // (FFFT_CPU_ISA, or the fastest this CPU has).
  benchmark::AddCustomContext("ffft_cpu_path", ffft::to_string(ffft::selected_cpu_isa()));
  // The flags of the QD baseline's copy for that path: ffft's path's own
  // instruction-set flags, FMA for QD's TwoProd (qd_paths.hpp).
  benchmark::AddCustomContext("qd_flags", qd_paths::for_isa(ffft::selected_cpu_isa()).flags);
  benchmark::AddCustomContext("fftw_version", fftw_version);
  benchmark::AddCustomContext(
      "fftw_float_double_planner",
      o.m.fftw_fast_flags == FFTW_ESTIMATE
          ? std::string("FFTW_ESTIMATE")
          : "FFTW_MEASURE (time limit " + seconds_text(o.fftw_time_limit) + " s per plan)");
  benchmark::AddCustomContext("fftw_long_double_quad_planner", "FFTW_ESTIMATE");
  benchmark::AddCustomContext("gpu", gpu_description());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  current.reset();
  if (failed_cases > 0) {
    std::fprintf(stderr, "ffft_bench_fft: %d case(s) failed to set up (see above)\n", failed_cases);
    return 1;
  }
  return 0;
}
