// ffft_gpu_profile: GPU validation and profiling in one small program, for the
// GPU machine (scripts/gpu_validate.sh) and for profilers:
//
//  - a sweep of ffft's CUDA executor (df64, qf128, dd128; table, computed or
//    direct twiddles, each with its plan's creation time) and cuFFT C2C / Z2Z over N = 2^k, each call batched to
//    2^points_log2 values (2^26 by default, the size of the GPU speed goals
//    in docs/gpu_tuning.md),
//    data resident on the device, timed with CUDA events (median and
//    minimum of --reps calls after --warmup), with GFLOPs (5 N log2 N x
//    batch / t), the effective bandwidth of one read and one write of the
//    data, and the throughput ratio to cuFFT Z2Z at the same N;
//  - a check of what was timed: the timed output buffer is poisoned (NaN
//    bytes) before one more call, and transform 0 of that call is compared
//    with cuFFT Z2Z's transform of the same input (relative L2 difference in
//    double: about 1e-15 expected, 1e-7 for C2C; a case fails above 1e-11,
//    1e-5 for C2C, and a wrong or unwritten result is far above);
//  - real data (formats rdf64, rqf128, rdd128, d2z, r2c): ffft's rfft
//    (real_plan) and cuFFT D2Z / R2C of the real parts of the same input,
//    checked against D2Z and timed against it (GFLOPs 2.5 N log2 N x batch);
//    and (cdf64, cqf128, cdd128) ffft's circular convolution of real
//    signals of N values with a kernel of N values, checked against the
//    circular convolution through D2Z and Z2D, timed against ffft's rfft
//    of the same format (a convolution is two real transforms and a
//    product: about 2 when the product costs nothing);
//  - single calls for Nsight Compute and compute-sanitizer
//    (--reps=1 --warmup=0 --check=0: exactly the kernels of one transform).
//
// Unlike bench_fft.cpp (the committed benchmark, Google Benchmark, accuracy
// against FFTW quad), it reaches N = 2^24, which no benchmark mode has, and
// costs seconds rather than minutes. Without a device it says so and exits 0.
//
//   ffft_gpu_profile [--log2n=16,18,20,22,24] [--formats=df64,qf128,dd128,c2c,z2z,...]
//                    [--twiddles=table,computed,direct|both] [--points_log2=26]
//                    [--reps=20] [--warmup=3] [--check=1] [--json=FILE]
//
// --json=FILE is rewritten after every case, so a sweep cut short keeps
// what it measured ("complete": false until the end).
#include <cuda_runtime_api.h>
#include <cufft.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "kernels/cuda_check.hpp"
#include "tools/cuda/cuda_event_timer.hpp"
#include "tools/cuda/cufft_check.hpp"
#include "tools/cuda/driver_version.hpp"
#include "kernels/device_buffer.hpp"
#include "ffft/conversions.hpp"
#include "ffft/convolution.hpp"
#include "ffft/names.hpp"
#include "ffft/plan.hpp"
#include "ffft/real_plan.hpp"
#include "tools/run_context.hpp"
#include "tools/uniform_input.hpp"

