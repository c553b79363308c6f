// numpy's .npy container: reading and writing its header.
//
// A .npy file is the magic "\x93NUMPY", a version byte pair (1.0, 2.0 or
// 3.0), the header length (uint16 for 1.0, uint32 for 2.0 and 3.0, little
// endian), then the header: a Python dict literal
//   {'descr': '<c16', 'fortran_order': False, 'shape': (4, 1024), }
// padded with spaces and ending in '\n', then the data. See
// numpy/lib/format.py (NEP 1).
//
// The dtypes ffft reads and writes:
//   c64    '<c8'                                        complex64
//   c128   '<c16'                                       complex128
//   df64   [('re', '<f4', (2,)), ('im', '<f4', (2,))]   limbs, largest first
//   qf128  [('re', '<f4', (4,)), ('im', '<f4', (4,))]
//   dd128  [('re', '<f8', (2,)), ('im', '<f8', (2,))]
//   f32    '<f4'                                        float32
//   f64    '<f8'                                        float64
//   rdf64  [('re', '<f4', (2,))]                        real values' limbs
//   rqf128 [('re', '<f4', (4,))]
//   rdd128 [('re', '<f8', (2,))]
// numpy.load returns the native formats as structured arrays: x['re'][..., 0]
// is the leading limb of the real parts. A leading '=' is read as '<' (this
// is a little-endian machine); '>' (big-endian), integers and other
// structured dtypes are refused with a message saying how to convert.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/element_format.hpp"

namespace ffft::cli {

inline constexpr std::string_view npy_magic{"\x93NUMPY", 6};

// The largest header ffft reads (numpy itself refuses headers above 10 KB
// unless told otherwise); callers read at most this many bytes plus the 12
// bytes of preamble to parse a header.
inline constexpr std::size_t max_npy_header_bytes = 65536;

struct npy_header {
  element_format format;
  std::vector<std::uint64_t> shape;  // empty for a 0-d array (one element)
  std::uint64_t data_offset;         // bytes before the first element
  std::uint64_t element_count;       // product of shape (1 for 0-d)
  int major_version;                 // 1, 2 or 3
  // Elements in Fortran order (the first axis varies fastest). Set only
  // when two or more axes exceed 1 and none is 0: otherwise the two orders
  // are one layout.
  bool fortran_order = false;
};

// Whether bytes begin with the .npy magic (fewer than 6 bytes: false).
bool starts_with_npy_magic(std::span<const unsigned char> bytes);

// Parses the header of a .npy file of file_size bytes whose first bytes are
// `head` (at least min(file_size, 12 + max_npy_header_bytes) of them, or the
// whole file; only the preamble and the header are read, so a head that
// holds them is enough, and a head longer than file_size is cut to it).
// Checks the magic, the version, the header length against the file, the
// dict's syntax and keys, the dtype, the shape (non-negative integers whose
// product times the element size does not overflow), and that the data
// after the header is exactly the shape's size. Both orders are accepted
// (npy_header::fortran_order). Throws input_error naming the
// problem and the fix; `what` (e.g. the file name) starts each message.
npy_header parse_npy_header(std::span<const unsigned char> head, std::uint64_t file_size,
                            std::string_view what);

// The header bytes (magic to '\n') of an array of `shape` in format f, in C
// order or Fortran order, byte for byte as numpy.save (1.24 and later)
// writes them: version 1.0,
// or 2.0 if the dict does not fit 1.0's uint16 length; numpy's spare spaces
// for growing the first axis, then spaces so the data starts on a 64-byte
// boundary. It does not check the shape (parse_npy_header refuses more than
// 32 dimensions and sizes of 2^64 bytes or more).
std::string make_npy_header(element_format f, std::span<const std::uint64_t> shape,
                            bool fortran_order = false);

}  // namespace ffft::cli
