// CUDA failures must surface as exceptions naming the failing call, never as
// an abort or silently wrong results. An allocation larger than any device
// holds fails everywhere: for want of a device on a machine without one, for
// want of memory on one with a GPU; so these tests run, and mean the same,
// on both.
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <string>

#include "ffft/arithmetic.hpp"
#include "tests/gpu/kernels/elementwise_kernels.hpp"

namespace {

TEST(CudaErrors, DeviceCountNeverThrows) {
  EXPECT_NO_THROW(EXPECT_GE(ffft::cuda::device_count(), 0));
  // Asking twice gives the same answer: the first failure left no error behind.
  EXPECT_EQ(ffft::cuda::device_count(), ffft::cuda::device_count());
}

TEST(CudaErrors, FailedCallThrowsNamingTheCallAndItsPlace) {
  const ffft::df64 a{{1.0f, 0.0f}}, b{{2.0f, 0.0f}};
  ffft::df64 out{};
  // 2^44 df64 values (256 TiB): the first device allocation fails, before
  // any of the (one-element) host arrays is read.
  const std::size_t more_than_any_device_holds = std::size_t{1} << 44;
  try {
    ffft::cuda::evaluate(ffft::elementwise_op::add, &a, &b, &out, more_than_any_device_holds);
    FAIL() << "a 256 TiB evaluation succeeded";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cudaMalloc"), std::string::npos) << what;  // the failing call
    EXPECT_NE(what.find(".hpp:"), std::string::npos) << what;      // file:line
  }
  // The failure left nothing behind: with a device, the next call works.
  if (ffft::cuda::device_count() > 0) {
    ffft::cuda::evaluate(ffft::elementwise_op::add, &a, &b, &out, 1);
    const ffft::df64 expected = ffft::add(a, b);
    EXPECT_EQ(out.limb[0], expected.limb[0]);
    EXPECT_EQ(out.limb[1], expected.limb[1]);
  }
}

TEST(CudaErrors, EmptyInputNeedsNoDevice) {
  EXPECT_NO_THROW(ffft::cuda::evaluate<ffft::qd256>(ffft::elementwise_op::mul, nullptr, nullptr,
                                                    nullptr, 0));
}

}  // namespace
