// ffft compare A B: the error metrics of A against the reference B.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli/errors.hpp"
#include "cli/input_file.hpp"
#include "cli/memory_budget.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "cli/report.hpp"
#include "cli/signal_scan.hpp"
#include "cli/working_precision.hpp"

namespace ffft::cli {

namespace {

std::string shape_text(const std::vector<std::uint64_t>& shape) {
  std::string t = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) t += (i ? ", " : "") + std::to_string(shape[i]);
  return t + (shape.size() == 1 ? ",)" : ")");
}

}  // namespace

int run_compare(const compare_command& c) {
  progress show;
  show.stage("checking " + c.candidate + " and " + c.reference);
  const input_file a(c.candidate, c.in_format), b(c.reference, c.in_format);
  if (a.element_count() != b.element_count())
    throw input_error(a.path() + " holds " + std::to_string(a.element_count()) + " values but " + b.path() +
                      " holds " + std::to_string(b.element_count()) + "; compare files of the same length");
  if (a.layout().shaped() && b.layout().shaped() && a.layout().shape != b.layout().shape)
    throw input_error(a.path() + " has shape " + shape_text(a.layout().shape) + " but " + b.path() + " has shape " +
                      shape_text(b.layout().shape) + "; compare arrays of the same shape");
  if (a.element_count() == 0) throw input_error(a.path() + " holds no values; compare non-empty files");
  require_memory(saturating_multiply(a.element_count(), 2 * 32), "comparing " + std::to_string(a.element_count()) + " values");
  if (!c.allow_nonfinite) {
    refuse_nonfinite(scan_signal(a), a.path(), 0);
    refuse_nonfinite(scan_signal(b), b.path(), 0);
  }
  show.stage("comparing");
  // Phases are compared to the resolution of the coarser file's format.
  const double resolution = std::max(format_resolution(a.format()), format_resolution(b.format()));
  const tools::roundtrip_metrics m = tools::roundtrip_error(load_quad(b), load_quad(a), resolution);

  if (c.json) {
    nlohmann::json j{{"command", "compare"}, {"candidate", a.path()}, {"reference", b.path()},
                     {"count", a.element_count()}};
    j.update(metrics_json(m));
    std::cout << j.dump(2) << '\n';
  } else {
    std::printf("ffft compare: %s against the reference %s, %llu values\n\n", a.path().c_str(), b.path().c_str(),
                static_cast<unsigned long long>(a.element_count()));
    print_metrics(m, a.element_count());
  }
  return exit_success;
}

}  // namespace ffft::cli
