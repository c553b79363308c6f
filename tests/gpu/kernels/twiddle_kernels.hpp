// Host API of the twiddle kernels (library ffft_cuda_arith): the two twiddle
// sources of ffft/twiddle/sources.hpp evaluated on the device, so tests can
// check them bit for bit against the same functors run on the host.
//
// Plain C++ like elementwise_kernels.hpp: no CUDA headers, callable from code
// the C++ compiler builds. Definitions in twiddle_kernels.cu, explicitly
// instantiated for df64, qf128 and dd128, the formats sincos_2pi supports
// (qd256 would need more generated Taylor coefficients).
//
// All functions copy their inputs to the current device and the results back,
// and return results in the order of ks. Invalid arguments throw
// std::invalid_argument before any device work; CUDA errors (including "no
// device") throw std::runtime_error naming the failing call. Empty ks returns
// an empty vector without touching the device.
#pragma once

#include <cstdint>
#include <vector>

#include "ffft/complex.hpp"

namespace ffft::cuda {

// computed_twiddles<E>{n}(k) for each k in ks: w_n^k = exp(-2 pi i k / n).
// Requires 0 < n < 2^32 (sincos_2pi's range); k may be any value.
template <class E>
std::vector<complex<E>> computed_twiddles_on_device(std::uint64_t n,
                                                    const std::vector<std::uint64_t>& ks);

// computed_twiddles<E>{ns[i]}(ks[i]) for each i: many lengths in one launch.
// ns and ks must have the same size, and every n satisfy 0 < n < 2^32.
template <class E>
std::vector<complex<E>> computed_twiddles_on_device(const std::vector<std::uint64_t>& ns,
                                                    const std::vector<std::uint64_t>& ks);

// table_twiddles<E>{table, n, twiddle::octant_table_step_log2(n)}(k) for each
// k in ks, table being a device copy of octant_entries (the first-octant
// table for length n, e.g. host::twiddle_table<E>::octant_entries()).
// Requires n > 0 and at least twiddle::octant_table_size(n) entries: the
// device would otherwise read out of bounds.
template <class E>
std::vector<complex<E>> table_twiddles_on_device(const std::vector<complex<E>>& octant_entries,
                                                 std::uint64_t n,
                                                 const std::vector<std::uint64_t>& ks);

#define FFFT_DECLARE_TWIDDLE_KERNELS(E)                                                          \
  extern template std::vector<complex<E>> computed_twiddles_on_device<E>(                        \
      std::uint64_t, const std::vector<std::uint64_t>&);                                         \
  extern template std::vector<complex<E>> computed_twiddles_on_device<E>(                        \
      const std::vector<std::uint64_t>&, const std::vector<std::uint64_t>&);                     \
  extern template std::vector<complex<E>> table_twiddles_on_device<E>(                           \
      const std::vector<complex<E>>&, std::uint64_t, const std::vector<std::uint64_t>&);
FFFT_DECLARE_TWIDDLE_KERNELS(df64)
FFFT_DECLARE_TWIDDLE_KERNELS(qf128)
FFFT_DECLARE_TWIDDLE_KERNELS(dd128)
#undef FFFT_DECLARE_TWIDDLE_KERNELS

}  // namespace ffft::cuda
