// Single-thread CPU speed of one forward complex transform, out of place,
// ffft (df64, qf128, dd128; CPU backend, table twiddles) side by side with
// FFTW in double, long double and __float128 (quad).
//
// One command reproduces bench/results/fft_cpu.{json,md}:
//
//   cmake --build build --target ffft_bench_fft &&
//   build/bench/ffft_bench_fft --benchmark_min_time=0.2 --benchmark_repetitions=3
//       --benchmark_out=bench/results/fft_cpu.json --benchmark_out_format=json &&
//   python3 scripts/fft_bench_table.py bench/results/fft_cpu.json > bench/results/fft_cpu.md
//
// (one shell line; add --max_log2=20 to skip 2^22, the slowest size).
//
// Benchmarks are named "fft/<impl>/<log2 N>", impl one of ffft_df64,
// ffft_qf128, ffft_dd128, fftw_double, fftw_long_double, fftw_quad, and run
// size by size (the six of one N one after another, so that the ratios of a
// row are measured close together in time). Each reports the counter
// "GFLOPs" = 5 N log2 N / t (the conventional FFT flop count, the one FFTW's
// benchFFT uses), in GFLOP/s, plus "N". t is the process CPU time per
// transform (Google Benchmark's default): everything runs on one thread, so
// on an idle machine it equals the wall-clock time, and when another process
// shares the 2-vCPU benchmark VM it leaves out the time spent waiting for a
// CPU (checked: with two busy loops beside it, df64 at 2^10-2^12 kept its
// idle GFLOPs by CPU time while its wall-clock time grew 1.3-1.6x), though
// not the slowdown from shared caches and memory bandwidth.
// The JSON keeps real_time too; scripts/fft_bench_table.py flags entries
// whose wall-clock and CPU times differ. Even on an idle VM, whole minutes
// can run up to 2x slower (neighbours on the host); look at the repetitions'
// spread (_cv) and measure again when in doubt.
//
// Sizes: N = 2^k for k = min, min + step, ..., max, default 10, 12, ..., 22.
// Choose them with the options below (after Google Benchmark's own) or the
// environment variables FFFT_BENCH_MIN_LOG2 / FFFT_BENCH_MAX_LOG2 /
// FFFT_BENCH_STEP_LOG2 (options win):
//   --min_log2=K --max_log2=K --step_log2=S
//   --fftw_double_planner=estimate|measure|patient   (default measure, see below)
//   --fftw_wisdom=FILE   FFTW double wisdom: imported if FILE exists, exported at the end
//   --revision=TEXT   the ffft source named in the JSON context (default:
//                     git describe --always --dirty)
// With the default sizes and 3 repetitions the run takes about 2 minutes on
// the 2.6 GHz EPYC VM at commit 5d23b40 (3 at 2991766), a third of it FFTW
// quad at 2^22 (10 s per transform).
//
// Everything that is not the transform happens outside the timed loop: the
// plan (for ffft: the MPFR twiddle tables and the workspace; for FFTW: the
// planner), the buffers and the input. A benchmark's state is built on its
// first call and kept for Google Benchmark's later calls of the same
// benchmark (its calibration runs), then freed when the next one starts, so
// that neither the MPFR tables nor the FFTW planner are paid more than once
// and only one size's buffers are alive at a time.
//
// The input is the same for all six: N complex values whose parts are
// uniform in [-1, 1) with 24-bit granularity, exactly representable in
// float and so in every format (the same generator and seed as
// src/fft_report.cpp).
//
// Threads: ffft plans get plan_options.threads = 1; the FFTW libraries
// linked are the serial ones (no fftw*_init_threads), so FFTW runs on one
// thread too.
//
// FFTW planner flags:
//  - double: FFTW_MEASURE by default. df64 is compared with FFTW double as
//    the fast baseline a user would actually run, and a user who executes a
//    transform many times plans it with FFTW_MEASURE (or wisdom): on the
//    benchmark VM it is about 2x faster than FFTW_ESTIMATE's plans from 2^14
//    up (at 2^10 - 2^12 ESTIMATE's plan is as fast). The plan MEASURE picks
//    depends on timings taken while planning, so it varies between runs
//    (2^10: 24 to 48 GFLOPs seen on the VM); --fftw_wisdom=FILE makes the
//    plans repeatable (imported when the file exists, written at the end).
//    Planning is capped at kPlannerTimeLimit seconds per plan
//    (fftw_set_timelimit) to keep 2^22 reasonable.
//    --fftw_double_planner=estimate|measure|patient chooses the planner.
//  - long double and quad: FFTW_ESTIMATE. FFTW_MEASURE would time candidate
//    plans at up to seconds per transform (several minutes of planning for
//    quad at 2^22), and these precisions have no SIMD codelets, so the plans
//    it picks differ little; ESTIMATE is what the accuracy report uses too.
#include <benchmark/benchmark.h>
#include <fftw3.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ffft/ffft.hpp"
#include "ffft/plan.hpp"
#include "tools/run_context.hpp"
#include "tools/uniform_input.hpp"

