#include "cli/element_format.hpp"

namespace ffft::cli {

std::string_view format_name(element_format f) {
  switch (f) {
    case element_format::c64: return "c64";
    case element_format::c128: return "c128";
    case element_format::df64: return "df64";
    case element_format::qf128: return "qf128";
    case element_format::dd128: return "dd128";
    case element_format::f32: return "f32";
    case element_format::f64: return "f64";
    case element_format::rdf64: return "rdf64";
    case element_format::rqf128: return "rqf128";
    case element_format::rdd128: return "rdd128";
  }
  return "?";
}

std::size_t element_bytes(element_format f) {
  switch (f) {
    case element_format::c64: return 8;
    case element_format::c128: return 16;
    case element_format::df64: return 16;
    case element_format::qf128: return 32;
    case element_format::dd128: return 32;
    case element_format::f32: return 4;
    case element_format::f64: return 8;
    case element_format::rdf64: return 8;
    case element_format::rqf128: return 16;
    case element_format::rdd128: return 16;
  }
  return 0;
}

bool is_native(element_format f) {
  return f == element_format::df64 || f == element_format::qf128 || f == element_format::dd128;
}

bool is_real(element_format f) {
  return f == element_format::f32 || f == element_format::f64 || f == element_format::rdf64 ||
         f == element_format::rqf128 || f == element_format::rdd128;
}

double format_resolution(element_format f) {
  switch (complex_counterpart(f)) {
    case element_format::c64: return 0x1p-24;
    case element_format::c128: return 0x1p-53;
    case element_format::df64: return 0x1p-48;
    case element_format::qf128: return 0x1p-96;
    case element_format::dd128: return 0x1p-106;
    default: return 0;
  }
}

element_format complex_counterpart(element_format f) {
  switch (f) {
    case element_format::f32: return element_format::c64;
    case element_format::f64: return element_format::c128;
    case element_format::rdf64: return element_format::df64;
    case element_format::rqf128: return element_format::qf128;
    case element_format::rdd128: return element_format::dd128;
    default: return f;
  }
}

element_format real_counterpart(element_format f) {
  switch (f) {
    case element_format::c64: return element_format::f32;
    case element_format::c128: return element_format::f64;
    case element_format::df64: return element_format::rdf64;
    case element_format::qf128: return element_format::rqf128;
    case element_format::dd128: return element_format::rdd128;
    default: return f;
  }
}

std::optional<element_format> parse_format_name(std::string_view name) {
  for (const element_format f : all_element_formats)
    if (name == format_name(f)) return f;
  return std::nullopt;
}

std::optional<element_format> format_from_extension(std::string_view path) {
  const auto dot = path.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  return parse_format_name(path.substr(dot + 1));
}

bool has_npy_extension(std::string_view path) { return path.ends_with(".npy"); }

std::string_view format_choices() { return "c64|c128|df64|qf128|dd128|f32|f64|rdf64|rqf128|rdd128"; }

}  // namespace ffft::cli
