#include "cli/distributed_support.hpp"

#include "ffft/distributed_plan.hpp"

namespace ffft::cli {

distributed_support distributed_support_of_this_build() {
  return {true, mpi_library_version(), mpi_is_cuda_aware()};
}

}  // namespace ffft::cli
