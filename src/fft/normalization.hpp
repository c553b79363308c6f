// The factor a transform is scaled by: 1/n, 1/sqrt(n) or none, as the
// plan's normalization and the direction say.
#pragma once

#include <bit>
#include <cstdint>

#include "ffft/conversions.hpp"
#include "ffft/fft/direction.hpp"
#include "ffft/fft/elementwise_steps.hpp"

namespace ffft::fft {

// 1 / n^(1/root), root = 1 or 2: a power of two when it is one (exact
// ldexp), else rounded in the format (n < 2^48 is exact in every format).
template <class E>
scaling<E> reciprocal_scaling(std::uint64_t n, int root) {
  using kind = typename scaling<E>::kind;
  if (n == 1) return {kind::none, 0, {}};
  if (std::has_single_bit(n)) {
    const int log2n = std::countr_zero(n);
    if (log2n % root == 0) return {kind::power_of_two, -log2n / root, {}};
  }
  const E one = from_double<E>(1.0);
  E denominator = from_double<E>(static_cast<double>(n));
  if (root == 2) denominator = sqrt(denominator);
  return {kind::general, 0, div(one, denominator)};
}

template <class E>
scaling<E> normalization_scaling(std::uint64_t n, normalization norm, direction d) {
  if (norm == normalization::ortho) return reciprocal_scaling<E>(n, 2);
  const bool scaled = (norm == normalization::backward) == (d == direction::inverse);
  return scaled ? reciprocal_scaling<E>(n, 1) : scaling<E>{scaling<E>::kind::none, 0, {}};
}

}  // namespace ffft::fft