#ifndef FFFT_BENCH_BUILD_TYPE
#define FFFT_BENCH_BUILD_TYPE "unknown"
#endif

namespace {

constexpr double kPlannerTimeLimit = 10.0;  // seconds of FFTW_MEASURE / PATIENT per plan

// ---- One benchmark's state ----------------------------------------------------
// A transform ready to run: buffers allocated, input in place, plan made.
struct prepared {
  virtual ~prepared() = default;
  virtual void run() = 0;
  // A value of the output, so the compiler cannot drop the transforms.
  virtual double probe() const = 0;
};

template <class E>
struct ffft_case final : prepared {
  std::vector<ffft::complex<E>> in, out;
  ffft::plan<E> plan;

  static ffft::plan_options options(std::uint64_t n) {
    ffft::plan_options o;
    o.length = n;
    o.twiddles = ffft::twiddle_mode::table;
    o.backend = ffft::backend::cpu;
    o.threads = 1;
    return o;
  }

  explicit ffft_case(std::uint64_t n) : in(n), out(n), plan(options(n)) {
    const auto x = ffft::tools::uniform_float_input(n);
    for (std::uint64_t j = 0; j < n; ++j)
      in[j] = {ffft::from_float<E>(x[j].first), ffft::from_float<E>(x[j].second)};
  }
  void run() override { plan.forward(in.data(), out.data()); }
  double probe() const override { return ffft::to_double(out[1].re); }
};

// FFTW's three APIs differ only in their prefix; this names each function.
#define FFFT_FFTW_API(prefix, real_type)                               \
  struct prefix##_api {                                                \
    using real = real_type;                                            \
    using cpx = prefix##_complex;                                      \
    using plan_t = prefix##_plan;                                      \
    static void* malloc(std::size_t b) { return prefix##_malloc(b); }  \
    static void free(void* p) { prefix##_free(p); }                    \
    static plan_t plan(int n, cpx* i, cpx* o, unsigned f) {            \
      return prefix##_plan_dft_1d(n, i, o, FFTW_FORWARD, f);           \
    }                                                                  \
    static void execute(plan_t p) { prefix##_execute(p); }             \
    static void destroy(plan_t p) { prefix##_destroy_plan(p); }        \
    static void set_timelimit(double s) { prefix##_set_timelimit(s); } \
  };
FFFT_FFTW_API(fftw, double)
FFFT_FFTW_API(fftwl, long double)
FFFT_FFTW_API(fftwq, __float128)
#undef FFFT_FFTW_API

template <class Api>
struct fftw_case final : prepared {
  using cpx = typename Api::cpx;
  using real = typename Api::real;
  std::uint64_t n;
  cpx* in;
  cpx* out;
  typename Api::plan_t plan;

  fftw_case(std::uint64_t n_, unsigned flags)
      : n(n_),
        in(static_cast<cpx*>(Api::malloc(sizeof(cpx) * n_))),
        out(static_cast<cpx*>(Api::malloc(sizeof(cpx) * n_))) {
    if (in == nullptr || out == nullptr) throw std::bad_alloc();
    // FFTW_MEASURE is 0: every planner but FFTW_ESTIMATE times candidates.
    Api::set_timelimit((flags & FFTW_ESTIMATE) ? FFTW_NO_TIMELIMIT : kPlannerTimeLimit);
    // Plan first: a measuring planner overwrites both arrays.
    plan = Api::plan(static_cast<int>(n), in, out, flags);
    if (plan == nullptr) throw std::runtime_error("FFTW returned no plan");
    const auto x = ffft::tools::uniform_float_input(n);
    for (std::uint64_t j = 0; j < n; ++j) {
      in[j][0] = static_cast<real>(x[j].first);
      in[j][1] = static_cast<real>(x[j].second);
    }
  }
  ~fftw_case() override {
    Api::destroy(plan);
    Api::free(in);
    Api::free(out);
  }
  void run() override { Api::execute(plan); }
  double probe() const override { return static_cast<double>(out[1][0]); }
};

// The state of the benchmark that ran last; see the header.
const void* current_owner = nullptr;
std::unique_ptr<prepared> current;

prepared& state_for(const void* owner, const std::function<std::unique_ptr<prepared>()>& make) {
  if (current_owner != owner) {
    current.reset();  // free the previous size's buffers first
    current_owner = nullptr;
    current = make();
    current_owner = owner;
  }
  return *current;
}

// ---- Registration ---------------------------------------------------------------
struct fft_benchmark {
  std::string impl;
  std::uint64_t n;
  std::function<std::unique_ptr<prepared>()> make;
};

// Kept alive for the whole run: their addresses identify the states.
std::vector<std::unique_ptr<fft_benchmark>> registered;

void add(std::string impl, unsigned log2_n, std::function<std::unique_ptr<prepared>()> make) {
  const std::uint64_t n = std::uint64_t{1} << log2_n;
  registered.push_back(std::make_unique<fft_benchmark>(fft_benchmark{impl, n, std::move(make)}));
  const fft_benchmark* b = registered.back().get();
  const std::string name = "fft/" + impl + "/" + std::to_string(log2_n);
  auto* bm = benchmark::RegisterBenchmark(name.c_str(), [b, log2_n](benchmark::State& state) {
    prepared* p = nullptr;
    try {
      p = &state_for(b, b->make);
    } catch (const std::exception& e) {
      state.SkipWithError(e.what());
      for (auto _ : state) {
      }
      return;
    }
    for (auto _ : state) {
      p->run();
      benchmark::ClobberMemory();
    }
    double probe = p->probe();
    benchmark::DoNotOptimize(probe);
    const double flops = 5.0 * static_cast<double>(b->n) * log2_n;
    state.counters["GFLOPs"] =
        benchmark::Counter(flops * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["N"] = static_cast<double>(b->n);
  });
  bm->Unit(n >= (std::uint64_t{1} << 18) ? benchmark::kMillisecond : benchmark::kMicrosecond);
}

void register_all(unsigned min_log2, unsigned max_log2, unsigned step, unsigned double_flags) {
  for (unsigned k = min_log2; k <= max_log2; k += step) {
    const std::uint64_t n = std::uint64_t{1} << k;
    add("ffft_df64", k, [n] { return std::make_unique<ffft_case<ffft::df64>>(n); });
    add("ffft_qf128", k, [n] { return std::make_unique<ffft_case<ffft::qf128>>(n); });
    add("ffft_dd128", k, [n] { return std::make_unique<ffft_case<ffft::dd128>>(n); });
    add("fftw_double", k,
        [n, double_flags] { return std::make_unique<fftw_case<fftw_api>>(n, double_flags); });
    add("fftw_long_double", k,
        [n] { return std::make_unique<fftw_case<fftwl_api>>(n, FFTW_ESTIMATE); });
    add("fftw_quad", k, [n] { return std::make_unique<fftw_case<fftwq_api>>(n, FFTW_ESTIMATE); });
  }
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

unsigned parse_log2(const std::string& text, const char* what) {
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (end == text.c_str() || *end != '\0' || v < 0 || v > 30)
    throw std::invalid_argument(std::string(what) + ": expected an integer in [0, 30], got '" +
                                text + "'");
  return static_cast<unsigned>(v);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  unsigned min_log2 = 10, max_log2 = 22, step = 2;
  std::string planner = "measure", wisdom;
  std::string revision;
  try {
    if (const char* e = std::getenv("FFFT_BENCH_MIN_LOG2"))
      min_log2 = parse_log2(e, "FFFT_BENCH_MIN_LOG2");
    if (const char* e = std::getenv("FFFT_BENCH_MAX_LOG2"))
      max_log2 = parse_log2(e, "FFFT_BENCH_MAX_LOG2");
    if (const char* e = std::getenv("FFFT_BENCH_STEP_LOG2"))
      step = parse_log2(e, "FFFT_BENCH_STEP_LOG2");
    for (int i = 1; i < argc; ++i) {
      std::string v;
      if (take_option(argv[i], "--min_log2", v)) {
        min_log2 = parse_log2(v, "--min_log2");
      } else if (take_option(argv[i], "--max_log2", v)) {
        max_log2 = parse_log2(v, "--max_log2");
      } else if (take_option(argv[i], "--step_log2", v)) {
        step = parse_log2(v, "--step_log2");
      } else if (take_option(argv[i], "--revision", v)) {
        revision = v;
      } else if (take_option(argv[i], "--fftw_double_planner", v)) {
        if (v != "measure" && v != "estimate" && v != "patient")
          throw std::invalid_argument("--fftw_double_planner: estimate, measure or patient, got '" +
                                      v + "'");
        planner = v;
      } else if (take_option(argv[i], "--fftw_wisdom", v)) {
        wisdom = v;
      } else {
        throw std::invalid_argument(
            std::string("unknown argument '") + argv[i] +
            "'; options: --min_log2=K --max_log2=K --step_log2=S "
            "--fftw_double_planner=estimate|measure|patient --fftw_wisdom=FILE --revision=TEXT "
            "and Google Benchmark's --benchmark_*");
      }
    }
    if (step == 0) throw std::invalid_argument("the step must be at least 1");
    if (min_log2 > max_log2) throw std::invalid_argument("min_log2 > max_log2");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ffft_bench_fft: %s\n", e.what());
    return 1;
  }

  const unsigned double_flags = planner == "estimate"  ? FFTW_ESTIMATE
                                : planner == "patient" ? FFTW_PATIENT
                                                       : FFTW_MEASURE;
  std::string wisdom_note = "none";
  if (!wisdom.empty()) {
    const bool imported = fftw_import_wisdom_from_filename(wisdom.c_str()) != 0;
    wisdom_note = (imported ? "imported from " : "none yet, exported to ") + wisdom;
  }
  register_all(min_log2, max_log2, step, double_flags);

  benchmark::AddCustomContext("ffft_build_type", FFFT_BENCH_BUILD_TYPE);
  benchmark::AddCustomContext("ffft_revision",
                              revision.empty() ? ffft::tools::git_revision() : revision);
  benchmark::AddCustomContext("cpu_model", ffft::tools::cpu_model());
  benchmark::AddCustomContext("fftw_version", fftw_version);
  benchmark::AddCustomContext("fftw_double_planner",
                              planner == "estimate"
                                  ? std::string("FFTW_ESTIMATE")
                                  : (planner == "patient" ? "FFTW_PATIENT" : "FFTW_MEASURE") +
                                        std::string(" (time limit ") +
                                        std::to_string(int(kPlannerTimeLimit)) + " s)");
  benchmark::AddCustomContext("fftw_double_wisdom", wisdom_note);
  benchmark::AddCustomContext("fftw_long_double_quad_planner", "FFTW_ESTIMATE");
  benchmark::AddCustomContext("threads", "1 (ffft plan_options.threads = 1; serial FFTW)");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  current.reset();
  if (!wisdom.empty() && fftw_export_wisdom_to_filename(wisdom.c_str()) == 0) {
    std::fprintf(stderr, "ffft_bench_fft: cannot write the wisdom file %s\n", wisdom.c_str());
    return 1;
  }
  return 0;
}
