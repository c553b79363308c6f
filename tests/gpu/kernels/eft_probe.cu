// PTX probes: minimal kernels around the core's error-free transforms,
// compiled to PTX at build time (target ffft_eft_probe_ptx) and never run.
// tests/gpu/test_eft_ptx.cpp reads that PTX and checks that nvcc kept each
// transform as written: every addition an explicitly rounded add.rn (which
// ptxas may not fuse), no FMA where none was written, exactly one where
// TwoProd wants it. extern "C" keeps the .entry names unmangled.
//
// Operands are loaded from global memory so nothing constant-folds.
#include "tools/accuracy/elementwise_op.hpp"
#include "ffft/arithmetic.hpp"
#include "ffft/eft.hpp"
#include "ffft/twiddle/sincos.hpp"

extern "C" __global__ void ffft_probe_two_sum_f32(const float* in, float* out) {
  const ffft::limb_pair<float> r = ffft::two_sum(in[0], in[1]);
  out[0] = r.hi;
  out[1] = r.lo;
}

extern "C" __global__ void ffft_probe_fast_two_sum_f32(const float* in, float* out) {
  const ffft::limb_pair<float> r = ffft::fast_two_sum(in[0], in[1]);
  out[0] = r.hi;
  out[1] = r.lo;
}

extern "C" __global__ void ffft_probe_two_prod_f32(const float* in, float* out) {
  const ffft::limb_pair<float> r = ffft::two_prod(in[0], in[1]);
  out[0] = r.hi;
  out[1] = r.lo;
}

extern "C" __global__ void ffft_probe_df64_add(const ffft::df64* a, const ffft::df64* b,
                                               ffft::df64* out) {
  out[0] = ffft::add(a[0], b[0]);
}

// Control, not core code: the TwoProd error term with plain operators (the
// second product from its own operand copies, so it is not merged with p).
// The test only reports what nvcc made of it: under the default -fmad=true
// it leaves unrounded mul.f32 / sub.f32 that ptxas fuses into an FMA, which
// is why the core must use the rounding intrinsics.
extern "C" __global__ void ffft_probe_plain_product_residual_f32(const float* in, float* out) {
  const float p = in[0] * in[1];
  out[0] = p;
  out[1] = in[2] * in[3] - p;
}

// Every operation of every format, as the elementwise kernel runs them: the
// test checks that all their arithmetic is correctly rounded IEEE (.rn, no
// .ftz / .approx), the condition for device results bit-identical to the
// host's, checkable without a GPU.
#define FFFT_APPLY_PROBE(format)                                                         \
  extern "C" __global__ void ffft_probe_apply_##format(                                  \
      ffft::elementwise_op op, const ffft::format* a, const ffft::format* b,             \
      ffft::format* out) {                                                               \
    out[0] = ffft::apply(op, a[0], b[0]);                                                \
  }
FFFT_APPLY_PROBE(df64)
FFFT_APPLY_PROBE(qf128)
FFFT_APPLY_PROBE(dd128)
FFFT_APPLY_PROBE(qd256)
#undef FFFT_APPLY_PROBE

// The twiddle generator of the `computed` mode (twiddle/sincos.hpp), whole:
// integer reduction and long division, the series, the unfolding. Its
// device values must equal the host's bit for bit like apply()'s, so the
// same audit applies. k and n come from memory: with literals nvcc would
// evaluate the whole function at compile time.
#define FFFT_SINCOS_PROBE(format)                                                         \
  extern "C" __global__ void ffft_probe_sincos_##format(                                  \
      const std::uint64_t* k, const std::uint64_t* n, ffft::format* out) {                \
    const ffft::twiddle::sincos_value<ffft::format> v =                                   \
        ffft::twiddle::sincos_2pi<ffft::format>(k[0], n[0]);                              \
    out[0] = v.cos;                                                                       \
    out[1] = v.sin;                                                                       \
  }
FFFT_SINCOS_PROBE(df64)
FFFT_SINCOS_PROBE(qf128)
FFFT_SINCOS_PROBE(dd128)
#undef FFFT_SINCOS_PROBE
