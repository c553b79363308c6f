// CPU cost of the twiddle factors w_n^k = exp(-2 pi i k / n), both modes:
//  - "twiddle/<mode>/<format>/<order>": one twiddle per k for every k in
//    [0, n), n = 2^20, in sequential order (0, 1, 2, ...) or in a fixed
//    pseudo-random permutation. mode "table" looks up a first-octant table
//    (table_twiddles), mode "computed" evaluates sincos on the spot
//    (computed_twiddles). Items = twiddles, and the counter time_per_twiddle
//    is the CPU time of one twiddle (seconds in JSON; the console shows
//    "time_per_twiddle=3.9ns");
//  - "table_build/<format>/<n>/threads:<t>": building host::twiddle_table
//    with MPFR on t threads (wall-clock time, since the work runs on threads
//    the benchmark does not own), with counters for its entries, the time per
//    entry and the entries whose rounding needed a second evaluation;
//  - "plan/<mode>/<format>/<n>": creating a CPU plan (ffft::plan, all
//    threads, wall-clock time) in each twiddle mode: MPFR tables (table),
//    the factor tables and their products (computed), or a sincos for
//    every entry of the passes' arrays (direct). A CUDA plan's creation is
//    measured on a GPU machine (bench/gpu_profile.cpp, "plan_s").
// scripts/twiddle_bench_table.py turns the JSON output into tables.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "ffft/ffft.hpp"
#include "ffft/host/twiddle_table.hpp"
#include "ffft/names.hpp"
#include "ffft/twiddle/sources.hpp"
#include "tools/run_context.hpp"

#ifndef FFFT_BENCH_BUILD_TYPE
#define FFFT_BENCH_BUILD_TYPE "unknown"
#endif

namespace {

// 2^20: a table of 2^17 + 1 entries (2 MiB for df64, 4 MiB for qf128 and
// dd128), beyond L2 but within L3 on the benchmark machine, so random order
// shows what scattered lookups cost against sequential ones.
constexpr std::uint64_t kLookupLength = std::uint64_t(1) << 20;
constexpr std::uint64_t kSeed = 0x5eed'ffffULL;

// ---- The k sequences ---------------------------------------------------------
// Both orders go through an index array, so the timed loops are the same code
// and differ only in which twiddles they touch in which order. 32-bit indices
// keep the index stream (4 MiB) smaller than the tables.
const std::vector<std::uint32_t>& sequential_indices() {
  static const std::vector<std::uint32_t> k = [] {
    std::vector<std::uint32_t> r(kLookupLength);
    std::iota(r.begin(), r.end(), 0u);
    return r;
  }();
  return k;
}

// A permutation, so a pass still touches every twiddle exactly once.
const std::vector<std::uint32_t>& random_indices() {
  static const std::vector<std::uint32_t> k = [] {
    std::vector<std::uint32_t> r = sequential_indices();
    std::shuffle(r.begin(), r.end(), std::mt19937_64(kSeed));
    return r;
  }();
  return k;
}

// ---- Lookups and evaluations -------------------------------------------------
// Time per item as a counter: an iteration-invariant rate of `count` per
// iteration is items per second; inverted, it is seconds per item. The
// console prints it with an SI prefix ("3.9ns"), JSON in seconds.
benchmark::Counter time_per(std::uint64_t count_per_iteration) {
  return benchmark::Counter(static_cast<double>(count_per_iteration),
                            benchmark::Counter::kIsIterationInvariantRate |
                                benchmark::Counter::kInvert);
}

// One iteration is one pass over all n indices. Twiddles is a functor
// factory, called after n has been hidden from the compiler: a real plan's n
// is a run-time value, and a constant n would turn k % n into a mask.
// DoNotOptimize keeps every twiddle without storing it to an output array,
// whose memory traffic would dominate the cheap table lookups.
template <class Twiddles>
void add_lookup_benchmark(const std::string& name, const std::vector<std::uint32_t>& k,
                          Twiddles twiddles) {
  benchmark::RegisterBenchmark(name.c_str(), [&k, twiddles](benchmark::State& state) {
    std::uint64_t n = kLookupLength;
    benchmark::DoNotOptimize(n);
    const auto w = twiddles(n);
    for (auto _ : state) {
      for (const std::uint32_t ki : k) {
        auto value = w(ki);
        benchmark::DoNotOptimize(value);
      }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * k.size()));
    state.counters["time_per_twiddle"] = time_per(k.size());
  });
}

// Built on first use (a few tenths of a second), so that running only the build
// benchmarks does not pay for it, and shared by both orders.
template <class E>
const ffft::host::twiddle_table<E>& lookup_table() {
  static const ffft::host::twiddle_table<E> table(kLookupLength);
  return table;
}

