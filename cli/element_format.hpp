// The element formats of ffft's files: how one complex value is laid out.
//
//   c64    float32 re, im                       (numpy complex64)
//   c128   float64 re, im                       (numpy complex128)
//   df64   float32 re_hi, re_lo, im_hi, im_lo   (ffft::complex<df64>)
//   qf128  float32 re limbs 0-3, im limbs 0-3   (ffft::complex<qf128>)
//   dd128  float64 re_hi, re_lo, im_hi, im_lo   (ffft::complex<dd128>)
//
// All little-endian, elements one after another. The native layouts are
// exactly ffft::complex<E> in memory, largest limb first.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace ffft::cli {

enum class element_format { c64, c128, df64, qf128, dd128 };

inline constexpr std::array<element_format, 5> all_element_formats{
    element_format::c64, element_format::c128, element_format::df64, element_format::qf128,
    element_format::dd128};

// "c64", "c128", "df64", "qf128", "dd128".
std::string_view format_name(element_format f);

// Bytes of one complex element: 8, 16, 16, 32, 32.
std::size_t element_bytes(element_format f);

// True for df64, qf128 and dd128 (expansions), false for c64 and c128.
bool is_native(element_format f);

// The format a name denotes ("c64", ...), or nullopt.
std::optional<element_format> parse_format_name(std::string_view name);

// The format a file name's extension denotes (".c64", ".c128", ".df64",
// ".qf128", ".dd128"; exact, lower case), or nullopt (".npy" included).
std::optional<element_format> format_from_extension(std::string_view path);

// Whether the file name ends in ".npy".
bool has_npy_extension(std::string_view path);

// "c64|c128|df64|qf128|dd128", for messages.
std::string_view format_choices();

}  // namespace ffft::cli
