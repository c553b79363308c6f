// The unit in the last place of a limb, the yardstick of "correctly rounded"
// claims: ulp(x) = 2^(floor(log2 |x|) - p + 1) for normal x, the smallest
// subnormal for subnormal x and zero.
#pragma once

#include <cmath>
#include <limits>

namespace ffft::host {

template <class T>
T ulp(T x) {
  if (!(std::fabs(x) >= std::numeric_limits<T>::min())) return std::numeric_limits<T>::denorm_min();
  int exponent = 0;
  std::frexp(x, &exponent);  // |x| = f 2^exponent, f in [1/2, 1)
  return std::ldexp(T(1), exponent - std::numeric_limits<T>::digits);
}

// The unit of an expansion's last limb.
template <class E>
auto last_limb_ulp(const E& x) {
  return ulp(x[E::limbs - 1]);
}

}  // namespace ffft::host
