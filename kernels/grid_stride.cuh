// The element-wise kernels' launch shape: one thread per element, in a grid
// that strides over any count (the grid stays within its limits).
#pragma once

#include <algorithm>
#include <cstdint>

namespace ffft::cuda {

inline constexpr unsigned elementwise_block = 256;

inline unsigned elementwise_grid(std::uint64_t count) {
  const std::uint64_t blocks = (count + elementwise_block - 1) / elementwise_block;
  return static_cast<unsigned>(std::min<std::uint64_t>(std::max<std::uint64_t>(blocks, 1), 65535));
}

}  // namespace ffft::cuda

#define FFFT_GRID_STRIDE_LOOP(t, count)                                                        \
  for (std::uint64_t t = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x; t < (count); \
       t += std::uint64_t{gridDim.x} * blockDim.x)
