// Turning CUDA runtime errors into exceptions. Host code only (CUDA runtime).
//
// Every runtime call in ffft goes through FFFT_CUDA_CHECK, so a failure is
// reported where it happened (expression, file, line, CUDA's own message)
// instead of surfacing later as garbage results from an unchecked copy.
#pragma once

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

namespace ffft::cuda::detail {

inline void check(cudaError_t status, const char* expression, const char* file, int line) {
  if (status == cudaSuccess) return;
  // Non-sticky errors are also latched in the runtime's per-thread "last
  // error"; clear it so a caller that handles the exception starts clean.
  (void)cudaGetLastError();
  throw std::runtime_error(std::string(file) + ":" + std::to_string(line) + ": " + expression +
                           " failed: " + cudaGetErrorName(status) + ": " +
                           cudaGetErrorString(status));
}

}  // namespace ffft::cuda::detail

#define FFFT_CUDA_CHECK(expression) \
  ::ffft::cuda::detail::check((expression), #expression, __FILE__, __LINE__)
