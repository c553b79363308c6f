// Twiddles on the device must be bit-identical to the host's: both sources
// (computed_twiddles, table_twiddles) are the same host/device functors on
// both sides, sincos_2pi reduces in integers and otherwise uses only
// correctly rounded limb operations (test_eft_ptx audits its PTX), and a
// table lookup only moves, swaps and negates limbs. A difference means a
// compiler transformed the arithmetic on one side, and an FFT would give
// different results on the GPU than the host reference. Skips without a GPU.
//
// Bit identity needs no reference values, so no MPFR: the GPU machine has
// none. The table test fills a synthetic octant table with the generator's
// own values instead of host::twiddle_table's MPFR-rounded ones; a lookup
// does not care where its entries came from. The host's computed twiddles
// come from the out-of-line computed_twiddle (sources.hpp), so that this
// file compiles the sincos once per format for both tests that use it.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/gpu/device_test.hpp"
#include "tests/gpu/kernels/elementwise_kernels.hpp"
#include "limb_text.hpp"
#include "ffft/twiddle/sources.hpp"
#include "tests/gpu/kernels/twiddle_kernels.hpp"
#include "kernels/factor_tables.hpp"
#include "src/fft/tables.hpp"

namespace {

// Twiddles are finite, so no NaN allowance (unlike test_device_bitexact):
// bits must match, including the signs of zero limbs.
template <class E>
bool same_value(const E& x, const E& y) {
  return std::memcmp(&x.limb, &y.limb, sizeof(x.limb)) == 0;
}

template <class E>
bool same_twiddle(const ffft::complex<E>& x, const ffft::complex<E>& y) {
  return same_value(x.re, y.re) && same_value(x.im, y.im);
}

using ffft::test::describe;

template <class E>
std::string describe(const ffft::complex<E>& w) {
  return "re " + describe(w.re) + " im " + describe(w.im);
}

// Expects device[i] == host[i] bit for bit, twiddle i being w_{ns[i]}^{ks[i]};
// reports the number of mismatches and the first few with k, n and limbs.
template <class E>
void expect_identical(const std::vector<std::uint64_t>& ns, const std::vector<std::uint64_t>& ks,
                      const std::vector<ffft::complex<E>>& host,
                      const std::vector<ffft::complex<E>>& device) {
  ASSERT_EQ(device.size(), host.size());
  std::size_t mismatches = 0;
  std::ostringstream first;
  for (std::size_t i = 0; i < host.size(); ++i) {
    if (same_twiddle(host[i], device[i])) continue;
    if (++mismatches <= 5)
      first << "  k=" << ks[i] << " n=" << ns[i] << "\n      host: " << describe(host[i])
            << "\n    device: " << describe(device[i]) << "\n";
  }
  EXPECT_EQ(mismatches, 0u) << mismatches << " of " << host.size()
                            << " twiddles differ; first ones:\n"
                            << first.str();
}

// Every k in [0, n), then indices beyond n (reduced modulo n on both sides),
// up to the whole 64-bit range.
std::vector<std::uint64_t> all_indices_and_more(std::uint64_t n, std::uint64_t seed) {
  std::vector<std::uint64_t> ks;
  for (std::uint64_t k = 0; k < n; ++k) ks.push_back(k);
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 1024; ++i) ks.push_back(i % 2 ? rng() : n + rng() % (4 * n));
  ks.push_back(~std::uint64_t(0));
  return ks;
}

template <class E>
class DeviceTwiddles : public ffft::testing::requires_cuda_device {};

// No name generator: CMake 3.25's gtest_discover_tests only understands the
// default numeric type index, which it replaces by the type in test names.
// No qd256: sincos_2pi does not support it (too few generated coefficients).
using Formats = ::testing::Types<ffft::df64, ffft::qf128, ffft::dd128>;
TYPED_TEST_SUITE(DeviceTwiddles, Formats);

// A power of two (n / 8 table steps, the diagonal k = n / 8), 3 * 2^12 (the
// exact sin = 1/2 at 3m = 2n) and a prime (no symmetry at all).
TYPED_TEST(DeviceTwiddles, ComputedMatchHostForEveryIndex) {
  using E = TypeParam;
  for (const std::uint64_t n :
       {std::uint64_t(4096), std::uint64_t(3 * 4096), std::uint64_t(10007)}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const std::vector<std::uint64_t> ks = all_indices_and_more(n, 0x7d1d0000u + n);
    std::vector<ffft::complex<E>> host;
    for (const std::uint64_t k : ks) host.push_back(ffft::computed_twiddle<E>(n, k));
    const auto device = ffft::cuda::computed_twiddles_on_device<E>(n, ks);
    expect_identical(std::vector<std::uint64_t>(ks.size(), n), ks, host, device);
  }
}

// Random lengths up to 2^30, log-uniform so that every size class is
// represented, with indices anywhere in [0, n), anywhere in 64 bits, or next
// to multiples of n / 24 (octant boundaries, the diagonal, pi/6 and pi/3).
TYPED_TEST(DeviceTwiddles, ComputedMatchHostForRandomLengths) {
  using E = TypeParam;
  constexpr std::size_t kCount = 100000;
  std::mt19937_64 rng(0x7d1d5eedu);
  std::vector<std::uint64_t> ns(kCount), ks(kCount);
  for (std::size_t i = 0; i < kCount; ++i) {
    const std::uint64_t low = std::uint64_t(1) << (rng() % 30);  // n in [low, 2 low]
    const std::uint64_t n = low + rng() % (low + 1);
    std::uint64_t k = 0;
    switch (rng() % 4) {
      case 0: k = rng(); break;
      case 1: k = (n / 24) * (rng() % 25) + rng() % 3 - 1; break;  // may wrap: any k is valid
      default: k = rng() % n; break;
    }
    ns[i] = n;
    ks[i] = k;
  }

  std::vector<ffft::complex<E>> host(kCount);
  for (std::size_t i = 0; i < kCount; ++i) host[i] = ffft::computed_twiddle<E>(ns[i], ks[i]);
  const auto device = ffft::cuda::computed_twiddles_on_device<E>(ns, ks);
  expect_identical(ns, ks, host, device);
}

