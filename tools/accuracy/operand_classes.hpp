// Random operands for accuracy measurements, in the classes that stress
// extended-precision arithmetic. Every operand is a normalized expansion:
// each limb below the first is smaller than half an ulp of the one above
// (or exactly half an ulp, in the near-ties class).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <utility>

#include "tools/accuracy/elementwise_op.hpp"
#include "ffft/arithmetic.hpp"

namespace ffft::accuracy {

enum class operand_class {
  mixed_exponents,  // exponents spread over the range every result stays normal in
  cancellation,     // a + b (or a - b) loses many leading bits
  near_ties,        // limbs at exactly half an ulp, sums landing on rounding ties
  powers_of_two,    // one operand an exact power of two
  signed_zeros,     // one or both operands +0 or -0
  near_underflow,   // the lowest limb at or below the limb's subnormal threshold
};

inline constexpr operand_class all_operand_classes[] = {
    operand_class::mixed_exponents, operand_class::cancellation, operand_class::near_ties,
    operand_class::powers_of_two,   operand_class::signed_zeros, operand_class::near_underflow};

inline const char* name(operand_class c) {
  switch (c) {
    case operand_class::mixed_exponents: return "mixed exponents";
    case operand_class::cancellation: return "cancellation";
    case operand_class::near_ties: return "near ties";
    case operand_class::powers_of_two: return "powers of two";
    case operand_class::signed_zeros: return "signed zeros";
    case operand_class::near_underflow: return "near underflow";
  }
  return "?";
}

template <class E>
class operand_generator {
 public:
  using T = typename E::limb_type;
  static constexpr int N = E::limbs;
  static constexpr int p = std::numeric_limits<T>::digits;

  explicit operand_generator(std::uint64_t seed) : rng_(seed) {}

  // Leading-limb exponents within +-spread keep products, quotients and their
  // lowest limbs normal: the lowest limb sits about (N - 1) p + 2 bits below
  // the leading one, and the limb type's normal range is min_exponent..max.
  static constexpr int spread() {
    const int normal_range = -std::numeric_limits<T>::min_exponent;
    return (normal_range - (N - 1) * p - 8) / 2 - 2;
  }
  // Leading exponent at which the lowest limb reaches the subnormal range.
  static constexpr int underflow_exponent() {
    return std::numeric_limits<T>::min_exponent + (N - 1) * p;
  }

  // A pair (a, b) of the class for operation op.
  std::pair<E, E> operands(operand_class c, elementwise_op op) {
    switch (c) {
      case operand_class::mixed_exponents:
        return {random_expansion(uniform_int(-spread(), spread())),
                random_expansion(uniform_int(-spread(), spread()))};
      case operand_class::cancellation: return cancelling_pair(op);
      case operand_class::near_ties: {
        const int e = uniform_int(-8, 8);
        return {tie_expansion(e), tie_expansion(e + uniform_int(-p - 2, 2))};
      }
      case operand_class::powers_of_two: {
        E power = from_limb<T, N>(random_sign() * std::ldexp(T(1), uniform_int(-spread(), spread())));
        E other = random_expansion(uniform_int(-spread(), spread()));
        return coin() ? std::pair{power, other} : std::pair{other, power};
      }
      case operand_class::signed_zeros: {
        E zero = from_limb<T, N>(coin() ? T(0) : -T(0));
        E other = coin() ? random_expansion(uniform_int(-spread(), spread()))
                         : from_limb<T, N>(coin() ? T(0) : -T(0));
        const bool division = op == elementwise_op::div || op == elementwise_op::div_limb;
        if (division && other[0] == T(0)) other = random_expansion(0);
        if (division || coin()) return {zero, other};
        return {other, zero};
      }
      case operand_class::near_underflow: {
        const int e = underflow_exponent() + uniform_int(-p / 2, p / 2);
        // Sums and differences at the threshold, products and quotients by
        // factors near one so the result stays there too.
        const bool additive = op == elementwise_op::add || op == elementwise_op::sub ||
                              op == elementwise_op::add_limb;
        return {random_expansion(e),
                random_expansion(additive ? e + uniform_int(-4, 4) : uniform_int(-2, 2))};
      }
    }
    return {};
  }

  // sqrt takes |a|.
  static E prepare_for(elementwise_op op, E a) {
    return op == elementwise_op::sqrt && a[0] < T(0) ? neg(a) : a;
  }

 private:
  int uniform_int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin() { return (rng_() & 1) != 0; }
  T random_sign() { return coin() ? T(1) : T(-1); }
  // A p-bit significand in [1, 2).
  T random_significand() {
    const std::uint64_t bits = rng_() >> (64 - (p - 1));
    return T(1) + std::ldexp(static_cast<T>(bits), -(p - 1));
  }

  // Leading limb 2^e * [1, 2), each next limb below half an ulp of the last
  // by a random gap of 0 to 3 bits; now and then the expansion ends early
  // (zero limbs are trailing only: a zero limb forces all below it to zero).
  E random_expansion(int e) {
    E x{};
    x[0] = random_sign() * std::ldexp(random_significand(), e);
    int lsb = e - (p - 1);  // exponent of the last limb's ulp
    for (int i = 1; i < N; ++i) {
      if (uniform_int(0, 15) == 0) break;
      const int gap = uniform_int(0, 3);
      // |limb| in [2^(lsb-2-gap), 2^(lsb-1-gap)) < ulp / 2.
      x[i] = random_sign() * std::ldexp(random_significand(), lsb - 2 - gap);
      lsb = lsb - 2 - gap - (p - 1);
    }
    return x;
  }

  // Like random_expansion, but every lower limb is exactly +-ulp/2 of the
  // limb above, whose significand is made even so that the pair is still
  // the round-to-nearest-even split of its value.
  E tie_expansion(int e) {
    E x{};
    T lead = std::ldexp(random_significand(), e);
    x[0] = random_sign() * make_even(lead, e);
    int ulp_exponent = e - (p - 1);
    for (int i = 1; i < N; ++i) {
      const T half_ulp = std::ldexp(T(1), ulp_exponent - 1);
      x[i] = random_sign() * half_ulp;
      ulp_exponent = ulp_exponent - 1 - (p - 1);
    }
    return x;
  }

  static T make_even(T x, int e) {
    const T ulp = std::ldexp(T(1), e - (p - 1));
    const T units = std::round(x / ulp);
    return std::fmod(units, T(2)) == T(0) ? x : x + ulp;
  }

  // b close to -a (for add) or to a (for sub), differing from the k-th
  // limb on, so the leading bits of the result cancel; sometimes exactly.
  std::pair<E, E> cancelling_pair(elementwise_op op) {
    const E a = random_expansion(uniform_int(-8, 8));
    const int shift = uniform_int(1, N * p + 8);
    E b = op == elementwise_op::sub ? a : neg(a);
    if (uniform_int(0, 31) != 0) {
      const E tiny = random_expansion(static_cast<int>(std::ilogb(a[0])) - shift);
      b = add(b, tiny);
    }
    return {a, b};
  }

  std::mt19937_64 rng_;
};

}  // namespace ffft::accuracy
