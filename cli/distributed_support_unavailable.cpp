#include "cli/distributed_support.hpp"

#include <string>

#include "cli/errors.hpp"

namespace ffft::cli {

distributed_support distributed_support_of_this_build() { return {}; }

int run_distributed_transform(const transform_command&) {
  if (launcher_rank() != 0) return exit_input_error;  // rank 0 says why
  throw input_error("this ffft was built without MPI, so it cannot transform across " +
                    std::to_string(launcher_ranks()) +
                    " processes; run it without mpirun, or rebuild with Open MPI installed");
}

}  // namespace ffft::cli
