// N-D transforms on the CPU: ffft's nd_plan and nd_real_plan (df64, qf128,
// dd128) against FFTW's rank-d plans in double, long double and
// __float128, on 2-D 1024^2 and 4096^2 and 3-D 128^3 and 256^3 arrays,
// complex and real, on 1 and 2 threads; and, for dd128, each axis of a
// complex array alone against the contiguous last axis (the strided
// batches' cost: the goal is at most twice). Each case runs once untimed
// first (FFTW quad excepted), so that no timing includes the first touch
// of the output and workspace: the large cases run one timed call.
//
// Benchmarks are named "nd/<kind>/<contender>/<shape>/threads:<T>", kind
// complex or real (r2c), shape as "1024x1024"; the axis cases
// "nd_axis/<a>/dd128/<shape>/threads:1", a below the last axis, each
// timed in alternation with the last axis (axis_against_last). Times are wall-clock per
// transform, out of place. FFTW plans: FFTW_MEASURE (at most 10 s of
// planning) in double, FFTW_ESTIMATE in long double and __float128, as
// bench_fft. scripts/nd_bench_report.py makes the table and plot
// (bench/results/nd_cpu.md).
//
//   ffft_bench_nd --benchmark_out=nd.json --benchmark_out_format=json [--quick]
// --quick: the two small shapes only.
#include <benchmark/benchmark.h>
#include <fftw3.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "bench/fft_cpu_cases.hpp"
#include "ffft/conversions.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/nd_plan.hpp"
#include "ffft/nd_real_plan.hpp"
#include "tools/run_context.hpp"

