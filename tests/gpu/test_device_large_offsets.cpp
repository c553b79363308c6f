// The CUDA executor's index math is 64-bit: transforms whose elements lie
// more than 2^31 and 2^32 elements apart (by distance and by stride) give
// exactly the CPU executor's results. The device buffers are 256 GiB of
// reserved virtual address space (cuMemAddressReserve) with physical memory
// mapped only where the elements lie, as test_fft_large_offsets does on the
// host with a sparse mapping. The driver's virtual memory calls are reached
// through the runtime (cudaGetDriverEntryPointByVersion), so the test does
// not link libcuda and loads on a machine without a driver. Skips without a
// GPU.
#include <gtest/gtest.h>
#include <cuda.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <cstring>
#include <set>
#include <type_traits>
#include <utility>
#include <vector>

#include "ffft/plan.hpp"
#include "tests/fft_reference.hpp"
#include "tests/gpu/device_test.hpp"

namespace {

using namespace ffft;
using ffft::testing::dense_cpu_forward;
using ffft::testing::random_values;

// The driver's virtual memory management calls (CUDA 10.2 on).
struct driver_vmm {
  decltype(&cuMemGetAllocationGranularity) granularity = nullptr;
  decltype(&cuMemAddressReserve) reserve = nullptr;
  decltype(&cuMemAddressFree) free = nullptr;
  decltype(&cuMemCreate) create = nullptr;
  decltype(&cuMemRelease) release = nullptr;
  decltype(&cuMemMap) map = nullptr;
  decltype(&cuMemUnmap) unmap = nullptr;
  decltype(&cuMemSetAccess) set_access = nullptr;

  driver_vmm() {
    const auto load = [](const char* name, auto& fn) {
      void* p = nullptr;
      cudaDriverEntryPointQueryResult found{};
      if (cudaGetDriverEntryPointByVersion(name, &p, 12000, cudaEnableDefault, &found) == cudaSuccess &&
          found == cudaDriverEntryPointSuccess)
        fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(p);
    };
    load("cuMemGetAllocationGranularity", granularity);
    load("cuMemAddressReserve", reserve);
    load("cuMemAddressFree", free);
    load("cuMemCreate", create);
    load("cuMemRelease", release);
    load("cuMemMap", map);
    load("cuMemUnmap", unmap);
    load("cuMemSetAccess", set_access);
  }
  bool complete() const {
    return granularity && reserve && free && create && release && map && unmap && set_access;
  }
};

// Reserved device address space with physical chunks mapped on demand.
class sparse_device_region {
 public:
  explicit sparse_device_region(std::size_t bytes) : bytes_(bytes) {
    cudaFree(nullptr);  // the runtime's primary context, current
    if (!vmm_.complete()) return;
    prop_.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop_.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop_.location.id = 0;
    if (vmm_.granularity(&granularity_, &prop_, CU_MEM_ALLOC_GRANULARITY_MINIMUM) != CUDA_SUCCESS) return;
    if (vmm_.reserve(&base_, bytes, 0, 0, 0) != CUDA_SUCCESS) base_ = 0;
  }
  ~sparse_device_region() {
    for (const auto& [offset, handle] : mapped_) {
      vmm_.unmap(base_ + offset, granularity_);
      vmm_.release(handle);
    }
    if (base_ != 0) vmm_.free(base_, bytes_);
  }
  sparse_device_region(const sparse_device_region&) = delete;
  sparse_device_region& operator=(const sparse_device_region&) = delete;

  bool usable() const { return base_ != 0; }
  void* at(std::uint64_t offset) const { return reinterpret_cast<void*>(base_ + offset); }

  // Maps physical memory under [offset, offset + size) (whole chunks).
  void back(std::uint64_t offset, std::uint64_t size) {
    for (std::uint64_t c = offset / granularity_ * granularity_; c < offset + size; c += granularity_) {
      if (chunks_.count(c) != 0) continue;
      CUmemGenericAllocationHandle handle{};
      ASSERT_EQ(vmm_.create(&handle, granularity_, &prop_, 0), CUDA_SUCCESS);
      ASSERT_EQ(vmm_.map(base_ + c, granularity_, 0, handle, 0), CUDA_SUCCESS);
      CUmemAccessDesc access{};
      access.location = prop_.location;
      access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
      ASSERT_EQ(vmm_.set_access(base_ + c, granularity_, &access, 1), CUDA_SUCCESS);
      chunks_.insert(c);
      mapped_.push_back({c, handle});
    }
  }

