// Refusing work that cannot fit in memory before allocating any of it: a
// std::bad_alloc half-way (or the OOM killer) helps nobody.
#pragma once

#include <cstdint>
#include <string>

namespace ffft::cli {

// Bytes of memory available now (MemAvailable of /proc/meminfo, else free
// physical pages).
std::uint64_t available_memory_bytes();

// Throws input_error if `bytes` exceed the available memory; `what` says
// what needs them ("a df64 transform of 2^20 x 4 values").
void require_memory(std::uint64_t bytes, const std::string& what);

// Saturating a * b, for size estimates of absurd inputs.
std::uint64_t saturating_multiply(std::uint64_t a, std::uint64_t b);

}  // namespace ffft::cli
