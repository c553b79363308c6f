// The N-D transform that --axes asks for (fft, ifft, rfft, irfft,
// roundtrip): the .npy array's own shape, in C (logical) order, and the
// axes, as numpy's fftn takes them (negative ones count from the end; each
// listed once; the last listed is rfft's halved axis). -n and --batch,
// which split a file into 1-D transforms, do not combine with it; a raw
// file has no shape to name axes of.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/input_layout.hpp"

namespace ffft::cli {

struct nd_transform_shape {
  std::vector<std::uint64_t> shape;  // the file's, logical order
  std::vector<int> axes;             // into shape, each in [0, rank)

  // The product of the transformed lengths: what a value can grow by.
  std::uint64_t points() const;
  std::uint64_t count() const;
  // "a x b x c" and "0,2" for messages.
  std::string shape_text() const;
  std::string axes_text() const;
};

// Throws input_error naming --axes (or -n, --batch, the file) and the fix.
// `length`, `batch`: the -n and --batch options, which must be absent
// (irfft's -n, the output length along the halved axis, is its caller's).
nd_transform_shape resolve_nd_shape(const input_layout& layout, const std::string& path,
                                    const std::vector<int>& axes, std::optional<std::uint64_t> length,
                                    std::optional<std::uint64_t> batch);

}  // namespace ffft::cli
