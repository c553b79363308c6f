// The CLI's two kinds of failure and their exit statuses.
//
// An input_error is the user's to fix: invalid usage, a bad or missing
// input, a refused output path. It exits with status 2. Anything else (an
// I/O failure half-way, a CUDA error, memory exhausted at run time) exits
// with status 1. Either way the message is one line that names the problem
// and what to do; main() prefixes it with "ffft: error: ".
#pragma once

#include <cstdio>
#include <new>
#include <stdexcept>

namespace ffft::cli {

struct input_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline constexpr int exit_success = 0;
inline constexpr int exit_failure = 1;
inline constexpr int exit_input_error = 2;

// The exit status of a command that failed with e.
inline int exit_status_of(const std::exception& e) {
  return dynamic_cast<const input_error*>(&e) != nullptr ? exit_input_error : exit_failure;
}

// Prints the one error line for e on stderr and returns its exit status.
inline int report_error(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e) != nullptr)
    std::fprintf(stderr, "ffft: error: out of memory; transform fewer values at a time or use a lower precision\n");
  else
    std::fprintf(stderr, "ffft: error: %s\n", e.what());
  std::fflush(stderr);
  return exit_status_of(e);
}

}  // namespace ffft::cli
