// What an input file holds: its element format, shape and where the data
// starts, decided from its first bytes, size and name.
//
// The rules (docs/cli.md):
//   - a file that starts with the .npy magic is a .npy file whatever its
//     name; its header gives format and shape; --in-format, if given, must
//     agree with it;
//   - a file that starts as a WAV (RIFF or RF64 ... WAVE), AIFF (FORM ...
//     AIFF or AIFC) or FLAC (fLaC) file is audio whatever its name, read by
//     audio_file.hpp as f64 of shape (channels, frames) in Fortran order;
//     --in-format does not apply to it;
//   - otherwise it is raw: the format is --in-format, else the extension's
//     (.c64 .c128 .df64 .qf128 .dd128), else an error asks for --in-format;
//     its size must be a multiple of the element size; its shape is
//     {element count}.
//   - a .npy array in Fortran order (numpy.asfortranarray; the first axis
//     varies fastest) keeps that order: `fft` and `ifft` transform it where
//     it lies, along its last axis, and write their results in the same
//     order; the other commands read its values in the logical (C) order
//     through file_index().
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
  bool fortran_order = false;        // .npy or audio, and only with two or more axes above 1
  // An audio file: shape, count and order are known once it is decoded
  // (input_file); until then shape is empty and element_count 0.
  bool audio = false;

  // Whether the file gives its values a shape (.npy, audio), whose last
  // axis is the default transform length.
  bool shaped() const { return npy || audio; }

  // Where the value at C-order (logical) index `c_index` lies in the file,
  // in elements: c_index itself unless fortran_order.
  std::uint64_t file_index(std::uint64_t c_index) const;
  // The inverse: the C-order index of the value at `file_index`.
  std::uint64_t c_index(std::uint64_t file_index) const;
};

// Whether bytes begin as a WAV, RF64, AIFF or FLAC file does.
bool starts_with_audio_magic(std::span<const unsigned char> bytes);

// `head` is the file's first min(file_size, 12 + max_npy_header_bytes)
// bytes; `path` is used for the extension and in messages. Throws
// input_error.
input_layout detect_input_layout(std::span<const unsigned char> head, std::uint64_t file_size,
                                 std::string_view path, std::optional<element_format> in_format);

}  // namespace ffft::cli
