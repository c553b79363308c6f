// How a file's elements split into transforms: N (the length) and B (the
// batch), from the file's shape and the -n / --batch options.
//
//   - neither: N is the last axis of a .npy file (the whole raw file), B the
//     product of the other axes;
//   - -n N: N must divide the element count, B = count / N;
//   - --batch B (with or without -n): B x N must equal the count.
// A Fortran-order .npy array is transformed along its last axis, where it
// lies: element j of transform b at b + j B (plan layout stride B, distance
// 1); -n and --batch may only restate that split.
// N = 0 (an empty file, a zero in the shape, -n 0) and lengths the FFT does
// not support are refused here, before anything is allocated.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/input_layout.hpp"
#include "ffft/plan.hpp"

namespace ffft::cli {

struct transform_shape {
  std::uint64_t length;  // N
  std::uint64_t batch;   // B
  // The shape an output .npy gets: the input's when its last axis is N,
  // else (B, N), or (N,) for one transform.
  std::vector<std::uint64_t> npy_shape;
  // The input's order, which the output keeps: Fortran order puts element
  // j of transform b at b + j B, else at b N + j.
  bool fortran_order = false;

  // The plan layout of the values in file order.
  layout plan_layout() const {
    return fortran_order ? layout{static_cast<std::int64_t>(batch), 1} : layout{};
  }
};

transform_shape resolve_transform_shape(const input_layout& layout, const std::string& path,
                                        std::optional<std::uint64_t> length,
                                        std::optional<std::uint64_t> batch);

// (B, N), or (N,) when B = 1.
std::vector<std::uint64_t> batch_shape(std::uint64_t length, std::uint64_t batch);

// Throws input_error unless the FFT supports length n (1 <= n <= 2^31, and
// n <= 2^30 when n has a prime factor above 7).
void require_supported_length(std::uint64_t n);

}  // namespace ffft::cli
