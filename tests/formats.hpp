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
    if constexpr (std::is_same_v<E, df64>) return "df64";
    if constexpr (std::is_same_v<E, qf128>) return "qf128";
    if constexpr (std::is_same_v<E, dd128>) return "dd128";
    if constexpr (std::is_same_v<E, qd256>) return "qd256";
    return "unknown";
  }
};

// Limb-for-limb identity, bit patterns included (so -0 != +0 and NaN == NaN).
template <class E>
bool bit_identical(const E& a, const E& b) {
  return std::memcmp(&a, &b, sizeof(E)) == 0;
}

}  // namespace ffft::testing
