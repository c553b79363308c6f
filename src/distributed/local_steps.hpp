// The copying steps a rank runs between its local transforms: the local
// transposes that put row-major data in the column-major order a global
// exchange sends, one of them with the six-step algorithm's twiddle step.
// The local transforms write row-major (dense) and these passes reorder:
// local transforms writing column-major themselves (an output stride of a
// row) made the whole distributed transform 1.5 times slower on one rank
// (2^20 dd128: 385 ms against 261 ms), their last pass scattering single
// elements a row apart.
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

// The transpose and the twiddle step in one pass: out[j rows + i] =
// in[i columns + j] x factors[j rows + i], conjugated for the inverse (the
// forward factors w_n^(j k) are stored once; conjugation is exact).
template <class E>
void transpose_times(const complex<E>* in, std::uint64_t rows, std::uint64_t columns, const complex<E>* factors,
                     bool conjugate, complex<E>* out, int threads) {
  constexpr std::int64_t tile = 16;
  const auto r = static_cast<std::int64_t>(rows), c = static_cast<std::int64_t>(columns);
#pragma omp parallel for collapse(2) num_threads(threads) schedule(static) if (rows * columns > 65536)
  for (std::int64_t i0 = 0; i0 < r; i0 += tile)
    for (std::int64_t j0 = 0; j0 < c; j0 += tile)
      for (std::int64_t j = j0; j < std::min(j0 + tile, c); ++j)
        for (std::int64_t i = i0; i < std::min(i0 + tile, r); ++i) {
          const complex<E> w = factors[j * r + i];
          out[j * r + i] = mul(in[i * c + j], conjugate ? conj(w) : w);
        }
}

}  // namespace ffft::distributed
