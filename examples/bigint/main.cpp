// Multiplying large integers with ffft: 3^(2^k) by k squarings, each an
// exact convolution of 32-bit digits in dd128, with a check that needs no
// big-integer library: the result's low 64 bits (3^(2^k) mod 2^64 by
// machine multiplication) and its bit length (floor(2^k log2 3) + 1).
//
//   bigint_example [k]        (default 20: 3^1048576, 1,661,954 bits)
//
// Why dd128: the convolution of n/2 digits of b bits has results up to
// (n/2) 2^(2b); with b = 32 and n/2 = 2^16 digits that is 2^80, far beyond
// double's 53 bits, and dd128's 106 bits leave room for the transform's
// rounding errors (docs/convolution.md measures how much).
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "ffft/convolution.hpp"
#include "ffft/conversions.hpp"

namespace {

using digits = std::vector<std::uint32_t>;  // base 2^32, least significant first
__extension__ using int128 = __int128;

// The nearest integer to a dd128 value hi + lo (|lo| <= ulp(hi) / 2): hi is
// an integer once |hi| >= 2^52, and then lo's nearest integer completes it.
int128 nearest_integer(const ffft::dd128& y) {
  const double hi = y.limb[0], lo = y.limb[1];
  if (std::fabs(hi) < 0x1p52) return static_cast<int128>(std::llround(hi + lo));
  return static_cast<int128>(hi) + static_cast<int128>(std::llround(lo));
}

// x^2 through one convolution of x's digits with themselves.
digits square(const digits& x) {
  ffft::convolution_options o;
  o.signal_length = x.size();
  o.kernel_length = x.size();  // full mode: 2 size - 1 results
  ffft::convolution<ffft::dd128> c(o);
  std::vector<ffft::dd128> values(x.size()), products(c.output_length());
  for (std::size_t i = 0; i < x.size(); ++i) values[i] = ffft::from_double<ffft::dd128>(x[i]);
  c.set_kernel(values.data());
  c.execute(values.data(), products.data());
  digits r(products.size() + 2);
  int128 carry = 0;
  for (std::size_t i = 0; i < r.size(); ++i) {
    if (i < products.size()) carry += nearest_integer(products[i]);
    r[i] = static_cast<std::uint32_t>(carry & 0xffffffff);
    carry >>= 32;
  }
  while (r.size() > 1 && r.back() == 0) r.pop_back();
  return r;
}

std::uint64_t bit_length(const digits& x) {
  std::uint64_t top = x.back(), bits = 0;
  while (top != 0) {
    ++bits;
    top >>= 1;
  }
  return 32 * (x.size() - 1) + bits;
}

}  // namespace

int main(int argc, char** argv) {
  const int k = argc > 1 ? std::atoi(argv[1]) : 20;
  if (k < 1 || k > 26) {
    std::fprintf(stderr, "bigint_example: k must be 1 .. 26\n");
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  digits x{3};
  std::uint64_t low = 3;  // 3^(2^i) mod 2^64
  for (int i = 0; i < k; ++i) {
    x = square(x);
    low *= low;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::uint64_t got_low = x[0] | (x.size() > 1 ? std::uint64_t{x[1]} << 32 : 0);
  // 2^k log2(3) is not within 2^-40 of an integer for these k, so double
  // gives its floor.
  const auto expected_bits = static_cast<std::uint64_t>(std::floor(std::ldexp(std::log2(3.0), k))) + 1;
  std::printf("3^(2^%d): %" PRIu64 " bits (expected %" PRIu64 "), low 64 bits %016" PRIx64
              " (expected %016" PRIx64 "), %.3g s\n",
              k, bit_length(x), expected_bits, got_low, low, seconds);
  const bool exact = bit_length(x) == expected_bits && got_low == low;
  std::printf("%s\n", exact ? "exact" : "WRONG");
  return exact ? 0 : 1;
}
