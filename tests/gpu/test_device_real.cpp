// Real transforms (real_plan) and convolutions on the CUDA executor against
// the CPU executor: rfft, irfft and each convolution mode bit for bit, with host and device memory, on a
// non-blocking stream, on the format's arrays and on limb arrays, for even,
// odd and Bluestein lengths, batched and strided. The element-wise steps
// are the same FFFT_HD code (fft/real_steps.hpp) and the complex transform
// is bit-identical already (test_device_fft), so any difference is a bug.
// Skips without a GPU.
#include <gtest/gtest.h>
#include <cuda_runtime_api.h>

#include <complex>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ffft/conversions.hpp"
#include "ffft/convolution.hpp"
#include "ffft/fft/real_steps.hpp"
#include "ffft/real_plan.hpp"
#include "tests/fft_reference.hpp"
#include "tests/gpu/device_test.hpp"

namespace ffft {
namespace {

template <class E>
class DeviceReal : public testing::requires_cuda_device {};
TYPED_TEST_SUITE(DeviceReal, testing::transform_formats);

struct real_case {
  std::uint64_t n, batch;
  layout real, spectrum;
  normalization norm;
  twiddle_mode twiddles;
};

// One complex group and several; even, odd, Bluestein (1009 and 2 x 1009);
// strided, padded and interleaved layouts; both twiddle modes.
const real_case cases[] = {
    {16, 3, {}, {}, normalization::backward, twiddle_mode::table},
    {15, 4, {1, 17}, {2, 0}, normalization::ortho, twiddle_mode::computed},
    {2018, 2, {2, 4040}, {1, 0}, normalization::forward, twiddle_mode::table},
    {1009, 1, {}, {}, normalization::backward, twiddle_mode::computed},
    {12, 5, {5, 1}, {5, 1}, normalization::ortho, twiddle_mode::table},
    {1 << 16, 2, {}, {3, 0}, normalization::backward, twiddle_mode::computed},
    {1 << 21, 1, {}, {}, normalization::ortho, twiddle_mode::table},
};

std::size_t span(std::uint64_t length, std::uint64_t batch, const layout& l) {
  const std::int64_t distance = l.distance == 0 ? static_cast<std::int64_t>(length) * l.stride : l.distance;
  return static_cast<std::size_t>(1 + (length - 1) * l.stride + (batch - 1) * distance);
}

real_plan_options options_of(const real_case& c, backend where) {
  real_plan_options o;
  o.length = c.n;
  o.batch = c.batch;
  o.real = c.real;
  o.spectrum = c.spectrum;
  o.norm = c.norm;
  o.twiddles = c.twiddles;
  o.backend = where;
  return o;
}

template <class T>
void expect_same_bytes(const std::vector<T>& gpu, const std::vector<T>& cpu, const std::string& what) {
  ASSERT_EQ(gpu.size(), cpu.size()) << what;
  for (std::size_t i = 0; i < cpu.size(); ++i)
    ASSERT_EQ(std::memcmp(&gpu[i], &cpu[i], sizeof(T)), 0) << what << ": element " << i;
}

// The device copy of a host vector, freed with the object.
template <class T>
class device_copy {
 public:
  explicit device_copy(const std::vector<T>& host) : size_(host.size()) {
    EXPECT_EQ(cudaMalloc(reinterpret_cast<void**>(&data_), size_ * sizeof(T)), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(data_, host.data(), size_ * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  }
  ~device_copy() { cudaFree(data_); }
  device_copy(const device_copy&) = delete;
  device_copy& operator=(const device_copy&) = delete;
  T* data() const { return data_; }
  std::vector<T> to_host() const {
    std::vector<T> host(size_);
    EXPECT_EQ(cudaMemcpy(host.data(), data_, size_ * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    return host;
  }

 private:
  T* data_ = nullptr;
  std::size_t size_;
};

// x (real values of type R) forward, then the CPU's spectrum inverse, on
// both backends: host memory, then device memory on a non-blocking stream.
template <class E, class R, class C>
void expect_backends_agree(const real_case& c, const std::vector<R>& x, const C& fill) {
  real_plan<E> cpu(options_of(c, backend::cpu)), gpu(options_of(c, backend::cuda));
  const std::string what = "n " + std::to_string(c.n) + ", batch " + std::to_string(c.batch);
  std::vector<C> cpu_bins(span(c.n / 2 + 1, c.batch, c.spectrum), fill), gpu_bins = cpu_bins;
  cpu.forward(x.data(), cpu_bins.data());
  gpu.forward(x.data(), gpu_bins.data());
  expect_same_bytes(gpu_bins, cpu_bins, what + ", rfft on host memory");
  std::vector<R> cpu_back(x.size(), R{}), gpu_back = cpu_back;
  cpu.inverse(cpu_bins.data(), cpu_back.data());
  gpu.inverse(cpu_bins.data(), gpu_back.data());
  expect_same_bytes(gpu_back, cpu_back, what + ", irfft on host memory");

  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  const device_copy<R> x_on_device(x);
  const device_copy<C> bins_on_device(std::vector<C>(cpu_bins.size(), fill));
  gpu.forward(x_on_device.data(), bins_on_device.data(), stream);
  const device_copy<R> back_on_device(std::vector<R>(x.size(), R{}));
  gpu.inverse(bins_on_device.data(), back_on_device.data(), stream);
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  ASSERT_EQ(cudaStreamDestroy(stream), cudaSuccess);
  expect_same_bytes(bins_on_device.to_host(), cpu_bins, what + ", rfft on device memory");
  expect_same_bytes(back_on_device.to_host(), cpu_back, what + ", irfft on device memory");
}

TYPED_TEST(DeviceReal, BitIdenticalToTheCpuExecutor) {
  using E = TypeParam;
  for (const real_case& c : cases) {
    std::vector<E> x(span(c.n, c.batch, c.real));
    const std::vector<testing::complex_double> values = testing::random_input((x.size() + 1) / 2, c.n);
    for (std::size_t j = 0; j < x.size(); ++j) x[j] = from_double<E>(j % 2 ? values[j / 2].im : values[j / 2].re);
    const E marker = from_double<E>(-3.0);
    expect_backends_agree<E>(c, x, complex<E>{marker, marker});
  }
}

TYPED_TEST(DeviceReal, LimbArraysBitIdenticalToTheCpuExecutor) {
  using E = TypeParam;
  using T = typename E::limb_type;
  for (const real_case& c : cases) {
    std::vector<T> x(span(c.n, c.batch, c.real));
    std::mt19937_64 bits(c.n);
    std::uniform_real_distribution<T> u(-1, 1);
    for (T& v : x) v = u(bits);
    expect_backends_agree<E>(c, x, std::complex<T>(-3, -3));
  }
}

template <class T>
class DeviceConvolution : public testing::requires_cuda_device {};
using convolution_types = ::testing::Types<df64, qf128, dd128, complex<df64>, complex<qf128>, complex<dd128>>;
TYPED_TEST_SUITE(DeviceConvolution, convolution_types);

// Real data with even and odd transform lengths (circular 45 and 1009,
// Bluestein), complex data, batched and strided, host and device memory.
TYPED_TEST(DeviceConvolution, BitIdenticalToTheCpuExecutor) {
  using T = TypeParam;
  using E = typename convolution<T>::format;
  struct conv_case {
    std::uint64_t n, k, batch;
    convolution_mode mode;
    layout signal, output;
  };
  const conv_case conv_cases[] = {
      {1000, 31, 3, convolution_mode::full, {}, {}},
      {45, 8, 4, convolution_mode::circular, {2, 100}, {1, 50}},
      {1009, 100, 2, convolution_mode::circular, {}, {}},
      {300, 700, 2, convolution_mode::valid, {}, {2, 0}},
      {1 << 16, 1 << 12, 2, convolution_mode::same, {}, {}},
  };
  for (const conv_case& c : conv_cases) {
    const std::string what = "signal " + std::to_string(c.n) + ", kernel " + std::to_string(c.k);
    convolution_options o;
    o.signal_length = c.n;
    o.kernel_length = c.k;
    o.batch = c.batch;
    o.mode = c.mode;
    o.signal = c.signal;
    o.output = c.output;
    o.backend = backend::cpu;
    convolution<T> cpu(o);
    o.backend = backend::cuda;
    convolution<T> gpu(o);
    const std::size_t in_span = span(c.n, c.batch, cpu.options().signal);
    const std::size_t out_span = span(cpu.output_length(), c.batch, cpu.options().output);
    const std::vector<testing::complex_double> v = testing::random_input(in_span + c.k, c.n + c.k);
    std::vector<T> x(in_span), h(c.k);
    const auto value = [&](std::size_t i) -> T {
      if constexpr (fft::is_complex_value<T>) return {from_double<E>(v[i].re), from_double<E>(v[i].im)};
      else return from_double<E>(v[i].re);
    };
    for (std::size_t i = 0; i < in_span; ++i) x[i] = value(i);
    for (std::size_t i = 0; i < c.k; ++i) h[i] = value(in_span + i);
    cpu.set_kernel(h.data());
    gpu.set_kernel(h.data());
    const T marker = value(0);
    std::vector<T> want(out_span, marker), got = want;
    cpu.execute(x.data(), want.data());
    gpu.execute(x.data(), got.data());
    expect_same_bytes(got, want, what + ", host memory");
    const device_copy<T> x_on_device(x), y_on_device(std::vector<T>(out_span, marker));
    gpu.execute(x_on_device.data(), y_on_device.data());
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    expect_same_bytes(y_on_device.to_host(), want, what + ", device memory");
  }
}

}  // namespace
}  // namespace ffft
