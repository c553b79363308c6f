// The accuracy reports of `roundtrip` and `compare`: one row per method, as
// a text table or JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/fft_metrics.hpp"

namespace ffft::cli {

struct report_row {
  explicit report_row(std::string method_name, std::string device_name = "")
      : method(std::move(method_name)), device(std::move(device_name)) {}

  std::string method;                     // "ffft df64", "FFTW double", ...
  std::string device;                     // "cpu", "cuda", or "" for a skipped row
  std::optional<std::string> cpu_path;    // an ffft row on the CPU: "avx512", "avx2" or "scalar"
  std::optional<std::string> skipped;     // why the row could not run here (no CUDA device)
  std::optional<std::string> failed;      // why a row that should have run did not: the command exits 1
  std::optional<double> forward_relative_l2;
  tools::roundtrip_metrics metrics{};
  std::optional<double> seconds;
  std::optional<int> scale_exponent;
};

// The device column of text reports: "cpu/avx512" for a run on the CPU
// executor's avx512 path, else the device ("cuda", "cpu" for FFTW).
std::string device_label(const std::string& device, const std::optional<std::string>& cpu_path);

// The metric fields of a row (non-finite numbers as null).
nlohmann::json metrics_json(const tools::roundtrip_metrics& m);
nlohmann::json row_json(const report_row& r);

// The rows as an aligned text table on stdout; skipped rows say why.
void print_table(const std::vector<report_row>& rows);

// One set of metrics of `count` values, a line each, on stdout; the phase
// lines say how many samples were left out, and at what resolution
// (tools::phase_defined).
void print_metrics(const tools::roundtrip_metrics& m, std::uint64_t count);

}  // namespace ffft::cli
