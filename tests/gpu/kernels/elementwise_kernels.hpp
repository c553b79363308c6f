// Host API of the CUDA arithmetic kernels (library ffft_cuda_arith).
//
// This header is plain C++ (no CUDA headers), so host-only code and tests
// compiled by the C++ compiler can call into the device. The definitions are
// in elementwise_kernels.cu and eft_probe_runner.cu, explicitly instantiated
// for the four formats (resp. float and double) listed below.
#pragma once

#include <cstddef>

#include "kernels/device_query.hpp"
#include "tools/accuracy/elementwise_op.hpp"
#include "ffft/eft.hpp"

namespace ffft::cuda {

// out[i] = ffft::apply(op, a[i], b[i]) for i < n, evaluated on the current
// device. a, b and out are HOST pointers; the data is copied to the device
// and back. The kernel calls the very function the host reference uses, so
// results must be bit-identical to the host's. Throws std::runtime_error on
// any CUDA error (including "no device").
template <class E>
void evaluate(elementwise_op op, const E* a, const E* b, E* out, std::size_t n);

extern template void evaluate<df64>(elementwise_op, const df64*, const df64*, df64*, std::size_t);
extern template void evaluate<qf128>(elementwise_op, const qf128*, const qf128*, qf128*, std::size_t);
extern template void evaluate<dd128>(elementwise_op, const dd128*, const dd128*, dd128*, std::size_t);
extern template void evaluate<qd256>(elementwise_op, const qd256*, const qd256*, qd256*, std::size_t);

// The error-free transforms evaluated once on the device, with operands read
// from global memory so that nothing is constant-folded at compile time.
template <class T>
struct eft_probe_result {
  // two_sum and fast_two_sum of (sum_a, sum_b) = (1, 2^-30) for float,
  // (1, 2^-60) for double: the exact error term is sum_b itself.
  T sum_a, sum_b;
  limb_pair<T> two_sum;
  limb_pair<T> fast_two_sum;
  // two_prod(prod_a, prod_b) with prod_a = prod_b = 1 + 2^-12 (float) or
  // 1 + 2^-27 (double): the exact error term is 2^-24 (resp. 2^-54).
  T prod_a, prod_b;
  limb_pair<T> two_prod;
  // Canary, for information: p = a * b; r = a * b - p written with plain
  // operators in ordinary device code. r != 0 means nvcc contracted the plain
  // code into an FMA (its default, -fmad=true). The core is immune because it
  // only uses rounding intrinsics; see limb_ops.hpp.
  T plain_product_residual;
  bool plain_code_contracted() const { return plain_product_residual != T(0); }
};

template <class T>
eft_probe_result<T> run_eft_probe();

extern template eft_probe_result<float> run_eft_probe<float>();
extern template eft_probe_result<double> run_eft_probe<double>();

}  // namespace ffft::cuda
