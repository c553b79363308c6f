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

// Calls move(i, j) for every element (i, j) of a rows x columns matrix, in
// square tiles, so that reading row-major and writing column-major both
// stay in L1.
template <class Move>
void for_each_in_tiles(std::uint64_t rows, std::uint64_t columns, int threads, Move move) {
  constexpr std::int64_t tile = 16;
  const auto r = static_cast<std::int64_t>(rows), c = static_cast<std::int64_t>(columns);
#pragma omp parallel for collapse(2) num_threads(threads) schedule(static) if (rows * columns > 65536)
  for (std::int64_t i0 = 0; i0 < r; i0 += tile)
    for (std::int64_t j0 = 0; j0 < c; j0 += tile)
      for (std::int64_t j = j0; j < std::min(j0 + tile, c); ++j)
        for (std::int64_t i = i0; i < std::min(i0 + tile, r); ++i) move(i, j);
}

// out (columns x rows, row-major) = the transpose of in (rows x columns,
// row-major).
template <class E>
void transpose_into(const complex<E>* in, std::uint64_t rows, std::uint64_t columns,
                    complex<E>* out, int threads) {
  const auto r = static_cast<std::int64_t>(rows), c = static_cast<std::int64_t>(columns);
  for_each_in_tiles(rows, columns, threads, [=](std::int64_t i, std::int64_t j) { out[j * r + i] = in[i * c + j]; });
}

// The transpose and the twiddle step in one pass: out[j rows + i] =
// in[i columns + j] x factors[j rows + i], conjugated for the inverse (the
// forward factors w_n^(j k) are stored once; conjugation is exact).
template <class E>
void transpose_times(const complex<E>* in, std::uint64_t rows, std::uint64_t columns, const complex<E>* factors,
                     bool conjugate, complex<E>* out, int threads) {
  const auto r = static_cast<std::int64_t>(rows), c = static_cast<std::int64_t>(columns);
  for_each_in_tiles(rows, columns, threads, [=](std::int64_t i, std::int64_t j) {
    const complex<E> w = factors[j * r + i];
    out[j * r + i] = mul(in[i * c + j], conjugate ? conj(w) : w);
  });
}

}  // namespace ffft::distributed
