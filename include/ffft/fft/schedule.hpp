// How a length is transformed: the radices of its Stockham passes, or, for a
// length with a prime factor above 7, Bluestein's algorithm over a padded
// length that has none.
#pragma once

#include <cstdint>
#include <vector>

#include "ffft/fft/stockham_pass.hpp"

namespace ffft::fft {

// True if n = 2^a 3^b 5^c 7^d, the lengths the passes handle directly.
constexpr bool is_7_smooth(std::uint64_t n) {
  if (n == 0) return false;
  for (std::uint64_t p : {2u, 3u, 5u, 7u})
    while (n % p == 0) n /= p;
  return n == 1;
}

// The smallest 7-smooth length >= n (n >= 1).
constexpr std::uint64_t next_7_smooth(std::uint64_t n) {
  while (!is_7_smooth(n)) ++n;
  return n;
}

// The passes of a 7-smooth n: radix 8 as long as it divides, then one 4 or 2
// (fewest passes, and the cheapest butterflies per point), then 3, 5, 7.
// Length 1 has no pass.
inline std::vector<pass_shape> stockham_schedule(std::uint64_t n) {
  std::vector<int> radices;
  std::uint64_t rest = n;
  while (rest % 8 == 0) radices.push_back(8), rest /= 8;
  if (rest % 4 == 0) radices.push_back(4), rest /= 4;
  if (rest % 2 == 0) radices.push_back(2), rest /= 2;
  for (int p : {3, 5, 7})
    while (rest % static_cast<std::uint64_t>(p) == 0) radices.push_back(p), rest /= p;
  std::vector<pass_shape> passes;
  std::uint64_t l = 1;
  for (int r : radices) {
    passes.push_back({r, l, n / (l * static_cast<std::uint64_t>(r))});
    l *= static_cast<std::uint64_t>(r);
  }
  return passes;
}

// Entries of all the passes' twiddle arrays together: sum of (r - 1) m,
// less than n.
inline std::uint64_t twiddle_count(const std::vector<pass_shape>& passes) {
  std::uint64_t count = 0;
  for (const pass_shape& p : passes) count += static_cast<std::uint64_t>(p.radix - 1) * p.m;
  return count;
}

}  // namespace ffft::fft
