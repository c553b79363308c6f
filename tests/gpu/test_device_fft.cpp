// The CUDA executor against the CPU executor: for the same plan options the
// results must be bit-identical, across formats, radices, Bluestein, batches
// and layouts, for host and device memory. Both run the same FFFT_HD
// butterflies on the same twiddle arrays in the same order, with every
// limb operation correctly rounded (test_eft_ptx audits the contraction), so
// any difference is a bug. Skips without a GPU.
#include <gtest/gtest.h>
#include <cuda_runtime_api.h>

#include <cstring>
#include <string>
#include <vector>

#include "tests/gpu/device_test.hpp"
#include "ffft/conversions.hpp"
#include "ffft/fft/limb_values.hpp"
#include "ffft/plan.hpp"
#include "tests/fft_reference.hpp"

namespace {

using namespace ffft;

template <class E>
using values = std::vector<complex<E>>;

using ffft::testing::random_values;

template <class E>
class DeviceFft : public ffft::testing::requires_cuda_device {};
TYPED_TEST_SUITE(DeviceFft, ffft::testing::transform_formats);

struct case_description {
  std::uint64_t n;
  std::uint64_t batch;
  layout input, output;
  normalization norm;
  twiddle_mode twiddles;
};

// Sizes covering every radix, mixed radices, one pass, one and several
// groups of passes in shared memory, groups longer than half a tile (on
// sm_90: 2^11 = [8 8 8 4] in one 2048-point group, 2^19 = [8 8 8][8 8 8 2]
// and 2^20 for df64, and for dd128, whose short pass comes first (a radix
// 2 with a radix 8 as two radix 4s), [4 8 8 8] and [4 4 8 8][8 8 8];
// engine/group_launch.hpp), batches that leave
// a tile part empty, and Bluestein.
const case_description cases[] = {
    {1, 3, {}, {}, normalization::backward, twiddle_mode::table},
    {8, 1, {}, {}, normalization::backward, twiddle_mode::table},
    {1024, 4, {}, {}, normalization::ortho, twiddle_mode::table},
    {2048, 5, {}, {2, 0}, normalization::backward, twiddle_mode::table},
    {1 << 19, 3, {}, {}, normalization::forward, twiddle_mode::table},
    {2 * 3 * 4 * 5 * 7 * 8, 2, {}, {}, normalization::forward, twiddle_mode::computed},
    {343, 2, {2, 700}, {3, 1}, normalization::backward, twiddle_mode::table},
    {97, 3, {1, 100}, {1, 0}, normalization::ortho, twiddle_mode::computed},
    {1 << 16, 1, {}, {}, normalization::backward, twiddle_mode::table},
    {1 << 20, 2, {}, {}, normalization::ortho, twiddle_mode::computed},
    {59049, 3, {}, {2, 0}, normalization::backward, twiddle_mode::table},
    {24, 1001, {}, {}, normalization::backward, twiddle_mode::table},
    {100003, 1, {}, {}, normalization::backward, twiddle_mode::table},
    {2 * 3 * 4 * 5 * 7 * 8, 3, {}, {2, 0}, normalization::ortho, twiddle_mode::direct},
    {1 << 16, 2, {}, {}, normalization::backward, twiddle_mode::direct},
    {1009, 2, {}, {}, normalization::forward, twiddle_mode::direct},
};

template <class E>
std::size_t span(const case_description& c, const layout& l) {
  const std::int64_t distance = l.distance == 0 ? static_cast<std::int64_t>(c.n) * l.stride : l.distance;
  return static_cast<std::size_t>(1 + (c.n - 1) * l.stride + (c.batch - 1) * distance);
}

plan_options options_of(const case_description& c, backend where) {
  plan_options o;
  o.length = c.n;
  o.batch = c.batch;
  o.input = c.input;
  o.output = c.output;
  o.norm = c.norm;
  o.twiddles = c.twiddles;
  o.backend = where;
  return o;
}

template <class E>
void expect_identical(const values<E>& device, const values<E>& host, const char* what,
                      std::uint64_t n) {
  ffft::testing::expect_bit_identical(device, host, std::string(what) + ": n = " + std::to_string(n));
}

TYPED_TEST(DeviceFft, BitIdenticalToTheCpuExecutor) {
  using E = TypeParam;
  for (const case_description& c : cases) {
    plan<E> cpu(options_of(c, backend::cpu));
    plan<E> gpu(options_of(c, backend::cuda));
    ASSERT_EQ(gpu.backend(), backend::cuda);
    const values<E> in = random_values<E>(span<E>(c, c.input), static_cast<unsigned>(c.n));
    const values<E> initial_out = random_values<E>(span<E>(c, c.output), 1);
    for (direction d : {direction::forward, direction::inverse}) {
      values<E> expected = initial_out, from_host = initial_out;
      cpu.execute(d, in.data(), expected.data());
      gpu.execute(d, in.data(), from_host.data());
      expect_identical(from_host, expected, "host memory", c.n);

      // Device memory, on a non-default stream.
      complex<E>* device_in = nullptr;
      complex<E>* device_out = nullptr;
      ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device_in), in.size() * sizeof(complex<E>)), cudaSuccess);
      ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device_out), initial_out.size() * sizeof(complex<E>)), cudaSuccess);
      ASSERT_EQ(cudaMemcpy(device_in, in.data(), in.size() * sizeof(complex<E>),
                           cudaMemcpyHostToDevice), cudaSuccess);
      ASSERT_EQ(cudaMemcpy(device_out, initial_out.data(), initial_out.size() * sizeof(complex<E>),
                           cudaMemcpyHostToDevice), cudaSuccess);
      cudaStream_t stream = nullptr;
      ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
      gpu.execute(d, device_in, device_out, stream);
      values<E> from_device(initial_out.size());
      ASSERT_EQ(cudaMemcpy(from_device.data(), device_out, from_device.size() * sizeof(complex<E>),
                           cudaMemcpyDeviceToHost), cudaSuccess);
      cudaStreamDestroy(stream);
      cudaFree(device_in);
      cudaFree(device_out);
      expect_identical(from_device, expected, "device memory", c.n);
    }
  }
}

