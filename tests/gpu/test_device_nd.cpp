// N-D transforms (ffft/nd_plan.hpp, ffft/nd_real_plan.hpp) on a GPU: a CUDA plan's results are
// bit-identical to the CPU plan's, with host and device pointers, in place
// and out of place, over embedded layouts (the output's gaps kept), for
// shapes with primes (Bluestein along an axis), axes of length 1 and
// subsets of the axes, and axes between others (a folded batch per
// launch, engine/folded_batch.hpp). Skips without a device.
#include <gtest/gtest.h>
#include <cuda_runtime_api.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "ffft/nd_plan.hpp"
#include "ffft/nd_real_plan.hpp"
#include "tests/fft_reference.hpp"
#include "tests/gpu/device_test.hpp"

namespace {

using namespace ffft;

template <class E>
class DeviceNd : public ffft::testing::requires_cuda_device {};
TYPED_TEST_SUITE(DeviceNd, ffft::testing::transform_formats);

struct nd_case {
  std::vector<std::uint64_t> shape;
  std::vector<int> axes;
  std::uint64_t batch;
  std::vector<std::uint64_t> output_embed;  // empty: dense
};

TYPED_TEST(DeviceNd, BitIdenticalToTheCpuPlan) {
  using E = TypeParam;
  const nd_case cases[] = {
      {{64, 48}, {}, 2, {}},
      {{27, 10, 8}, {}, 1, {28, 10, 9}},
      {{31, 1, 12}, {2, 0}, 3, {}},
      {{16, 128, 20}, {1}, 2, {}},
      {{256, 256}, {}, 1, {}},
      // Along axis 1: one loop folded into each launch, one left.
      {{3, 4, 5, 6}, {1}, 1, {3, 5, 5, 7}},
  };
  for (const nd_case& c : cases) {
    for (direction d : {direction::forward, direction::inverse}) {
      const std::string what = "shape " + ::testing::PrintToString(c.shape) + ", axes " +
                               ::testing::PrintToString(c.axes) + ", " + ffft::testing::name(d);
      nd_plan_options o;
      o.shape = c.shape;
      o.axes = c.axes;
      o.batch = c.batch;
      o.output.embed = c.output_embed;
      o.norm = normalization::ortho;
      o.backend = backend::cpu;
      nd_plan<E> cpu(o);
      o.backend = backend::cuda;
      nd_plan<E> gpu(o);
      std::uint64_t in_values = c.batch, out_values = c.batch;
      for (std::size_t k = 0; k < c.shape.size(); ++k) {
        in_values *= c.shape[k];
        out_values *= c.output_embed.empty() ? c.shape[k] : c.output_embed[k];
      }
      const std::vector<complex<E>> x = ffft::testing::random_values<E>(in_values, in_values + 1);
      std::vector<complex<E>> expected(out_values, x[1]), from_host(out_values, x[1]);
      cpu.execute(d, x.data(), expected.data());
      gpu.execute(d, x.data(), from_host.data());
      ffft::testing::expect_bit_identical(from_host, expected, "host memory: " + what);

      complex<E>* device_in = nullptr;
      complex<E>* device_out = nullptr;
      ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device_in), in_values * sizeof(complex<E>)), cudaSuccess);
      ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device_out), out_values * sizeof(complex<E>)), cudaSuccess);
      std::vector<complex<E>> from_device(out_values, x[1]);
      ASSERT_EQ(cudaMemcpy(device_in, x.data(), in_values * sizeof(complex<E>), cudaMemcpyHostToDevice), cudaSuccess);
      ASSERT_EQ(cudaMemcpy(device_out, from_device.data(), out_values * sizeof(complex<E>), cudaMemcpyHostToDevice),
                cudaSuccess);
      gpu.execute(d, device_in, device_out);
      ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
      ASSERT_EQ(cudaMemcpy(from_device.data(), device_out, out_values * sizeof(complex<E>), cudaMemcpyDeviceToHost),
                cudaSuccess);
      ffft::testing::expect_bit_identical(from_device, expected, "device memory: " + what);
      // In place, dense layouts only.
      if (c.output_embed.empty()) {
        gpu.execute(d, device_in, device_in);
        std::vector<complex<E>> in_place(in_values);
        ASSERT_EQ(cudaMemcpy(in_place.data(), device_in, in_values * sizeof(complex<E>), cudaMemcpyDeviceToHost),
                  cudaSuccess);
        ffft::testing::expect_bit_identical(in_place, expected, "in place on the device: " + what);
        std::vector<complex<E>> host_in_place = x;
        gpu.execute(d, host_in_place.data(), host_in_place.data());
        ffft::testing::expect_bit_identical(host_in_place, expected, "in place on the host: " + what);
      }
      cudaFree(device_in);
      cudaFree(device_out);
    }
  }
}