template <class E>
void register_lookups(const std::string& format) {
  const auto from_table = [](std::uint64_t n) {
    // Same length as the table; n arrives opaque like in the computed mode.
    ffft::table_twiddles<E> view = lookup_table<E>().view();
    view.n = n;
    return view;
  };
  const auto computed = [](std::uint64_t n) { return ffft::computed_twiddles<E>{n}; };
  for (const auto& [order, k] : {std::pair{"sequential", &sequential_indices()},
                                 std::pair{"random", &random_indices()}}) {
    add_lookup_benchmark("twiddle/table/" + format + "/" + order, *k, from_table);
    add_lookup_benchmark("twiddle/computed/" + format + "/" + order, *k, computed);
  }
}

// ---- Table builds ------------------------------------------------------------
// The library gives each thread at least 4096 entries, so n <= 2^16 (8193
// entries) is built on one thread whatever is asked: there the threads:1 and
// threads:N rows measure the same thing.
template <class E>
void add_build_benchmark(const std::string& format, std::uint64_t n, unsigned threads) {
  const std::string name =
      "table_build/" + format + "/" + std::to_string(n) + "/threads:" + std::to_string(threads);
  auto* b = benchmark::RegisterBenchmark(name.c_str(), [n, threads](benchmark::State& state) {
    std::uint64_t entries = 0, reevaluations = 0;
    for (auto _ : state) {
      const ffft::host::twiddle_table<E> table(n, threads);
      entries = table.octant_entries().size();
      reevaluations = table.reevaluations();
      benchmark::DoNotOptimize(table.octant_entries().data());
    }
    state.counters["entries"] = static_cast<double>(entries);
    state.counters["reevaluations"] = static_cast<double>(reevaluations);
    state.counters["time_per_entry"] = time_per(entries);
  });
  b->Unit(benchmark::kMillisecond)->UseRealTime();
  // A build takes a few tenths of a second at 2^20 and several seconds at
  // 2^24: a fixed count spares the calibration runs, which would cost as much
  // again.
  if (n >= (std::uint64_t(1) << 24)) {
    b->Iterations(1);
  } else if (n >= (std::uint64_t(1) << 20)) {
    b->Iterations(3);
  }
}

template <class E>
void register_builds(const std::string& format, std::initializer_list<unsigned> log2_lengths) {
  const unsigned all = ffft::tools::usable_processors();
  for (const unsigned log2_n : log2_lengths) {
    const std::uint64_t n = std::uint64_t(1) << log2_n;
    add_build_benchmark<E>(format, n, all);
    if (all > 1) add_build_benchmark<E>(format, n, 1);
  }
}

// ---- Plan creation -----------------------------------------------------------
template <class E>
void add_plan_benchmark(const std::string& format, ffft::twiddle_mode mode, unsigned log2_n) {
  const std::uint64_t n = std::uint64_t(1) << log2_n;
  const std::string name = "plan/" + std::string(ffft::twiddle_mode_name(mode)) + "/" + format + "/" +
                           std::to_string(n);
  auto* b = benchmark::RegisterBenchmark(name.c_str(), [n, mode](benchmark::State& state) {
    ffft::plan_options o;
    o.length = n;
    o.twiddles = mode;
    o.backend = ffft::backend::cpu;
    o.allocate_workspace = false;
    for (auto _ : state) {
      const ffft::plan<E> p(o);
      benchmark::DoNotOptimize(&p);
    }
  });
  b->Unit(benchmark::kMillisecond)->UseRealTime();
  // Seconds at 2^24 (MPFR, or a sincos per twiddle): no calibration runs.
  if (log2_n >= 20) b->Iterations(1);
}

template <class E>
void register_plans(const std::string& format) {
  for (const ffft::twiddle_mode mode :
       {ffft::twiddle_mode::table, ffft::twiddle_mode::computed, ffft::twiddle_mode::direct})
    for (const unsigned log2_n : {16u, 20u, 24u}) add_plan_benchmark<E>(format, mode, log2_n);
}

}  // namespace

int main(int argc, char** argv) {
  register_lookups<ffft::df64>("df64");
  register_lookups<ffft::qf128>("qf128");
  register_lookups<ffft::dd128>("dd128");

  register_builds<ffft::df64>("df64", {10, 16, 20, 24});
  register_builds<ffft::qf128>("qf128", {20, 24});
  register_builds<ffft::dd128>("dd128", {20, 24});

  register_plans<ffft::df64>("df64");
  register_plans<ffft::qf128>("qf128");
  register_plans<ffft::dd128>("dd128");

  // "library_build_type" in the context is Google Benchmark's own build; this
  // is the build of the code being measured.
  benchmark::AddCustomContext("ffft_build_type", FFFT_BENCH_BUILD_TYPE);
  benchmark::AddCustomContext("cpu_model", ffft::tools::cpu_model());
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
