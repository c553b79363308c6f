// Streams and memory of CUDA plans, as cuFFT users expect them: the first
// execution on a non-blocking stream sees complete tables; executions on
// device memory are enqueued and ordered by their stream (the legacy
// default stream, a non-blocking one, two plans on two streams, several
// back to back with no synchronization between them); host memory goes
// through the plan's staging buffers, in every mix of host and device
// pointers; a plan without staging refuses host memory; a caller's device
// workspace gives the same results. Every result is compared bit for bit
// with the CPU executor's. Skips without a GPU.
#include <gtest/gtest.h>
#include <cuda_runtime_api.h>

#include <stdexcept>
#include <vector>

#include "ffft/plan.hpp"
#include "tests/fft_reference.hpp"
#include "tests/gpu/device_test.hpp"

namespace {

using namespace ffft;

template <class E>
using values = std::vector<complex<E>>;

using ffft::testing::expect_bit_identical;
using ffft::testing::dense_cpu_forward;
using ffft::testing::random_values;

// n values of device memory, freed at the end of the scope.
template <class E>
class device_values {
 public:
  explicit device_values(std::size_t n) : n_(n) {
    if (cudaMalloc(reinterpret_cast<void**>(&data_), n * sizeof(complex<E>)) != cudaSuccess)
      throw std::runtime_error("cudaMalloc failed");
  }
  explicit device_values(const values<E>& host) : device_values(host.size()) {
    if (cudaMemcpy(data_, host.data(), n_ * sizeof(complex<E>), cudaMemcpyHostToDevice) != cudaSuccess)
      throw std::runtime_error("cudaMemcpy failed");
  }
  ~device_values() { cudaFree(data_); }
  device_values(const device_values&) = delete;
  device_values& operator=(const device_values&) = delete;

  complex<E>* get() const { return data_; }
  // The values, after everything enqueued on every stream has finished.
  values<E> read() const {
    values<E> host(n_);
    EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(host.data(), data_, n_ * sizeof(complex<E>), cudaMemcpyDeviceToHost), cudaSuccess);
    return host;
  }

 private:
  complex<E>* data_ = nullptr;
  std::size_t n_;
};

