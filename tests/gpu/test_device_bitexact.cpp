// Device results must be bit-identical to the host's: both run the same
// ffft::apply, every limb operation is a correctly rounded IEEE operation on
// both sides (intrinsics on the device, -ffp-contract=off on the host), and
// neither flushes subnormals. Any difference means a compiler transformed
// the arithmetic on one side. Skips without a GPU.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/gpu/device_test.hpp"
#include "tests/gpu/kernels/elementwise_kernels.hpp"
#include "limb_text.hpp"
#include "tools/accuracy/elementwise_op.hpp"

namespace {

constexpr std::size_t kCount = std::size_t(1) << 20;

// Limbs are equal when their bits are, or when both are NaN: IEEE 754 leaves
// the sign and payload of a generated NaN to the implementation, and x86
// (negative "default NaN") and NVIDIA GPUs (canonical 0x7fffffff) differ.
template <class T>
bool same_limb(T x, T y) {
  if (std::isnan(x) && std::isnan(y)) return true;
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

template <class E>
bool same_value(const E& x, const E& y) {
  for (int i = 0; i < E::limbs; ++i)
    if (!same_limb(x[i], y[i])) return false;
  return true;
}

using ffft::test::describe;

// Random normalized expansions: a leading limb with a random sign, full
// random significand and an exponent in [min_exp, max_exp], then lower limbs
// of random sign and magnitude near successive ulps, accumulated with
// ffft::add so the result is normalized by the library itself. Some values
// keep zero low limbs (exactly representable in one limb), and a few are
// special (signed zeros, infinities, NaN, values whose products overflow or
// underflow) to exercise the IEEE fallback in arithmetic.hpp. Deliberately not
// tools/accuracy's generator: that one comes with MPFR, and this binary must run
// on the GPU machine, which has no MPFR (bit identity needs no reference).
template <class E>
class operand_generator {
  using T = typename E::limb_type;
  static constexpr int p = std::numeric_limits<T>::digits;
  static constexpr int max_exp = sizeof(T) == sizeof(float) ? 12 : 40;

 public:
  explicit operand_generator(std::uint64_t seed) : rng_(seed) {}

  E operator()() {
    const auto pick = rng_() % 128;
    if (pick == 0) return special();
    const int e0 = exponent_(rng_);
    E x = ffft::from_limb<T, E::limbs>(random_limb(e0));
    if (pick % 16 == 1) return x;
    for (int i = 1; i < E::limbs; ++i) x = ffft::add(x, random_limb(e0 - i * p + gap_(rng_)));
    return x;
  }

 private:
  // sign * [1, 2) * 2^e with all p significand bits random (integer draw,
  // so the value is exact and never rounds up to 2).
  T random_limb(int e) {
    const std::uint64_t bits = (rng_() >> (64 - (p - 1))) | (std::uint64_t(1) << (p - 1));
    const T magnitude = std::ldexp(static_cast<T>(bits), e - (p - 1));
    return (rng_() & 1) ? -magnitude : magnitude;
  }

  E special() {
    using limits = std::numeric_limits<T>;
    const T values[] = {T(0),           -T(0),
                        limits::infinity(), -limits::infinity(),
                        limits::quiet_NaN(), std::ldexp(T(1), limits::max_exponent - 2),
                        -limits::min(),      limits::denorm_min()};
    return ffft::from_limb<T, E::limbs>(values[rng_() % (sizeof(values) / sizeof(values[0]))]);
  }

  std::mt19937_64 rng_;
  std::uniform_int_distribution<int> exponent_{-max_exp, max_exp};
  std::uniform_int_distribution<int> gap_{-2, 4};  // low limbs may overlap: add renormalizes
};

template <class E>
class DeviceBitExact : public ffft::testing::requires_cuda_device {};

// No name generator: CMake 3.25's gtest_discover_tests only understands the
// default numeric type index, which it replaces by the type in test names.
using Formats = ::testing::Types<ffft::df64, ffft::qf128, ffft::dd128, ffft::qd256>;
TYPED_TEST_SUITE(DeviceBitExact, Formats);

TYPED_TEST(DeviceBitExact, EveryOperationMatchesHost) {
  using E = TypeParam;
  operand_generator<E> generate(0x5eed0000u + sizeof(E) * 8 + E::limbs);
  std::vector<E> a(kCount), b(kCount), host(kCount), device(kCount);
  for (std::size_t i = 0; i < kCount; ++i) {
    a[i] = generate();
    b[i] = generate();
  }

  for (const ffft::elementwise_op op : ffft::all_elementwise_ops) {
    SCOPED_TRACE(ffft::name(op));
    for (std::size_t i = 0; i < kCount; ++i) host[i] = ffft::apply(op, a[i], b[i]);
    ffft::cuda::evaluate(op, a.data(), b.data(), device.data(), kCount);

    std::size_t mismatches = 0;
    std::ostringstream first;
    for (std::size_t i = 0; i < kCount; ++i) {
      if (same_value(host[i], device[i])) continue;
      if (++mismatches <= 5)
        first << "  [" << i << "] a=" << describe(a[i]) << " b=" << describe(b[i])
              << "\n      host=" << describe(host[i]) << "\n    device=" << describe(device[i])
              << "\n";
    }
    EXPECT_EQ(mismatches, 0u) << ffft::name(op) << ": " << mismatches << " of " << kCount
                              << " results differ; first ones:\n"
                              << first.str();
  }
}

}  // namespace
