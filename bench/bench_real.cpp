// Real transforms and convolutions on the CPU, one thread: ffft's rfft
// (real_plan) against its own complex transform of the same n (the cost of
// doing the real data as complex ones), and against FFTW's r2c in double,
// long double and __float128; ffft's circular convolutions of n real or
// complex values (a forward transform, the product, an inverse transform:
// about twice the transform's time when the product costs nothing).
// Reported per case: time per call; the ratios are formed from the JSON
// (docs/performance.md, Real transforms).
//
//   ffft_bench_real --benchmark_out=real.json --benchmark_out_format=json
#include <benchmark/benchmark.h>
#include <fftw3.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "ffft/conversions.hpp"
#include "ffft/convolution.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/plan.hpp"
#include "ffft/real_plan.hpp"
#include "tools/run_context.hpp"

namespace {

std::vector<double> random_reals(std::uint64_t n) {
  std::mt19937_64 g(n);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<double> x(n);
  for (double& v : x) v = u(g);
  return x;
}

template <class E>
void ffft_rfft(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  ffft::real_plan_options o;
  o.length = n;
  o.backend = ffft::backend::cpu;
  o.threads = 1;
  ffft::real_plan<E> p(o);
  std::vector<E> x(n);
  const std::vector<double> v = random_reals(n);
  for (std::uint64_t j = 0; j < n; ++j) x[j] = ffft::from_double<E>(v[j]);
  std::vector<ffft::complex<E>> y(p.spectrum_length());
  for (auto _ : state) p.forward(x.data(), y.data());
}

template <class E>
void ffft_complex_fft(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  ffft::plan_options o;
  o.length = n;
  o.backend = ffft::backend::cpu;
  o.threads = 1;
  ffft::plan<E> p(o);
  std::vector<ffft::complex<E>> x(n), y(n);
  const std::vector<double> v = random_reals(n);
  for (std::uint64_t j = 0; j < n; ++j) x[j] = {ffft::from_double<E>(v[j]), E{}};
  for (auto _ : state) p.forward(x.data(), y.data());
}

// Circular convolution of one signal of n values (T: E real, complex<E>)
// with a kernel of n values.
template <class T>
void ffft_convolution(benchmark::State& state) {
  using E = typename ffft::convolution<T>::format;
  const auto n = static_cast<std::uint64_t>(state.range(0));
  ffft::convolution_options o;
  o.signal_length = n;
  o.kernel_length = n;
  o.mode = ffft::convolution_mode::circular;
  o.backend = ffft::backend::cpu;
  o.threads = 1;
  ffft::convolution<T> c(o);
  const std::vector<double> v = random_reals(2 * n);
  std::vector<T> x(n), h(n), y(n);
  for (std::uint64_t j = 0; j < n; ++j) {
    if constexpr (std::is_same_v<T, E>) {
      x[j] = ffft::from_double<E>(v[j]);
      h[j] = ffft::from_double<E>(v[n + j]);
    } else {
      x[j] = {ffft::from_double<E>(v[j]), ffft::from_double<E>(v[n + j])};
      h[j] = {ffft::from_double<E>(v[n + j]), ffft::from_double<E>(v[j])};
    }
  }
  c.set_kernel(h.data());
  for (auto _ : state) c.execute(x.data(), y.data());
}

void fftw_double_r2c(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  double* in = fftw_alloc_real(static_cast<std::size_t>(n));
  fftw_complex* out = fftw_alloc_complex(static_cast<std::size_t>(n / 2 + 1));
  const fftw_plan p = fftw_plan_dft_r2c_1d(n, in, out, FFTW_MEASURE);
  const std::vector<double> v = random_reals(static_cast<std::uint64_t>(n));
  std::copy(v.begin(), v.end(), in);
  for (auto _ : state) fftw_execute(p);
  fftw_destroy_plan(p);
  fftw_free(in);
  fftw_free(out);
}

void fftw_long_double_r2c(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  long double* in = fftwl_alloc_real(static_cast<std::size_t>(n));
  fftwl_complex* out = fftwl_alloc_complex(static_cast<std::size_t>(n / 2 + 1));
  const fftwl_plan p = fftwl_plan_dft_r2c_1d(n, in, out, FFTW_ESTIMATE);
  const std::vector<double> v = random_reals(static_cast<std::uint64_t>(n));
  std::copy(v.begin(), v.end(), in);
  for (auto _ : state) fftwl_execute(p);
  fftwl_destroy_plan(p);
  fftwl_free(in);
  fftwl_free(out);
}

void fftw_quad_r2c(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  auto* in = static_cast<__float128*>(fftwq_malloc(sizeof(__float128) * static_cast<std::size_t>(n)));
  auto* out = static_cast<fftwq_complex*>(fftwq_malloc(sizeof(fftwq_complex) * static_cast<std::size_t>(n / 2 + 1)));
  const fftwq_plan p = fftwq_plan_dft_r2c_1d(n, in, out, FFTW_ESTIMATE);
  const std::vector<double> v = random_reals(static_cast<std::uint64_t>(n));
  for (int j = 0; j < n; ++j) in[j] = v[static_cast<std::size_t>(j)];
  for (auto _ : state) fftwq_execute(p);
  fftwq_destroy_plan(p);
  fftwq_free(in);
  fftwq_free(out);
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int k : {10, 16, 20}) b->Arg(std::int64_t{1} << k);
  b->Unit(benchmark::kMicrosecond);
}

BENCHMARK(ffft_rfft<ffft::df64>)->Apply(sizes);
BENCHMARK(ffft_complex_fft<ffft::df64>)->Apply(sizes);
BENCHMARK(ffft_rfft<ffft::qf128>)->Apply(sizes);
BENCHMARK(ffft_complex_fft<ffft::qf128>)->Apply(sizes);
BENCHMARK(ffft_rfft<ffft::dd128>)->Apply(sizes);
BENCHMARK(ffft_complex_fft<ffft::dd128>)->Apply(sizes);
BENCHMARK(ffft_convolution<ffft::df64>)->Apply(sizes);
BENCHMARK(ffft_convolution<ffft::complex<ffft::df64>>)->Apply(sizes);
BENCHMARK(ffft_convolution<ffft::qf128>)->Apply(sizes);
BENCHMARK(ffft_convolution<ffft::complex<ffft::qf128>>)->Apply(sizes);
BENCHMARK(ffft_convolution<ffft::dd128>)->Apply(sizes);
BENCHMARK(ffft_convolution<ffft::complex<ffft::dd128>>)->Apply(sizes);
BENCHMARK(fftw_double_r2c)->Apply(sizes);
BENCHMARK(fftw_long_double_r2c)->Apply(sizes);
BENCHMARK(fftw_quad_r2c)->Apply(sizes);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::AddCustomContext("cpu_model", ffft::tools::cpu_model());
  benchmark::AddCustomContext("ffft_cpu_path", std::string(ffft::to_string(ffft::selected_cpu_isa())));
  benchmark::AddCustomContext("revision", ffft::tools::git_revision());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