 private:
  driver_vmm vmm_;
  std::size_t bytes_;
  std::size_t granularity_ = 0;
  CUmemAllocationProp prop_{};
  CUdeviceptr base_ = 0;
  std::set<std::uint64_t> chunks_;
  std::vector<std::pair<std::uint64_t, CUmemGenericAllocationHandle>> mapped_;
};

constexpr std::size_t region_bytes = std::size_t{1} << 38;  // 256 GiB of address space

template <class E>
class DeviceLargeOffsets : public ffft::testing::requires_cuda_device {};
TYPED_TEST_SUITE(DeviceLargeOffsets, ffft::testing::transform_formats);

template <class E>
void expect_spread_layout_matches_the_cpu(std::uint64_t n, const layout& spread) {
  const std::uint64_t batch = 2;
  sparse_device_region in_region(region_bytes), out_region(region_bytes);
  if (!in_region.usable() || !out_region.usable()) GTEST_SKIP() << "cannot reserve 256 GiB of device addresses";
  const auto offset = [&](std::uint64_t b, std::uint64_t j) {
    return (j * static_cast<std::uint64_t>(spread.stride) + b * static_cast<std::uint64_t>(spread.distance)) *
           sizeof(complex<E>);
  };
  const std::vector<complex<E>> x = random_values<E>(n * batch, static_cast<unsigned>(n));
  for (std::uint64_t b = 0; b < batch; ++b)
    for (std::uint64_t j = 0; j < n; ++j) {
      ASSERT_NO_FATAL_FAILURE(in_region.back(offset(b, j), sizeof(complex<E>)));
      ASSERT_NO_FATAL_FAILURE(out_region.back(offset(b, j), sizeof(complex<E>)));
      ASSERT_EQ(cudaMemcpy(in_region.at(offset(b, j)), &x[b * n + j], sizeof(complex<E>), cudaMemcpyHostToDevice),
                cudaSuccess);
    }
  plan_options o;
  o.length = n;
  o.batch = batch;
  const std::vector<complex<E>> expected = dense_cpu_forward<E>(o, x);
  o.backend = backend::cuda;
  o.input = spread;
  o.output = spread;
  o.host_staging = false;  // device pointers only; the spans are 128 GiB
  plan<E> gpu(o);
  gpu.forward(static_cast<const complex<E>*>(in_region.at(0)), static_cast<complex<E>*>(out_region.at(0)));
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (std::uint64_t b = 0; b < batch; ++b)
    for (std::uint64_t j = 0; j < n; ++j) {
      complex<E> actual;
      ASSERT_EQ(cudaMemcpy(&actual, out_region.at(offset(b, j)), sizeof actual, cudaMemcpyDeviceToHost), cudaSuccess);
      ASSERT_EQ(std::memcmp(&actual, &expected[b * n + j], sizeof actual), 0)
          << "n = " << n << ", stride " << spread.stride << ", distance " << spread.distance << ": transform "
          << b << ", element " << j;
    }
}

TYPED_TEST(DeviceLargeOffsets, TransformsMoreThan2To32ElementsApart) {
  expect_spread_layout_matches_the_cpu<TypeParam>(256, {1, (std::int64_t{1} << 32) + 3});
  expect_spread_layout_matches_the_cpu<TypeParam>(97, {1, (std::int64_t{1} << 32) + 3});  // Bluestein
}

TYPED_TEST(DeviceLargeOffsets, ElementsMoreThan2To31Apart) {
  // Element j at j 2^25 (+ 1 for the second transform: they interleave).
  expect_spread_layout_matches_the_cpu<TypeParam>(128, {std::int64_t{1} << 25, 1});
}

}  // namespace
