// The arithmetic operations as one enumerated, host-and-device function, so
// that the host reference and the CUDA kernel evaluate exactly the same code.
#pragma once

#include "ffft/arithmetic.hpp"

namespace ffft {

enum class elementwise_op { add, sub, mul, div, sqrt, add_limb, mul_limb, div_limb };

inline constexpr elementwise_op all_elementwise_ops[] = {
    elementwise_op::add,  elementwise_op::sub,      elementwise_op::mul,     elementwise_op::div,
    elementwise_op::sqrt, elementwise_op::add_limb, elementwise_op::mul_limb,
    elementwise_op::div_limb};

inline const char* name(elementwise_op op) {
  switch (op) {
    case elementwise_op::add: return "add";
    case elementwise_op::sub: return "sub";
    case elementwise_op::mul: return "mul";
    case elementwise_op::div: return "div";
    case elementwise_op::sqrt: return "sqrt";
    case elementwise_op::add_limb: return "add_limb";
    case elementwise_op::mul_limb: return "mul_limb";
    case elementwise_op::div_limb: return "div_limb";
  }
  return "?";
}

// a op b; sqrt ignores b, the *_limb operations use only b's leading limb.
template <class T, int N>
FFFT_HD expansion<T, N> apply(elementwise_op op, expansion<T, N> a, expansion<T, N> b) {
  switch (op) {
    case elementwise_op::add: return add(a, b);
    case elementwise_op::sub: return sub(a, b);
    case elementwise_op::mul: return mul(a, b);
    case elementwise_op::div: return div(a, b);
    case elementwise_op::sqrt: return sqrt(a);
    case elementwise_op::add_limb: return add(a, b[0]);
    case elementwise_op::mul_limb: return mul(a, b[0]);
    case elementwise_op::div_limb: return div(a, b[0]);
  }
  return a;
}

}  // namespace ffft