class stream_holder {
 public:
  explicit stream_holder(unsigned flags) {
    if (cudaStreamCreateWithFlags(&stream_, flags) != cudaSuccess)
      throw std::runtime_error("cudaStreamCreateWithFlags failed");
  }
  ~stream_holder() { cudaStreamDestroy(stream_); }
  stream_holder(const stream_holder&) = delete;
  stream_holder& operator=(const stream_holder&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

template <class E>
plan_options options_for(std::uint64_t n, std::uint64_t batch, backend where) {
  plan_options o;
  o.length = n;
  o.batch = batch;
  o.backend = where;
  return o;
}

template <class E>
class DeviceStreams : public ffft::testing::requires_cuda_device {};
TYPED_TEST_SUITE(DeviceStreams, ffft::testing::transform_formats);

// The tables were uploaded from pageable memory; the first kernel, on a
// stream that does not synchronize with the legacy default stream, must
// still read them complete.
TYPED_TEST(DeviceStreams, FirstExecutionOnANonBlockingStreamSeesTheTables) {
  using E = TypeParam;
  for (std::uint64_t n : {std::uint64_t{1} << 16, std::uint64_t{101}}) {
    const plan_options o = options_for<E>(n, 2, backend::cuda);
    const values<E> x = random_values<E>(2 * n, 11);
    const device_values<E> in(x), out(2 * n);
    const stream_holder stream(cudaStreamNonBlocking);
    plan<E> gpu(o);
    gpu.forward(in.get(), out.get(), stream.get());
    expect_bit_identical(out.read(), dense_cpu_forward<E>(o, x), "first execution");
  }
}

TYPED_TEST(DeviceStreams, LegacyDefaultStream) {
  using E = TypeParam;
  const plan_options o = options_for<E>(4096, 3, backend::cuda);
  plan<E> gpu(o);
  const values<E> x = random_values<E>(3 * 4096, 12);
  const device_values<E> in(x), out(3 * 4096);
  gpu.forward(in.get(), out.get(), nullptr);
  expect_bit_identical(out.read(), dense_cpu_forward<E>(o, x), "legacy default stream");
}

// forward, inverse, forward again through three buffers, enqueued with no
// synchronization between them: the stream alone orders them.
TYPED_TEST(DeviceStreams, BackToBackExecutionsWithoutSynchronizing) {
  using E = TypeParam;
  const std::uint64_t n = 1 << 14;
  plan_options o = options_for<E>(n, 4, backend::cuda);
  plan<E> gpu(o);
  o.backend = backend::cpu;
  plan<E> cpu(o);
  const values<E> x = random_values<E>(4 * n, 13);
  values<E> a(4 * n), b(4 * n), c(4 * n);
  cpu.forward(x.data(), a.data());
  cpu.inverse(a.data(), b.data());
  cpu.forward(b.data(), c.data());
  const device_values<E> dx(x), da(4 * n), db(4 * n), dc(4 * n);
  const stream_holder stream(cudaStreamNonBlocking);
  gpu.forward(dx.get(), da.get(), stream.get());
  gpu.inverse(da.get(), db.get(), stream.get());
  gpu.forward(db.get(), dc.get(), stream.get());
  expect_bit_identical(dc.read(), c, "third of three back-to-back executions");
  expect_bit_identical(db.read(), b, "second of three back-to-back executions");
}

TYPED_TEST(DeviceStreams, TwoPlansOnTwoStreams) {
  using E = TypeParam;
  const plan_options o1 = options_for<E>(1 << 12, 8, backend::cuda);
  const plan_options o2 = options_for<E>(3 * 5 * 7 * 8, 5, backend::cuda);
  plan<E> p1(o1), p2(o2);
  const values<E> x1 = random_values<E>(8 << 12, 14), x2 = random_values<E>(5 * 840, 15);
  const device_values<E> in1(x1), out1(8 << 12), in2(x2), out2(5 * 840);
  const stream_holder s1(cudaStreamNonBlocking), s2(cudaStreamNonBlocking);
  for (int round = 0; round < 3; ++round) {  // interleaved, never synchronized
    p1.forward(in1.get(), out1.get(), s1.get());
    p2.forward(in2.get(), out2.get(), s2.get());
  }
  expect_bit_identical(out1.read(), dense_cpu_forward<E>(o1, x1), "plan 1 on stream 1");
  expect_bit_identical(out2.read(), dense_cpu_forward<E>(o2, x2), "plan 2 on stream 2");
}

// Host input with device output, device input with a host output that has
// gaps (which must come back unchanged), on a non-blocking stream.
TYPED_TEST(DeviceStreams, MixedHostAndDeviceMemory) {
  using E = TypeParam;
  const std::uint64_t n = 2048;
  plan_options o = options_for<E>(n, 2, backend::cuda);
  o.output = {2, 0};  // every other element: gaps
  plan<E> gpu(o);
  o.backend = backend::cpu;
  plan<E> cpu(o);
  const values<E> x = random_values<E>(2 * n, 16);
  const values<E> initial = random_values<E>(4 * n - 1, 17);
  values<E> expected = initial;
  cpu.forward(x.data(), expected.data());
  const stream_holder stream(cudaStreamNonBlocking);

  const device_values<E> device_out(initial);
  gpu.forward(x.data(), device_out.get(), stream.get());  // host in, device out
  expect_bit_identical(device_out.read(), expected, "host input, device output");

  const device_values<E> device_in(x);
  values<E> host_out = initial;
  gpu.forward(device_in.get(), host_out.data(), stream.get());  // device in, host out with gaps
  expect_bit_identical(host_out, expected, "device input, host output with gaps");
}

TYPED_TEST(DeviceStreams, WithoutHostStagingHostMemoryIsRefused) {
  using E = TypeParam;
  plan_options o = options_for<E>(1024, 1, backend::cuda);
  o.host_staging = false;
  plan<E> gpu(o);
  EXPECT_EQ(gpu.staging_bytes(), 0u);
  const values<E> x = random_values<E>(1024, 18);
  values<E> y(1024);
  EXPECT_THROW(gpu.forward(x.data(), y.data()), std::invalid_argument);
  const device_values<E> in(x), out(1024);
  gpu.forward(in.get(), out.get());
  expect_bit_identical(out.read(), dense_cpu_forward<E>(o, x), "device memory without staging");
  o.host_staging = true;
  EXPECT_EQ(plan<E>(o).staging_bytes(), 2 * 1024 * sizeof(complex<E>));
}

TYPED_TEST(DeviceStreams, CallersDeviceWorkspace) {
  using E = TypeParam;
  for (std::uint64_t n : {std::uint64_t{1} << 16, std::uint64_t{97}}) {
    plan_options o = options_for<E>(n, 2, backend::cuda);
    o.allocate_workspace = false;
    plan<E> gpu(o);
    const values<E> x = random_values<E>(2 * n, 19);
    const device_values<E> in(x), out(2 * n);
    EXPECT_THROW(gpu.forward(in.get(), out.get()), std::logic_error);
    values<E> host_workspace(gpu.workspace_bytes() / sizeof(complex<E>) + 1);
    EXPECT_THROW(gpu.set_workspace(host_workspace.data()), std::invalid_argument);
    const device_values<E> workspace(gpu.workspace_bytes() / sizeof(complex<E>) + 1);
    gpu.set_workspace(workspace.get());
    gpu.forward(in.get(), out.get());
    expect_bit_identical(out.read(), dense_cpu_forward<E>(o, x), "caller's workspace");
  }
}

}  // namespace
