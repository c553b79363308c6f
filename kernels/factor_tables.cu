#include "kernels/factor_tables.hpp"

#include <cuda_runtime.h>

#include "kernels/cuda_check.hpp"
#include "kernels/grid_stride.cuh"

namespace ffft::cuda {

namespace {

// The sincos runs straight through (no data-dependent branches,
// twiddle/sincos.hpp), so neighbouring entries keep a warp together.
template <class E>
__global__ void factor_tables_kernel(twiddle::factor_tables_shape shape, complex<E>* entries) {
  FFFT_GRID_STRIDE_LOOP(j, shape.size()) entries[j] = twiddle::factor_table_entry<E>(shape, j);
}

}  // namespace

template <class E>
void make_factor_tables(const twiddle::factor_tables_shape& shape, complex<E>* entries,
                        CUstream_st* stream) {
  factor_tables_kernel<E>
      <<<elementwise_grid(shape.size()), elementwise_block, 0, stream>>>(shape, entries);
  FFFT_CUDA_CHECK(cudaGetLastError());
}

template void make_factor_tables<df64>(const twiddle::factor_tables_shape&, complex<df64>*, CUstream_st*);
template void make_factor_tables<qf128>(const twiddle::factor_tables_shape&, complex<qf128>*, CUstream_st*);
template void make_factor_tables<dd128>(const twiddle::factor_tables_shape&, complex<dd128>*, CUstream_st*);

}  // namespace ffft::cuda
