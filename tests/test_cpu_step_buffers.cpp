// The buffers the CPU's Stockham passes go through (engine/step_buffers.hpp,
// run_stockham_passes): where the plan gave two workspace buffers, a dense
// output serves as the second one wherever that costs no copy (out of
// place, or an even count of steps in place). The rule itself, and the bits:
// on every CPU path this machine runs, a transform through ws0, out, ws0,
// ... equals the same transform through ws0, ws1, ..., out (a strided
// output, which cannot be a buffer) value for value, for odd and even
// counts of passes, a batch, both directions, out of place and in place.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "engine/step_buffers.hpp"
#include "ffft/cpu_isa.hpp"
#include "src/cpu/cpu_executor.hpp"
#include "src/fft/normalization.hpp"
#include "tests/bit_identical.hpp"
#include "tests/fft_reference.hpp"
#include "tests/transform_runner.hpp"
#include "tests/twiddle_formats.hpp"

namespace {

using namespace ffft;
using fft::strided;
using ffft::testing::expect_bit_identical;
using ffft::testing::transform_tables;

TEST(StepBuffers, OutputIsTheSecondBufferWhereThatCostsNoCopy) {
  for (std::size_t steps : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{6}}) {
    EXPECT_TRUE(fft::output_as_second_buffer(true, false, steps)) << steps;
    EXPECT_FALSE(fft::output_as_second_buffer(false, false, steps)) << steps;
    EXPECT_FALSE(fft::output_as_second_buffer(false, true, steps)) << steps;
    EXPECT_EQ(fft::output_as_second_buffer(true, true, steps), steps % 2 == 0) << steps;
  }
  // The output as the second buffer, out of place: the last step writes it,
  // the one before reads ws0, and no step touches ws1.
  const fft::step_buffers five{5, true, false};
  const fft::step_buffer want[] = {fft::step_buffer::out, fft::step_buffer::ws0, fft::step_buffer::out,
                                   fft::step_buffer::ws0, fft::step_buffer::out};
  for (std::size_t j = 0; j < 5; ++j) EXPECT_EQ(five.target(j), want[j]) << j;
  EXPECT_FALSE(five.copy_before_last());
}

template <class E>
class CpuStepBuffers : public ::testing::Test {};
TYPED_TEST_SUITE(CpuStepBuffers, ffft::testing::twiddle_formats, ffft::testing::format_names);

// 2^9 (three radix-8 passes), 2^12 (four), 2^10 (df64's 8 8 8 2, whose last
// two passes may run as one step; the others' 2 8 8 8, whose middle two
// may), 3^5 and 2 3 4 5 7 8: odd and even counts of
// steps; all of them fit the cache, so they run pass by pass.
TYPED_TEST(CpuStepBuffers, OutputAsTheSecondBufferGivesTheSameBits) {
  using E = TypeParam;
  for (const cpu_isa isa : available_cpu_isas()) {
    const fft::cpu_executor<E> ex(1, isa);
    for (std::uint64_t n : {std::uint64_t{512}, std::uint64_t{4096}, std::uint64_t{1024}, std::uint64_t{243},
                            std::uint64_t{6720}}) {
      const transform_tables<E> tables(n);
      const std::uint64_t batch = 3;
      const auto dense_layout = static_cast<std::int64_t>(n);
      const std::vector<complex<E>> x = ffft::testing::random_values<E>(n * batch, n + 7);
      const strided<const complex<E>> in{x.data(), 1, dense_layout};
      for (const int sign : {-1, 1}) {
        SCOPED_TRACE(::testing::Message() << to_string(isa) << ", n " << n << ", sign " << sign);
        const fft::scaling<E> scale = fft::normalization_scaling<E>(
            n, normalization::backward, sign < 0 ? direction::forward : direction::inverse);
        // Two buffers: a strided output (stride 2) cannot be one.
        std::vector<complex<E>> spread(2 * n * batch, x[1]);
        tables.run(ex, sign, scale, in, strided<complex<E>>{spread.data(), 2, 2 * dense_layout}, batch);
        std::vector<complex<E>> want(n * batch, x[1]);
        for (std::uint64_t j = 0; j < n * batch; ++j) want[j] = spread[2 * j];
        // The dense output as the second buffer, out of place.
        std::vector<complex<E>> got(n * batch, x[2]);
        tables.run(ex, sign, scale, in, strided<complex<E>>{got.data(), 1, dense_layout}, batch);
        expect_bit_identical(got, want);
        // In place: the output the second buffer for an even count of steps,
        // ws1 for an odd one.
        std::vector<complex<E>> in_place = x;
        tables.run(ex, sign, scale, strided<const complex<E>>{in_place.data(), 1, dense_layout},
                   strided<complex<E>>{in_place.data(), 1, dense_layout}, batch);
        expect_bit_identical(in_place, want);
      }
    }
  }
}

}  // namespace
