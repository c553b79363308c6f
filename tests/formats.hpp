// The formats every test is written once over.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "ffft/expansion.hpp"

namespace ffft::testing {

using all_formats = ::testing::Types<df64, qf128, dd128, qd256>;

// Names typed tests by format rather than by index.
struct format_names {
  template <class E>
  static std::string GetName(int) {
    return format_traits<E>::name;
  }
};

// Limb-for-limb identity, bit patterns included (so -0 != +0 and NaN == NaN).
template <class E>
bool bit_identical(const E& a, const E& b) {
  return std::memcmp(&a, &b, sizeof(E)) == 0;
}

}  // namespace ffft::testing