TYPED_TEST(DeviceFft, InPlaceOnTheDeviceMatchesTheCpu) {
  using E = TypeParam;
  for (std::uint64_t n : {64u, 120u, 101u, 1u << 16}) {
    plan_options o;
    o.length = n;
    o.batch = 2;
    o.backend = backend::cpu;
    plan<E> cpu(o);
    o.backend = backend::cuda;
    plan<E> gpu(o);
    const values<E> x = random_values<E>(2 * n, 3);
    values<E> expected = x, actual = x;
    cpu.forward(expected.data(), expected.data());
    gpu.forward(actual.data(), actual.data());
    expect_identical(actual, expected, "in place", n);
  }
}

// Device memory that is aligned for the format's limbs but not to 16 bytes:
// the kernels must fall back from 16-byte accesses to per-limb ones.
TYPED_TEST(DeviceFft, DeviceMemoryNotAlignedTo16BytesMatchesTheCpu) {
  using E = TypeParam;
  const std::uint64_t n = 4096;
  plan_options o;
  o.length = n;
  o.backend = backend::cpu;
  plan<E> cpu(o);
  o.backend = backend::cuda;
  plan<E> gpu(o);
  const values<E> x = random_values<E>(n, 5);
  values<E> expected(n), actual(n);
  cpu.forward(x.data(), expected.data());
  const std::size_t bytes = n * sizeof(complex<E>);
  unsigned char* device = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device), 2 * bytes + 32), cudaSuccess);
  static_assert(alignof(complex<E>) <= 8);
  auto* in = reinterpret_cast<complex<E>*>(device + 8);
  auto* out = reinterpret_cast<complex<E>*>(device + bytes + 24);
  ASSERT_EQ(cudaMemcpy(in, x.data(), bytes, cudaMemcpyHostToDevice), cudaSuccess);
  gpu.forward(in, out);
  ASSERT_EQ(cudaMemcpy(actual.data(), out, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(device);
  expect_identical(actual, expected, "unaligned device memory", n);
}

// Plans on arrays of the limb type: the GPU converts in the first group's
// loads and the last one's stores (or Bluestein's element-wise kernels),
// the CPU through a buffer; both must give the same bits, from host memory
// and from device memory on a stream.
TYPED_TEST(DeviceFft, LimbArraysBitIdenticalToTheCpuExecutor) {
  using E = TypeParam;
  using limb_value = typename plan<E>::limb_value;
  for (const case_description& c : cases) {
    plan<E> cpu(options_of(c, backend::cpu));
    plan<E> gpu(options_of(c, backend::cuda));
    const values<E> wide = random_values<E>(span<E>(c, c.input), static_cast<unsigned>(c.n));
    std::vector<limb_value> in(wide.size());
    for (std::size_t j = 0; j < in.size(); ++j) {
      const fft::limb_complex_of<E> v = fft::round_to_limb(wide[j]);
      in[j] = {v.re, v.im};
    }
    const std::vector<limb_value> initial_out(span<E>(c, c.output), limb_value(-3, 5));
    const std::size_t in_bytes = in.size() * sizeof(limb_value), out_bytes = initial_out.size() * sizeof(limb_value);
    for (direction d : {direction::forward, direction::inverse}) {
      const std::string what = std::string(ffft::testing::name(d)) + ", n = " + std::to_string(c.n);
      std::vector<limb_value> expected = initial_out, from_host = initial_out, from_device(initial_out.size());
      cpu.execute(d, in.data(), expected.data());
      gpu.execute(d, in.data(), from_host.data());
      ASSERT_EQ(std::memcmp(from_host.data(), expected.data(), out_bytes), 0) << "host memory, " << what;

      limb_value* device_in = nullptr;
      limb_value* device_out = nullptr;
      ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device_in), in_bytes), cudaSuccess);
      ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device_out), out_bytes), cudaSuccess);
      ASSERT_EQ(cudaMemcpy(device_in, in.data(), in_bytes, cudaMemcpyHostToDevice), cudaSuccess);
      ASSERT_EQ(cudaMemcpy(device_out, initial_out.data(), out_bytes, cudaMemcpyHostToDevice), cudaSuccess);
      cudaStream_t stream = nullptr;
      ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
      gpu.execute(d, device_in, device_out, stream);
      ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
      ASSERT_EQ(cudaMemcpy(from_device.data(), device_out, out_bytes, cudaMemcpyDeviceToHost), cudaSuccess);
      cudaStreamDestroy(stream);
      cudaFree(device_in);
      cudaFree(device_out);
      ASSERT_EQ(std::memcmp(from_device.data(), expected.data(), out_bytes), 0) << "device memory, " << what;
    }
  }
}

