// The computed mode's factor tables made on the device: one thread per
// entry evaluates twiddle::factor_table_entry, the very function the host
// evaluates for the CPU executor's tables (src/fft/tables.cpp), so the two
// are the same bits. A GPU plan in computed mode thus runs no sincos on the
// host and uploads nothing but its passes.
//
// Plain C++ (no CUDA headers): the engines and the GPU tests include it.
#pragma once

#include "ffft/complex.hpp"
#include "ffft/twiddle/factor_tables.hpp"

struct CUstream_st;

namespace ffft::cuda {

// Fills entries[0 .. shape.size()) (device memory) on `stream`; returns once
// the kernel is enqueued. Throws std::runtime_error naming a failed call.
template <class E>
void make_factor_tables(const twiddle::factor_tables_shape& shape, complex<E>* entries,
                        CUstream_st* stream);

extern template void make_factor_tables<df64>(const twiddle::factor_tables_shape&, complex<df64>*,
                                              CUstream_st*);
extern template void make_factor_tables<qf128>(const twiddle::factor_tables_shape&, complex<qf128>*,
                                               CUstream_st*);
extern template void make_factor_tables<dd128>(const twiddle::factor_tables_shape&, complex<dd128>*,
                                               CUstream_st*);

}  // namespace ffft::cuda
