// Builds without CUDA: no devices, and cuFFT rows that say why they did not
// run.
#include <stdexcept>

#include "cli/cuda_support.hpp"

namespace ffft::cli {

bool cuda_built() { return false; }

std::string cuda_runtime_version() { return ""; }

std::vector<cuda_device_info> cuda_devices() { return {}; }

external_roundtrip cufft_roundtrip(const std::vector<complex_quad>&, std::uint64_t, std::uint64_t, bool) {
  throw std::runtime_error("this ffft was built without CUDA");
}

}  // namespace ffft::cli
