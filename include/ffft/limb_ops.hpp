// Correctly rounded operations on one limb (float or double), the only
// floating-point operations the arithmetic core performs.
//
// On the device each maps to a rounding intrinsic (__fadd_rn, __fmaf_rn,
// __dadd_rn, ...), which nvcc never contracts into an FMA, whatever -fmad says.
// On the host they are plain operators; the build compiles host code with
// -ffp-contract=off and with hardware FMA so std::fma is one instruction.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "ffft/config.hpp"
#include "ffft/simd_lanes.hpp"

namespace ffft::limb {

FFFT_HD float add(float a, float b) {
#if FFFT_DEVICE_PASS
  return __fadd_rn(a, b);
#else
  return a + b;
#endif
}
FFFT_HD double add(double a, double b) {
#if FFFT_DEVICE_PASS
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}

FFFT_HD float sub(float a, float b) {
#if FFFT_DEVICE_PASS
  return __fsub_rn(a, b);
#else
  return a - b;
#endif
}
FFFT_HD double sub(double a, double b) {
#if FFFT_DEVICE_PASS
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}

FFFT_HD float mul(float a, float b) {
#if FFFT_DEVICE_PASS
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}
FFFT_HD double mul(double a, double b) {
#if FFFT_DEVICE_PASS
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}

// a * b + c with a single rounding.
FFFT_HD float fma(float a, float b, float c) {
#if FFFT_DEVICE_PASS
  return __fmaf_rn(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}
FFFT_HD double fma(double a, double b, double c) {
#if FFFT_DEVICE_PASS
  return __fma_rn(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}

FFFT_HD float div(float a, float b) {
#if FFFT_DEVICE_PASS
  return __fdiv_rn(a, b);
#else
  return a / b;
#endif
}
FFFT_HD double div(double a, double b) {
#if FFFT_DEVICE_PASS
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}

FFFT_HD float sqrt(float a) {
#if FFFT_DEVICE_PASS
  return __fsqrt_rn(a);
#else
  return std::sqrt(a);
#endif
}
FFFT_HD double sqrt(double a) {
#if FFFT_DEVICE_PASS
  return __dsqrt_rn(a);
#else
  return std::sqrt(a);
#endif
}

FFFT_HD float abs(float a) {
#if FFFT_DEVICE_PASS
  return fabsf(a);
#else
  return std::fabs(a);
#endif
}
FFFT_HD double abs(double a) {
#if FFFT_DEVICE_PASS
  return fabs(a);
#else
  return std::fabs(a);
#endif
}

FFFT_HD bool is_finite(float a) {
#if FFFT_DEVICE_PASS
  return isfinite(a);
#else
  return std::isfinite(a);
#endif
}
FFFT_HD bool is_finite(double a) {
#if FFFT_DEVICE_PASS
  return isfinite(a);
#else
  return std::isfinite(a);
#endif
}

// Exact multiplication by 2^e (exact unless the result over- or underflows).
FFFT_HD float ldexp(float a, int e) {
#if FFFT_DEVICE_PASS
  return ldexpf(a, e);
#else
  return std::ldexp(a, e);
#endif
}
FFFT_HD double ldexp(double a, int e) {
#if FFFT_DEVICE_PASS
  return ::ldexp(a, e);
#else
  return std::ldexp(a, e);
#endif
}

// a - b, the correctly rounded difference, which on lane vectors the FMA
// pipes compute (below); on scalars and on the device a subtraction.
template <class T>
FFFT_HD T sub_as_fma(T a, T b) {
  return sub(a, b);
}

// Constants and counters that work for scalar limbs and lane vectors alike.
template <class T>
FFFT_HD constexpr T one() {
  return T{} + 1;
}

// The scalar type of a limb (itself, or a lane vector's element type), and
// a limb with every lane set to a scalar value (sign of zero included).
template <class T>
struct scalar_type {
  using type = T;
};
template <class T>
FFFT_HD constexpr T splat(typename scalar_type<T>::type s) {
  if constexpr (std::is_same_v<T, typename scalar_type<T>::type>) {
    return s;
  } else {
    T v{};
    for (int i = 0; i < static_cast<int>(sizeof(T) / sizeof(s)); ++i) v[i] = s;
    return v;
  }
}

// Integers of a limb's width, lane by lane: int for a scalar limb, the
// comparison mask type (same lane count and width) for a lane vector.
template <class T>
struct integer_type {
  using type = int;
};

#if FFFT_HAVE_LANES
// Lane vectors: the same operations, lane by lane (see simd_lanes.hpp).
template <class V>
  requires simd::is_lane_vector<V>
struct scalar_type<V> {
  using type = simd::scalar_of<V>;
};
template <class V>
  requires simd::is_lane_vector<V>
struct integer_type<V> {
  using type = decltype(V{} < V{});
};
// True when a condition holds in every lane: true lanes are -1, all bits
// set, false ones 0, so every lane holds where every 32-bit part of the
// vector is nonzero, one vector test. Lane by lane, GCC stored the mask and
// read it back in 8- and 16-byte pieces that straddled its stores, which
// the store buffer cannot forward: on the Xeon (Sapphire Rapids class,
// avx512 path), a timer-sampled profile of dd128 at 2^12 put a tenth of
// the radix-8 arithmetic's time on those loads.
template <class M>
  requires(!std::is_same_v<M, bool> && !std::is_same_v<M, int>)
FFFT_HD bool all_lanes(M condition) {
  if constexpr (sizeof(M) == 32) {
    const auto bits = reinterpret_cast<__m256i>(condition);
    return _mm256_testc_si256(bits, _mm256_set1_epi32(-1)) != 0;  // no bit of ~bits set
  }
#if defined(__AVX512F__)
  else if constexpr (sizeof(M) == 64) {
    const auto bits = reinterpret_cast<__m512i>(condition);
    return _mm512_test_epi32_mask(bits, bits) == 0xffff;
  }
#endif
  else {
    auto every = condition[0];
    for (int i = 1; i < static_cast<int>(sizeof(M) / sizeof(condition[0])); ++i) every &= condition[i];
    return every != 0;
  }
}

template <class V>
  requires simd::is_lane_vector<V>
FFFT_HD V add(V a, V b) { return a + b; }
template <class V>
  requires simd::is_lane_vector<V>
FFFT_HD V sub(V a, V b) { return a - b; }
template <class V>
  requires simd::is_lane_vector<V>
FFFT_HD V mul(V a, V b) { return a * b; }
template <class V>
  requires simd::is_lane_vector<V>
FFFT_HD V div(V a, V b) { return a / b; }
template <class V>
  requires simd::is_lane_vector<V>
FFFT_HD V fma(V a, V b, V c) {
  if constexpr (std::is_same_v<V, simd::f64x4>) return _mm256_fmadd_pd(a, b, c);
  else if constexpr (std::is_same_v<V, simd::f32x8>) return _mm256_fmadd_ps(a, b, c);
#if defined(__AVX512F__)
  else if constexpr (std::is_same_v<V, simd::f64x8>) return _mm512_fmadd_pd(a, b, c);
  else if constexpr (std::is_same_v<V, simd::f32x16>) return _mm512_fmadd_ps(a, b, c);
#endif
  else {
    V r;
    for (int i = 0; i < static_cast<int>(sizeof(V) / sizeof(a[0])); ++i) r[i] = std::fma(a[i], b[i], c[i]);
    return r;
  }
}
// a - b as the FMA b * (-1) + a: the product is exact, so its one
// rounding gives the correctly rounded difference, the bits of sub(a, b)
// in every lane, signed zeros, infinities and NaNs alike (the tests check
// each). Why: AMD's Zen cores add on two of their four FP pipes and
// multiply or FMA on the other two, and the expansion arithmetic is nearly
// all additions (the avx512 path's radix-8 dd128 body held 855 additions
// and subtractions to 75 FMAs), so half the pipes idled. Three of TwoSum's
// six operations and one of Fast2Sum's three as FMAs (eft.hpp) bring the
// two kinds near even (525 to 405); on a Zen 4 the radix-8 arithmetic of
// df64 and dd128 then took 0.80 of its time on the avx512 path and 0.88 on
// the avx2 path (docs/performance.md). Intel's server cores run 512-bit
// additions and FMAs on the same two ports, where it changes no
// throughput. The -1 goes through an empty asm so that no compiler folds
// the FMA back into the subtraction it equals.
template <class V>
  requires simd::is_lane_vector<V>
FFFT_HD V sub_as_fma(V a, V b) {
  V minus_one = splat<V>(-1);
  asm("" : "+v"(minus_one));
  return fma(b, minus_one, a);
}
// |a| by clearing the sign bits (as fabs: abs(-0) = +0, NaN stays NaN).
template <class V>
  requires simd::is_lane_vector<V>
FFFT_HD V abs(V a) {
  using M = typename integer_type<V>::type;  // integers of the limb's width
  using I = std::remove_cvref_t<decltype(M{}[0])>;
  const I magnitude_bits = std::numeric_limits<I>::max();  // all bits but the sign
  return reinterpret_cast<V>(reinterpret_cast<M>(a) & magnitude_bits);
}
// A lane mask, true where the limb is finite (false for NaN and +-inf).
template <class V>
  requires simd::is_lane_vector<V>
FFFT_HD auto is_finite(V a) {
  return abs(a) <= std::numeric_limits<simd::scalar_of<V>>::max();
}
// a * 2^e: exactly what ldexp gives, since the product by a power of two is
// exact or correctly rounded like ldexp's result. |e| must stay below the
// exponent range, as for all callers (butterflies, normalization).
template <class V>
  requires simd::is_lane_vector<V>
FFFT_HD V ldexp(V a, int e) {
  return a * static_cast<simd::scalar_of<V>>(std::ldexp(1.0, e));
}
#endif

}  // namespace ffft::limb
