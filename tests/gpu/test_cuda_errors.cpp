// CUDA failures must surface as exceptions naming the failing call, never as
// an abort or silently wrong results. Without a GPU every call fails, which
// makes "no device" the one error we can provoke portably.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "tests/gpu/kernels/elementwise_kernels.hpp"

namespace {

TEST(CudaErrors, DeviceCountNeverThrows) {
  EXPECT_NO_THROW(EXPECT_GE(ffft::cuda::device_count(), 0));
  // Asking twice gives the same answer: the first failure left no error behind.
  EXPECT_EQ(ffft::cuda::device_count(), ffft::cuda::device_count());
}

TEST(CudaErrors, EvaluateWithoutDeviceThrowsWithLocation) {
  if (ffft::cuda::device_count() > 0) GTEST_SKIP() << "a CUDA device is present";
  const ffft::df64 a{{1.0f, 0.0f}}, b{{2.0f, 0.0f}};
  ffft::df64 out{};
  try {
    ffft::cuda::evaluate(ffft::elementwise_op::add, &a, &b, &out, 1);
    FAIL() << "evaluate succeeded without a CUDA device";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cuda"), std::string::npos) << what;  // the failing call
    EXPECT_NE(what.find(".hpp:"), std::string::npos) << what;  // file:line
  }
}

TEST(CudaErrors, EmptyInputNeedsNoDevice) {
  EXPECT_NO_THROW(ffft::cuda::evaluate<ffft::qd256>(ffft::elementwise_op::mul, nullptr, nullptr,
                                                    nullptr, 0));
}

}  // namespace
