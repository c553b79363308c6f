// What `ffft info` reports of the MPI library: its version, and whether it
// takes device memory (CUDA-aware), which decides how a distributed plan on
// GPU ranks would move data: straight from device buffers, or staged
// through the host (docs/distributed.md).
#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>  // Open MPI's extensions: MPIX_Query_cuda_support
#endif

#include <string>

#include "ffft/distributed_plan.hpp"

namespace ffft {

std::string mpi_library_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  MPI_Get_library_version(text, &length);  // allowed before MPI_Init
  std::string version(text, static_cast<std::size_t>(length));
  const std::size_t line_end = version.find_first_of(",\n");
  return version.substr(0, line_end);
}

bool mpi_is_cuda_aware() {
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  int initialized = 0;
  MPI_Initialized(&initialized);
  return initialized && MPIX_Query_cuda_support() == 1;
#else
  // Built without it (Debian's Open MPI: MPIX_CUDA_AWARE_SUPPORT 0), or
  // another MPI with no query: assume host memory only.
  return false;
#endif
}

}  // namespace ffft
