#include "cli/nd_report.hpp"

#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/report.hpp"
#include "cli/working_precision.hpp"

namespace ffft::cli {

void print_nd_result(bool json, const char* verb, const input_file& in, const std::string& output,
                     const output_target& target, const nd_transform_shape& nd, element_format precision,
                     backend where, const std::optional<std::string>& cpu_path, const transform_settings& s, int k,
                     double seconds) {
  if (json) {
    nlohmann::json j{{"command", verb},
                     {"input", in.path()},
                     {"input_format", format_name(in.format())},
                     {"output", output},
                     {"output_format", format_name(target.format)},
                     {"output_npy", target.npy},
                     {"shape", nd.shape},
                     {"axes", nd.axes},
                     {"precision", format_name(precision)},
                     {"device", backend_name(where)},
                     {"cpu_path", cpu_path ? nlohmann::json(*cpu_path) : nullptr},
                     {"norm", norm_name(s.norm)},
                     {"twiddles", twiddles_name(s.twiddles)},
                     {"scale_exponent", k},
                     {"seconds", seconds}};
    std::cout << j.dump(2) << '\n';
    return;
  }
  std::printf("ffft: wrote %s: %s of %s values along axes %s in %s on %s (%.3g s)\n", output.c_str(), verb,
              nd.shape_text().c_str(), nd.axes_text().c_str(), std::string(format_name(precision)).c_str(),
              device_label(backend_name(where), cpu_path).c_str(), seconds);
}

}  // namespace ffft::cli
