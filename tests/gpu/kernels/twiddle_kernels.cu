// The twiddle kernels: one thread per index calling a twiddle source, the
// same host/device functor the host reference calls, so the device results
// can be checked bit for bit against the host's.
#include "tests/gpu/kernels/twiddle_kernels.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "kernels/device_buffer.hpp"
#include "ffft/twiddle/sources.hpp"

namespace ffft::cuda {

namespace {

// What thread i evaluates. Small trivially copyable structs passed by value
// (not device lambdas, which would need --extended-lambda).
template <class Source>
struct fixed_length {
  Source source;
  const std::uint64_t* ks;
  __device__ auto operator()(std::size_t i) const { return source(ks[i]); }
};

template <class E>
struct per_index_length {
  const std::uint64_t* ns;
  const std::uint64_t* ks;
  __device__ complex<E> operator()(std::size_t i) const {
    return computed_twiddles<E>{ns[i]}(ks[i]);
  }
};

template <class E, class Lookup>
__global__ void twiddle_kernel(Lookup lookup, complex<E>* out, std::size_t count) {
  // Grid-stride loop: any count works with a bounded grid.
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += stride) {
    out[i] = lookup(i);
  }
}

// Runs the kernel over count indices and downloads the results. The device
// memory lookup reads belongs to the caller and must outlive this call.
template <class E, class Lookup>
std::vector<complex<E>> evaluate_lookup(const Lookup& lookup, std::size_t count) {
  detail::device_buffer<complex<E>> d_out(count);
  constexpr unsigned block = 256;
  const std::size_t blocks_needed = (count + block - 1) / block;
  const unsigned grid = static_cast<unsigned>(std::min<std::size_t>(blocks_needed, 1u << 20));
  twiddle_kernel<E><<<grid, block>>>(lookup, d_out.data(), count);
  FFFT_CUDA_CHECK(cudaGetLastError());       // launch errors
  FFFT_CUDA_CHECK(cudaDeviceSynchronize());  // execution errors, reported here
  std::vector<complex<E>> out(count);
  d_out.download(out.data());
  return out;
}

// sincos_2pi divides 2^32-scaled remainders by n in 64-bit integers: n must
// fit in 32 bits, and n = 0 would be a division by zero on the device.
void check_computed_length(std::uint64_t n, const char* function) {
  if (n == 0 || n >= (std::uint64_t(1) << 32))
    throw std::invalid_argument(std::string(function) + ": length n = " + std::to_string(n) +
                                " is outside 0 < n < 2^32");
}

}  // namespace

template <class E>
std::vector<complex<E>> computed_twiddles_on_device(std::uint64_t n,
                                                    const std::vector<std::uint64_t>& ks) {
  check_computed_length(n, "computed_twiddles_on_device");
  if (ks.empty()) return {};
  detail::device_buffer<std::uint64_t> d_ks(ks.size());
  d_ks.upload(ks.data());
  const fixed_length<computed_twiddles<E>> lookup{{n}, d_ks.data()};
  return evaluate_lookup<E>(lookup, ks.size());
}

template <class E>
std::vector<complex<E>> computed_twiddles_on_device(const std::vector<std::uint64_t>& ns,
                                                    const std::vector<std::uint64_t>& ks) {
  if (ns.size() != ks.size())
    throw std::invalid_argument("computed_twiddles_on_device: " + std::to_string(ns.size()) +
                                " lengths for " + std::to_string(ks.size()) + " indices");
  for (const std::uint64_t n : ns) check_computed_length(n, "computed_twiddles_on_device");
  if (ks.empty()) return {};
  detail::device_buffer<std::uint64_t> d_ns(ns.size()), d_ks(ks.size());
  d_ns.upload(ns.data());
  d_ks.upload(ks.data());
  return evaluate_lookup<E>(per_index_length<E>{d_ns.data(), d_ks.data()}, ks.size());
}

template <class E>
std::vector<complex<E>> table_twiddles_on_device(const std::vector<complex<E>>& octant_entries,
                                                 std::uint64_t n,
                                                 const std::vector<std::uint64_t>& ks) {
  // Every index reads entry m >> step_log2 <= octant_table_size(n) - 1.
  if (n == 0) throw std::invalid_argument("table_twiddles_on_device: length n = 0");
  if (octant_entries.size() < twiddle::octant_table_size(n))
    throw std::invalid_argument("table_twiddles_on_device: " +
                                std::to_string(octant_entries.size()) +
                                " octant entries, length n = " + std::to_string(n) + " needs " +
                                std::to_string(twiddle::octant_table_size(n)));
  if (ks.empty()) return {};
  detail::device_buffer<complex<E>> d_octant(octant_entries.size());
  detail::device_buffer<std::uint64_t> d_ks(ks.size());
  d_octant.upload(octant_entries.data());
  d_ks.upload(ks.data());
  const table_twiddles<E> source{d_octant.data(), n, twiddle::octant_table_step_log2(n)};
  return evaluate_lookup<E>(fixed_length<table_twiddles<E>>{source, d_ks.data()}, ks.size());
}

#define FFFT_INSTANTIATE_TWIDDLE_KERNELS(E)                                                      \
  template std::vector<complex<E>> computed_twiddles_on_device<E>(                               \
      std::uint64_t, const std::vector<std::uint64_t>&);                                         \
  template std::vector<complex<E>> computed_twiddles_on_device<E>(                               \
      const std::vector<std::uint64_t>&, const std::vector<std::uint64_t>&);                     \
  template std::vector<complex<E>> table_twiddles_on_device<E>(                                  \
      const std::vector<complex<E>>&, std::uint64_t, const std::vector<std::uint64_t>&);
FFFT_INSTANTIATE_TWIDDLE_KERNELS(df64)
FFFT_INSTANTIATE_TWIDDLE_KERNELS(qf128)
FFFT_INSTANTIATE_TWIDDLE_KERNELS(dd128)
#undef FFFT_INSTANTIATE_TWIDDLE_KERNELS

}  // namespace ffft::cuda
