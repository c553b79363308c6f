#include "ffft/distributed_layout.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace ffft {

distributed_factors distributed_factors_of(std::uint64_t n) {
  if (n == 0) throw std::invalid_argument("distributed transform length must be at least 1");
  // The integer square root, then down to the nearest divisor: at most
  // sqrt(n) trial divisions, about 46000 at the longest length.
  auto root = static_cast<std::uint64_t>(std::sqrt(static_cast<long double>(n)));
  while (root * root > n) --root;
  while ((root + 1) * (root + 1) <= n) ++root;
  for (std::uint64_t d = root; d >= 1; --d)
    if (n % d == 0) return {d, n / d};
  return {1, n};
}

local_block row_block(std::uint64_t rows, int ranks, int rank) {
  const auto p = static_cast<std::uint64_t>(ranks), r = static_cast<std::uint64_t>(rank);
  const std::uint64_t base = rows / p, extra = rows % p;
  return {r * base + (r < extra ? r : extra), base + (r < extra ? 1 : 0)};
}

std::uint64_t distributed_layout::frequency_index(std::uint64_t i) const {
  const std::uint64_t t = frequency.offset + i;
  if (!transposed) return t;
  return t / factors.n1 + factors.n2 * (t % factors.n1);  // t = k2 n1 + k1 -> k2 + n2 k1
}

distributed_layout make_distributed_layout(std::uint64_t length, int ranks, int rank,
                                           bool transposed) {
  if (ranks < 1 || rank < 0 || rank >= ranks) {
    throw std::invalid_argument("rank " + std::to_string(rank) + " of " + std::to_string(ranks) +
                                " ranks does not exist");
  }
  distributed_layout l;
  l.length = length;
  l.factors = distributed_factors_of(length);
  l.ranks = ranks;
  l.rank = rank;
  l.transposed = transposed;
  const std::uint64_t n1 = l.factors.n1, n2 = l.factors.n2;
  const local_block time_rows = row_block(n2, ranks, rank);
  l.time = {time_rows.offset * n1, time_rows.count * n1};
  if (transposed) {
    l.frequency = l.time;  // rows k2 of n1 values, the time domain's row block
  } else {
    const local_block rows = row_block(n1, ranks, rank);
    l.frequency = {rows.offset * n2, rows.count * n2};
  }
  return l;
}

}  // namespace ffft
