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

template <class V>
void write_working(const output_target& target, std::span<const std::uint64_t> npy_shape, std::uint64_t count,
                   bool allow_nonfinite, const V* values, int k) {
  write_elements(target, npy_shape, count, allow_nonfinite, [&](auto out_tag, std::uint64_t j) {
    if constexpr (is_expansion_value<V>)
      return from_working<decltype(out_tag)>(complex<V>{values[j], V{}}, k);
    else
      return from_working<decltype(out_tag)>(values[j], k);
  });
}

#define FFFT_CLI_WRITE_WORKING(V) \
  template void write_working<V>(const output_target&, std::span<const std::uint64_t>, std::uint64_t, bool, const V*, int);
FFFT_CLI_WORKING_VALUE_TYPES(FFFT_CLI_WRITE_WORKING)
#undef FFFT_CLI_WRITE_WORKING

}  // namespace ffft::cli
