#include "cli/report.hpp"

#include <cmath>
#include <cstdio>

namespace ffft::cli {

namespace {

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

std::string scientific(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3e", v);
  return buf;
}

std::string fixed(double v, const char* format) {
  char buf[32];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace

nlohmann::json metrics_json(const tools::roundtrip_metrics& m) {
  return {{"relative_l2", number(m.relative_l2)},
          {"rmse_magnitude", number(m.rmse_magnitude)},
          {"rmse_phase", number(m.rmse_phase)},
          {"phase_excluded", m.phase_excluded},
          {"phase_resolution", m.phase_resolution},
          {"psnr_db", number(m.psnr_db)},
          {"max_abs_error", number(m.max_abs_error)}};
}

std::string device_label(const std::string& device, const std::optional<std::string>& cpu_path) {
  return cpu_path ? device + "/" + *cpu_path : device;
}

nlohmann::json row_json(const report_row& r) {
  nlohmann::json j{{"method", r.method}};
  if (r.skipped) {
    j["skipped"] = *r.skipped;
    return j;
  }
  if (r.failed) {
    j["failed"] = *r.failed;
    return j;
  }
  j["device"] = r.device;
  if (r.cpu_path) j["cpu_path"] = *r.cpu_path;
  if (r.forward_relative_l2) j["forward_relative_l2"] = number(*r.forward_relative_l2);
  j.update(metrics_json(r.metrics));
  if (r.seconds) j["seconds"] = *r.seconds;
  if (r.scale_exponent) j["scale_exponent"] = *r.scale_exponent;
  return j;
}

void print_table(const std::vector<report_row>& rows) {
  const std::vector<std::string> header{"method", "device", "forward rel L2", "rel L2", "RMSE |x|",
                                        "RMSE arg (rad)", "arg left out", "PSNR (dB)", "max |x'-x|", "seconds"};

  std::vector<std::vector<std::string>> cells{header};
  for (const report_row& r : rows) {
    if (r.skipped || r.failed) {
      cells.push_back({r.method, r.skipped ? "not run: " + *r.skipped : "FAILED: " + *r.failed});
      continue;
    }
    std::vector<std::string> line{r.method, device_label(r.device, r.cpu_path)};
    line.push_back(r.forward_relative_l2 ? scientific(*r.forward_relative_l2) : "");
    const tools::roundtrip_metrics& m = r.metrics;
    line.push_back(scientific(m.relative_l2));
    line.push_back(scientific(m.rmse_magnitude));
    line.push_back(scientific(m.rmse_phase));
    line.push_back(std::to_string(m.phase_excluded));
    line.push_back(fixed(m.psnr_db, "%.1f"));
    line.push_back(scientific(m.max_abs_error));
    line.push_back(r.seconds ? fixed(*r.seconds, "%.3g") : "");
    cells.push_back(line);
  }
  // Skipped and failed rows' reasons span the columns after "method"; they
  // do not set the width of "device".
  std::vector<std::size_t> width(header.size(), 0);
  for (const auto& line : cells)
    for (std::size_t i = 0; i < line.size(); ++i)
      if (line.size() > 2 || i == 0) width[i] = std::max(width[i], line[i].size());
  for (const auto& line : cells) {
    std::string text;
    for (std::size_t i = 0; i < line.size(); ++i) {
      text += line[i];
      if (i + 1 < line.size()) text += std::string(width[i] - line[i].size() + 2, ' ');
    }
    std::puts(text.c_str());
  }
}

void print_metrics(const tools::roundtrip_metrics& m, std::uint64_t count) {
  std::printf("relative L2 error      %s\n", scientific(m.relative_l2).c_str());
  std::printf("RMSE of magnitudes     %s\n", scientific(m.rmse_magnitude).c_str());
  std::printf("RMSE of phases (rad)   %s\n", scientific(m.rmse_phase).c_str());
  std::printf("phases left out        %llu of %llu (reference zero or below 2^%d of its largest magnitude)\n",
              static_cast<unsigned long long>(m.phase_excluded), static_cast<unsigned long long>(count),
              std::ilogb(m.phase_resolution));
  std::printf("PSNR (dB)              %s\n", fixed(m.psnr_db, "%.1f").c_str());
  std::printf("max |A - B|            %s\n", scientific(m.max_abs_error).c_str());
}

}  // namespace ffft::cli
