// Measures the error of ffft's arithmetic against MPFR: for random operands
// of a class, the exact inputs go to MPFR, which computes the operation at
// 300 bits (more than the 212 of qd256 plus margin); the error of ffft's
// result is taken exactly, in MPFR, and expressed in units of the format's
// last bit, u^N.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "tools/accuracy/operand_classes.hpp"
#include "tools/accuracy/proven_bounds.hpp"
#include "tools/accuracy/elementwise_op.hpp"
#include "ffft/host/mpfr.hpp"

namespace ffft::accuracy {

inline constexpr mpfr_prec_t reference_precision = 300;

struct error_stats {
  long samples = 0;
  double max_units = 0;       // max |error| / |exact| in units of u^N
  double sum_sq_units = 0;    // for the rms
  long bound_violations = 0;  // samples whose error exceeds the allowed error
  double worst_excess = 0;    // max (|error| - allowed) / u^N |exact|, when violated
  double rms_units() const { return samples ? std::sqrt(sum_sq_units / samples) : 0.0; }
  void merge(const error_stats& o) {
    samples += o.samples;
    max_units = std::max(max_units, o.max_units);
    sum_sq_units += o.sum_sq_units;
    bound_violations += o.bound_violations;
    worst_excess = std::max(worst_excess, o.worst_excess);
  }
};

// The reference: op applied to the exact values of a and b, rounded once to
// reference_precision bits.
inline void reference_result(mpfr_ptr r, elementwise_op op, mpfr_srcptr a, mpfr_srcptr b,
                             mpfr_srcptr b_leading) {
  switch (op) {
    case elementwise_op::add: mpfr_add(r, a, b, MPFR_RNDN); break;
    case elementwise_op::sub: mpfr_sub(r, a, b, MPFR_RNDN); break;
    case elementwise_op::mul: mpfr_mul(r, a, b, MPFR_RNDN); break;
    case elementwise_op::div: mpfr_div(r, a, b, MPFR_RNDN); break;
    case elementwise_op::sqrt: mpfr_sqrt(r, a, MPFR_RNDN); break;
    case elementwise_op::add_limb: mpfr_add(r, a, b_leading, MPFR_RNDN); break;
    case elementwise_op::mul_limb: mpfr_mul(r, a, b_leading, MPFR_RNDN); break;
    case elementwise_op::div_limb: mpfr_div(r, a, b_leading, MPFR_RNDN); break;
  }
}

// Extra absolute error allowed in the near-underflow class, where error terms
// fall below the limb's range and accuracy becomes absolute, not relative
// (the proven bounds assume no underflow): 64 roundings to the smallest
// subnormal eta. For sqrt they perturb the radicand, so they reach the
// result divided by 2 sqrt(a).
inline double underflow_slack(elementwise_op op, double eta, double abs_exact) {
  const double perturbation = 64.0 * eta;
  return op == elementwise_op::sqrt ? perturbation / (2.0 * abs_exact) : perturbation;
}

// Runs `samples` operand pairs of class c through op and accumulates the
// error. The allowed error of a sample is bound * u^N * |exact|, plus the
// underflow slack in the near-underflow class only.
template <class E>
error_stats measure(elementwise_op op, operand_class c, long samples, std::uint64_t seed) {
  using T = typename E::limb_type;
  const double unit = last_bit_unit<E>();
  const double bound = proven_bound_units<E>(op);
  const double eta = std::numeric_limits<T>::denorm_min();

  operand_generator<E> generator(seed);
  host::mpfr_value a_mp(host::exact_precision<E>()), b_mp(host::exact_precision<E>()),
      b_lead_mp(host::exact_precision<E>()), got_mp(host::exact_precision<E>()),
      exact(reference_precision), error(reference_precision);
  error_stats stats;
  for (long i = 0; i < samples; ++i) {
    auto [a, b] = generator.operands(c, op);
    a = operand_generator<E>::prepare_for(op, a);
    const E got = apply(op, a, b);
    host::to_mpfr(a_mp, a);
    host::to_mpfr(b_mp, b);
    host::to_mpfr(b_lead_mp, from_limb<T, E::limbs>(b[0]));
    host::to_mpfr(got_mp, got);
    reference_result(exact, op, a_mp, b_mp, b_lead_mp);
    mpfr_sub(error, got_mp, exact, MPFR_RNDN);
    const double abs_error = std::fabs(mpfr_get_d(error, MPFR_RNDU));
    const double abs_exact = std::fabs(mpfr_get_d(exact, MPFR_RNDN));
    // A zero result must be exact; 0/0 counts as no error.
    const double relative = abs_error == 0 ? 0.0 : abs_error / abs_exact;
    const double units = relative / unit;
    const double allowed =
        bound * unit * abs_exact +
        (c == operand_class::near_underflow ? underflow_slack(op, eta, abs_exact) : 0.0);
    ++stats.samples;
    stats.max_units = std::max(stats.max_units, units);
    stats.sum_sq_units += units * units;
    if (!(abs_error <= allowed)) {
      ++stats.bound_violations;
      stats.worst_excess = std::max(stats.worst_excess,
                                    abs_exact > 0 ? (abs_error - allowed) / (unit * abs_exact)
                                                  : std::numeric_limits<double>::infinity());
    }
  }
  return stats;
}

}  // namespace ffft::accuracy
