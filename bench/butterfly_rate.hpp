// The butterflies' arithmetic alone, timed on one core (bench/butterfly_rate.cpp):
// the library's own lane arithmetic of each CPU path (lane_butterfly_arithmetic,
// src/cpu/lane_butterfly.hpp) on operands in the L1 cache, called from a
// harness compiled once per path with that path's flags (butterfly_rate_path.cpp).
#pragma once

#include <string>

namespace butterfly_rate {

// One call's time, the fastest of many: the W butterflies of one lane group,
// their inputs first copied into place from L1 (`arithmetic_ns`); the same
// without the twiddle products, as a transform's last pass (m = 1, every
// twiddle 1) calls it (`untwiddled_ns`); and the same loop around an empty
// call (`copy_ns`).
struct call_time {
  double arithmetic_ns;
  double untwiddled_ns;
  double copy_ns;
  int lanes;  // W: butterflies a call
};

// The radix-`radix` (2, 4 or 8) forward arithmetic of `format` (df64,
// qf128 or dd128) on the path of the namespace.
namespace avx2 {
call_time measure(const std::string& format, int radix);
}
namespace avx512 {
call_time measure(const std::string& format, int radix);
}

}  // namespace butterfly_rate
