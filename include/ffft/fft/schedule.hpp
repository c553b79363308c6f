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

// Where a schedule puts its one radix-4 or radix-2 pass (the short pass of
// a power of 2 that is not a power of 8): after the radix-8 passes, or
// before them; or before them with a radix 2 and one radix 8 made two
// radix 4s (2^10 = [4 4 8 8], not [2 8 8 8]: as many passes).
enum class short_pass { last, first, first_in_fours };

// The short pass of format E's schedules. A transform's last pass (m = 1)
// multiplies by no twiddles (twiddled_dft.hpp), so with the short pass
// first the radix-8 pass is the one without them, and a transform skips
// 7/8 of a complex product a value instead of 1/2 (radix 2) or 3/4
// (radix 4): the arithmetic alone of qf128 at 2^10 = [8 8 8 2] comes to
// 441 cycles a value as [2 8 8 8] against 474 (ffft_butterfly_rate, Zen 4,
// avx512), of dd128 at 2^13 to 49.1 against 51.0. Timed (the Zen 4: AMD
// EPYC, 1 MiB of L2; batches of 2^18 points, one thread, best of 3
// interleaved runs of ffft_transform_loop), short first against last
// took this much of the time:
//   avx512 qf128 2^10 2^11 2^13 2^16 2^19 2^20 2^22: 0.94 0.99 0.95 0.95 0.98 0.99 0.98
//          dd128 2^10 2^11 2^13 2^14 2^16 2^17 2^19 2^22: 0.92 0.98 0.94 0.97 0.94 0.89 0.95 0.90
//   avx2   qf128 2^10 2^11 2^13 2^16 2^17 2^19 2^20 2^22: 0.94 0.98 0.95 0.95 0.99 0.97 0.99 0.97
//          dd128 2^10 2^11 2^13 2^16 2^17 2^19 2^22: 1.00 0.98 0.96 0.98 0.97 1.00 0.95
// and dd128 at 2^20 = 8^6 x 4, grouped [4 8 8][8 8][8 8] instead of
// [8 8][8 8][8 8 4], 1.02-1.03 on both paths. df64 keeps its short pass
// last, where its lanes run the last two passes as one step
// (stockham_last_two_butterflies): its timings of the two orders
// disagreed from series to series on a noisy host (0.66-1.13 of the time
// by N and series), so it stays as it was.
//
// dd128's radix 2 goes into two radix 4s. A radix-2 lane group is one short
// chain of dependent operations (a complex product, then a sum and a
// difference): 143 cycles a call on the Zen 4 for dd128's 8 points (avx2;
// 106 for 16 on avx512), against 194 for a radix 4's 16 points and 433 for
// a radix 8's 32 (ffft_butterfly_rate), so on avx2 [4 4 8 8] is 0.87 of
// [2 8 8 8]'s arithmetic. Timed (the Zen 4, as above; best of 5, of 3 at
// 2^19 and 2^22), [4 4 8 ...] against [2 8 8 ...] took this much of the time:
//   avx512 dd128 2^10 2^13 2^16 2^19 2^22: 0.94-0.95 0.945-0.955 0.98 1.00 0.955
//   avx2   dd128 2^10 2^13 2^16 2^19 2^22: 0.97-0.975 0.99-1.005 0.98 0.96 0.99
// and one transform of 2^13 1.00 and 1.01; qf128, whose radix-4 and
// radix-2 arithmetic costs the same a point as the radix 8 it replaces,
// 0.99-1.01 on both paths, so it keeps [2 8 8 ...].
template <class E>
inline constexpr short_pass short_pass_of =
    E::limbs == 2 && sizeof(typename E::limb_type) == 4 ? short_pass::last
    : E::limbs == 2                                     ? short_pass::first_in_fours
                                                        : short_pass::first;

// The passes of a 7-smooth n: radix 8 as long as it divides, with one 4 or
// 2 after or before them (fewest passes, and the cheapest butterflies per
// point; first_in_fours: a 2 and one 8 as two 4s before them), then 3, 5,
// 7. Length 1 has no pass.
inline std::vector<pass_shape> stockham_schedule(std::uint64_t n, short_pass where = short_pass::last) {
  std::vector<int> radices;
  std::uint64_t rest = n;
  int eights = 0;
  while (rest % 8 == 0) ++eights, rest /= 8;
  const int short_radix = rest % 4 == 0 ? 4 : rest % 2 == 0 ? 2 : 1;
  rest /= static_cast<std::uint64_t>(short_radix);
  const bool first = where != short_pass::last;
  if (where == short_pass::first_in_fours && short_radix == 2 && eights > 0)
    radices.insert(radices.end(), {4, 4}), --eights;
  else if (first && short_radix > 1)
    radices.push_back(short_radix);
  radices.insert(radices.end(), static_cast<std::size_t>(eights), 8);
  if (where == short_pass::last && short_radix > 1) radices.push_back(short_radix);
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

// Format E's schedule of n.
template <class E>
std::vector<pass_shape> stockham_schedule_of(std::uint64_t n) {
  return stockham_schedule(n, short_pass_of<E>);
}

// Entries of all the passes' twiddle arrays together: sum of (r - 1) m,
// less than n.
inline std::uint64_t twiddle_count(const std::vector<pass_shape>& passes) {
  std::uint64_t count = 0;
  for (const pass_shape& p : passes) count += static_cast<std::uint64_t>(p.radix - 1) * p.m;
  return count;
}

}  // namespace ffft::fft