// In computed mode a 7-smooth CUDA plan holds the two factor tables, about
// 2 sqrt(n) values, not the passes' arrays (about n); in direct mode none.
TYPED_TEST(DeviceFft, ComputedModeHoldsOnlyTheFactors) {
  using E = TypeParam;
  const std::uint64_t n = std::uint64_t{1} << 20;
  plan_options o;
  o.length = n;
  o.backend = backend::cuda;
  o.twiddles = twiddle_mode::computed;
  EXPECT_EQ(plan<E>(o).twiddle_bytes(), 2 * 1024 * sizeof(complex<E>));
  o.twiddles = twiddle_mode::direct;
  EXPECT_EQ(plan<E>(o).twiddle_bytes(), 0u);
  o.twiddles = twiddle_mode::table;
  EXPECT_GT(plan<E>(o).twiddle_bytes(), n / 2 * sizeof(complex<E>));
}

// minimal_workspace: one workspace buffer, the output the second
// (engine/step_buffers.hpp). In place on device memory (2^20: three groups
// in dd128 and qf128, so the copy before the last one runs) and out of place
// into a strided host output, the bits of a CPU plan with the full
// workspace.
TYPED_TEST(DeviceFft, MinimalWorkspaceBitIdenticalToTheCpu) {
  using E = TypeParam;
  for (std::uint64_t n : {std::uint64_t{1} << 12, std::uint64_t{1} << 16, std::uint64_t{1} << 20}) {
    const std::uint64_t batch = 2;
    plan_options o;
    o.length = n;
    o.batch = batch;
    o.backend = backend::cpu;
    plan<E> cpu(o);
    o.backend = backend::cuda;
    o.minimal_workspace = true;
    plan<E> gpu(o);
    const values<E> x = random_values<E>(n * batch, 17);
    values<E> expected(n * batch), actual(n * batch);
    cpu.forward(x.data(), expected.data());
    const std::size_t bytes = x.size() * sizeof(complex<E>);
    complex<E>* device = nullptr;
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device), bytes), cudaSuccess);
    ASSERT_EQ(cudaMemcpy(device, x.data(), bytes, cudaMemcpyHostToDevice), cudaSuccess);
    gpu.forward(device, device);
    ASSERT_EQ(cudaMemcpy(actual.data(), device, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
    cudaFree(device);
    expect_identical(actual, expected, "minimal workspace, in place", n);

    o.output = {2, static_cast<std::int64_t>(2 * n)};
    plan<E> strided_gpu(o);
    o.backend = backend::cpu;
    o.minimal_workspace = false;
    plan<E> strided_cpu(o);
    values<E> want(2 * n * batch, x[3]), got(2 * n * batch, x[3]);
    strided_cpu.inverse(x.data(), want.data());
    strided_gpu.inverse(x.data(), got.data());
    expect_identical(got, want, "minimal workspace, strided host output", n);
  }
}

