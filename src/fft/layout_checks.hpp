// Validation of a plan's layouts and of the buffers given to an execution,
// done before anything is written.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "ffft/plan.hpp"

namespace ffft::fft {

// Elements spanned by a layout: 1 + (n - 1) stride + (batch - 1) distance.
inline std::uint64_t layout_span(std::uint64_t n, std::uint64_t batch, const layout& l) {
  return 1 + (n - 1) * static_cast<std::uint64_t>(l.stride) +
         (batch - 1) * static_cast<std::uint64_t>(l.distance);
}

// Checks stride >= 1 and distance >= 0, fills in distance 0, and refuses a
// layout in which two elements could share a place. The test is sufficient,
// not necessary: a layout is accepted when the transforms follow one another
// (distance >= span of one) or interleave element by element (stride >=
// span of the batch's first elements); exotic non-overlapping interleavings
// are refused too, with a message that says how to fix them.
inline layout checked_layout(const char* which, std::uint64_t n, std::uint64_t batch, layout l) {
  const std::string name = std::string(which) + " layout";
  if (l.stride < 1)
    throw std::invalid_argument("ffft: " + name + ": stride " + std::to_string(l.stride) +
                                " must be at least 1");
  if (l.distance < 0)
    throw std::invalid_argument("ffft: " + name + ": distance " + std::to_string(l.distance) +
                                " must be at least 0 (0 means length * stride)");
  // The span (below 2^57 elements) keeps every byte offset within 63 bits
  // (std::ptrdiff_t), whatever the element size (at most 64 bytes).
  constexpr std::uint64_t max_span = std::uint64_t{1} << 57;
  const auto too_long = [&] {
    return std::invalid_argument("ffft: " + name + ": stride " + std::to_string(l.stride) + " and distance " +
                                 std::to_string(l.distance) + " for length " + std::to_string(n) +
                                 " and batch " + std::to_string(batch) +
                                 " span 2^57 elements or more; use a smaller stride or distance");
  };
  const auto stride = static_cast<std::uint64_t>(l.stride);
  if (n > max_span / stride) throw too_long();
  if (l.distance == 0) l.distance = static_cast<std::int64_t>(n) * l.stride;
  const auto distance = static_cast<std::uint64_t>(l.distance);
  if (distance != 0 && batch - 1 > (max_span - n * stride) / distance) throw too_long();
  if (batch == 1) return l;
  const bool consecutive = distance >= (n - 1) * stride + 1;
  const bool interleaved = stride >= (batch - 1) * distance + 1;
  if (!consecutive && !interleaved)
    throw std::invalid_argument(
        "ffft: " + name + " overlaps itself: stride " + std::to_string(l.stride) + " and distance " +
        std::to_string(l.distance) + " for length " + std::to_string(n) + " and batch " +
        std::to_string(batch) + "; use distance >= " + std::to_string((n - 1) * stride + 1) +
        " (transforms one after another) or stride >= " +
        std::to_string((batch - 1) * distance + 1) + " (interleaved)");
  return l;
}

}  // namespace ffft::fft
