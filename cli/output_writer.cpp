#include "cli/output_writer.hpp"

namespace ffft::cli {

output_target resolve_output_target(const std::string& path, std::optional<element_format> out_format,
                                    element_format fallback) {
  const std::optional<element_format> by_name = format_from_extension(path);
  return {path, out_format ? *out_format : by_name ? *by_name : fallback, has_npy_extension(path)};
}

}  // namespace ffft::cli
