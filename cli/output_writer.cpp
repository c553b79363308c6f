#include "cli/output_writer.hpp"

namespace ffft::cli {

output_target resolve_output_target(const std::string& path, std::optional<element_format> out_format,
                                    element_format fallback) {
  const std::optional<element_format> by_name = format_from_extension(path);
  return {path, out_format ? *out_format : by_name ? *by_name : fallback, has_npy_extension(path)};
}

void require_result_kind(const output_target& target, bool real_results, const std::string& results) {
  if (is_real(target.format) == real_results) return;
  const std::string name(format_name(target.format));
  if (real_results)
    throw input_error(results + " are real and " + target.path + "'s format " + name +
                      " is complex; choose f32, f64, rdf64, rqf128 or rdd128 (--out-format, or the name's extension)");
  throw input_error(results + " are complex and " + target.path + "'s format " + name +
                    " is real; choose c64, c128, df64, qf128 or dd128 (--out-format, or the name's extension)");
}

}  // namespace ffft::cli
