// backend.hpp's CUDA functions in a build without the CUDA executor: no
// devices, no device memory, and factories that resolved_backend never
// reaches (it refuses backend::cuda here first).
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "src/fft/backend.hpp"

namespace ffft::fft {

namespace {

[[noreturn]] void no_cuda() {
  throw std::logic_error("ffft: this ffft was built without CUDA and has no CUDA backend");
}

}  // namespace

template <class E>
std::unique_ptr<complex_backend<E>> make_cuda_complex_backend(const transform_tables<E>&, std::uint64_t,
                                                              const engine_memory&) {
  no_cuda();
}

template <class E>
std::unique_ptr<real_backend<E>> make_cuda_real_backend(const transform_tables<E>&,
                                                        const std::vector<complex<E>>&, real_shape,
                                                        std::uint64_t, std::uint64_t, std::uint64_t) {
  no_cuda();
}

FFFT_INSTANTIATE_CUDA_BACKENDS

std::unique_ptr<device_memory> make_cuda_memory(std::size_t) { no_cuda(); }
std::unique_ptr<host_device_copies> make_cuda_copies(std::uint64_t) { no_cuda(); }

bool cuda_backend_built() { return false; }
int cuda_devices() { return 0; }
bool is_cuda_device_pointer(const void*) { return false; }

}  // namespace ffft::fft
