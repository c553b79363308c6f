// Static audit of the PTX nvcc generates for the error-free transforms
// (kernels/eft_probe.cu, compiled with the project's flags). Needs no GPU.
//
// An EFT is only error-free if each operation is rounded exactly once, as
// written. Two things could silently break that on the device: nvcc fusing a
// multiply and an add into an FMA (its default for plain code, -fmad=true),
// or algebraic simplification deleting the error computation. In PTX, an
// add/sub/mul with an explicit rounding modifier (.rn) may not be fused by
// ptxas either, so checking the PTX is sufficient.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "ptx_parser.hpp"

#ifndef FFFT_EFT_PROBE_PTX
#error "FFFT_EFT_PROBE_PTX (path of the eft_probe PTX) must be defined by the build"
#endif

namespace {

using ffft::test::ptx::opcodes;
using ffft::test::ptx::split;

std::vector<std::string> kernel_opcodes(const std::string& kernel) {
  const std::string ptx = ffft::test::ptx::read_file(FFFT_EFT_PROBE_PTX);
  const auto body = ffft::test::ptx::entry_body(ptx, kernel);
  if (!body) ADD_FAILURE() << "no `.entry " << kernel << "` in " << FFFT_EFT_PROBE_PTX;
  return body ? opcodes(*body) : std::vector<std::string>{};
}

std::string listing(const std::vector<std::string>& ops) {
  std::string s;
  for (const auto& op : ops) s += "  " + op + "\n";
  return s;
}

long count_exact(const std::vector<std::string>& ops, const std::string& opcode) {
  return std::count(ops.begin(), ops.end(), opcode);
}

// Any fused multiply-add, whatever its type or modifiers (mad.f32 is an FMA too).
long count_fused(const std::vector<std::string>& ops) {
  return std::count_if(ops.begin(), ops.end(), [](const std::string& op) {
    const auto base = split(op).base;
    return base == "fma" || base == "mad";
  });
}

// Floating-point add/sub/mul without an explicit rounding modifier: ptxas is
// free to contract these, so none may appear in EFT code.
long count_contractible(const std::vector<std::string>& ops) {
  return std::count_if(ops.begin(), ops.end(), [](const std::string& op) {
    const auto parts = split(op);
    const bool arithmetic = parts.base == "add" || parts.base == "sub" || parts.base == "mul";
    const bool floating = parts.type == "f32" || parts.type == "f64" || parts.type == "f16";
    const bool rounded = std::any_of(parts.modifiers.begin(), parts.modifiers.end(),
                                     ffft::test::ptx::is_rounding_modifier);
    return arithmetic && floating && !rounded;
  });
}

// Modifiers that make an operation differ from the correctly rounded IEEE
// one: flush-to-zero, approximate (division, sqrt, rcp), "full" division.
long count_non_ieee(const std::vector<std::string>& ops) {
  return std::count_if(ops.begin(), ops.end(), [](const std::string& op) {
    const auto m = split(op).modifiers;
    return std::any_of(m.begin(), m.end(), [](const std::string& modifier) {
      return modifier == "ftz" || modifier == "approx" || modifier == "full";
    });
  });
}

long count_rounded_add_sub_f32(const std::vector<std::string>& ops) {
  return count_exact(ops, "add.rn.f32") + count_exact(ops, "sub.rn.f32");
}

TEST(EftPtx, FileExists) {
  const std::string ptx = ffft::test::ptx::read_file(FFFT_EFT_PROBE_PTX);
  EXPECT_NE(ptx.find(".entry"), std::string::npos) << FFFT_EFT_PROBE_PTX << " holds no kernel";
}

TEST(EftPtx, TwoSumIsSixRoundedAdditionsWithoutFma) {
  const auto ops = kernel_opcodes("ffft_probe_two_sum_f32");
  ASSERT_FALSE(ops.empty());
  EXPECT_EQ(count_fused(ops), 0) << listing(ops);
  EXPECT_EQ(count_contractible(ops), 0) << listing(ops);
  EXPECT_GE(count_rounded_add_sub_f32(ops), 6) << listing(ops);
}

TEST(EftPtx, FastTwoSumIsThreeRoundedAdditionsWithoutFma) {
  const auto ops = kernel_opcodes("ffft_probe_fast_two_sum_f32");
  ASSERT_FALSE(ops.empty());
  EXPECT_EQ(count_fused(ops), 0) << listing(ops);
  EXPECT_EQ(count_contractible(ops), 0) << listing(ops);
  EXPECT_GE(count_rounded_add_sub_f32(ops), 3) << listing(ops);
}

TEST(EftPtx, TwoProdIsOneRoundedMultiplyAndOneFma) {
  const auto ops = kernel_opcodes("ffft_probe_two_prod_f32");
  ASSERT_FALSE(ops.empty());
  EXPECT_EQ(count_exact(ops, "mul.rn.f32"), 1) << listing(ops);
  EXPECT_EQ(count_exact(ops, "fma.rn.f32"), 1) << listing(ops);
  EXPECT_EQ(count_fused(ops), 1) << listing(ops);
  EXPECT_EQ(count_contractible(ops), 0) << listing(ops);
}

// AccurateDWPlusDW: two TwoSums (12), two Fast2Sums (6) and two additions,
// 20 distinct rounded operations, no multiplication at all.
TEST(EftPtx, Df64AddKeepsAllTwentyRoundedAdditionsWithoutFma) {
  const auto ops = kernel_opcodes("ffft_probe_df64_add");
  ASSERT_FALSE(ops.empty());
  EXPECT_EQ(count_fused(ops), 0) << listing(ops);
  EXPECT_EQ(count_contractible(ops), 0) << listing(ops);
  EXPECT_GE(count_rounded_add_sub_f32(ops), 20) << listing(ops);
}

// The whole arithmetic, as the elementwise kernel runs it: any unrounded or
// non-IEEE floating-point instruction could make device results differ from
// the host's.
TEST(EftPtx, ApplyUsesOnlyCorrectlyRoundedArithmetic) {
  for (const char* format : {"df64", "qf128", "dd128", "qd256"}) {
    SCOPED_TRACE(format);
    const auto ops = kernel_opcodes(std::string("ffft_probe_apply_") + format);
    ASSERT_FALSE(ops.empty());
    EXPECT_EQ(count_contractible(ops), 0) << listing(ops);
    EXPECT_EQ(count_non_ieee(ops), 0) << listing(ops);
    // Sanity: the probe really contains the arithmetic (FMAs from TwoProd).
    EXPECT_GT(count_fused(ops), 0);
  }
}

// Information only: what nvcc makes of plain `a * b - p`. Either NVVM fuses
// it already (an fma in the PTX) or it leaves unrounded mul/sub that ptxas
// may fuse (its default, -fmad=true). Neither is an error, but it is why the
// core never uses plain operators in device code.
TEST(EftPtx, PlainCodeContractionIsReported) {
  const auto ops = kernel_opcodes("ffft_probe_plain_product_residual_f32");
  ASSERT_FALSE(ops.empty());
  const bool fused = count_fused(ops) > 0;
  const bool contractible = count_contractible(ops) > 0;
  RecordProperty("plain_code_fused_in_ptx", fused ? "yes" : "no");
  RecordProperty("plain_code_contractible_by_ptxas", contractible ? "yes" : "no");
  std::cout << "[ info ] plain device code a*b - p: " << (fused ? "fused into an FMA" : "no FMA")
            << " in the PTX; " << (contractible ? "unrounded mul/add/sub that ptxas may fuse"
                                                : "no unrounded mul/add/sub")
            << "\n";
}

}  // namespace
