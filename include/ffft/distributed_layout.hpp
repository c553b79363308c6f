// Where a distributed transform's data live: which elements each of P ranks
// holds, before and after. Pure arithmetic on (length, ranks, rank), so a
// program can size and fill its arrays, or read its part of a file, before
// it makes a distributed_plan (ffft/distributed_plan.hpp), and without MPI.
//
// The transform of length n is computed as a two-dimensional one (the
// six-step algorithm, Bailey 1990): n = n1 x n2, with n1 the largest divisor
// of n not above sqrt(n), chosen from n alone so that the arithmetic, and
// hence every bit of the result, is the same on every number of ranks.
// Rows of a matrix are dealt out in blocks: of R rows, rank r holds
// floor(R / P) rows, one more if r < R mod P, after those of ranks < r.
//
// - Time domain (the forward input, the inverse output): x as n2 rows of
//   n1 values; rank r holds x[time.offset + i] for i < time.count, whole
//   rows of n1 values.
// - Frequency domain, natural order: X as n1 rows of n2 values; rank r
//   holds X[frequency.offset + i] for i < frequency.count.
// - Frequency domain, transposed (as FFTW-MPI's TRANSPOSED_OUT and _IN):
//   X in the order k = k2 + n2 k1 taken k2-major, as n2 rows (k2) of n1
//   values (k1); rank r holds rows of the same block as its time-domain
//   rows, so local element i is X[frequency_index(i)]. It saves one of the
//   three global exchanges in each direction, when the caller does not need
//   the natural order (a convolution, a round trip).
//
// A prime n has n1 = 1: its one column is transformed on one rank while
// the others wait. Distribute lengths with a factor near sqrt(n).
#pragma once

#include <cstdint>

namespace ffft {

struct local_block {
  std::uint64_t offset = 0;  // first element held, in the order's numbering
  std::uint64_t count = 0;   // elements held (0 on a rank with no rows)
};

struct distributed_factors {
  std::uint64_t n1 = 1;  // the largest divisor of n with n1 * n1 <= n
  std::uint64_t n2 = 1;  // n / n1
};

// Throws std::invalid_argument for n == 0.
distributed_factors distributed_factors_of(std::uint64_t n);

// Rows [offset, offset + count) of `rows` rows held by `rank` of `ranks`.
local_block row_block(std::uint64_t rows, int ranks, int rank);

struct distributed_layout {
  std::uint64_t length = 0;
  distributed_factors factors;
  int ranks = 1;
  int rank = 0;
  bool transposed = false;  // the frequency domain's order
  local_block time;
  local_block frequency;

  // The global frequency index k of local frequency element i < frequency.count.
  std::uint64_t frequency_index(std::uint64_t i) const;
};

// Throws std::invalid_argument for length == 0, ranks < 1, or a rank
// outside [0, ranks).
distributed_layout make_distributed_layout(std::uint64_t length, int ranks, int rank,
                                           bool transposed = false);

}  // namespace ffft