// The largest dd128 transform one 80 GB GPU holds: 2^30 points in place,
// 32 GiB of data and, with minimal_workspace, 32 GiB of workspace (two
// buffers would need 96 GiB in all); computed twiddles (2 MiB, where table
// mode holds 32 GiB). The transform of a unit impulse is exactly 1
// everywhere, and the inverse gives the impulse back exactly (1/n is a
// power of two; every butterfly adds exact zeros): every one of the 2^30
// outputs is checked.
TEST(DeviceFftLarge, Dd128Of2To30PointsFitsOneGpu) {
  if (cuda::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  using E = dd128;
  const std::uint64_t n = std::uint64_t{1} << 30;
  plan_options o;
  o.length = n;
  o.backend = backend::cuda;
  o.twiddles = twiddle_mode::computed;
  o.minimal_workspace = true;
  o.host_staging = false;
  plan<E> p(o);
  EXPECT_EQ(p.workspace_bytes(), n * sizeof(complex<E>));
  const std::size_t bytes = n * sizeof(complex<E>);
  complex<E>* data = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&data), bytes), cudaSuccess);
  ASSERT_EQ(cudaMemset(data, 0, bytes), cudaSuccess);
  const complex<E> one{from_double<E>(1.0), from_double<E>(0.0)};
  ASSERT_EQ(cudaMemcpy(data, &one, sizeof one, cudaMemcpyHostToDevice), cudaSuccess);

  // Checks every element in chunks of 2^24 values: want(j) is the value at j.
  const auto expect_all = [&](auto want, const char* what) {
    const std::uint64_t chunk = std::uint64_t{1} << 24;
    values<E> host(chunk);
    std::uint64_t wrong = 0;
    for (std::uint64_t first = 0; first < n; first += chunk) {
      ASSERT_EQ(cudaMemcpy(host.data(), data + first, chunk * sizeof(complex<E>), cudaMemcpyDeviceToHost),
                cudaSuccess);
      for (std::uint64_t j = 0; j < chunk; ++j) {
        // By value, limb by limb: products of zeros may leave -0.
        const complex<E> w = want(first + j);
        bool same = true;
        for (int l = 0; l < E::limbs; ++l) same = same && host[j].re[l] == w.re[l] && host[j].im[l] == w.im[l];
        wrong += same ? 0 : 1;
      }
    }
    EXPECT_EQ(wrong, 0u) << what;
  };
  p.forward(data, data);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  expect_all([&](std::uint64_t) { return one; }, "forward transform of the impulse");
  p.inverse(data, data);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const complex<E> zero{from_double<E>(0.0), from_double<E>(0.0)};
  expect_all([&](std::uint64_t j) { return j == 0 ? one : zero; }, "inverse: the impulse again");
  cudaFree(data);
}

}  // namespace
