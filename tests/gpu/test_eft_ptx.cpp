// Static audit of the PTX nvcc generates for the error-free transforms
// (kernels/eft_probe.cu, compiled with the project's flags). Needs no GPU.
//
// An EFT is only error-free if each operation is rounded exactly once, as
// written. Two things could silently break that on the device: nvcc fusing a
// multiply and an add into an FMA (its default for plain code, -fmad=true),
// or algebraic simplification deleting the error computation. In PTX, an
// add/sub/mul with an explicit rounding modifier (.rn) may not be fused by
// ptxas either, so checking the PTX is sufficient. The same audit covers the
// whole arithmetic (apply) and the twiddle generator (sincos_2pi), whose
// device results must equal the host's bit for bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "ptx_parser.hpp"

#ifndef FFFT_EFT_PROBE_PTX
#error "FFFT_EFT_PROBE_PTX (path of the eft_probe PTX) must be defined by the build"
#endif
#ifndef FFFT_EFT_PROBE_PTX_NOFMAD
#error "FFFT_EFT_PROBE_PTX_NOFMAD (the eft_probe PTX built with -fmad=false) must be defined"
#endif

namespace {

using ffft::test::ptx::opcodes;
using ffft::test::ptx::split;

// The kernel's opcodes in the PTX built with the project's flags, or in the
// one built with -fmad=false.
std::vector<std::string> kernel_opcodes(const std::string& kernel,
                                        const std::string& path = FFFT_EFT_PROBE_PTX) {
  const std::string ptx = ffft::test::ptx::read_file(path);
  const auto body = ffft::test::ptx::entry_body(ptx, kernel);
  if (!body) ADD_FAILURE() << "no `.entry " << kernel << "` in " << path;
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

// Every floating-point instruction of the probe kernel is rounded and IEEE,
// and the kernel still has FMAs (TwoProd's): the arithmetic was not folded
// away.
void expect_only_correctly_rounded_arithmetic(const std::string& kernel) {
  SCOPED_TRACE(kernel);
  const auto ops = kernel_opcodes(kernel);
  ASSERT_FALSE(ops.empty());
  EXPECT_EQ(count_contractible(ops), 0) << listing(ops);
  EXPECT_EQ(count_non_ieee(ops), 0) << listing(ops);
  EXPECT_GT(count_fused(ops), 0);
}

// The whole arithmetic, as the elementwise kernel runs it: any unrounded or
// non-IEEE floating-point instruction could make device results differ from
// the host's.
TEST(EftPtx, ApplyUsesOnlyCorrectlyRoundedArithmetic) {
  for (const char* format : {"df64", "qf128", "dd128", "qd256"})
    expect_only_correctly_rounded_arithmetic(std::string("ffft_probe_apply_") + format);
}

// The twiddle generator (twiddle::sincos_2pi), audited like apply(): the
// computed twiddles on the device must equal the host's bit for bit
// (test_device_twiddles checks that on a GPU; this checks its precondition
// everywhere). Its integer reduction and long division are not floating
// point and pass unexamined; every float/double operation must be rounded.
TEST(EftPtx, SincosUsesOnlyCorrectlyRoundedArithmetic) {
  for (const char* format : {"df64", "qf128", "dd128"})
    expect_only_correctly_rounded_arithmetic(std::string("ffft_probe_sincos_") + format);
}

// Only the explicit FMAs: each core probe must have exactly as many FMAs as
// nvcc emits with -fmad=false, where it contracts nothing and the intrinsics
// stay FMAs. NVVM can fuse plain a * b + c itself and emit fma.rn, which the
// .rn audits above cannot tell from an intrinsic's; the count can.
TEST(EftPtx, NoFmaBeyondTheExplicitOnes) {
  std::vector<std::string> probes = {"ffft_probe_two_sum_f32", "ffft_probe_fast_two_sum_f32",
                                     "ffft_probe_two_prod_f32", "ffft_probe_df64_add"};
  for (const char* format : {"df64", "qf128", "dd128", "qd256"})
    probes.push_back(std::string("ffft_probe_apply_") + format);
  for (const char* format : {"df64", "qf128", "dd128"})
    probes.push_back(std::string("ffft_probe_sincos_") + format);

  for (const auto& probe : probes) {
    SCOPED_TRACE(probe);
    const auto ops = kernel_opcodes(probe);
    const auto uncontracted = kernel_opcodes(probe, FFFT_EFT_PROBE_PTX_NOFMAD);
    ASSERT_FALSE(ops.empty());
    ASSERT_FALSE(uncontracted.empty());
    EXPECT_EQ(count_fused(ops), count_fused(uncontracted))
        << "FMAs with the project's flags vs with -fmad=false: nvcc contracted plain code; "
           "compare the kernel in\n  "
        << FFFT_EFT_PROBE_PTX << "\n  " << FFFT_EFT_PROBE_PTX_NOFMAD;
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
