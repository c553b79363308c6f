// What an input file holds: its element format, shape and where the data
// starts, decided from its first bytes, size and name.
//
// The rules (docs/cli.md):
//   - a file that starts with the .npy magic is a .npy file whatever its
//     name; its header gives format and shape; --in-format, if given, must
//     agree with it;
//   - otherwise it is raw: the format is --in-format, else the extension's
//     (.c64 .c128 .df64 .qf128 .dd128), else an error asks for --in-format;
//     its size must be a multiple of the element size; its shape is
//     {element count}.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "cli/element_format.hpp"

namespace ffft::cli {

struct input_layout {
  element_format format;
  bool npy;                          // a .npy file (else raw)
  std::vector<std::uint64_t> shape;  // raw: {element_count}; .npy: its shape
  std::uint64_t data_offset;         // bytes before the first element
  std::uint64_t element_count;
};

// `head` is the file's first min(file_size, 12 + max_npy_header_bytes)
// bytes; `path` is used for the extension and in messages. Throws
// input_error.
input_layout detect_input_layout(std::span<const unsigned char> head, std::uint64_t file_size,
                                 std::string_view path, std::optional<element_format> in_format);

}  // namespace ffft::cli
