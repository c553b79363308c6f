// Every operation of every format against MPFR at 300 bits: at least a
// million operand pairs per format and operation, spread over the operand
// classes, each asserted within the operation's proven bound.
#include <gtest/gtest.h>

#include "tools/accuracy/measure.hpp"
#include "formats.hpp"

namespace ffft::accuracy {
namespace {

constexpr long samples_per_class = 180000;  // x 6 classes > 10^6 per operation

template <class E>
class arithmetic_accuracy : public ::testing::Test {};
TYPED_TEST_SUITE(arithmetic_accuracy, ffft::testing::all_formats, ffft::testing::format_names);

template <class E>
void expect_within_bound(elementwise_op op) {
  const double bound = proven_bound_units<E>(op);
  long total = 0;
  std::uint64_t seed = 0x5eed0000u + static_cast<unsigned>(op) * 16;
  for (operand_class c : all_operand_classes) {
    const error_stats s = measure<E>(op, c, samples_per_class, seed++);
    total += s.samples;
    EXPECT_EQ(s.bound_violations, 0)
        << name(op) << ", " << name(c) << ": " << s.bound_violations << " of " << s.samples
        << " samples exceed " << bound << " units; worst by " << s.worst_excess << " units";
    if (c != operand_class::near_underflow) {
      EXPECT_LE(s.max_units, bound) << name(op) << ", " << name(c);
    }
    ::testing::Test::RecordProperty(std::string(name(op)) + " " + name(c) + " max units",
                                    std::to_string(s.max_units));
  }
  EXPECT_GE(total, 1000000);
}

TYPED_TEST(arithmetic_accuracy, add) { expect_within_bound<TypeParam>(elementwise_op::add); }
TYPED_TEST(arithmetic_accuracy, sub) { expect_within_bound<TypeParam>(elementwise_op::sub); }
TYPED_TEST(arithmetic_accuracy, mul) { expect_within_bound<TypeParam>(elementwise_op::mul); }
TYPED_TEST(arithmetic_accuracy, div) { expect_within_bound<TypeParam>(elementwise_op::div); }
TYPED_TEST(arithmetic_accuracy, div_limb) {
  expect_within_bound<TypeParam>(elementwise_op::div_limb);
}
TYPED_TEST(arithmetic_accuracy, sqrt) { expect_within_bound<TypeParam>(elementwise_op::sqrt); }
TYPED_TEST(arithmetic_accuracy, add_limb) { expect_within_bound<TypeParam>(elementwise_op::add_limb); }
TYPED_TEST(arithmetic_accuracy, mul_limb) { expect_within_bound<TypeParam>(elementwise_op::mul_limb); }

}  // namespace
}  // namespace ffft::accuracy
