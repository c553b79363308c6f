// The elementwise kernel: one thread per element calling ffft::apply, the
// same host/device function the host reference calls, so the device result
// can be checked bit for bit against the host.
#include "tests/gpu/kernels/elementwise_kernels.hpp"

#include <algorithm>

#include "kernels/device_buffer.hpp"

namespace ffft::cuda {

namespace {

template <class E>
__global__ void apply_kernel(elementwise_op op, const E* a, const E* b, E* out, std::size_t n) {
  // Grid-stride loop: any n works with a bounded grid.
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    out[i] = apply(op, a[i], b[i]);
  }
}

}  // namespace

template <class E>
void evaluate(elementwise_op op, const E* a, const E* b, E* out, std::size_t n) {
  if (n == 0) return;
  detail::device_buffer<E> d_a(n), d_b(n), d_out(n);
  d_a.upload(a);
  d_b.upload(b);

  constexpr unsigned block = 256;
  const std::size_t blocks_needed = (n + block - 1) / block;
  const unsigned grid = static_cast<unsigned>(std::min<std::size_t>(blocks_needed, 1u << 20));
  apply_kernel<E><<<grid, block>>>(op, d_a.data(), d_b.data(), d_out.data(), n);
  FFFT_CUDA_CHECK(cudaGetLastError());       // launch errors
  FFFT_CUDA_CHECK(cudaDeviceSynchronize());  // execution errors, reported here
  d_out.download(out);
}

template void evaluate<df64>(elementwise_op, const df64*, const df64*, df64*, std::size_t);
template void evaluate<qf128>(elementwise_op, const qf128*, const qf128*, qf128*, std::size_t);
template void evaluate<dd128>(elementwise_op, const dd128*, const dd128*, dd128*, std::size_t);
template void evaluate<qd256>(elementwise_op, const qd256*, const qd256*, qd256*, std::size_t);

}  // namespace ffft::cuda
