// A batch of transforms over two dimensions of an array, which no single
// distance spans: rows of `inner` transforms, transform b = i + inner o
// (i < inner) with element j at
//   data[j stride + i distance + o outer].
// An N-D transform along an axis between others (nd_geometry.hpp) has its
// transforms indexed by the axes before and after it. A backend that takes
// such a batch (the CUDA executor: a grid of rows, kernels/group_io.cuh)
// runs it in one launch per kernel where a plain strided batch
// (stockham_pass.hpp) needs one execution per row: at 128^3 along the
// middle axis, 128 launches of 128 transforms of 128 points each, each too
// small to fill a GPU.
#pragma once

#include <cstdint>

#include "ffft/config.hpp"

namespace ffft::fft {

template <class C>
struct folded {
  C* data;
  std::int64_t stride;
  std::int64_t distance;  // between transforms i and i + 1 of a row
  std::uint64_t inner;    // transforms per row, at least 1
  std::int64_t outer;     // between rows o and o + 1

  FFFT_HD C& operator()(std::uint64_t b, std::uint64_t j) const {
    const std::uint64_t o = b / inner, i = b - o * inner;
    return data[static_cast<std::int64_t>(j) * stride + static_cast<std::int64_t>(i) * distance +
                static_cast<std::int64_t>(o) * outer];
  }
};

template <class T>
inline constexpr bool is_folded = false;
template <class C>
inline constexpr bool is_folded<folded<C>> = true;

// Rows at most in a folded batch: a CUDA grid's second dimension.
inline constexpr std::uint64_t max_folded_rows = 65535;

}  // namespace ffft::fft
