#include "ffft/devices.hpp"

#if FFFT_HAVE_CUDA
#include "kernels/device_query.hpp"
#endif

namespace ffft {

bool built_with_cuda() {
#if FFFT_HAVE_CUDA
  return true;
#else
  return false;
#endif
}

int cuda_device_count() {
#if FFFT_HAVE_CUDA
  return cuda::device_count();
#else
  return 0;
#endif
}

}  // namespace ffft
