// ffft_gpu_nd: N-D transforms on a GPU (scripts/gpu_validate.sh, step nd):
// ffft's nd_plan and nd_real_plan (df64, qf128, dd128) against cuFFT's Z2Z
// and D2Z plans of the same rank, on 2-D 1024^2 and 4096^2 and 3-D 128^3
// and 256^3 arrays resident on the device, timed with CUDA events (median
// and minimum of --reps calls after --warmup); each ffft result checked
// against cuFFT's (relative L2 difference in double: about 1e-15 expected,
// a case fails above 1e-11); and dd128's transforms along each axis alone
// over those along the contiguous last axis (the strided batches' cost).
//
//   ffft_gpu_nd [--shapes=1024x1024,4096x4096,128x128x128,256x256x256]
//               [--formats=df64,qf128,dd128] [--reps=10] [--warmup=2] [--json=FILE]
//
// The throughput ratio to cuFFT Z2Z is cuFFT's time over ffft's, as
// ffft_gpu_profile's; the goal for dd128 at 256^3 is 0.3. Without a device
// it says so and exits 0. scripts/gpu_nd_table.py makes the table.
#include <cuda_runtime_api.h>
#include <cufft.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ffft/conversions.hpp"
#include "ffft/nd_plan.hpp"
#include "ffft/nd_real_plan.hpp"
#include "kernels/cuda_check.hpp"
#include "kernels/device_buffer.hpp"
#include "tools/cuda/cuda_event_timer.hpp"
#include "tools/cuda/cufft_check.hpp"
#include "tools/cuda/driver_version.hpp"
#include "tools/run_context.hpp"

