// Compilation environment of the arithmetic core: the host/device function
// qualifier and the guards that keep error-free transforms error-free.
#pragma once

#include <cfloat>

// One source for host and device: under nvcc every core function is a
// __host__ __device__ inline function; in a plain C++ build it is plain inline.
// Forced inlining on the host too: the FFT's butterflies are long chains of
// small expansion operations, and GCC left add/sub as out-of-line calls,
// which cost 3x in the CPU executor and keep it from vectorizing.
#if defined(__CUDACC__)
#define FFFT_HD __host__ __device__ __forceinline__
#elif defined(__GNUC__)
#define FFFT_HD inline __attribute__((always_inline))
#else
#define FFFT_HD inline
#endif

// A host-and-device function kept out of line: for code that is rarely run
// (a butterfly's fallback to the checked arithmetic), so that it is compiled
// once and called, rather than copied into every caller.
#if defined(__CUDACC__)
#define FFFT_HD_OUTLINED __host__ __device__ __noinline__
#elif defined(__GNUC__)
#define FFFT_HD_OUTLINED __attribute__((noinline))
#else
#define FFFT_HD_OUTLINED
#endif

// True in nvcc's device compilation pass, where the limb operations map to the
// never-contracted rounding intrinsics (__fadd_rn, __fmaf_rn, ...).
#if defined(__CUDA_ARCH__)
#define FFFT_DEVICE_PASS 1
#else
#define FFFT_DEVICE_PASS 0
#endif

// Fast math lets the compiler prove (a + b) - a == b and silently zero every
// error term (Da Graca and Defour, RNC7, section 4). Refuse to build under it.
#if defined(__FAST_MATH__) || defined(__USE_FAST_MATH__)
#error "ffft must not be compiled with fast math: it optimizes error-free transforms away"
#endif

#if !FFFT_DEVICE_PASS
// x87 double rounding breaks TwoSum; the host must evaluate float and double
// in their own precision (SSE2 on x86-64, FLT_EVAL_METHOD == 0).
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0
#error "ffft needs FLT_EVAL_METHOD == 0 (no x87 extended-precision evaluation)"
#endif
#endif

// Full unrolling of the fixed-trip-count loops over limbs, so that limb
// arrays stay in registers in kernels.
#if defined(__CUDACC__)
#define FFFT_UNROLL _Pragma("unroll")
#elif defined(__GNUC__) && !defined(__clang__)
#define FFFT_UNROLL _Pragma("GCC unroll 32")
#else
#define FFFT_UNROLL
#endif
