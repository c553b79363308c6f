// ffft_bench_vkfft: VkFFT's double-double beside ffft's dd128 on one GPU, in
// one run. VkFFT (1.3.4, from pyvkfft 2025.1.1: scripts/install_vkfft.sh) is
// the one maintained GPU FFT with an extended-precision mode. Contenders,
// each a batch of forward complex transforms, out of place, data already on
// the device:
//
//   vkfft_dd_memory      VkFFT, quadDoubleDoublePrecision: double-double in memory
//   vkfft_double_memory  VkFFT, quadDoubleDoublePrecisionDoubleMemory: doubles in
//                        memory, double-double arithmetic
//   ffft_dd_memory       ffft::plan<dd128> on complex<dd128> arrays
//   ffft_double_memory   the same plan on std::complex<double> arrays (its limb
//                        input mode: widened on load, rounded once on store)
//
// For N = 2^k (--log2n, default every k from 10 to 24), batched to
// 2^points_log2 values per call (default 2^24: batch = 2^24 / N): the
// median and minimum of --reps calls timed with CUDA events after --warmup
// calls, excluding plan creation (timed apart: VkFFT generates and
// compiles its kernels with NVRTC then, ffft computes its twiddle tables),
// GFLOP/s by 5 N log2 N per transform; then the output is poisoned (NaN
// bytes), one more call made, every output value must be finite, and
// transform 0 is compared with FFTW's __float128 transform of the same
// input (tools/reference/, planned on all hardware threads): relative RMS
// error ||y - r|| / ||r|| and max_j |y_j - r_j| / max_j |r_j|. The input is
// uniform in [-0.5, 0.5) with full double-double parts for the dd-memory
// contenders and the same values rounded to double for the double-memory
// ones (bench/vkfft/dd_input.hpp); a result far from the reference (rel RMS
// above 1e-20 with dd memory, 1e-12 with double memory: a wrong result, not
// a less accurate one) fails the contender. A failing contender is reported
// with its error and the others still run.
//
// --budget-s (default 170) bounds the run: no new N starts once it has
// passed (the N left are listed as not run), and transforms longer than
// 2^check_max_log2 are not checked against the reference (default 22): FFTW's
// __float128 transform is the slow part, 7.5 s for both inputs at 2^20 on
// the 2-core development VM and about 20 times that at 2^24, where FFTW's
// threads gained little (--time-reference times it alone, without a GPU).
// Longer transforms are still checked for finite outputs.
//
//   ffft_bench_vkfft [--log2n=10,11,...,24] [--points-log2=24] [--reps=10] [--warmup=3]
//                    [--contenders=vkfft_dd_memory,vkfft_double_memory,ffft_dd_memory,ffft_double_memory]
//                    [--check-max-log2=22] [--budget-s=170] [--json=FILE]
//   ffft_bench_vkfft --time-reference [--log2n=20,24]
//
// --json=FILE is rewritten after every N ("complete": false until the end);
// scripts/vkfft_table.py turns it into bench/results/gpu_vkfft_dd.md and .png.
//
// VkFFT is compiled into libffft_vkfft.so (bench/vkfft/vkfft_dd_plan.hpp),
// loaded once a device is found, so that the program starts without the
// CUDA driver or NVRTC.
//
// Exit status: 0 every contender ran and passed, or there is no CUDA device
// (it prints "ffft_bench_vkfft: skipped: no CUDA device" and writes no
// JSON); 1 a contender failed (VkFFT or CUDA error, libffft_vkfft.so not
// loadable, or a failed check); 2 bad arguments.
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <fftw3.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bench/vkfft/dd_input.hpp"
#include "bench/vkfft/dd_layout.hpp"
#include "bench/vkfft/errors.hpp"
#include "bench/vkfft/vkfft_dd_plan.hpp"
#include "ffft/plan.hpp"
#include "kernels/cuda_check.hpp"
#include "kernels/device_buffer.hpp"
#include "tools/cuda/driver_version.hpp"
#include "tools/reference/fftw_quad.hpp"
#include "tools/run_context.hpp"