namespace {

using ffft::cuda::detail::device_buffer;
using ffft::cuda::detail::event_timer;
using shape_t = std::vector<std::uint64_t>;

struct options {
  std::vector<shape_t> shapes{{1024, 1024}, {4096, 4096}, {128, 128, 128}, {256, 256, 256}};
  std::vector<std::string> formats{"df64", "qf128", "dd128"};
  unsigned reps = 10, warmup = 2;
  std::string json;
};

constexpr double check_limit = 1e-11;

std::uint64_t product(const shape_t& s) {
  std::uint64_t p = 1;
  for (std::uint64_t n : s) p *= n;
  return p;
}

std::string shape_name(const shape_t& s) {
  std::string r;
  for (std::uint64_t n : s) {
    if (!r.empty()) r += "x";
    r += std::to_string(n);
  }
  return r;
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

double relative_difference(const std::vector<double>& y, const std::vector<double>& reference) {
  double error = 0, norm = 0;
  for (std::size_t j = 0; j < reference.size(); ++j) {
    const double d = y[j] - reference[j];
    error += d * d;
    norm += reference[j] * reference[j];
  }
  if (!(error == error)) return INFINITY;
  return norm == 0 ? (error == 0 ? 0 : INFINITY) : std::sqrt(error / norm);
}

// cuFFT's plan of the whole array (rank 2 or 3, batch 1).
cufftHandle cufft_plan(const shape_t& shape, cufftType type) {
  std::vector<long long> n(shape.begin(), shape.end());
  cufftHandle plan{};
  FFFT_CUFFT_CHECK(cufftCreate(&plan));
  std::size_t work = 0;
  FFFT_CUFFT_CHECK(cufftMakePlanMany64(plan, static_cast<int>(n.size()), n.data(), nullptr, 1, 0, nullptr, 1, 0,
                                       type, 1, &work));
  return plan;
}

struct timed {
  double median_s = 0, min_s = 0;
};

nlohmann::json record(const std::string& kind, const std::string& contender, const shape_t& shape, timed t,
                      double check = -1, int axis = -1) {
  nlohmann::json j{{"kind", kind}, {"contender", contender}, {"shape", shape}, {"median_s", t.median_s},
                   {"min_s", t.min_s}};
  if (check >= 0) j["check_rel_diff"] = check;
  if (axis >= 0) j["axis"] = axis;
  return j;
}

template <class E>
void run_format(const std::string& name, const shape_t& shape, const std::vector<double>& values,
                const std::vector<double>& z2z, const std::vector<double>& d2z, const event_timer& timer,
                const options& o, nlohmann::json& cases, bool per_axis) {
  const std::uint64_t count = product(shape);
  const std::uint64_t bins = count / shape.back() * (shape.back() / 2 + 1);
  // Complex.
  {
    std::vector<ffft::complex<E>> h(count);
    for (std::uint64_t j = 0; j < count; ++j)
      h[j] = {ffft::from_double<E>(values[2 * j]), ffft::from_double<E>(values[2 * j + 1])};
    device_buffer<ffft::complex<E>> in(count), out(count);
    in.upload(h.data());
    ffft::nd_plan_options po;
    po.shape = shape;
    po.backend = ffft::backend::cuda;
    po.host_staging = false;
    ffft::nd_plan<E> p(po);
    const auto work = [&] { p.forward(in.data(), out.data(), timer.stream()); };
    const auto [median, least] = time_calls(timer, o, work);
    out.download(h.data());
    std::vector<double> y(2 * count);
    for (std::uint64_t j = 0; j < count; ++j) y[2 * j] = ffft::to_double(h[j].re), y[2 * j + 1] = ffft::to_double(h[j].im);
    cases.push_back(record("complex", name, shape, {median, least}, relative_difference(y, z2z)));
    std::printf("  %-8s complex %10.3f ms  diff %.2e\n", name.c_str(), median * 1e3, cases.back()["check_rel_diff"].get<double>());
    if (per_axis)
      for (int a = 0; a < static_cast<int>(shape.size()); ++a) {
        po.axes = {a};
        ffft::nd_plan<E> q(po);
        const auto [m, l] = time_calls(timer, o, [&] { q.forward(in.data(), out.data(), timer.stream()); });
        cases.push_back(record("axis", name, shape, {m, l}, -1, a));
        std::printf("  %-8s axis %d  %10.3f ms\n", name.c_str(), a, m * 1e3);
      }
  }
  // Real.
  {
    std::vector<E> h(count);
    for (std::uint64_t j = 0; j < count; ++j) h[j] = ffft::from_double<E>(values[2 * j]);
    device_buffer<E> in(count);
    device_buffer<ffft::complex<E>> out(bins);
    in.upload(h.data());
    ffft::nd_real_plan_options po;
    po.shape = shape;
    po.backend = ffft::backend::cuda;
    po.host_staging = false;
    ffft::nd_real_plan<E> p(po);
    const auto [median, least] = time_calls(timer, o, [&] { p.forward(in.data(), out.data(), timer.stream()); });
    std::vector<ffft::complex<E>> spectrum(bins);
    out.download(spectrum.data());
    std::vector<double> y(2 * bins);
    for (std::uint64_t j = 0; j < bins; ++j)
      y[2 * j] = ffft::to_double(spectrum[j].re), y[2 * j + 1] = ffft::to_double(spectrum[j].im);
    cases.push_back(record("real", name, shape, {median, least}, relative_difference(y, d2z)));
    std::printf("  %-8s real    %10.3f ms  diff %.2e\n", name.c_str(), median * 1e3, cases.back()["check_rel_diff"].get<double>());
  }
}

// cuFFT Z2Z and D2Z of the values (D2Z: their real parts); their outputs
// are the checks' references.
void run_cufft(const shape_t& shape, const std::vector<double>& values, const event_timer& timer, const options& o,
               nlohmann::json& cases, std::vector<double>& z2z, std::vector<double>& d2z) {
  const std::uint64_t count = product(shape);
  const std::uint64_t bins = count / shape.back() * (shape.back() / 2 + 1);
  {
    device_buffer<cufftDoubleComplex> in(count), out(count);
    std::vector<cufftDoubleComplex> h(count);
    for (std::uint64_t j = 0; j < count; ++j) h[j] = {values[2 * j], values[2 * j + 1]};
    in.upload(h.data());
    cufftHandle plan = cufft_plan(shape, CUFFT_Z2Z);
    FFFT_CUFFT_CHECK(cufftSetStream(plan, timer.stream()));
    const auto [median, least] =
        time_calls(timer, o, [&] { FFFT_CUFFT_CHECK(cufftExecZ2Z(plan, in.data(), out.data(), CUFFT_FORWARD)); });
    cufftDestroy(plan);
    out.download(h.data());
    z2z.resize(2 * count);
    for (std::uint64_t j = 0; j < count; ++j) z2z[2 * j] = h[j].x, z2z[2 * j + 1] = h[j].y;
    cases.push_back(record("complex", "cufft_z2z", shape, {median, least}));
    std::printf("  cuFFT    Z2Z     %10.3f ms\n", median * 1e3);
  }
  {
    device_buffer<double> in(count);
    device_buffer<cufftDoubleComplex> out(bins);
    std::vector<double> h(count);
    for (std::uint64_t j = 0; j < count; ++j) h[j] = values[2 * j];
    in.upload(h.data());
    cufftHandle plan = cufft_plan(shape, CUFFT_D2Z);
    FFFT_CUFFT_CHECK(cufftSetStream(plan, timer.stream()));
    const auto [median, least] = time_calls(timer, o, [&] { FFFT_CUFFT_CHECK(cufftExecD2Z(plan, in.data(), out.data())); });
    cufftDestroy(plan);
    std::vector<cufftDoubleComplex> y(bins);
    out.download(y.data());
    d2z.resize(2 * bins);
    for (std::uint64_t j = 0; j < bins; ++j) d2z[2 * j] = y[j].x, d2z[2 * j + 1] = y[j].y;
    cases.push_back(record("real", "cufft_d2z", shape, {median, least}));
    std::printf("  cuFFT    D2Z     %10.3f ms\n", median * 1e3);
  }
}

shape_t parse_shape(const std::string& text) {
  shape_t s;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t x = text.find('x', at);
    s.push_back(std::stoull(text.substr(at, x == std::string::npos ? std::string::npos : x - at)));
    if (x == std::string::npos) break;
    at = x + 1;
  }
  if (s.size() < 2 || s.size() > 3) throw std::invalid_argument("--shapes: 2-D or 3-D shapes, as 256x256x256");
  return s;
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> r;
  std::size_t at = 0;
  for (std::size_t comma; (comma = text.find(',', at)) != std::string::npos; at = comma + 1)
    r.push_back(text.substr(at, comma - at));
  r.push_back(text.substr(at));
  return r;
}

bool take(const char* arg, const char* name, std::string& value) {
  const std::size_t n = std::strlen(name);
  if (std::strncmp(arg, name, n) != 0 || arg[n] != '=') return false;
  value = arg + n + 1;
  return true;
}

}  // namespace

