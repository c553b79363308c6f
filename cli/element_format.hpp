// The element formats of ffft's files: how one value is laid out.
//
// Complex:
//   c64    float32 re, im                       (numpy complex64)
//   c128   float64 re, im                       (numpy complex128)
//   df64   float32 re_hi, re_lo, im_hi, im_lo   (ffft::complex<df64>)
//   qf128  float32 re limbs 0-3, im limbs 0-3   (ffft::complex<qf128>)
//   dd128  float64 re_hi, re_lo, im_hi, im_lo   (ffft::complex<dd128>)
// Real:
//   f32    float32                              (numpy float32)
//   f64    float64                              (numpy float64)
//   rdf64  float32 hi, lo                       (ffft::df64)
//   rqf128 float32 limbs 0-3                    (ffft::qf128)
//   rdd128 float64 hi, lo                       (ffft::dd128)
//
// All little-endian, elements one after another. The native layouts are
// exactly ffft::complex<E> in memory, largest limb first.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace ffft::cli {

enum class element_format { c64, c128, df64, qf128, dd128, f32, f64, rdf64, rqf128, rdd128 };

inline constexpr std::array<element_format, 10> all_element_formats{
    element_format::c64,   element_format::c128, element_format::df64,  element_format::qf128,
    element_format::dd128, element_format::f32,  element_format::f64,   element_format::rdf64,
    element_format::rqf128, element_format::rdd128};

// "c64", "c128", "df64", "qf128", "dd128", "f32", "f64", "rdf64", ...
std::string_view format_name(element_format f);

// Bytes of one element: 8, 16, 16, 32, 32 (complex); 4, 8, 8, 16, 16 (real).
std::size_t element_bytes(element_format f);

// True for df64, qf128 and dd128 (complex expansions: the working
// precisions), false for the others.
bool is_native(element_format f);

// True for f32, f64, rdf64, rqf128 and rdd128.
bool is_real(element_format f);

// The unit roundoff of the format's values, 2^-p for its p significand
// bits: 2^-24 (c64, f32), 2^-53 (c128, f64), 2^-48 (df64), 2^-96 (qf128),
// 2^-106 (dd128), the real formats as their complex counterparts. The
// resolution below which the phase metrics leave a sample out
// (tools/fft_metrics.hpp).
double format_resolution(element_format f);

// The complex format of a real one's values (f32 -> c64, f64 -> c128,
// rdf64 -> df64, ...: numpy's dtype rule for a transform's result); a
// complex format itself.
element_format complex_counterpart(element_format f);

// The real format of a complex one's parts (c128 -> f64, dd128 -> rdd128,
// ...); a real format itself.
element_format real_counterpart(element_format f);

// The format a name denotes ("c64", ...), or nullopt.
std::optional<element_format> parse_format_name(std::string_view name);

// The format a file name's extension denotes (".c64", ".c128", ".df64",
// ".qf128", ".dd128"; exact, lower case), or nullopt (".npy" included).
std::optional<element_format> format_from_extension(std::string_view path);

// Whether the file name ends in ".npy".
bool has_npy_extension(std::string_view path);

// "c64|c128|df64|qf128|dd128|f32|f64|rdf64|rqf128|rdd128", for messages.
std::string_view format_choices();

}  // namespace ffft::cli
