// The line (or JSON) an N-D transform command prints when it has written
// its output: fft, ifft, rfft and irfft with --axes.
#pragma once

#include <optional>
#include <string>

#include "cli/input_file.hpp"
#include "cli/nd_shape.hpp"
#include "cli/options.hpp"
#include "cli/output_writer.hpp"
#include "ffft/plan.hpp"

namespace ffft::cli {

void print_nd_result(bool json, const char* verb, const input_file& in, const std::string& output,
                     const output_target& target, const nd_transform_shape& nd, element_format precision,
                     backend where, const std::optional<std::string>& cpu_path, const transform_settings& s, int k,
                     double seconds);

}  // namespace ffft::cli