int main(int argc, char** argv) try {
  options o;
  for (int i = 1; i < argc; ++i) {
    std::string v;
    if (take(argv[i], "--shapes", v)) {
      o.shapes.clear();
      for (const std::string& s : split(v)) o.shapes.push_back(parse_shape(s));
    } else if (take(argv[i], "--formats", v)) {
      o.formats = split(v);
    } else if (take(argv[i], "--reps", v)) {
      o.reps = static_cast<unsigned>(std::stoul(v));
    } else if (take(argv[i], "--warmup", v)) {
      o.warmup = static_cast<unsigned>(std::stoul(v));
    } else if (take(argv[i], "--json", v)) {
      o.json = v;
    } else {
      throw std::invalid_argument(std::string("unknown argument ") + argv[i]);
    }
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::puts("ffft_gpu_nd: skipped: no CUDA device");
    return 0;
  }
  cudaDeviceProp prop{};
  FFFT_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  nlohmann::json report{{"context",
                         {{"device", prop.name},
                          {"driver", ffft::tools::cuda_driver_version()},
                          {"revision", ffft::tools::git_revision()},
                          {"reps", o.reps},
                          {"warmup", o.warmup}}},
                        {"cases", nlohmann::json::array()},
                        {"complete", false}};
  const auto save = [&] {
    if (o.json.empty()) return;
    std::ofstream f(o.json);
    f << report.dump(1) << '\n';
  };
  int failures = 0;
  event_timer timer;
  for (const shape_t& shape : o.shapes) {
    std::printf("%s\n", shape_name(shape).c_str());
    const std::uint64_t count = product(shape);
    std::mt19937_64 g(count);
    std::uniform_real_distribution<float> u(-1, 1);  // exact in every format
    std::vector<double> values(2 * count);
    for (double& v : values) v = u(g);
    std::vector<double> z2z, d2z;
    run_cufft(shape, values, timer, o, report["cases"], z2z, d2z);
    save();
    for (const std::string& f : o.formats) {
      const bool per_axis = f == "dd128";
      if (f == "df64") run_format<ffft::df64>(f, shape, values, z2z, d2z, timer, o, report["cases"], per_axis);
      else if (f == "qf128") run_format<ffft::qf128>(f, shape, values, z2z, d2z, timer, o, report["cases"], per_axis);
      else if (f == "dd128") run_format<ffft::dd128>(f, shape, values, z2z, d2z, timer, o, report["cases"], per_axis);
      else throw std::invalid_argument("--formats: df64, qf128, dd128");
      save();
    }
  }
  for (const auto& c : report["cases"])
    if (c.contains("check_rel_diff") && !(c["check_rel_diff"].get<double>() <= check_limit)) {
      std::printf("ffft_gpu_nd: FAILED check: %s %s %s: %.3e\n", c["kind"].get<std::string>().c_str(),
                  c["contender"].get<std::string>().c_str(), c["shape"].dump().c_str(), c["check_rel_diff"].get<double>());
      ++failures;
    }
  report["complete"] = true;
  save();
  return failures == 0 ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "ffft_gpu_nd: error: %s\n", e.what());
  return 1;
}
