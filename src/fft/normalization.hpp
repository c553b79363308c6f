// The factor a transform is scaled by: 1/n, 1/sqrt(n) or none, as the
// plan's normalization and the direction say. Computed once per plan.
#pragma once

#include <cstdint>

#include "ffft/expansion.hpp"
#include "ffft/fft/direction.hpp"
#include "ffft/fft/elementwise_steps.hpp"

namespace ffft::fft {

// 1 / n^(1/root), root = 1 or 2, applied to each component of a value:
//  - a power of two when it is one: an exact ldexp;
//  - in the 2-limb formats, 2^-e / d with d an integer below 2^p (1/n with
//    n = 2^e d; 1/sqrt(n) with n = 4^e d^2): a division by the exact limb
//    d (DWDivFP3, relative error below 3u^2, Joldes, Muller and Popescu
//    2017), then an exact ldexp;
//  - otherwise a product by 1/n^(1/root) correctly rounded from MPFR
//    (relative error at most u^N/2 in the constant, plus the product's:
//    DWTimesDW3's 4u^2 in the 2-limb formats). A constant computed in the
//    format itself (a square root, then a division) carried up to 13u^2 of
//    error into every output: in df64, 1.4 times the transform's accuracy
//    limit at n = 18 with ortho.
template <class E>
scaling<E> reciprocal_scaling(std::uint64_t n, int root);

template <class E>
scaling<E> normalization_scaling(std::uint64_t n, normalization norm, direction d) {
  if (norm == normalization::ortho) return reciprocal_scaling<E>(n, 2);
  const bool scaled = (norm == normalization::backward) == (d == direction::inverse);
  return scaled ? reciprocal_scaling<E>(n, 1) : scaling<E>{scaling<E>::kind::none, 0, {}, {}};
}

extern template scaling<df64> reciprocal_scaling<df64>(std::uint64_t, int);
extern template scaling<qf128> reciprocal_scaling<qf128>(std::uint64_t, int);
extern template scaling<dd128> reciprocal_scaling<dd128>(std::uint64_t, int);

}  // namespace ffft::fft
