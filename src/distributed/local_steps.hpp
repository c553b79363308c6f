// The element-wise and copying steps a rank runs between its local
// transforms: the twiddle step of the six-step algorithm, and the local
// transpose that puts natural-order input in the column-major order the
// first global exchange sends.
#pragma once

#include <algorithm>
#include <cstdint>

#include "ffft/complex.hpp"

namespace ffft::distributed {

// out (columns x rows, row-major) = the transpose of in (rows x columns,
// row-major), in tiles that stay in L1 on both sides.
template <class E>
void transpose_into(const complex<E>* in, std::uint64_t rows, std::uint64_t columns,
                    complex<E>* out, int threads) {
  constexpr std::int64_t tile = 16;
  const auto r = static_cast<std::int64_t>(rows), c = static_cast<std::int64_t>(columns);
#pragma omp parallel for collapse(2) num_threads(threads) schedule(static) if (rows * columns > 65536)
  for (std::int64_t i0 = 0; i0 < r; i0 += tile)
    for (std::int64_t j0 = 0; j0 < c; j0 += tile)
      for (std::int64_t j = j0; j < std::min(j0 + tile, c); ++j)
        for (std::int64_t i = i0; i < std::min(i0 + tile, r); ++i) out[j * r + i] = in[i * c + j];
}

// data[e] *= factors[e] (forward) or conj(factors[e]) (inverse): the
// twiddle step, with the forward factors w_n^(j k) stored once (conjugation
// is exact).
template <class E>
void multiply_by(complex<E>* data, const complex<E>* factors, std::uint64_t count, bool conjugate,
                 int threads) {
  const auto n = static_cast<std::int64_t>(count);
#pragma omp parallel for num_threads(threads) schedule(static) if (count > 4096)
  for (std::int64_t e = 0; e < n; ++e) data[e] = mul(data[e], conjugate ? conj(factors[e]) : factors[e]);
}

}  // namespace ffft::distributed
