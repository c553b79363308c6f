// What a complex transform's executor allocates besides its tables, the
// same request for the CPU and the CUDA executor (the CPU has no staging).
#pragma once

#include <cstdint>

namespace ffft::fft {

struct engine_memory {
  // Values of the input's and the output's spans (first to last element of
  // the batch), for CUDA's device staging buffers of host data; 0 and 0:
  // none, and execute refuses host memory.
  std::uint64_t staged_input_values = 0;
  std::uint64_t staged_output_values = 0;
  bool own_workspace = true;       // false: the caller gives one (set_workspace)
  bool minimal_workspace = false;  // one buffer, the output the second (engine/step_buffers.hpp)
};

}  // namespace ffft::fft