// Lengths with each table step: 2^10 (step 8), 3 * 2^10 (step 8, sixths),
// 5005 (odd: step 1) and the prime 10007.
TYPED_TEST(DeviceTwiddles, TableLookupsMatchHostForEveryIndex) {
  using E = TypeParam;
  for (const std::uint64_t n :
       {std::uint64_t(1024), std::uint64_t(3 * 1024), std::uint64_t(5005), std::uint64_t(10007)}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const unsigned step_log2 = ffft::twiddle::octant_table_step_log2(n);
    std::vector<ffft::complex<E>> table(ffft::twiddle::octant_table_size(n));
    for (std::uint64_t j = 0; j < table.size(); ++j) {
      const auto v = ffft::twiddle::sincos_first_octant<E>(j << step_log2, n);
      table[j] = {v.cos, v.sin};
    }

    const std::vector<std::uint64_t> ks = all_indices_and_more(n, 0x7ab1e000u + n);
    const ffft::table_twiddles<E> source{table.data(), n, step_log2};
    std::vector<ffft::complex<E>> host;
    for (const std::uint64_t k : ks) host.push_back(source(k));
    const auto device = ffft::cuda::table_twiddles_on_device<E>(table, n, ks);
    expect_identical(std::vector<std::uint64_t>(ks.size(), n), ks, host, device);
  }
}

// The computed mode's factor tables as a GPU plan makes them, by a kernel
// (kernels/factor_tables.cu), against the host's (src/fft/tables.cpp, what
// the CPU executor's arrays are made from): every entry bit for bit, at
// powers of two up to 2^24, a mixed 7-smooth length and an odd one.
TYPED_TEST(DeviceTwiddles, FactorTablesMadeOnTheDeviceMatchTheHost) {
  using E = TypeParam;
  for (const std::uint64_t n : {std::uint64_t(2), std::uint64_t(1) << 16, std::uint64_t(1) << 20,
                                std::uint64_t(1) << 24, std::uint64_t(2 * 3 * 4 * 5 * 7 * 8 * 9),
                                std::uint64_t(3 * 5 * 7 * 343)}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const ffft::twiddle::factor_tables_shape shape = ffft::twiddle::factor_tables_shape::of(n);
    const std::vector<ffft::complex<E>> host = ffft::fft::factor_tables<E>(n, 0);
    ASSERT_EQ(host.size(), shape.size());
    ffft::complex<E>* entries = nullptr;
    const std::size_t bytes = shape.size() * sizeof(ffft::complex<E>);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&entries), bytes), cudaSuccess);
    ASSERT_EQ(cudaMemset(entries, 0xff, bytes), cudaSuccess);  // NaN: an unwritten entry shows
    ffft::cuda::make_factor_tables<E>(shape, entries, nullptr);
    std::vector<ffft::complex<E>> device(shape.size());
    const cudaError_t copied = cudaMemcpy(device.data(), entries, bytes, cudaMemcpyDeviceToHost);
    cudaFree(entries);
    ASSERT_EQ(copied, cudaSuccess);
    std::vector<std::uint64_t> ks(shape.size());
    for (std::uint64_t j = 0; j < shape.size(); ++j) ks[j] = shape.exponent(j);
    expect_identical(std::vector<std::uint64_t>(ks.size(), n), ks, host, device);
  }
}

// Arguments the device could not survive (division by zero, reads past the
// table) are refused on the host, before any CUDA call: so this runs, and
// passes, with or without a GPU.
TEST(DeviceTwiddleArguments, InvalidArgumentsThrowBeforeDeviceWork) {
  using E = ffft::df64;
  const std::vector<std::uint64_t> ks = {0, 1, 2};
  EXPECT_THROW(ffft::cuda::computed_twiddles_on_device<E>(0, ks), std::invalid_argument);
  EXPECT_THROW(ffft::cuda::computed_twiddles_on_device<E>(std::uint64_t(1) << 32, ks),
               std::invalid_argument);
  EXPECT_THROW(ffft::cuda::computed_twiddles_on_device<E>(std::vector<std::uint64_t>{8, 8}, ks),
               std::invalid_argument);
  EXPECT_THROW(
      ffft::cuda::computed_twiddles_on_device<E>(std::vector<std::uint64_t>{8, 0, 8}, ks),
      std::invalid_argument);
  const std::vector<ffft::complex<E>> table(ffft::twiddle::octant_table_size(64) - 1);
  EXPECT_THROW(ffft::cuda::table_twiddles_on_device<E>(table, 64, ks), std::invalid_argument);
  EXPECT_THROW(ffft::cuda::table_twiddles_on_device<E>(table, 0, ks), std::invalid_argument);
  // Nothing to evaluate needs no device either.
  EXPECT_TRUE(ffft::cuda::computed_twiddles_on_device<E>(64, {}).empty());
  EXPECT_TRUE(ffft::cuda::table_twiddles_on_device<E>(table, 32, {}).empty());
}

}  // namespace
