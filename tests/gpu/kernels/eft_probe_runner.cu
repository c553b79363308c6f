// Runs the error-free transforms once on the device (run_eft_probe), so a
// test can check on real hardware that their error terms are exact, and
// reports whether nvcc contracts plain, non-intrinsic code.
#include <cmath>

#include "kernels/device_buffer.hpp"
#include "tests/gpu/kernels/elementwise_kernels.hpp"

namespace ffft::cuda {

namespace {

// Slots of the probe's input and output arrays.
enum input_slot {
  in_sum_a, in_sum_b, in_prod_a, in_prod_b, in_canary_a, in_canary_b, input_count
};
enum output_slot {
  out_two_sum_hi, out_two_sum_lo, out_fast_two_sum_hi, out_fast_two_sum_lo,
  out_two_prod_hi, out_two_prod_lo, out_plain_product, out_plain_residual, output_count
};

template <class T>
__global__ void eft_probe_kernel(const T* in, T* out) {
  // Operands come from global memory: with literals nvcc would fold
  // everything at compile time and the probe would test nothing.
  const T sum_a = in[in_sum_a], sum_b = in[in_sum_b];
  const T prod_a = in[in_prod_a], prod_b = in[in_prod_b];

  const limb_pair<T> s = two_sum(sum_a, sum_b);
  const limb_pair<T> f = fast_two_sum(sum_a, sum_b);
  const limb_pair<T> p = two_prod(prod_a, prod_b);
  out[out_two_sum_hi] = s.hi;
  out[out_two_sum_lo] = s.lo;
  out[out_fast_two_sum_hi] = f.hi;
  out[out_fast_two_sum_lo] = f.lo;
  out[out_two_prod_hi] = p.hi;
  out[out_two_prod_lo] = p.lo;

  // The canary: the textbook TwoProd error term written with plain
  // operators. Uncontracted it is exactly 0; contracted into
  // fma(a, b, -p) it is the exact error. Deliberately NOT core code. The
  // second product reads its own copies of the operands: from the same
  // registers, nvcc would merge the two products and compute p - p.
  const T plain_product = prod_a * prod_b;
  out[out_plain_product] = plain_product;
  out[out_plain_residual] = in[in_canary_a] * in[in_canary_b] - plain_product;
}

}  // namespace

template <class T>
eft_probe_result<T> run_eft_probe() {
  // 2^-30 (float) / 2^-60 (double) lies far below half an ulp of 1, so the
  // rounded sum is 1 and the whole addend is the error term; (1 + 2^-k)^2
  // with 2k > p needs 2k + 1 bits, so its low 2^-2k is the product's error.
  constexpr bool is_float = sizeof(T) == sizeof(float);
  T in[input_count];
  in[in_sum_a] = T(1);
  in[in_sum_b] = std::ldexp(T(1), is_float ? -30 : -60);
  in[in_prod_a] = T(1) + std::ldexp(T(1), is_float ? -12 : -27);
  in[in_prod_b] = in[in_prod_a];
  in[in_canary_a] = in[in_prod_a];
  in[in_canary_b] = in[in_prod_b];

  detail::device_buffer<T> d_in(input_count), d_out(output_count);
  d_in.upload(in);
  eft_probe_kernel<T><<<1, 1>>>(d_in.data(), d_out.data());
  FFFT_CUDA_CHECK(cudaGetLastError());
  FFFT_CUDA_CHECK(cudaDeviceSynchronize());
  T out[output_count];
  d_out.download(out);

  eft_probe_result<T> r{};
  r.sum_a = in[in_sum_a];
  r.sum_b = in[in_sum_b];
  r.two_sum = {out[out_two_sum_hi], out[out_two_sum_lo]};
  r.fast_two_sum = {out[out_fast_two_sum_hi], out[out_fast_two_sum_lo]};
  r.prod_a = in[in_prod_a];
  r.prod_b = in[in_prod_b];
  r.two_prod = {out[out_two_prod_hi], out[out_two_prod_lo]};
  r.plain_product_residual = out[out_plain_residual];
  return r;
}

template eft_probe_result<float> run_eft_probe<float>();
template eft_probe_result<double> run_eft_probe<double>();

}  // namespace ffft::cuda