// Limb arrays (std::complex of the limb type): the first axis widens in
// its loads, the last rounds in its stores, the axes between run on E.
TYPED_TEST(DeviceNd, LimbArraysBitIdenticalToTheCpuPlan) {
  using E = TypeParam;
  using limb_value = typename nd_plan<E>::limb_value;
  for (const std::vector<int>& axes : {std::vector<int>{}, std::vector<int>{1}}) {
    nd_plan_options o;
    o.shape = {12, 17, 32};
    o.axes = axes;
    o.backend = backend::cpu;
    nd_plan<E> cpu(o);
    o.backend = backend::cuda;
    nd_plan<E> gpu(o);
    const std::uint64_t count = 12 * 17 * 32;
    std::vector<limb_value> x(count);
    for (std::uint64_t j = 0; j < count; ++j)
      x[j] = limb_value(static_cast<typename E::limb_type>(std::sin(0.37 * static_cast<double>(j))),
                        static_cast<typename E::limb_type>(std::cos(1.13 * static_cast<double>(j))));
    std::vector<limb_value> expected(count), from_host(count), from_device(count);
    cpu.inverse(x.data(), expected.data());
    gpu.inverse(x.data(), from_host.data());
    EXPECT_EQ(std::memcmp(from_host.data(), expected.data(), count * sizeof(limb_value)), 0) << "host memory";
    limb_value* device = nullptr;
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device), count * sizeof(limb_value)), cudaSuccess);
    ASSERT_EQ(cudaMemcpy(device, x.data(), count * sizeof(limb_value), cudaMemcpyHostToDevice), cudaSuccess);
    gpu.inverse(device, device);
    ASSERT_EQ(cudaMemcpy(from_device.data(), device, count * sizeof(limb_value), cudaMemcpyDeviceToHost),
              cudaSuccess);
    cudaFree(device);
    EXPECT_EQ(std::memcmp(from_device.data(), expected.data(), count * sizeof(limb_value)), 0)
        << "in place on the device";
  }
}

