#include "cli/element_format.hpp"

namespace ffft::cli {

std::string_view format_name(element_format f) {
  switch (f) {
    case element_format::c64: return "c64";
    case element_format::c128: return "c128";
    case element_format::df64: return "df64";
    case element_format::qf128: return "qf128";
    case element_format::dd128: return "dd128";
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
  }
  return 0;
}

bool is_native(element_format f) {
  return f == element_format::df64 || f == element_format::qf128 || f == element_format::dd128;
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

std::string_view format_choices() { return "c64|c128|df64|qf128|dd128"; }

}  // namespace ffft::cli
