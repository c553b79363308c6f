// The error-free transforms evaluated on a real GPU must return exactly the
// known error terms, and agree bit for bit with the host. Skips without a GPU.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "tests/gpu/device_test.hpp"
#include "tests/gpu/kernels/elementwise_kernels.hpp"
#include "ffft/eft.hpp"

namespace {

template <class T>
class DeviceEft : public ffft::testing::requires_cuda_device {};

using LimbTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(DeviceEft, LimbTypes);

TYPED_TEST(DeviceEft, ErrorTermsAreExact) {
  using T = TypeParam;
  constexpr bool is_float = sizeof(T) == sizeof(float);
  const auto r = ffft::cuda::run_eft_probe<T>();

  // two_sum / fast_two_sum(1, 2^-k): rounded sum 1, error exactly 2^-k.
  const T tiny = std::ldexp(T(1), is_float ? -30 : -60);
  ASSERT_EQ(r.sum_a, T(1));
  ASSERT_EQ(r.sum_b, tiny);
  EXPECT_EQ(r.two_sum.hi, T(1));
  EXPECT_EQ(r.two_sum.lo, tiny);
  EXPECT_EQ(r.fast_two_sum.hi, T(1));
  EXPECT_EQ(r.fast_two_sum.lo, tiny);

  // (1 + 2^-m)^2 = 1 + 2^(1-m) + 2^-2m; the last term is below (float: a
  // tie at) half an ulp of 1, so the rounded product is 1 + 2^(1-m) and the
  // error exactly 2^-2m.
  const int m = is_float ? 12 : 27;
  ASSERT_EQ(r.prod_a, T(1) + std::ldexp(T(1), -m));
  EXPECT_EQ(r.two_prod.hi, T(1) + std::ldexp(T(1), 1 - m));
  EXPECT_EQ(r.two_prod.lo, std::ldexp(T(1), -2 * m));
  EXPECT_NE(r.two_prod.lo, T(0));

  // The host computes the same transforms identically.
  const auto host_sum = ffft::two_sum(r.sum_a, r.sum_b);
  const auto host_prod = ffft::two_prod(r.prod_a, r.prod_b);
  EXPECT_EQ(host_sum.lo, r.two_sum.lo);
  EXPECT_EQ(host_prod.hi, r.two_prod.hi);
  EXPECT_EQ(host_prod.lo, r.two_prod.lo);

  // Information only: plain device code is contracted under -fmad=true.
  this->RecordProperty("plain_code_contracted", r.plain_code_contracted() ? "yes" : "no");
  std::cout << "[ info ] plain a*b - p on the device = " << r.plain_product_residual
            << (r.plain_code_contracted() ? " (contracted into an FMA)" : " (not contracted)")
            << "\n";
}

}  // namespace