namespace {

using ffft::bench::transform_error;
using ffft::cuda::detail::device_buffer;
using ffft::tools::complex_quad;
using clock_type = std::chrono::steady_clock;

const std::vector<std::string> all_contenders{"vkfft_dd_memory", "vkfft_double_memory", "ffft_dd_memory",
                                              "ffft_double_memory"};

struct options {
  std::vector<unsigned> log2n{10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
  unsigned points_log2 = 24;
  unsigned reps = 10;
  unsigned warmup = 3;
  std::vector<std::string> contenders = all_contenders;
  unsigned check_max_log2 = 22;
  double budget_s = 170;
  std::string json;
  bool time_reference = false;
};

bool dd_memory(const std::string& contender) { return contender.find("_dd_memory") != std::string::npos; }
bool is_vkfft(const std::string& contender) { return contender.rfind("vkfft_", 0) == 0; }

double seconds_since(clock_type::time_point t) {
  return std::chrono::duration<double>(clock_type::now() - t).count();
}

// One contender at one N.
struct result {
  std::string contender;
  unsigned log2n = 0;
  std::uint64_t n = 0, batch = 0;
  double plan_s = -1, median_ms = -1, min_ms = -1, gflops = -1;
  bool checked = false;
  transform_error error{};
  std::uint64_t temporary_bytes = 0;
  std::string failure;  // empty: ran and passed
};

// The reference transforms of one N: transform 0's input in both memory
// modes, through FFTW's __float128 transform.
struct references {
  std::vector<complex_quad> dd, rounded;
  double seconds = 0;
};

references make_references(const std::vector<ffft::complex<ffft::dd128>>& x_dd,
                           const std::vector<std::complex<double>>& x_double, std::uint64_t n) {
  const auto start = clock_type::now();
  references r;
  const std::vector<complex_quad> in_dd = ffft::tools::to_complex_quad(x_dd.data(), n);
  const std::vector<complex_quad> in_double = ffft::tools::to_complex_quad(x_double.data(), n);
  r.dd = ffft::tools::fftw_quad_dft(in_dd, FFTW_FORWARD);
  r.rounded = ffft::tools::fftw_quad_dft(in_double, FFTW_FORWARD);
  r.seconds = seconds_since(start);
  return r;
}

// The device side of a run: inputs of the largest batch in both layouts of
// both libraries, uploaded once, and one output buffer of the largest.
struct device_data {
  device_buffer<ffft::complex<ffft::dd128>> ffft_dd_in;
  device_buffer<ffft::bench::vkfft_dd_complex> vkfft_dd_in;
  device_buffer<std::complex<double>> double_in;
  device_buffer<unsigned char> out;
  explicit device_data(std::uint64_t values)
      : ffft_dd_in(values), vkfft_dd_in(values), double_in(values), out(values * 32) {}
};

// Median and minimum, in ms, of `reps` calls of enqueue() timed with events
// on `stream`, after `warmup` untimed calls.
std::pair<double, double> time_calls(const std::function<void()>& enqueue, cudaStream_t stream, unsigned reps,
                                     unsigned warmup) {
  cudaEvent_t start{}, stop{};
  FFFT_CUDA_CHECK(cudaEventCreate(&start));
  FFFT_CUDA_CHECK(cudaEventCreate(&stop));
  std::vector<double> ms;
  try {
    for (unsigned i = 0; i < warmup; ++i) enqueue();
    FFFT_CUDA_CHECK(cudaStreamSynchronize(stream));
    for (unsigned i = 0; i < reps; ++i) {
      FFFT_CUDA_CHECK(cudaEventRecord(start, stream));
      enqueue();
      FFFT_CUDA_CHECK(cudaEventRecord(stop, stream));
      FFFT_CUDA_CHECK(cudaEventSynchronize(stop));
      float t = 0;
      FFFT_CUDA_CHECK(cudaEventElapsedTime(&t, start, stop));
      ms.push_back(t);
    }
  } catch (...) {
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    throw;
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(ms.begin(), ms.end());
  const std::size_t m = ms.size();
  const double median = m % 2 == 1 ? ms[m / 2] : 0.5 * (ms[m / 2 - 1] + ms[m / 2]);
  return {median, ms.front()};
}

// Transform 0 of the output on the device, as __float128 pairs, after
// checking that every value of the batch's output is finite (the output
// was poisoned before the call: a value left unwritten is NaN).
std::vector<complex_quad> checked_output(const std::string& contender, const device_data& d, std::uint64_t n,
                                         std::uint64_t values, std::size_t& non_finite) {
  non_finite = 0;
  if (dd_memory(contender)) {
    std::vector<ffft::bench::vkfft_dd_complex> raw(values);
    FFFT_CUDA_CHECK(cudaMemcpy(raw.data(), d.out.data(), values * 32, cudaMemcpyDeviceToHost));
    std::vector<complex_quad> y(n);
    for (std::uint64_t j = 0; j < values; ++j) {
      // Both libraries' dd layouts are read through VkFFT's struct, converted
      // to complex<dd128> (they coincide: dd_layout.hpp, tested).
      const ffft::complex<ffft::dd128> v = ffft::bench::from_vkfft(raw[j]);
      if (!std::isfinite(v.re[0]) || !std::isfinite(v.re[1]) || !std::isfinite(v.im[0]) || !std::isfinite(v.im[1]))
        ++non_finite;
      if (j < n) y[j] = ffft::tools::to_quad(v);
    }
    return y;
  }
  std::vector<std::complex<double>> raw(values);
  FFFT_CUDA_CHECK(cudaMemcpy(raw.data(), d.out.data(), values * 16, cudaMemcpyDeviceToHost));
  std::vector<complex_quad> y(n);
  for (std::uint64_t j = 0; j < values; ++j) {
    if (!std::isfinite(raw[j].real()) || !std::isfinite(raw[j].imag())) ++non_finite;
    if (j < n) y[j] = ffft::tools::to_quad(raw[j]);
  }
  return y;
}

result run_contender(const std::string& contender, unsigned k, std::uint64_t batch, const options& o,
                     const device_data& d, cudaStream_t stream, const references* ref) {
  result r;
  r.contender = contender;
  r.log2n = k;
  r.n = std::uint64_t{1} << k;
  r.batch = batch;
  const std::uint64_t n = r.n, values = n * batch;
  const std::uint64_t value_bytes = dd_memory(contender) ? 32 : 16;
  const void* in = contender == "ffft_dd_memory"    ? static_cast<const void*>(d.ffft_dd_in.data())
                   : contender == "vkfft_dd_memory" ? static_cast<const void*>(d.vkfft_dd_in.data())
                                                    : static_cast<const void*>(d.double_in.data());
  void* out = d.out.data();

  std::function<void()> enqueue;
  std::unique_ptr<ffft::bench::vkfft_dd_plan> vk;
  std::unique_ptr<ffft::plan<ffft::dd128>> ff;
  const auto plan_start = clock_type::now();
  if (is_vkfft(contender)) {
    const auto memory =
        dd_memory(contender) ? ffft::bench::vkfft_memory::double_double : ffft::bench::vkfft_memory::double_;
    vk = ffft::bench::make_vkfft_dd_plan(n, batch, memory, stream, in, out);
    r.temporary_bytes = vk->temporary_bytes();
    enqueue = [&] { vk->forward(in, out); };
  } else {
    ffft::plan_options po;
    po.length = n;
    po.batch = batch;
    po.backend = ffft::backend::cuda;
    po.host_staging = false;  // device data only
    ff = std::make_unique<ffft::plan<ffft::dd128>>(po);
    r.temporary_bytes = ff->workspace_bytes();
    if (dd_memory(contender)) {
      const auto* x = static_cast<const ffft::complex<ffft::dd128>*>(in);
      auto* y = static_cast<ffft::complex<ffft::dd128>*>(out);
      enqueue = [&ff, x, y, stream] { ff->forward(x, y, stream); };
    } else {
      const auto* x = static_cast<const std::complex<double>*>(in);
      auto* y = static_cast<std::complex<double>*>(out);
      enqueue = [&ff, x, y, stream] { ff->forward(x, y, stream); };
    }
  }
  FFFT_CUDA_CHECK(cudaDeviceSynchronize());
  r.plan_s = seconds_since(plan_start);

  const auto [median, minimum] = time_calls(enqueue, stream, o.reps, o.warmup);
  r.median_ms = median;
  r.min_ms = minimum;
  r.gflops = 5.0 * static_cast<double>(values) * k / (median * 1e-3) * 1e-9;

  // The check: poison, one more call, every value finite, transform 0 against the reference.
  FFFT_CUDA_CHECK(cudaMemsetAsync(out, 0xff, values * value_bytes, stream));
  enqueue();
  FFFT_CUDA_CHECK(cudaStreamSynchronize(stream));
  FFFT_CUDA_CHECK(cudaGetLastError());
  std::size_t non_finite = 0;
  const std::vector<complex_quad> y = checked_output(contender, d, n, values, non_finite);
  if (non_finite != 0) {
    r.failure = "check failed: " + std::to_string(non_finite) + " of " + std::to_string(values) +
                " output values are not finite (unwritten or wrong)";
  } else if (ref != nullptr) {
    r.checked = true;
    r.error = ffft::bench::compare(y, dd_memory(contender) ? ref->dd : ref->rounded);
    const double allowed = dd_memory(contender) ? 1e-20 : 1e-12;
    if (!(r.error.rel_rms < allowed)) {
      char text[160];
      std::snprintf(text, sizeof text, "check failed: relative RMS error %.3e against FFTW __float128 (limit %.0e)",
                    r.error.rel_rms, allowed);
      r.failure = text;
    }
  }
  return r;
}

nlohmann::json to_json(const result& r) {
  nlohmann::json j{{"contender", r.contender}, {"log2n", r.log2n},     {"N", r.n},
                   {"batch", r.batch},         {"plan_s", r.plan_s},   {"median_ms", r.median_ms},
                   {"min_ms", r.min_ms},       {"GFLOPs", r.gflops},   {"checked", r.checked},
                   {"temporary_bytes", r.temporary_bytes},             {"error", r.failure}};
  if (r.checked) {
    j["rel_rms"] = r.error.rel_rms;
    j["max_rel"] = r.error.max_rel;
  } else {
    j["rel_rms"] = nullptr;
    j["max_rel"] = nullptr;
  }
  if (r.median_ms < 0) j["median_ms"] = j["min_ms"] = j["GFLOPs"] = nullptr;
  if (r.plan_s < 0) j["plan_s"] = nullptr;
  return j;
}

void write_json(const std::string& path, nlohmann::json document) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream f(temporary);
    f << document.dump(2) << "\n";
    if (!f) throw std::runtime_error("cannot write " + temporary);
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot write " + path);
}

std::string text_error(const result& r) {
  if (!r.checked) return "         -           -";
  char s[64];
  std::snprintf(s, sizeof s, "%10.2e  %10.2e", r.error.rel_rms, r.error.max_rel);
  return s;
}

int time_reference(const options& o) {
  for (unsigned k : o.log2n) {
    const std::uint64_t n = std::uint64_t{1} << k;
    const auto x = ffft::bench::uniform_dd_input(n);
    const auto rounded = ffft::bench::rounded_to_double(x);
    const references r = make_references(x, rounded, n);
    std::printf("reference N=2^%-2u  FFTW __float128 on %u threads: %.2f s for both inputs\n", k,
                std::max(1u, std::thread::hardware_concurrency()), r.seconds);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  CLI::App app{"ffft_bench_vkfft: VkFFT's double-double beside ffft's dd128 on one GPU "
               "(bench/vkfft_side_by_side.cpp). Exit status: 0 passed or no CUDA device (skipped), "
               "1 a contender failed, 2 bad arguments."};
  app.add_option("--log2n", o.log2n, "transform lengths 2^k, comma-separated")->delimiter(',')->check(CLI::Range(1, 28));
  app.add_option("--points-log2", o.points_log2, "values per call, 2^p: batch = 2^p / N (at least 1)")
      ->check(CLI::Range(1, 27));
  app.add_option("--reps", o.reps, "timed calls per contender (median and minimum)")->check(CLI::Range(1, 10000));
  app.add_option("--warmup", o.warmup, "untimed calls first");
  app.add_option("--contenders", o.contenders, "comma-separated, of " + CLI::detail::join(all_contenders, ", "))
      ->delimiter(',')
      ->check(CLI::IsMember(all_contenders));
  app.add_option("--check-max-log2", o.check_max_log2, "no reference check above N = 2^k");
  app.add_option("--budget-s", o.budget_s, "no new N starts after this many seconds");
  app.add_option("--json", o.json, "results file, rewritten after every N");
  app.add_flag("--time-reference", o.time_reference,
               "time FFTW's __float128 reference at the --log2n sizes on this CPU, and exit (no GPU needed)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }

  // The reference plans on every hardware thread (FFTW's threads library).
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  fftwq_init_threads();
  fftwq_plan_with_nthreads(static_cast<int>(threads));
  if (o.time_reference) return time_reference(o);

  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    (void)cudaGetLastError();
    std::printf("ffft_bench_vkfft: skipped: no CUDA device\n");
    return 0;
  }
  const auto run_start = clock_type::now();
  cudaStream_t stream{};
  std::string device;
  try {
    FFFT_CUDA_CHECK(cudaSetDevice(0));
    FFFT_CUDA_CHECK(cudaFree(nullptr));  // the primary context, current on this thread: VkFFT uses it
    cudaDeviceProp prop{};
    FFFT_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
    device = std::string(prop.name) + " (sm_" + std::to_string(prop.major) + std::to_string(prop.minor) + ", " +
             std::to_string(prop.multiProcessorCount) + " SMs)";
    FFFT_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ffft_bench_vkfft: %s\n", e.what());
    return 1;
  }
  // VkFFT is in libffft_vkfft.so, loaded now; without it (or without NVRTC)
  // the VkFFT contenders fail with the loader's message and ffft's run.
  int vkfft_version = 0;
  try {
    vkfft_version = ffft::bench::vkfft_version();
  } catch (const std::exception& e) {
    std::printf("ffft_bench_vkfft: %s\n", e.what());
  }
  std::printf("device: %s; VkFFT %d; reference FFTW __float128 on %u threads\n", device.c_str(), vkfft_version,
              threads);

  std::uint64_t most = 0;
  for (unsigned k : o.log2n)
    most = std::max(most, std::max(std::uint64_t{1} << k, std::uint64_t{1} << o.points_log2));
  const auto x_dd = ffft::bench::uniform_dd_input(most);
  const auto x_double = ffft::bench::rounded_to_double(x_dd);
  std::unique_ptr<device_data> d;
  try {
    d = std::make_unique<device_data>(most);
    d->ffft_dd_in.upload(x_dd.data());
    std::vector<ffft::bench::vkfft_dd_complex> x_vkfft(most);
    for (std::uint64_t j = 0; j < most; ++j) x_vkfft[j] = ffft::bench::to_vkfft(x_dd[j]);
    d->vkfft_dd_in.upload(x_vkfft.data());
    d->double_in.upload(x_double.data());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ffft_bench_vkfft: %s\n", e.what());
    return 1;
  }

  nlohmann::json document{
      {"benchmark", "vkfft_dd"},
      {"device", device},
      {"driver", ffft::tools::cuda_driver_version()},
      {"revision", ffft::tools::git_revision()},
      {"vkfft", {{"version", vkfft_version},
                 {"source", "pyvkfft 2025.1.1 sdist, sha256 359648e089cac0e3c82fc685dc7b8a9e1a249b338dcd7c94677d68207c9842bb"},
                 {"backend", "CUDA (NVRTC)"}}},
      {"options", {{"log2n", o.log2n}, {"points_log2", o.points_log2}, {"reps", o.reps}, {"warmup", o.warmup},
                   {"check_max_log2", o.check_max_log2}, {"budget_s", o.budget_s}}},
      {"reference", {{"library", "FFTW __float128 (fftwq), FFTW_ESTIMATE"}, {"threads", threads}}},
      {"complete", false},
      {"not_run_log2n", nlohmann::json::array()},
      {"results", nlohmann::json::array()}};
  std::map<std::string, double> reference_seconds;

  int failures = 0;
  std::vector<result> all;
  std::printf("%-20s %8s %7s %10s %10s %9s %8s %10s  %10s\n", "contender", "N", "batch", "median ms", "min ms",
              "GFLOP/s", "plan s", "rel RMS", "max rel");
  for (std::size_t i = 0; i < o.log2n.size(); ++i) {
    const unsigned k = o.log2n[i];
    if (seconds_since(run_start) > o.budget_s) {
      for (std::size_t j = i; j < o.log2n.size(); ++j) document["not_run_log2n"].push_back(o.log2n[j]);
      std::printf("time budget of %.0f s spent: N = 2^%u and longer not run\n", o.budget_s, k);
      break;
    }
    const std::uint64_t n = std::uint64_t{1} << k;
    const std::uint64_t batch = std::max<std::uint64_t>(1, (std::uint64_t{1} << o.points_log2) / n);
    std::unique_ptr<references> ref;
    if (k <= o.check_max_log2) {
      ref = std::make_unique<references>(make_references(x_dd, x_double, n));
      reference_seconds["2^" + std::to_string(k)] = ref->seconds;
    }
    for (const std::string& contender : o.contenders) {
      result r;
      try {
        r = run_contender(contender, k, batch, o, *d, stream, ref.get());
      } catch (const std::exception& e) {
        r.contender = contender;
        r.log2n = k;
        r.n = n;
        r.batch = batch;
        r.failure = e.what();
        (void)cudaGetLastError();
      }
      if (!r.failure.empty()) ++failures;
      std::printf("%-20s %8s %7llu %10.4f %10.4f %9.2f %8.3f %s%s%s\n", r.contender.c_str(),
                  ("2^" + std::to_string(k)).c_str(), static_cast<unsigned long long>(batch), r.median_ms, r.min_ms,
                  r.gflops, r.plan_s, text_error(r).c_str(), r.failure.empty() ? "" : "  FAILED: ",
                  r.failure.c_str());
      std::fflush(stdout);
      document["results"].push_back(to_json(r));
      all.push_back(r);
    }
    if (ref) std::printf("  (reference: %.2f s)\n", ref->seconds);
    else std::printf("  (not checked: N above 2^%u)\n", o.check_max_log2);
    document["reference"]["seconds"] = reference_seconds;
    document["elapsed_s"] = seconds_since(run_start);
    if (!o.json.empty()) write_json(o.json, document);
  }

  // The ratios: VkFFT's time over ffft's, per memory mode (above 1: ffft is faster).
  std::printf("\ntime ratio VkFFT / ffft (above 1: ffft faster)\n%8s %12s %14s\n", "N", "dd memory", "double memory");
  for (unsigned k : o.log2n) {
    auto time_of = [&](const std::string& c) {
      for (const result& r : all)
        if (r.log2n == k && r.contender == c && r.failure.empty()) return r.median_ms;
      return -1.0;
    };
    auto ratio = [&](const char* a, const char* b) {
      const double ta = time_of(a), tb = time_of(b);
      return ta > 0 && tb > 0 ? ta / tb : std::nan("");
    };
    std::printf("%8s %12.3f %14.3f\n", ("2^" + std::to_string(k)).c_str(),
                ratio("vkfft_dd_memory", "ffft_dd_memory"), ratio("vkfft_double_memory", "ffft_double_memory"));
  }
  document["complete"] = document["not_run_log2n"].empty();
  document["elapsed_s"] = seconds_since(run_start);
  if (!o.json.empty()) write_json(o.json, document);
  cudaStreamDestroy(stream);
  std::printf("ffft_bench_vkfft: %zu results, %d failed, %.1f s\n", all.size(), failures, seconds_since(run_start));
  return failures == 0 ? 0 : 1;
}
