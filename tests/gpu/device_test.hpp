// What the GPU tests share: a fixture that skips without a CUDA device (the
// tests must run, not skip, on a GPU machine), the transform formats, and
// the bit-for-bit comparison of a GPU result with the CPU executor's.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "ffft/complex.hpp"
#include "tests/gpu/kernels/elementwise_kernels.hpp"

namespace ffft::testing {

class requires_cuda_device : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cuda::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  }
};

using transform_formats = ::testing::Types<df64, qf128, dd128>;

// actual and expected element by element, byte for byte; `what` names the case.
template <class E>
void expect_bit_identical(const std::vector<complex<E>>& actual, const std::vector<complex<E>>& expected,
                          const std::string& what) {
  ASSERT_EQ(actual.size(), expected.size()) << what;
  for (std::size_t i = 0; i < expected.size(); ++i)
    ASSERT_EQ(std::memcmp(&actual[i], &expected[i], sizeof(complex<E>)), 0) << what << ": element " << i;
}

}  // namespace ffft::testing
