// The CLI's two kinds of failure and their exit statuses.
//
// An input_error is the user's to fix: invalid usage, a bad or missing
// input, a refused output path. It exits with status 2. Anything else (an
// I/O failure half-way, a CUDA error, memory exhausted at run time) exits
// with status 1. Either way the message is one line that names the problem
// and what to do; main() prefixes it with "ffft: error: ".
#pragma once

#include <stdexcept>

namespace ffft::cli {

struct input_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline constexpr int exit_success = 0;
inline constexpr int exit_failure = 1;
inline constexpr int exit_input_error = 2;

}  // namespace ffft::cli
