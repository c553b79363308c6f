// The relative error bounds ffft relies on, per operation and limb count, in
// units of u^N (u the limb's unit roundoff): units of the format's last bit,
// 2^-48 for df64, 2^-96 for qf128, 2^-106 for dd128, 2^-212 for qd256.
// Sources: include/ffft/double_word.hpp and quad_word.hpp, docs/arithmetic.md.
#pragma once

#include <cmath>

#include "tools/accuracy/elementwise_op.hpp"
#include "ffft/expansion.hpp"

namespace ffft::accuracy {

// u is needed for the 2-limb add's 3u^2 + 13u^3.
inline double proven_bound_units(elementwise_op op, int limbs, double u) {
  if (limbs == 2) {
    switch (op) {
      case elementwise_op::add:
      case elementwise_op::sub: return 3.0 + 13.0 * u;  // AccurateDWPlusDW
      case elementwise_op::add_limb: return 2.0;         // DWPlusFP
      case elementwise_op::mul_limb: return 2.0;         // DWTimesFP3
      case elementwise_op::mul: return 4.0;              // DWTimesDW3
      case elementwise_op::div: return 9.8;              // DWDivDW3
      case elementwise_op::div_limb: return 3.0;         // DWDivFP3
      case elementwise_op::sqrt: return 25.0 / 8.0;      // SQRTDWtoDW
    }
  } else {
    switch (op) {
      case elementwise_op::add:
      case elementwise_op::sub:
      case elementwise_op::add_limb: return 16.0;  // merge + renormalization
      case elementwise_op::mul:
      case elementwise_op::mul_limb:
      case elementwise_op::div:
      case elementwise_op::div_limb: return 17.0;  // + O(u^5) dropped terms
      case elementwise_op::sqrt: return 25.0;  // two Newton steps
    }
  }
  return 0.0;
}

// The bound of op in format E, in units of u^N.
template <class E>
double proven_bound_units(elementwise_op op) {
  return proven_bound_units(op, E::limbs, format_traits<E>::unit_roundoff);
}

// The format's last bit, u^N, as a double.
template <class E>
double last_bit_unit() {
  return std::ldexp(1.0, -format_traits<E>::precision);
}

}  // namespace ffft::accuracy
