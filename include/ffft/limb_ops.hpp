// Correctly rounded operations on one limb (float or double), the only
// floating-point operations the arithmetic core performs.
//
// On the device each maps to a rounding intrinsic (__fadd_rn, __fmaf_rn,
// __dadd_rn, ...), which nvcc never contracts into an FMA, whatever -fmad says.
// On the host they are plain operators; the build compiles host code with
// -ffp-contract=off and with hardware FMA so std::fma is one instruction.
#pragma once

#include <cmath>

#include "ffft/config.hpp"

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

}  // namespace ffft::limb
