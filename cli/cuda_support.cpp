// CUDA builds: device discovery through the runtime, and cuFFT's round trip
// timed with CUDA events on device-resident data.
#include <cuda_runtime_api.h>
#include <cufft.h>

#include <complex>
#include <string>

#include "cli/cuda_support.hpp"
#include "kernels/cuda_check.hpp"
#include "tools/cuda/cuda_event_timer.hpp"
#include "tools/cuda/cufft_check.hpp"
#include "kernels/device_buffer.hpp"

namespace ffft::cli {

namespace {

using cuda::detail::device_buffer;
using cuda::detail::event_timer;

struct cufft_plan {
  cufftHandle handle{};
  cufft_plan() { FFFT_CUFFT_CHECK(cufftCreate(&handle)); }
  ~cufft_plan() { cufftDestroy(handle); }
  cufft_plan(const cufft_plan&) = delete;
  cufft_plan& operator=(const cufft_plan&) = delete;
};

template <class P>
external_roundtrip roundtrip_in(const std::vector<complex_quad>& x, std::uint64_t n, std::uint64_t batch) {
  using C = std::conditional_t<std::is_same_v<P, double>, cufftDoubleComplex, cufftComplex>;
  constexpr bool is_double = std::is_same_v<P, double>;
  const std::size_t count = x.size();
  std::vector<C> host(count);
  for (std::size_t j = 0; j < count; ++j) host[j] = {static_cast<P>(x[j].re), static_cast<P>(x[j].im)};

  FFFT_CUDA_CHECK(cudaSetDevice(0));
  device_buffer<C> data(count);
  FFFT_CUDA_CHECK(cudaMemcpy(data.data(), host.data(), count * sizeof(C), cudaMemcpyHostToDevice));

  const event_timer timer;
  cufft_plan plan;
  long long length = static_cast<long long>(n);
  std::size_t work = 0;
  FFFT_CUFFT_CHECK(cufftMakePlanMany64(plan.handle, 1, &length, nullptr, 1, length, nullptr, 1, length,
                                       is_double ? CUFFT_Z2Z : CUFFT_C2C, static_cast<long long>(batch), &work));
  FFFT_CUFFT_CHECK(cufftSetStream(plan.handle, timer.stream()));
  auto execute = [&](int direction) {
    if constexpr (is_double) {
      FFFT_CUFFT_CHECK(cufftExecZ2Z(plan.handle, data.data(), data.data(), direction));
    } else {
      FFFT_CUFFT_CHECK(cufftExecC2C(plan.handle, data.data(), data.data(), direction));
    }
  };
  auto download = [&] {
    FFFT_CUDA_CHECK(cudaMemcpy(host.data(), data.data(), count * sizeof(C), cudaMemcpyDeviceToHost));
  };

  external_roundtrip r{std::vector<complex_quad>(count), std::vector<complex_quad>(count), 0};
  r.seconds = timer.seconds([&] { execute(CUFFT_FORWARD); });
  download();
  for (std::size_t j = 0; j < count; ++j) r.forward[j] = {host[j].x, host[j].y};
  r.seconds += timer.seconds([&] { execute(CUFFT_INVERSE); });
  download();
  const __float128 scale = 1 / static_cast<__float128>(n);
  for (std::size_t j = 0; j < count; ++j) r.roundtrip[j] = {host[j].x * scale, host[j].y * scale};
  return r;
}

}  // namespace

bool cuda_built() { return true; }

std::string cuda_runtime_version() {
  int v = 0;
  if (cudaRuntimeGetVersion(&v) != cudaSuccess) return "unknown";
  return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

std::vector<cuda_device_info> cuda_devices() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky "no device" error
    return {};
  }
  std::vector<cuda_device_info> devices;
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, i) != cudaSuccess) continue;
    devices.push_back({i, p.name, p.major, p.minor, static_cast<std::uint64_t>(p.totalGlobalMem), p.multiProcessorCount});
  }
  return devices;
}

external_roundtrip cufft_roundtrip(const std::vector<complex_quad>& x, std::uint64_t n, std::uint64_t batch,
                                   bool double_precision) {
  return double_precision ? roundtrip_in<double>(x, n, batch) : roundtrip_in<float>(x, n, batch);
}

}  // namespace ffft::cli
