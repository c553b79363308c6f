#include "ffft/devices.hpp"

#include "src/fft/backend.hpp"

namespace ffft {

bool built_with_cuda() { return fft::cuda_backend_built(); }

int cuda_device_count() { return fft::cuda_devices(); }

}  // namespace ffft
