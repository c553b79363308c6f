// Twiddles as products of two base values, the computed mode's source:
//
//   w_n^k = w_n^(M q) x w_n^r,   k = M q + r,  r < M = 2^s,  M^2 >= n,
//
// so two tables of at most M values (the coarse w_n^(M q), q < ceil(n / M),
// and the fine w_n^r) stand for all n twiddles: at n = 2^24, 8192 values
// (256 KiB in dd128) instead of 2^24, small enough to stay in cache.
//
// Why a product and not sincos per twiddle: the group kernels are bound by
// instruction issue (docs/gpu_tuning.md). One extended-precision complex
// product costs about as much as a twiddle multiplication in a butterfly;
// an extended-precision sincos costs about eight butterflies.
//
// Error: with base values within e units of the last place (computed:
// sincos_2pi, e <= 2 for df64 and dd128, 4 for qf128) the product is
// within 2e + (the complex product's own rounding) units of w_n^k;
// docs/twiddle_accuracy.md measures it against MPFR.
//
// Written once for host and device: the CPU executor fills its per-pass
// arrays with these very products, so CPU and GPU twiddles are
// bit-identical.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"

namespace ffft::twiddle {

// s = ceil(log2(n) / 2): M = 2^s is the smallest power of two with M^2 >= n.
FFFT_HD constexpr unsigned factored_fine_log2(std::uint64_t n) {
  unsigned bits = 0;
  while ((std::uint64_t{1} << bits) < n) ++bits;
  return (bits + 1) / 2;
}

// Entries of the coarse table for length n: ceil(n / M).
FFFT_HD constexpr std::uint64_t factored_coarse_size(std::uint64_t n) {
  const unsigned s = factored_fine_log2(n);
  return (n + (std::uint64_t{1} << s) - 1) >> s;
}

// The product itself. For four-limb formats on the device it is one
// out-of-line function: inline, its checked complex multiply (four checked
// four-limb products and two sums, about 1,400 SASS instructions) was copied
// into every twiddle of every butterfly and made the computed-mode qf128
// group kernel 77,774 instructions long, 7 times the table kernel's, too
// long for an SM's instruction cache. The same operations on the same
// operands: the same bits as the host's inline product.
template <class E>
FFFT_HD_OUTLINED complex<E> factor_product_call(complex<E> coarse, complex<E> fine) {
  return mul(coarse, fine);
}

template <class E>
FFFT_HD complex<E> factor_product(complex<E> coarse, complex<E> fine) {
#if defined(__CUDA_ARCH__)
  if constexpr (E::limbs == 4) return factor_product_call(coarse, fine);
  else return mul(coarse, fine);
#else
  return mul(coarse, fine);
#endif
}

template <class E>
struct factored_twiddles {
  const complex<E>* coarse;  // w_n^(M q)
  const complex<E>* fine;    // w_n^r, r < M
  unsigned fine_log2;        // s, M = 2^s

  // w_n^k (forward sign) for 0 <= k < n: no reduction modulo n.
  FFFT_HD complex<E> operator()(std::uint64_t k) const {
    const std::uint64_t fine_mask = (std::uint64_t{1} << fine_log2) - 1;
    // Plain reads, not table_load.hpp's 16-byte ones: those made the
    // computed-mode kernels longer (a radix-8 tile butterfly 2,017 to 2,151
    // SASS instructions for df64, 2,273 to 2,395 for dd128) and df64's spill.
    return factor_product(coarse[k >> fine_log2], fine[k & fine_mask]);
  }
};

}  // namespace ffft::twiddle