// Real N-D transforms: rfftn and irfftn on arrays of E and of the limb
// type, host and device memory, the padded in-place layout, the halved
// axis first or last, a Bluestein length along it.
TYPED_TEST(DeviceNd, RealTransformsBitIdenticalToTheCpuPlan) {
  using E = TypeParam;
  using limb = typename E::limb_type;
  const nd_case cases[] = {{{64, 48}, {}, 2, {}}, {{27, 10, 13}, {}, 1, {}}, {{31, 6, 12}, {2, 0}, 2, {}},
                           {{40, 7}, {1, 0}, 1, {}}};
  for (const nd_case& c : cases) {
    const std::string what = "shape " + ::testing::PrintToString(c.shape) + ", axes " + ::testing::PrintToString(c.axes);
    nd_real_plan_options o;
    o.shape = c.shape;
    o.axes = c.axes;
    o.batch = c.batch;
    o.norm = normalization::ortho;
    o.backend = backend::cpu;
    nd_real_plan<E> cpu(o);
    o.backend = backend::cuda;
    nd_real_plan<E> gpu(o);
    std::uint64_t reals = c.batch, bins = c.batch;
    for (std::size_t k = 0; k < c.shape.size(); ++k) {
      reals *= c.shape[k];
      bins *= cpu.spectrum_shape()[k];
    }
    const std::vector<complex<E>> z = ffft::testing::random_values<E>(reals, reals + 3);
    std::vector<E> x(reals);
    std::vector<limb> xl(reals);
    for (std::size_t j = 0; j < reals; ++j) {
      x[j] = z[j].re;
      xl[j] = static_cast<limb>(to_double(z[j].im));
    }
    std::vector<complex<E>> expected(bins), from_host(bins);
    cpu.forward(x.data(), expected.data());
    gpu.forward(x.data(), from_host.data());
    ffft::testing::expect_bit_identical(from_host, expected, "rfftn, host memory: " + what);
    std::vector<E> back(reals), back_from_host(reals);
    cpu.inverse(expected.data(), back.data());
    gpu.inverse(expected.data(), back_from_host.data());
    EXPECT_EQ(std::memcmp(back_from_host.data(), back.data(), reals * sizeof(E)), 0) << "irfftn, host: " << what;

    // Device memory.
    E* device_x = nullptr;
    complex<E>* device_bins = nullptr;
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device_x), reals * sizeof(E)), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&device_bins), bins * sizeof(complex<E>)), cudaSuccess);
    ASSERT_EQ(cudaMemcpy(device_x, x.data(), reals * sizeof(E), cudaMemcpyHostToDevice), cudaSuccess);
    gpu.forward(device_x, device_bins);
    gpu.inverse(device_bins, device_x);
    std::vector<complex<E>> from_device(bins);
    std::vector<E> back_from_device(reals);
    ASSERT_EQ(cudaMemcpy(from_device.data(), device_bins, bins * sizeof(complex<E>), cudaMemcpyDeviceToHost),
              cudaSuccess);
    ASSERT_EQ(cudaMemcpy(back_from_device.data(), device_x, reals * sizeof(E), cudaMemcpyDeviceToHost), cudaSuccess);
    cudaFree(device_x);
    cudaFree(device_bins);
    ffft::testing::expect_bit_identical(from_device, expected, "rfftn, device memory: " + what);
    EXPECT_EQ(std::memcmp(back_from_device.data(), back.data(), reals * sizeof(E)), 0) << "irfftn, device: " << what;

    // Limb arrays, through host staging.
    std::vector<std::complex<limb>> limb_expected(bins), limb_got(bins);
    cpu.forward(xl.data(), limb_expected.data());
    gpu.forward(xl.data(), limb_got.data());
    EXPECT_EQ(std::memcmp(limb_got.data(), limb_expected.data(), bins * sizeof(limb_got[0])), 0) << "limbs: " << what;
    std::vector<limb> limb_back(reals), limb_back_got(reals);
    cpu.inverse(limb_expected.data(), limb_back.data());
    gpu.inverse(limb_expected.data(), limb_back_got.data());
    EXPECT_EQ(std::memcmp(limb_back_got.data(), limb_back.data(), reals * sizeof(limb)), 0) << "limbs back: " << what;
  }
  // The padded in-place layout on the host, through the staging.
  nd_real_plan_options o;
  o.shape = {6, 10};
  o.real.embed = {6, 12};
  o.backend = backend::cuda;
  nd_real_plan<E> gpu(o);
  o.backend = backend::cpu;
  nd_real_plan<E> cpu(o);
  const std::vector<complex<E>> start = ffft::testing::random_values<E>(36, 41);
  std::vector<complex<E>> on_cpu = start, on_gpu = start;
  cpu.forward(reinterpret_cast<const E*>(on_cpu.data()), on_cpu.data());
  gpu.forward(reinterpret_cast<const E*>(on_gpu.data()), on_gpu.data());
  ffft::testing::expect_bit_identical(on_gpu, on_cpu, "padded in place");
}

}  // namespace
