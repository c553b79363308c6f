// Index math is 64-bit everywhere: transforms whose elements lie more than
// 2^31 and 2^32 elements apart (by distance and by stride) give exactly the
// results of the same transforms packed densely. The buffers are a sparse
// mapping of 256 GiB of address space (MAP_NORESERVE), of which only the
// pages the transforms touch are ever backed, so the test runs in a few
// MiB. Layouts whose byte offsets would not fit in 63 bits are refused.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "ffft/plan.hpp"
#include "fft_reference.hpp"
#include "twiddle_formats.hpp"

namespace {

using namespace ffft;
using ffft::testing::dense_cpu_forward;
using ffft::testing::random_values;

// An anonymous, never-committed mapping; unmapped at the end of the scope.
class sparse_region {
 public:
  explicit sparse_region(std::size_t bytes) : bytes_(bytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) data_ = p;
  }
  ~sparse_region() {
    if (data_ != nullptr) munmap(data_, bytes_);
  }
  sparse_region(const sparse_region&) = delete;
  sparse_region& operator=(const sparse_region&) = delete;
  void* get() const { return data_; }

 private:
  void* data_ = nullptr;
  std::size_t bytes_;
};

constexpr std::size_t region_bytes = std::size_t{1} << 38;  // 256 GiB of address space

template <class E>
class FftLargeOffsets : public ::testing::Test {};
TYPED_TEST_SUITE(FftLargeOffsets, ffft::testing::twiddle_formats, ffft::testing::format_names);

// Transform b of a layout, copied out densely.
template <class E>
std::vector<complex<E>> gather(const complex<E>* data, std::uint64_t n, std::uint64_t b, const layout& l) {
  std::vector<complex<E>> v(n);
  for (std::uint64_t j = 0; j < n; ++j)
    v[j] = data[static_cast<std::int64_t>(j) * l.stride + static_cast<std::int64_t>(b) * l.distance];
  return v;
}

// n points, batch 2, in a layout spread over the region, against the same
// two transforms packed densely.
template <class E>
void expect_spread_layout_matches_dense(std::uint64_t n, const layout& spread) {
  const sparse_region in_region(region_bytes), out_region(region_bytes);
  if (in_region.get() == nullptr || out_region.get() == nullptr)
    GTEST_SKIP() << "this system refuses a 256 GiB MAP_NORESERVE mapping";
  const std::uint64_t batch = 2;
  ASSERT_LE((1 + (n - 1) * spread.stride + (batch - 1) * spread.distance) * sizeof(complex<E>), region_bytes);
  auto* in = static_cast<complex<E>*>(in_region.get());
  auto* out = static_cast<complex<E>*>(out_region.get());
  const std::vector<complex<E>> x = random_values<E>(n * batch, static_cast<unsigned>(n));
  for (std::uint64_t b = 0; b < batch; ++b)
    for (std::uint64_t j = 0; j < n; ++j)
      in[static_cast<std::int64_t>(j) * spread.stride + static_cast<std::int64_t>(b) * spread.distance] =
          x[b * n + j];

  plan_options o;
  o.length = n;
  o.batch = batch;
  o.backend = backend::cpu;
  const std::vector<complex<E>> expected = dense_cpu_forward<E>(o, x);
  o.input = spread;
  o.output = spread;
  plan<E> spread_plan(o);
  spread_plan.forward(in, out);
  for (std::uint64_t b = 0; b < batch; ++b) {
    const std::vector<complex<E>> actual = gather(out, n, b, spread);
    for (std::uint64_t j = 0; j < n; ++j)
      ASSERT_EQ(std::memcmp(&actual[j], &expected[b * n + j], sizeof(complex<E>)), 0)
          << "n = " << n << ", stride " << spread.stride << ", distance " << spread.distance
          << ": transform " << b << ", element " << j;
  }
}

TYPED_TEST(FftLargeOffsets, TransformsMoreThan2To32ElementsApart) {
  // The second transform starts 2^32 + 3 elements after the first.
  expect_spread_layout_matches_dense<TypeParam>(256, {1, (std::int64_t{1} << 32) + 3});
  // Bluestein (97 points), same distance.
  expect_spread_layout_matches_dense<TypeParam>(97, {1, (std::int64_t{1} << 32) + 3});
}

TYPED_TEST(FftLargeOffsets, ElementsMoreThan2To31Apart) {
  // Element j at j 2^25 (+ 1 for the second transform: they interleave):
  // the last element of a 128-point transform lies near 2^32.
  expect_spread_layout_matches_dense<TypeParam>(128, {std::int64_t{1} << 25, 1});
}

TYPED_TEST(FftLargeOffsets, LayoutsBeyond63BitOffsetsAreRefused) {
  plan_options o;
  o.length = 1024;
  o.batch = 2;
  o.backend = backend::cpu;
  o.input = {std::int64_t{1} << 50, 1};  // 1024 x 2^50 elements
  EXPECT_THROW(plan<TypeParam>{o}, std::invalid_argument);
  o.input = {1, std::int64_t{1} << 57};
  EXPECT_THROW(plan<TypeParam>{o}, std::invalid_argument);
  o.input = {1, std::int64_t{1} << 40};  // 2^40 elements apart: fine
  EXPECT_NO_THROW(plan<TypeParam>{o});
}

}  // namespace
