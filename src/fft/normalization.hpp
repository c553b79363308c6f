// The factor a transform is scaled by: 1/n, 1/sqrt(n) or none, as the
// plan's normalization and the direction say.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>

#include "ffft/conversions.hpp"
#include "ffft/fft/direction.hpp"
#include "ffft/fft/elementwise_steps.hpp"

namespace ffft::fft {

// 1 / n^(1/root), root = 1 or 2: a power of two when it is one (exact
// ldexp). In the 2-limb formats 1/n = 2^-e / m is a division by the odd part
// m, exact as a limb below 2^p: DWDivFP3's 3u^2 against about 14u^2 for the
// product with 1/n rounded to the format (DWDivDW3 then DWTimesDW3), which at
// small n cost the inverse 1.7 times its accuracy limit in df64. The 4-limb
// formats multiply by the rounded 1/n: their error (about 34 u^4) is far
// below their limits, and their division costs several multiplications.
// n < 2^48 is exact in every format.
template <class E>
scaling<E> reciprocal_scaling(std::uint64_t n, int root) {
  using kind = typename scaling<E>::kind;
  using T = typename E::limb_type;
  if (n == 1) return {kind::none, 0, {}, {}};
  const int twos = std::countr_zero(n);
  const std::uint64_t odd = n >> twos;
  if (odd == 1 && twos % root == 0) return {kind::power_of_two, -twos / root, {}, {}};
  constexpr std::uint64_t exact_limb_limit = std::uint64_t{1} << std::numeric_limits<T>::digits;
  if (E::limbs == 2 && root == 1 && odd < exact_limb_limit)
    return {kind::quotient, -twos, {}, static_cast<T>(odd)};
  const E one = from_double<E>(1.0);
  E denominator = from_double<E>(static_cast<double>(n));
  if (root == 2) denominator = sqrt(denominator);
  return {kind::product, 0, div(one, denominator), {}};
}

template <class E>
scaling<E> normalization_scaling(std::uint64_t n, normalization norm, direction d) {
  if (norm == normalization::ortho) return reciprocal_scaling<E>(n, 2);
  const bool scaled = (norm == normalization::backward) == (d == direction::inverse);
  return scaled ? reciprocal_scaling<E>(n, 1) : scaling<E>{scaling<E>::kind::none, 0, {}, {}};
}

}  // namespace ffft::fft