namespace {

using ffft::cuda::detail::device_buffer;
using ffft::cuda::detail::event_timer;

struct options {
  std::vector<unsigned> log2n{16, 18, 20, 22, 24};
  std::vector<std::string> formats{"df64", "qf128", "dd128", "c2c", "z2z"};
  std::vector<ffft::twiddle_mode> twiddles{ffft::twiddle_mode::table};
  unsigned points_log2 = 26;
  unsigned reps = 20;
  unsigned warmup = 3;
  bool check = true;
  std::string json;
};

struct result {
  std::string contender;
  std::uint64_t n = 0, batch = 0;
  double median_s = 0, min_s = 0, plan_s = 0;
  double gflops = 0, gbps = 0;  // of the median
  double check_rel_diff = -1;   // against cuFFT Z2Z; -1: not checked
  std::size_t value_bytes = 0;  // of a complex value
  bool real_data = false;       // real in, n / 2 + 1 bins out (or real out)
  std::string radices;
  std::string error;
};


double wall_seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Median and minimum of reps timed calls after warmup untimed ones.
template <class Work>
std::pair<double, double> time_calls(const event_timer& timer, const options& o, const Work& work) {
  for (unsigned i = 0; i < o.warmup; ++i) work();
  FFFT_CUDA_CHECK(cudaStreamSynchronize(timer.stream()));
  std::vector<double> t;
  for (unsigned i = 0; i < std::max(1u, o.reps); ++i) t.push_back(timer.seconds(work));
  std::sort(t.begin(), t.end());
  return {t[t.size() / 2], t.front()};
}

// The input of all contenders at one N: transform b is values [b n, (b+1) n)
// of the benchmark's input (exact in float, so in every format).
using float_pairs = std::vector<std::pair<float, float>>;

// cuFFT Z2Z's transform 0 of the input, the check's reference.
std::vector<double> z2z_reference(const float_pairs& x, std::uint64_t n) {
  std::vector<cufftDoubleComplex> h(n);
  for (std::uint64_t j = 0; j < n; ++j) h[j] = {x[j].first, x[j].second};
  device_buffer<cufftDoubleComplex> in(n), out(n);
  in.upload(h.data());
  cufftHandle plan{};
  FFFT_CUFFT_CHECK(cufftPlan1d(&plan, static_cast<int>(n), CUFFT_Z2Z, 1));
  const cufftResult r = cufftExecZ2Z(plan, in.data(), out.data(), CUFFT_FORWARD);
  cufftDestroy(plan);
  FFFT_CUFFT_CHECK(r);
  out.download(h.data());
  std::vector<double> y(2 * n);
  for (std::uint64_t j = 0; j < n; ++j) y[2 * j] = h[j].x, y[2 * j + 1] = h[j].y;
  return y;
}

double relative_difference(const std::vector<double>& y, const std::vector<double>& reference) {
  double error = 0, norm = 0;
  for (std::size_t j = 0; j < reference.size(); ++j) {
    const double d = y[j] - reference[j];
    error += d * d;
    norm += reference[j] * reference[j];
  }
  if (!(error == error)) return INFINITY;  // NaN: unwritten (poisoned) values
  return norm == 0 ? (error == 0 ? 0 : INFINITY) : std::sqrt(error / norm);
}

std::string radix_text(const std::vector<int>& radices) {
  std::string s;
  for (int r : radices) {
    if (!s.empty()) s += 'x';
    s += std::to_string(r);
  }
  return s;
}

result new_result(const std::string& name, std::uint64_t n, std::uint64_t batch,
                  std::size_t value_bytes, bool real_data) {
  result r;
  r.contender = name;
  r.n = n;
  r.batch = batch;
  r.value_bytes = value_bytes;
  r.real_data = real_data;
  return r;
}

// The check of what was timed: out's `count` values poisoned (NaN bytes),
// one more call, then its first `checked` values, as doubles (append(y, v)
// adds value v's), against the reference.
template <class T, class Work, class Append>
double poisoned_check(T* out, std::size_t count, std::size_t checked, const event_timer& timer,
                      const Work& work, const Append& append, const std::vector<double>& reference) {
  FFFT_CUDA_CHECK(cudaMemset(out, 0xff, count * sizeof(T)));
  work();
  FFFT_CUDA_CHECK(cudaStreamSynchronize(timer.stream()));
  std::vector<T> h(checked);
  FFFT_CUDA_CHECK(cudaMemcpy(h.data(), out, checked * sizeof(T), cudaMemcpyDeviceToHost));
  std::vector<double> y;
  for (const T& v : h) append(y, v);
  return relative_difference(y, reference);
}

template <class E>
void append_complex(std::vector<double>& y, const ffft::complex<E>& v) {
  y.push_back(ffft::to_double(v.re));
  y.push_back(ffft::to_double(v.im));
}
template <class C>
void append_cufft_complex(std::vector<double>& y, const C& v) {
  y.push_back(v.x);
  y.push_back(v.y);
}

template <class E>
result run_ffft(const std::string& name, const float_pairs& x, std::uint64_t n,
                std::uint64_t batch, ffft::twiddle_mode tw, const options& o,
                const std::vector<double>* reference) {
  result r = new_result(name, n, batch, sizeof(ffft::complex<E>), false);
  const std::size_t count = n * batch;
  device_buffer<ffft::complex<E>> in(count), out(count);
  {
    std::vector<ffft::complex<E>> h(count);
    for (std::size_t j = 0; j < count; ++j)
      h[j] = {ffft::from_float<E>(x[j].first), ffft::from_float<E>(x[j].second)};
    in.upload(h.data());
  }
  ffft::plan_options po;
  po.length = n;
  po.batch = batch;
  po.twiddles = tw;
  po.backend = ffft::backend::cuda;
  const auto t0 = std::chrono::steady_clock::now();
  ffft::plan<E> p(po);
  r.plan_s = wall_seconds_since(t0);
  r.radices = radix_text(p.radices());
  event_timer timer;
  const auto work = [&] { p.forward(in.data(), out.data(), timer.stream()); };
  std::tie(r.median_s, r.min_s) = time_calls(timer, o, work);
  if (reference != nullptr)
    r.check_rel_diff = poisoned_check(out.data(), count, n, timer, work, append_complex<E>, *reference);
  return r;
}

template <class C, cufftType Type>
result run_cufft(const std::string& name, const float_pairs& x, std::uint64_t n,
                 std::uint64_t batch, const options& o, const std::vector<double>* reference) {
  result r = new_result(name, n, batch, sizeof(C), false);
  r.radices = "cuFFT";
  const std::size_t count = n * batch;
  device_buffer<C> in(count), out(count);
  {
    std::vector<C> h(count);
    for (std::size_t j = 0; j < count; ++j) h[j] = {x[j].first, x[j].second};
    in.upload(h.data());
  }
  event_timer timer;
  cufftHandle plan{};
  int length = static_cast<int>(n);
  const auto t0 = std::chrono::steady_clock::now();
  FFFT_CUFFT_CHECK(cufftPlanMany(&plan, 1, &length, nullptr, 1, length, nullptr, 1, length, Type,
                                 static_cast<int>(batch)));
  r.plan_s = wall_seconds_since(t0);
  try {
    FFFT_CUFFT_CHECK(cufftSetStream(plan, timer.stream()));
    const auto work = [&] {
      if constexpr (Type == CUFFT_Z2Z)
        FFFT_CUFFT_CHECK(cufftExecZ2Z(plan, in.data(), out.data(), CUFFT_FORWARD));
      else
        FFFT_CUFFT_CHECK(cufftExecC2C(plan, in.data(), out.data(), CUFFT_FORWARD));
    };
    std::tie(r.median_s, r.min_s) = time_calls(timer, o, work);
    if (reference != nullptr)
      r.check_rel_diff = poisoned_check(out.data(), count, n, timer, work, append_cufft_complex<C>, *reference);
  } catch (...) {
    cufftDestroy(plan);
    throw;
  }
  cufftDestroy(plan);
  return r;
}

// The real contenders' data: the real parts of the complex input.
std::vector<float> real_parts(const float_pairs& x) {
  std::vector<float> r(x.size());
  for (std::size_t j = 0; j < x.size(); ++j) r[j] = x[j].first;
  return r;
}

// What the real contenders are checked against, by cuFFT in double:
// D2Z's bins of transform 0, and the circular convolution of transform 0
// with transform 1 (the kernel) through D2Z, the product and Z2D, over n.
struct real_references {
  std::vector<double> bins, convolution;
};

real_references real_reference(const std::vector<float>& x, std::uint64_t n) {
  const std::uint64_t bins = n / 2 + 1;
  std::vector<double> h(2 * n);
  for (std::uint64_t j = 0; j < 2 * n; ++j) h[j] = x[j % x.size()];
  device_buffer<double> signals(2 * n), back(n);
  device_buffer<cufftDoubleComplex> spectra(2 * bins);
  signals.upload(h.data());
  int length = static_cast<int>(n);
  cufftHandle forward{}, inverse{};
  FFFT_CUFFT_CHECK(cufftPlanMany(&forward, 1, &length, nullptr, 1, length, nullptr, 1,
                                 static_cast<int>(bins), CUFFT_D2Z, 2));
  FFFT_CUFFT_CHECK(cufftPlan1d(&inverse, length, CUFFT_Z2D, 1));
  cufftResult r = cufftExecD2Z(forward, signals.data(), spectra.data());
  std::vector<cufftDoubleComplex> s(2 * bins);
  if (r == CUFFT_SUCCESS) {
    FFFT_CUDA_CHECK(cudaMemcpy(s.data(), spectra.data(), s.size() * sizeof(s[0]), cudaMemcpyDeviceToHost));
    std::vector<cufftDoubleComplex> product(bins);
    for (std::uint64_t k = 0; k < bins; ++k) {
      const cufftDoubleComplex a = s[k], b = s[bins + k];
      product[k] = {(a.x * b.x - a.y * b.y) / static_cast<double>(n), (a.x * b.y + a.y * b.x) / static_cast<double>(n)};
    }
    FFFT_CUDA_CHECK(cudaMemcpy(spectra.data(), product.data(), bins * sizeof(product[0]), cudaMemcpyHostToDevice));
    r = cufftExecZ2D(inverse, spectra.data(), back.data());
  }
  cufftDestroy(forward);
  cufftDestroy(inverse);
  FFFT_CUFFT_CHECK(r);
  real_references ref;
  for (std::uint64_t k = 0; k < bins; ++k) ref.bins.push_back(s[k].x), ref.bins.push_back(s[k].y);
  ref.convolution.resize(n);
  back.download(ref.convolution.data());
  return ref;
}

template <class E>
result run_ffft_rfft(const std::string& name, const std::vector<float>& x, std::uint64_t n,
                     std::uint64_t batch, const options& o, const std::vector<double>* reference) {
  result r = new_result(name, n, batch, sizeof(ffft::complex<E>), true);
  const std::uint64_t bins = n / 2 + 1;
  device_buffer<E> in(n * batch);
  device_buffer<ffft::complex<E>> out(bins * batch);
  {
    std::vector<E> h(n * batch);
    for (std::size_t j = 0; j < h.size(); ++j) h[j] = ffft::from_float<E>(x[j]);
    in.upload(h.data());
  }
  ffft::real_plan_options po;
  po.length = n;
  po.batch = batch;
  po.backend = ffft::backend::cuda;
  const auto t0 = std::chrono::steady_clock::now();
  ffft::real_plan<E> p(po);
  r.plan_s = wall_seconds_since(t0);
  r.radices = "rfft";
  event_timer timer;
  const auto work = [&] { p.forward(in.data(), out.data(), timer.stream()); };
  std::tie(r.median_s, r.min_s) = time_calls(timer, o, work);
  if (reference != nullptr)
    r.check_rel_diff = poisoned_check(out.data(), bins * batch, bins, timer, work, append_complex<E>, *reference);
  return r;
}

// Circular convolution of `batch` real signals of n values with the kernel
// x[n .. 2n) (transform 1 of the input), on the device.
template <class E>
result run_ffft_convolution(const std::string& name, const std::vector<float>& x, std::uint64_t n,
                            std::uint64_t batch, const options& o, const std::vector<double>* reference) {
  result r = new_result(name, n, batch, sizeof(ffft::complex<E>), true);
  device_buffer<E> in(n * batch), out(n * batch);
  std::vector<E> h(n * batch);
  for (std::size_t j = 0; j < h.size(); ++j) h[j] = ffft::from_float<E>(x[j]);
  in.upload(h.data());
  std::vector<E> kernel(n);
  for (std::uint64_t j = 0; j < n; ++j) kernel[j] = ffft::from_float<E>(x[(n + j) % x.size()]);
  ffft::convolution_options co;
  co.signal_length = n;
  co.kernel_length = n;
  co.batch = batch;
  co.mode = ffft::convolution_mode::circular;
  co.backend = ffft::backend::cuda;
  const auto t0 = std::chrono::steady_clock::now();
  ffft::convolution<E> c(co);
  c.set_kernel(kernel.data());
  r.plan_s = wall_seconds_since(t0);
  r.radices = "circular";
  event_timer timer;
  const auto work = [&] { c.execute(in.data(), out.data(), timer.stream()); };
  std::tie(r.median_s, r.min_s) = time_calls(timer, o, work);
  if (reference != nullptr) {
    const auto append = [](std::vector<double>& y, const E& v) { y.push_back(ffft::to_double(v)); };
    r.check_rel_diff = poisoned_check(out.data(), n * batch, n, timer, work, append, *reference);
  }
  return r;
}

template <class R, class C, cufftType Type>
result run_cufft_real(const std::string& name, const std::vector<float>& x, std::uint64_t n,
                      std::uint64_t batch, const options& o, const std::vector<double>* reference) {
  result r = new_result(name, n, batch, sizeof(C), true);
  r.radices = "cuFFT";
  const std::uint64_t bins = n / 2 + 1;
  device_buffer<R> in(n * batch);
  device_buffer<C> out(bins * batch);
  {
    std::vector<R> h(x.begin(), x.end());
    in.upload(h.data());
  }
  event_timer timer;
  cufftHandle plan{};
  int length = static_cast<int>(n);
  const auto t0 = std::chrono::steady_clock::now();
  FFFT_CUFFT_CHECK(cufftPlanMany(&plan, 1, &length, nullptr, 1, length, nullptr, 1,
                                 static_cast<int>(bins), Type, static_cast<int>(batch)));
  r.plan_s = wall_seconds_since(t0);
  try {
    FFFT_CUFFT_CHECK(cufftSetStream(plan, timer.stream()));
    const auto work = [&] {
      if constexpr (Type == CUFFT_D2Z) FFFT_CUFFT_CHECK(cufftExecD2Z(plan, in.data(), out.data()));
      else FFFT_CUFFT_CHECK(cufftExecR2C(plan, in.data(), out.data()));
    };
    std::tie(r.median_s, r.min_s) = time_calls(timer, o, work);
    if (reference != nullptr)
      r.check_rel_diff = poisoned_check(out.data(), bins * batch, bins, timer, work, append_cufft_complex<C>, *reference);
  } catch (...) {
    cufftDestroy(plan);
    throw;
  }
  cufftDestroy(plan);
  return r;
}

bool is_real_format(const std::string& f) {
  return f == "rdf64" || f == "rqf128" || f == "rdd128" || f == "d2z" || f == "r2c";
}
bool is_convolution_format(const std::string& f) { return f == "cdf64" || f == "cqf128" || f == "cdd128"; }

result run_real(const std::string& format, const std::vector<float>& x, std::uint64_t n,
                std::uint64_t batch, const options& o, const real_references* reference) {
  const std::vector<double>* bins = reference == nullptr ? nullptr : &reference->bins;
  const std::vector<double>* conv = reference == nullptr ? nullptr : &reference->convolution;
  if (format == "rdf64") return run_ffft_rfft<ffft::df64>("ffft_rfft_df64", x, n, batch, o, bins);
  if (format == "rqf128") return run_ffft_rfft<ffft::qf128>("ffft_rfft_qf128", x, n, batch, o, bins);
  if (format == "rdd128") return run_ffft_rfft<ffft::dd128>("ffft_rfft_dd128", x, n, batch, o, bins);
  if (format == "d2z") return run_cufft_real<double, cufftDoubleComplex, CUFFT_D2Z>("cufft_d2z", x, n, batch, o, bins);
  if (format == "r2c") return run_cufft_real<float, cufftComplex, CUFFT_R2C>("cufft_r2c", x, n, batch, o, bins);
  if (format == "cdf64") return run_ffft_convolution<ffft::df64>("ffft_conv_df64", x, n, batch, o, conv);
  if (format == "cqf128") return run_ffft_convolution<ffft::qf128>("ffft_conv_qf128", x, n, batch, o, conv);
  if (format == "cdd128") return run_ffft_convolution<ffft::dd128>("ffft_conv_dd128", x, n, batch, o, conv);
  throw std::invalid_argument("unknown format '" + format + "'");
}

result run_one(const std::string& format, ffft::twiddle_mode tw, const float_pairs& x,
               std::uint64_t n, std::uint64_t batch, const options& o,
               const std::vector<double>* reference) {
  const std::string suffix = "_" + std::string(ffft::twiddle_mode_name(tw));
  if (format == "df64") return run_ffft<ffft::df64>("ffft_df64" + suffix, x, n, batch, tw, o, reference);
  if (format == "qf128") return run_ffft<ffft::qf128>("ffft_qf128" + suffix, x, n, batch, tw, o, reference);
  if (format == "dd128") return run_ffft<ffft::dd128>("ffft_dd128" + suffix, x, n, batch, tw, o, reference);
  if (format == "c2c") return run_cufft<cufftComplex, CUFFT_C2C>("cufft_c2c", x, n, batch, o, reference);
  if (format == "z2z") return run_cufft<cufftDoubleComplex, CUFFT_Z2Z>("cufft_z2z", x, n, batch, o, reference);
  throw std::invalid_argument("unknown format '" + format + "'");
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t comma = s.find(',', start);
    const std::size_t end = comma == std::string::npos ? s.size() : comma;
    if (end > start) parts.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

bool take(const char* arg, const char* name, std::string& value) {
  const std::size_t len = std::strlen(name);
  if (std::strncmp(arg, name, len) != 0 || arg[len] != '=') return false;
  value = arg + len + 1;
  return true;
}

options parse(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    std::string v;
    if (take(argv[i], "--log2n", v)) {
      o.log2n.clear();
      for (const std::string& k : split(v)) o.log2n.push_back(static_cast<unsigned>(std::stoul(k)));
    } else if (take(argv[i], "--formats", v)) {
      o.formats = split(v);
    } else if (take(argv[i], "--twiddles", v)) {
      // "both": table and computed, as earlier sweeps named them.
      if (v == "both") v = "table,computed";
      o.twiddles.clear();
      for (const std::string& mode : split(v)) {
        const std::optional<ffft::twiddle_mode> tw = ffft::twiddle_mode_named(mode);
        if (!tw) throw std::invalid_argument("--twiddles: a list of table, computed, direct; or both");
        o.twiddles.push_back(*tw);
      }
    } else if (take(argv[i], "--points_log2", v)) {
      o.points_log2 = static_cast<unsigned>(std::stoul(v));
    } else if (take(argv[i], "--reps", v)) {
      o.reps = static_cast<unsigned>(std::stoul(v));
    } else if (take(argv[i], "--warmup", v)) {
      o.warmup = static_cast<unsigned>(std::stoul(v));
    } else if (take(argv[i], "--check", v)) {
      o.check = v != "0";
    } else if (take(argv[i], "--json", v)) {
      o.json = v;
    } else {
      throw std::invalid_argument(std::string("unknown argument '") + argv[i] +
                                  "' (see the comment at the top of bench/gpu_profile.cpp)");
    }
  }
  for (unsigned k : o.log2n)
    if (k < 1 || k > 28) throw std::invalid_argument("--log2n: 1 .. 28");
  if (o.points_log2 > 30) throw std::invalid_argument("--points_log2: at most 30");
  return o;
}

// Where and what was measured, read once per run.
struct sweep_context {
  std::string device, driver, revision;
};

// The results so far, written after every case (to a temporary file renamed
// over path, so a reader never sees half a file): a sweep stopped by a time
// limit keeps what it measured. "complete" is true once the sweep ended.
void write_json(const std::string& path, const sweep_context& context, const std::vector<result>& rs,
                bool complete) {
  const std::string temporary = path + ".tmp";
  std::FILE* f = std::fopen(temporary.c_str(), "w");
  if (f == nullptr) throw std::runtime_error("cannot write " + temporary);
  std::fprintf(f,
               "{\n  \"device\": \"%s\",\n  \"driver\": \"%s\",\n  \"revision\": \"%s\",\n"
               "  \"complete\": %s,\n  \"results\": [\n",
               context.device.c_str(), context.driver.c_str(), context.revision.c_str(),
               complete ? "true" : "false");
  for (std::size_t i = 0; i < rs.size(); ++i) {
    const result& r = rs[i];
    std::fprintf(f,
                 "    {\"contender\": \"%s\", \"N\": %llu, \"batch\": %llu, \"radices\": \"%s\", "
                 "\"median_ms\": %.6f, \"min_ms\": %.6f, \"plan_s\": %.3f, \"GFLOPs\": %.2f, "
                 "\"GBps\": %.2f, \"check_rel_diff_vs_z2z\": %.3e, \"error\": \"%s\"}%s\n",
                 r.contender.c_str(), static_cast<unsigned long long>(r.n),
                 static_cast<unsigned long long>(r.batch), r.radices.c_str(), r.median_s * 1e3,
                 r.min_s * 1e3, r.plan_s, r.gflops, r.gbps, r.check_rel_diff, r.error.c_str(),
                 i + 1 == rs.size() ? "" : ",");
  }
  std::fprintf(f, "  ]\n}\n");
  if (std::fclose(f) != 0 || std::rename(temporary.c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot write " + path);
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  try {
    o = parse(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ffft_gpu_profile: %s\n", e.what());
    return 2;
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("ffft_gpu_profile: skipped: no CUDA device\n");
    return 0;
  }
  cudaDeviceProp prop{};
  FFFT_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  const std::string device = std::string(prop.name) + " (sm_" + std::to_string(prop.major) +
                             std::to_string(prop.minor) + ", " +
                             std::to_string(prop.multiProcessorCount) + " SMs)";
  std::printf("device: %s\n", device.c_str());
  const sweep_context context{device, ffft::tools::cuda_driver_version(), ffft::tools::git_revision()};

  std::vector<result> results;
  int failures = 0;
  for (unsigned k : o.log2n) {
    const std::uint64_t n = std::uint64_t{1} << k;
    const std::uint64_t points = std::max<std::uint64_t>(n, std::uint64_t{1} << o.points_log2);
    const std::uint64_t batch = points / n;
    const float_pairs x = ffft::tools::uniform_float_input(n * batch);
    const bool any_real = std::any_of(o.formats.begin(), o.formats.end(), [](const std::string& f) {
      return is_real_format(f) || is_convolution_format(f);
    });
    const bool any_complex = std::any_of(o.formats.begin(), o.formats.end(), [](const std::string& f) {
      return !is_real_format(f) && !is_convolution_format(f);
    });
    std::vector<double> reference;
    real_references real_reference_values;
    const std::vector<float> reals = real_parts(x);
    if (o.check) {
      try {
        if (any_complex) reference = z2z_reference(x, n);
        if (any_real) real_reference_values = real_reference(reals, n);
      } catch (const std::exception& e) {
        std::printf("N = 2^%u: no cuFFT reference (%s); results unchecked\n", k, e.what());
      }
    }
    double z2z_seconds = 0, d2z_seconds = 0;
    std::map<std::string, double> rfft_seconds;  // by format, for the convolutions' ratio
    for (const std::string& format : o.formats) {
      const bool real = is_real_format(format) || is_convolution_format(format);
      const bool is_cufft = format == "c2c" || format == "z2z" || real;
      for (ffft::twiddle_mode tw : o.twiddles) {
        if (is_cufft && tw != o.twiddles.front()) continue;
        result r;
        try {
          if (real)
            r = run_real(format, reals, n, batch, o,
                         real_reference_values.bins.empty() ? nullptr : &real_reference_values);
          else
            r = run_one(format, tw, x, n, batch, o, reference.empty() ? nullptr : &reference);
        } catch (const std::exception& e) {
          r.contender = format;
          r.n = n;
          r.batch = batch;
          r.error = e.what();
          for (char& c : r.error)
            if (c == '"' || c == '\\' || c == '\n') c = '\'';
          ++failures;
        }
        if (r.median_s > 0) {
          // Real data: n / 2 complex values' bytes each way, and half a
          // complex transform's flops by convention (a convolution: two
          // real transforms).
          const double count = static_cast<double>(n * batch), share = r.real_data ? 0.5 : 1.0;
          const double transforms = r.radices == "circular" ? 2.0 : 1.0;
          r.gflops = transforms * share * 5.0 * count * std::log2(static_cast<double>(n)) / r.median_s * 1e-9;
          r.gbps = share * 2.0 * count * static_cast<double>(r.value_bytes) / r.median_s * 1e-9;
        }
        if (r.contender == "cufft_z2z") z2z_seconds = r.median_s;
        if (r.contender == "cufft_d2z") d2z_seconds = r.median_s;
        if (r.contender.rfind("ffft_rfft_", 0) == 0) rfft_seconds[r.contender.substr(10)] = r.median_s;
        // cuFFT C2C computes in float (~1e-7); the others agree with Z2Z to
        // Z2Z's own error (~1e-15; df64 ~1e-14).
        const double allowed = r.contender == "cufft_c2c" || r.contender == "cufft_r2c" ? 1e-5 : 1e-11;
        if (r.error.empty() && r.check_rel_diff >= 0 && !(r.check_rel_diff < allowed)) {
          r.error = "check against Z2Z failed";
          ++failures;
        }
        results.push_back(r);
        if (!o.json.empty()) write_json(o.json, context, results, false);
        std::printf("%-20s N=2^%-2u batch=%-6llu %-12s median %9.4f ms  min %9.4f ms  %8.1f GFLOPs"
                    "  %7.1f GB/s  plan %6.2f s  vs Z2Z %.1e%s%s\n",
                    r.contender.c_str(), k, static_cast<unsigned long long>(batch), r.radices.c_str(),
                    r.median_s * 1e3, r.min_s * 1e3, r.gflops, r.gbps, r.plan_s, r.check_rel_diff,
                    r.error.empty() ? "" : "  ERROR: ", r.error.c_str());
        std::fflush(stdout);
      }
    }
    for (const result& r : results) {
      if (r.n != n || r.median_s <= 0) continue;
      if (!r.real_data && z2z_seconds > 0 && r.contender != "cufft_z2z")
        std::printf("  ratio %-20s / cufft_z2z at N=2^%u: %.3f (throughput)\n", r.contender.c_str(), k,
                    z2z_seconds / r.median_s);
      if (r.real_data && d2z_seconds > 0 && r.contender != "cufft_d2z" && r.radices != "circular")
        std::printf("  ratio %-20s / cufft_d2z at N=2^%u: %.3f (throughput)\n", r.contender.c_str(), k,
                    d2z_seconds / r.median_s);
      if (r.radices == "circular" && rfft_seconds.count(r.contender.substr(10)))
        std::printf("  time  %-20s / its rfft at N=2^%u: %.2f\n", r.contender.c_str(), k,
                    r.median_s / rfft_seconds[r.contender.substr(10)]);
    }
  }
  if (!o.json.empty()) write_json(o.json, context, results, true);
  std::printf("ffft_gpu_profile: %zu cases, %d failed\n", results.size(), failures);
  return failures == 0 ? 0 : 1;
}
