// The GPU contenders (fft_cuda_cases.hpp): ffft's CUDA executor and cuFFT
// C2C / Z2Z, each a batch of out-of-place forward transforms on device
// buffers, timed with CUDA events around the call on its own stream. The
// input is uploaded once, outside the timing.
#include <cuda_runtime_api.h>
#include <cufft.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "kernels/cuda_check.hpp"
#include "tools/cuda/cuda_event_timer.hpp"
#include "tools/cuda/driver_version.hpp"
#include "tools/cuda/cufft_check.hpp"
#include "kernels/device_buffer.hpp"
#include "fft_cuda_cases.hpp"
#include "ffft/plan.hpp"

namespace ffft::bench {
namespace {

using cuda::detail::device_buffer;
using cuda::detail::event_timer;

template <class T>
std::vector<T> download(const device_buffer<T>& d, std::size_t count) {
  std::vector<T> h(count);
  FFFT_CUDA_CHECK(cudaMemcpy(h.data(), d.data(), count * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

template <class E>
class ffft_cuda_case final : public fft_case {
 public:
  ffft_cuda_case(const fft_problem& p, twiddle_mode twiddles)
      : p_(p), twiddles_(twiddles), in_(p.n * p.batch), out_(p.n * p.batch),
        plan_(options(p.n, p.batch, twiddles)) {
    const auto x = batch_input(p);
    std::vector<complex<E>> h(x.size());
    for (std::size_t j = 0; j < x.size(); ++j)
      h[j] = {from_float<E>(x[j].first), from_float<E>(x[j].second)};
    in_.upload(h.data());
  }
  void run() override { plan_.forward(in_.data(), out_.data(), timer_.stream()); }
  double run_timed() override { return timer_.seconds([&] { run(); }); }
  std::vector<complex_quad> forward_first() override {
    run();
    return tools::to_complex_quad(download(out_, p_.n).data(), p_.n);
  }
  std::vector<complex_quad> roundtrip_first() override {
    plan<E> one(options(p_.n, 1, twiddles_));
    device_buffer<complex<E>> y(p_.n), back(p_.n);
    one.forward(in_.data(), y.data());
    one.inverse(y.data(), back.data());
    return tools::to_complex_quad(download(back, p_.n).data(), p_.n);
  }
  std::size_t value_bytes() const override { return sizeof(complex<E>); }
  double unit_roundoff() const override { return std::ldexp(1.0, -format_traits<E>::precision); }

 private:
  static plan_options options(std::uint64_t n, std::uint64_t batch, twiddle_mode twiddles) {
    plan_options o;
    o.length = n;
    o.batch = batch;
    o.twiddles = twiddles;
    o.backend = backend::cuda;
    return o;
  }

  fft_problem p_;
  twiddle_mode twiddles_;
  event_timer timer_;
  device_buffer<complex<E>> in_, out_;
  plan<E> plan_;
};

// cuFFT in single (C2C) or double (Z2Z) precision.
template <class Complex>
struct cufft_traits;
template <>
struct cufft_traits<cufftComplex> {
  using real = float;
  static constexpr cufftType type = CUFFT_C2C;
  static cufftResult exec(cufftHandle h, cufftComplex* i, cufftComplex* o, int dir) {
    return cufftExecC2C(h, i, o, dir);
  }
};
template <>
struct cufft_traits<cufftDoubleComplex> {
  using real = double;
  static constexpr cufftType type = CUFFT_Z2Z;
  static cufftResult exec(cufftHandle h, cufftDoubleComplex* i, cufftDoubleComplex* o, int dir) {
    return cufftExecZ2Z(h, i, o, dir);
  }
};

template <class Complex>
class cufft_case final : public fft_case {
  using traits = cufft_traits<Complex>;

 public:
  explicit cufft_case(const fft_problem& p)
      : p_(p), in_(p.n * p.batch), out_(p.n * p.batch) {
    handle_ = make_plan(p.n, p.batch);
    FFFT_CUFFT_CHECK(cufftSetStream(handle_, timer_.stream()));
    const auto x = batch_input(p);
    std::vector<Complex> h(x.size());
    for (std::size_t j = 0; j < x.size(); ++j) h[j] = {x[j].first, x[j].second};
    in_.upload(h.data());
  }
  ~cufft_case() override { cufftDestroy(handle_); }
  void run() override { FFFT_CUFFT_CHECK(traits::exec(handle_, in_.data(), out_.data(), CUFFT_FORWARD)); }
  double run_timed() override { return timer_.seconds([&] { run(); }); }
  std::vector<complex_quad> forward_first() override {
    run();
    FFFT_CUDA_CHECK(cudaStreamSynchronize(timer_.stream()));
    return to_quad(download(out_, p_.n), 1);
  }
  std::vector<complex_quad> roundtrip_first() override {
    const cufftHandle one = make_plan(p_.n, 1);
    device_buffer<Complex> y(p_.n), back(p_.n);
    FFFT_CUFFT_CHECK(traits::exec(one, in_.data(), y.data(), CUFFT_FORWARD));
    FFFT_CUFFT_CHECK(traits::exec(one, y.data(), back.data(), CUFFT_INVERSE));
    FFFT_CUDA_CHECK(cudaDeviceSynchronize());
    cufftDestroy(one);
    return to_quad(download(back, p_.n), static_cast<typename traits::real>(p_.n));
  }
  std::size_t value_bytes() const override { return sizeof(Complex); }
  double unit_roundoff() const override {
    return std::numeric_limits<typename traits::real>::epsilon() / 2;
  }

 private:
  static cufftHandle make_plan(std::uint64_t n, std::uint64_t batch) {
    cufftHandle h{};
    int length = static_cast<int>(n);
    FFFT_CUFFT_CHECK(cufftPlanMany(&h, 1, &length, nullptr, 1, length, nullptr, 1, length,
                                   traits::type, static_cast<int>(batch)));
    return h;
  }
  // Divided by `scale` in the precision cuFFT computes in, as a user would.
  static std::vector<complex_quad> to_quad(const std::vector<Complex>& v,
                                           typename traits::real scale) {
    std::vector<complex_quad> r(v.size());
    for (std::size_t j = 0; j < v.size(); ++j) r[j] = {v[j].x / scale, v[j].y / scale};
    return r;
  }

  fft_problem p_;
  event_timer timer_;
  device_buffer<Complex> in_, out_;
  cufftHandle handle_{};
};

}  // namespace

std::string gpu_unavailable_reason() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    (void)cudaGetLastError();
    return "no CUDA device";
  }
  return {};
}

std::string gpu_description() {
  const std::string reason = gpu_unavailable_reason();
  if (!reason.empty()) return reason;
  cudaDeviceProp prop{};
  FFFT_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  return std::string(prop.name) + " (sm_" + std::to_string(prop.major) +
         std::to_string(prop.minor) + "), driver " + ffft::tools::cuda_driver_version();
}

std::vector<std::string> gpu_contenders(bool computed_twiddles) {
  std::vector<std::string> names;
  for (const char* format : {"df64", "qf128", "dd128"}) {
    names.push_back(std::string("ffft_") + format + "_table_cuda");
    if (computed_twiddles) names.push_back(std::string("ffft_") + format + "_computed_cuda");
  }
  names.push_back("cufft_c2c");
  names.push_back("cufft_z2z");
  return names;
}

std::unique_ptr<fft_case> make_gpu_case(const std::string& contender, const fft_problem& p) {
  const twiddle_mode tw = contender.find("_computed") != std::string::npos
                              ? twiddle_mode::computed
                              : twiddle_mode::table;
  if (contender.rfind("ffft_df64", 0) == 0) return std::make_unique<ffft_cuda_case<df64>>(p, tw);
  if (contender.rfind("ffft_qf128", 0) == 0) return std::make_unique<ffft_cuda_case<qf128>>(p, tw);
  if (contender.rfind("ffft_dd128", 0) == 0) return std::make_unique<ffft_cuda_case<dd128>>(p, tw);
  if (contender == "cufft_c2c") return std::make_unique<cufft_case<cufftComplex>>(p);
  if (contender == "cufft_z2z") return std::make_unique<cufft_case<cufftDoubleComplex>>(p);
  throw std::invalid_argument("no GPU contender named " + contender);
}

}  // namespace ffft::bench