namespace {

using shape_t = std::vector<std::uint64_t>;

std::uint64_t product(const shape_t& s) {
  std::uint64_t p = 1;
  for (std::uint64_t n : s) p *= n;
  return p;
}

std::uint64_t spectrum_count(const shape_t& s) { return product(s) / s.back() * (s.back() / 2 + 1); }

std::string shape_name(const shape_t& s) {
  std::string r;
  for (std::uint64_t n : s) {
    if (!r.empty()) r += "x";
    r += std::to_string(n);
  }
  return r;
}

// Uniform in [-1, 1), the same values for every contender.
std::vector<double> random_values(std::uint64_t count) {
  std::mt19937_64 g(count);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<double> v(count);
  for (double& x : v) x = u(g);
  return v;
}

template <class E>
void ffft_complex(benchmark::State& state, shape_t shape, std::vector<int> axes, unsigned threads) {
  ffft::nd_plan_options o;
  o.shape = shape;
  o.axes = axes;
  o.backend = ffft::backend::cpu;
  o.threads = threads;
  ffft::nd_plan<E> p(o);
  const std::uint64_t count = product(shape);
  const std::vector<double> v = random_values(2 * count);
  std::vector<ffft::complex<E>> x(count), y(count);
  for (std::uint64_t j = 0; j < count; ++j) x[j] = {ffft::from_double<E>(v[2 * j]), ffft::from_double<E>(v[2 * j + 1])};
  p.forward(x.data(), y.data());  // untimed: the output's and workspace's first touch
  for (auto _ : state) p.forward(x.data(), y.data());
}

template <class E>
void ffft_real(benchmark::State& state, shape_t shape, unsigned threads) {
  ffft::nd_real_plan_options o;
  o.shape = shape;
  o.backend = ffft::backend::cpu;
  o.threads = threads;
  ffft::nd_real_plan<E> p(o);
  const std::uint64_t count = product(shape);
  const std::vector<double> v = random_values(count);
  std::vector<E> x(count);
  std::vector<ffft::complex<E>> y(spectrum_count(shape));
  for (std::uint64_t j = 0; j < count; ++j) x[j] = ffft::from_double<E>(v[j]);
  p.forward(x.data(), y.data());  // untimed: the output's and workspace's first touch
  for (auto _ : state) p.forward(x.data(), y.data());
}

template <class Api>
struct fftw_buffer {
  void* memory;
  explicit fftw_buffer(std::size_t bytes) : memory(Api::malloc(bytes)) {
    if (memory == nullptr) throw std::bad_alloc();
  }
  ~fftw_buffer() { Api::free(memory); }
};

template <class Api>
void fftw_nd(benchmark::State& state, shape_t shape, bool real, unsigned threads, unsigned flags) {
  using cpx = typename Api::cpx;
  using value = typename Api::real;
  ffft::bench::fftw_use_threads<Api>(threads, threads);
  Api::set_timelimit((flags & FFTW_ESTIMATE) ? FFTW_NO_TIMELIMIT : 10.0);
  const std::uint64_t count = product(shape);
  std::vector<int> n(shape.begin(), shape.end());
  fftw_buffer<Api> in(count * (real ? sizeof(value) : sizeof(cpx)));
  fftw_buffer<Api> out((real ? spectrum_count(shape) : count) * sizeof(cpx));
  // Plan first: a measuring planner overwrites both arrays.
  const typename Api::plan_t plan =
      real ? Api::plan_nd_r2c(static_cast<int>(n.size()), n.data(), static_cast<value*>(in.memory),
                              static_cast<cpx*>(out.memory), flags)
           : Api::plan_nd(static_cast<int>(n.size()), n.data(), static_cast<cpx*>(in.memory),
                          static_cast<cpx*>(out.memory), FFTW_FORWARD, flags);
  if (plan == nullptr) throw std::runtime_error("FFTW returned no plan");
  const std::vector<double> v = random_values(real ? count : 2 * count);
  auto* values = static_cast<value*>(in.memory);
  for (std::size_t j = 0; j < v.size(); ++j) values[j] = static_cast<value>(v[j]);
  // Untimed, but for __float128, whose one call takes a minute at 2^24
  // values: the output's first touch, a fraction of a percent of that.
  if (!std::is_same_v<value, __float128>) Api::execute(plan);
  for (auto _ : state) Api::execute(plan);
  Api::destroy(plan);
}

void add(const std::string& name, const std::function<void(benchmark::State&)>& run) {
  benchmark::RegisterBenchmark(name.c_str(), [run](benchmark::State& s) { run(s); })
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->MinTime(0.5);
}

void register_shape(const shape_t& shape, unsigned threads) {
  std::string tail = "/";
  tail += shape_name(shape);
  tail += "/threads:";
  tail += std::to_string(threads);
  for (const bool real : {false, true}) {
    const std::string kind = real ? "nd/real/" : "nd/complex/";
    const auto ffft_case = [&](auto tag, const char* name) {
      using E = decltype(tag);
      add(kind + name + tail, [shape, threads, real](benchmark::State& s) {
        if (real) ffft_real<E>(s, shape, threads);
        else ffft_complex<E>(s, shape, {}, threads);
      });
    };
    ffft_case(ffft::df64{}, "ffft_df64");
    ffft_case(ffft::qf128{}, "ffft_qf128");
    ffft_case(ffft::dd128{}, "ffft_dd128");
    add(kind + "fftw_double" + tail,
        [=](benchmark::State& s) { fftw_nd<ffft::bench::fftw_api>(s, shape, real, threads, FFTW_MEASURE); });
    add(kind + "fftw_long_double" + tail,
        [=](benchmark::State& s) { fftw_nd<ffft::bench::fftwl_api>(s, shape, real, threads, FFTW_ESTIMATE); });
    add(kind + "fftw_quad" + tail,
        [=](benchmark::State& s) { fftw_nd<ffft::bench::fftwq_api>(s, shape, real, threads, FFTW_ESTIMATE); });
  }
}

// Each axis of a complex dd128 array alone against the contiguous last axis,
// one thread. The two run alternately, in either order, within one case:
// on a shared machine a whole case's time drifts with the neighbours'
// memory traffic, while the two halves of a pair see the same. The case's
// time is the axis's (manual time); its counters: the last axis's mean time
// in the same pairs (last_axis_ms) and the ratio of the sums (over_last).
// At least 3 s of pairs: three or more at the largest shapes.
void axis_against_last(benchmark::State& state, const shape_t& shape, int axis) {
  using E = ffft::dd128;
  const int last = static_cast<int>(shape.size()) - 1;
  const auto make = [&](int a) {
    ffft::nd_plan_options o;
    o.shape = shape;
    o.axes = {a};
    o.backend = ffft::backend::cpu;
    o.threads = 1;
    return ffft::nd_plan<E>(o);
  };
  ffft::nd_plan<E> along = make(axis), along_last = make(last);
  const std::uint64_t count = product(shape);
  const std::vector<double> v = random_values(2 * count);
  std::vector<ffft::complex<E>> x(count), y(count);
  for (std::uint64_t j = 0; j < count; ++j) x[j] = {ffft::from_double<E>(v[2 * j]), ffft::from_double<E>(v[2 * j + 1])};
  along.forward(x.data(), y.data());  // untimed: first touches
  along_last.forward(x.data(), y.data());
  const auto seconds = [&](ffft::nd_plan<E>& p) {
    const auto t0 = std::chrono::steady_clock::now();
    p.forward(x.data(), y.data());
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  double axis_total = 0, last_total = 0;
  std::int64_t pairs = 0;
  for (auto _ : state) {
    double t_axis = 0, t_last = 0;
    if (pairs % 2 == 0) {
      t_axis = seconds(along);
      t_last = seconds(along_last);
    } else {
      t_last = seconds(along_last);
      t_axis = seconds(along);
    }
    state.SetIterationTime(t_axis);
    axis_total += t_axis;
    last_total += t_last;
    ++pairs;
  }
  state.counters["last_axis_ms"] = 1e3 * last_total / static_cast<double>(pairs);
  state.counters["over_last"] = axis_total / last_total;
}

void register_axes(const shape_t& shape) {
  for (int a = 0; a + 1 < static_cast<int>(shape.size()); ++a)
    benchmark::RegisterBenchmark(("nd_axis/" + std::to_string(a) + "/dd128/" + shape_name(shape) + "/threads:1").c_str(),
                                 [shape, a](benchmark::State& s) { axis_against_last(s, shape, a); })
        ->Unit(benchmark::kMillisecond)
        ->UseManualTime()
        ->MinTime(3.0);
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--quick") == 0) quick = true;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i)
    if (std::strcmp(argv[i], "--quick") != 0) rest.push_back(argv[i]);
  int count = static_cast<int>(rest.size());
  benchmark::Initialize(&count, rest.data());
  const unsigned all = ffft::tools::usable_processors();
  std::vector<shape_t> shapes{{1024, 1024}, {128, 128, 128}};
  if (!quick) {
    shapes.push_back({4096, 4096});
    shapes.push_back({256, 256, 256});
  }
  for (const shape_t& s : shapes) {
    register_axes(s);
    for (unsigned threads : {1u, 2u})
      if (threads <= all) register_shape(s, threads);
  }
  benchmark::AddCustomContext("cpu_model", ffft::tools::cpu_model());
  benchmark::AddCustomContext("ffft_cpu_path", std::string(ffft::to_string(ffft::selected_cpu_isa())));
  benchmark::AddCustomContext("revision", ffft::tools::git_revision());
  benchmark::AddCustomContext("fftw_planners", "double FFTW_MEASURE (10 s limit); long double, quad FFTW_ESTIMATE");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
