// CUDA builds: device discovery through the runtime, and cuFFT's round trip
// timed with CUDA events on device-resident data.
#include <cuda_runtime_api.h>
#include <cufft.h>

#include <complex>
#include <memory>
#include <stdexcept>
#include <string>

#include "cli/cuda_support.hpp"

namespace ffft::cli {

namespace {

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string("cuFFT round trip: ") + what + ": " + cudaGetErrorString(status));
}

void check(cufftResult status, const char* what) {
  if (status != CUFFT_SUCCESS)
    throw std::runtime_error(std::string("cuFFT round trip: ") + what + " failed (cufftResult " +
                             std::to_string(static_cast<int>(status)) + ")");
}

struct device_free {
  void operator()(void* p) const { cudaFree(p); }
};

struct plan_destroy {
  cufftHandle handle;
  ~plan_destroy() { cufftDestroy(handle); }
};

struct event_pair {
  cudaEvent_t start = nullptr, stop = nullptr;
  event_pair() {
    check(cudaEventCreate(&start), "cudaEventCreate");
    check(cudaEventCreate(&stop), "cudaEventCreate");
  }
  ~event_pair() {
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
  }
  double seconds() const {
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    return ms * 1e-3;
  }
};

template <class P>
external_roundtrip roundtrip_in(const std::vector<complex_quad>& x, std::uint64_t n, std::uint64_t batch) {
  using C = std::complex<P>;
  constexpr bool is_double = std::is_same_v<P, double>;
  const std::size_t count = x.size();
  std::vector<C> host(count);
  for (std::size_t j = 0; j < count; ++j) host[j] = {static_cast<P>(x[j].re), static_cast<P>(x[j].im)};

  check(cudaSetDevice(0), "cudaSetDevice");
  void* raw = nullptr;
  check(cudaMalloc(&raw, count * sizeof(C)), "cudaMalloc");
  const std::unique_ptr<void, device_free> device(raw);
  check(cudaMemcpy(raw, host.data(), count * sizeof(C), cudaMemcpyHostToDevice), "copy to the device");

  long long length = static_cast<long long>(n);
  std::size_t work = 0;
  plan_destroy plan{};
  check(cufftCreate(&plan.handle), "cufftCreate");
  check(cufftMakePlanMany64(plan.handle, 1, &length, nullptr, 1, length, nullptr, 1, length,
                            is_double ? CUFFT_Z2Z : CUFFT_C2C, static_cast<long long>(batch), &work),
        "cufftMakePlanMany64");
  auto execute = [&](int direction) {
    if constexpr (is_double) {
      auto* d = static_cast<cufftDoubleComplex*>(raw);
      check(cufftExecZ2Z(plan.handle, d, d, direction), "cufftExecZ2Z");
    } else {
      auto* d = static_cast<cufftComplex*>(raw);
      check(cufftExecC2C(plan.handle, d, d, direction), "cufftExecC2C");
    }
  };

  external_roundtrip r{std::vector<complex_quad>(count), std::vector<complex_quad>(count), 0};
  event_pair forward_time, inverse_time;
  check(cudaEventRecord(forward_time.start), "cudaEventRecord");
  execute(CUFFT_FORWARD);
  check(cudaEventRecord(forward_time.stop), "cudaEventRecord");
  check(cudaMemcpy(host.data(), raw, count * sizeof(C), cudaMemcpyDeviceToHost), "copy from the device");
  for (std::size_t j = 0; j < count; ++j) r.forward[j] = {host[j].real(), host[j].imag()};
  check(cudaEventRecord(inverse_time.start), "cudaEventRecord");
  execute(CUFFT_INVERSE);
  check(cudaEventRecord(inverse_time.stop), "cudaEventRecord");
  check(cudaMemcpy(host.data(), raw, count * sizeof(C), cudaMemcpyDeviceToHost), "copy from the device");
  const __float128 scale = 1 / static_cast<__float128>(n);
  for (std::size_t j = 0; j < count; ++j) r.roundtrip[j] = {host[j].real() * scale, host[j].imag() * scale};
  r.seconds = forward_time.seconds() + inverse_time.seconds();
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
