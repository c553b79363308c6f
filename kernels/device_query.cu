#include "kernels/device_query.hpp"

#include <cuda_runtime.h>

namespace ffft::cuda {

int device_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    // No driver, no device, or a driver older than the runtime: all mean
    // "nothing to run on". Clear the latched error so later calls start clean.
    (void)cudaGetLastError();
    return 0;
  }
  return count;
}

bool is_device_pointer(const void* p) {
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess) {
    (void)cudaGetLastError();  // no device, or memory CUDA does not know: host memory
    return false;
  }
  return attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged;
}

}  // namespace ffft::cuda
