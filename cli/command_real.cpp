// ffft rfft IN OUT / ffft irfft IN OUT [-n N]: numpy.fft.rfft and irfft on
// files, through ffft::real_plan.
//
// rfft: real values (a complex input is refused: use fft), transformed
// along the last axis (or -n), written as the n/2 + 1 bins of each
// transform in the complex format of the input's type by default.
// irfft: bins along the last axis (m of them); the output length is -n, or
// 2(m - 1) as numpy's default; as numpy, bins beyond n/2 + 1 are dropped
// and missing ones are zeros; written as real values.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/input_file.hpp"
#include "cli/memory_budget.hpp"
#include "cli/nd_report.hpp"
#include "cli/nd_shape.hpp"
#include "cli/options.hpp"
#include "cli/output_file.hpp"
#include "cli/output_writer.hpp"
#include "cli/progress.hpp"
#include "cli/report.hpp"
#include "cli/signal_scan.hpp"
#include "cli/transform_shape.hpp"
#include "cli/working_precision.hpp"
#include "ffft/real_plan.hpp"

namespace ffft::cli {

namespace {

// The input's shape with its last axis replaced by `last`.
std::vector<std::uint64_t> with_last_axis(std::vector<std::uint64_t> shape, std::uint64_t last) {
  shape.back() = last;
  return shape;
}

template <class E>
real_plan<E> make_real_plan(std::uint64_t n, std::uint64_t batch, const transform_settings& s, backend where) {
  real_plan_options o;
  o.length = n;
  o.batch = batch;
  o.norm = s.norm;
  o.twiddles = s.twiddles;
  o.backend = where;
  try {
    return real_plan<E>(o);
  } catch (const std::invalid_argument& e) {
    throw input_error(e.what());
  }
}

// --axes: rfftn or irfftn of the .npy array (C order), the last listed
// axis halved; irfft's -n is the output length along it (default 2(m - 1)),
// and as numpy's irfftn it cuts or zero-pads the bins along it to n/2 + 1.
int run_nd_real_transform(const real_transform_command& c) {
  const transform_settings& s = c.settings;
  const bool forward = c.dir == direction::forward;
  const char* verb = forward ? "rfft" : "irfft";
  progress show;
  show.stage(std::string("checking ") + c.input);
  const input_file in(c.input, s.in_format);
  if (forward && !is_real(in.format()))
    throw input_error(in.path() + " holds complex values (" + std::string(format_name(in.format())) +
                      "); rfft transforms real ones: use fft for complex data");
  const nd_transform_shape file = resolve_nd_shape(in.layout(), in.path(), *s.axes, forward ? s.length : std::nullopt,
                                                   s.batch);
  const auto h = static_cast<std::size_t>(file.axes.back());
  const std::uint64_t m = file.shape[h];  // values (rfft) or bins (irfft) along the halved axis
  const std::uint64_t n = forward ? m : s.length ? *s.length : 2 * (m - 1);
  if (n == 0)
    throw input_error(in.path() + " has 1 bin along axis " + std::to_string(h) +
                      ", so numpy's default length 2(m - 1) is 0; give -n");
  require_supported_length(n);
  const std::uint64_t bins = n / 2 + 1;
  nd_transform_shape real = file;  // the real arrays' shape
  real.shape[h] = n;
  std::vector<std::uint64_t> spectrum_shape = real.shape;
  spectrum_shape[h] = bins;
  const std::vector<std::uint64_t>& out_shape = forward ? spectrum_shape : real.shape;
  std::uint64_t out_count = 1, spectrum_count = 1;
  for (std::size_t a = 0; a < out_shape.size(); ++a) {
    out_count *= out_shape[a];
    spectrum_count *= spectrum_shape[a];
  }
  const element_format fallback = forward ? complex_counterpart(in.format()) : real_counterpart(in.format());
  const output_target target = resolve_output_target(c.output, c.out_format, fallback);
  require_result_kind(target, !forward, std::string(verb) + "'s results");
  const input_file* inputs[] = {&in};
  check_output_path(c.output, c.force, inputs);
  require_memory(saturating_multiply(spectrum_count, working_bytes(c.precision) * 5),
                 std::string("a ") + std::string(format_name(c.precision)) + " " + verb + " of " + real.shape_text() +
                     " values");
  const signal_scan scan = scan_signal(in);
  if (!s.allow_nonfinite) refuse_nonfinite(scan, in.path(), real.points());
  const int k = scale_exponent(scan, c.precision, real.points(), in.path());
  const backend where = choose_backend(s.device);

  double seconds = 0;
  std::optional<std::string> cpu_path;
  visit_precision(c.precision, [&](auto tag) {
    using E = decltype(tag);
    show.stage(std::string("planning ") + std::string(format_name(c.precision)));
    nd_real_plan<E> p = make_nd_real_plan<E>(real.shape, real.axes, s.norm, s.twiddles, where);
    if (where == backend::cpu) cpu_path = to_string(selected_cpu_isa());
    const std::string running = std::string(verb) + " " + std::string(format_name(c.precision)) + " on " +
                                device_label(backend_name(where), cpu_path);
    show.stage(std::string("reading ") + in.path());
    if (forward) {
      const aligned_vector<E> x = load_working_real<E>(in, k);
      aligned_vector<complex<E>> y(out_count);
      show.stage(running);
      const auto t0 = std::chrono::steady_clock::now();
      p.forward(x.data(), y.data());
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      show.stage(std::string("writing ") + c.output);
      write_working(target, out_shape, out_count, s.allow_nonfinite, y.data(), k);
      return;
    }
    // The file's m bins along the halved axis into the plan's n/2 + 1.
    const aligned_vector<complex<E>> file_bins = load_working<E>(in, k);
    std::uint64_t outer = 1, inner = 1;
    for (std::size_t a = 0; a < h; ++a) outer *= file.shape[a];
    for (std::size_t a = h + 1; a < file.shape.size(); ++a) inner *= file.shape[a];
    aligned_vector<complex<E>> spectrum(spectrum_count);
    const std::uint64_t kept = std::min(bins, m);
    for (std::uint64_t o = 0; o < outer; ++o)
      for (std::uint64_t j = 0; j < kept; ++j)
        for (std::uint64_t i = 0; i < inner; ++i)
          spectrum[(o * bins + j) * inner + i] = file_bins[(o * m + j) * inner + i];
    aligned_vector<E> x(out_count);
    show.stage(running);
    const auto t0 = std::chrono::steady_clock::now();
    p.inverse(spectrum.data(), x.data());
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    show.stage(std::string("writing ") + c.output);
    write_working(target, out_shape, out_count, s.allow_nonfinite, x.data(), k);
  });
  print_nd_result(s.json, verb, in, c.output, target, real, c.precision, where, cpu_path, s, k, seconds);
  return exit_success;
}

}  // namespace

int run_real_transform(const real_transform_command& c) {
  if (c.settings.axes) return run_nd_real_transform(c);
  const transform_settings& s = c.settings;
  const bool forward = c.dir == direction::forward;
  const char* verb = forward ? "rfft" : "irfft";
  progress show;
  show.stage(std::string("checking ") + c.input);

  const input_file in(c.input, s.in_format);
  if (forward && !is_real(in.format()))
    throw input_error(in.path() + " holds complex values (" + std::string(format_name(in.format())) +
                      "); rfft transforms real ones: use fft for complex data");
  // rfft: n real values per transform. irfft: m bins per transform, n from -n.
  const transform_shape shape =
      resolve_transform_shape(in.layout(), in.path(), forward ? s.length : std::nullopt, s.batch);
  const std::uint64_t n = forward ? shape.length : s.length ? *s.length : 2 * (shape.length - 1);
  if (n == 0)
    throw input_error(in.path() + " has 1 bin per transform, so numpy's default length 2(m - 1) is 0; give -n");
  require_supported_length(n);
  const std::uint64_t bins = n / 2 + 1;
  const std::uint64_t out_length = forward ? bins : n;
  const element_format fallback = forward ? complex_counterpart(in.format()) : real_counterpart(in.format());
  const output_target target = resolve_output_target(c.output, c.out_format, fallback);
  require_result_kind(target, !forward, std::string(verb) + "'s results");
  const input_file* inputs[] = {&in};
  check_output_path(c.output, c.force, inputs);

  const std::uint64_t out_count = saturating_multiply(out_length, shape.batch);
  require_memory(saturating_multiply(saturating_multiply(shape.batch, bins), working_bytes(c.precision) * 4) +
                     saturating_multiply(n, working_bytes(c.precision)),
                 std::string("a ") + std::string(format_name(c.precision)) + " " + verb + " of " +
                     std::to_string(shape.batch) + " x " + std::to_string(n) + " values");

  const signal_scan scan = scan_signal(in);
  if (!s.allow_nonfinite) refuse_nonfinite(scan, in.path(), shape.length);
  const int k = scale_exponent(scan, c.precision, n, in.path());
  const backend where = choose_backend(s.device);

  double seconds = 0;
  std::optional<std::string> cpu_path;
  visit_precision(c.precision, [&](auto tag) {
    using E = decltype(tag);
    show.stage(std::string("planning ") + std::string(format_name(c.precision)));
    real_plan<E> p = make_real_plan<E>(n, shape.batch, s, where);
    if (where == backend::cpu) cpu_path = to_string(selected_cpu_isa());
    const std::string running = std::string(verb) + " " + std::string(format_name(c.precision)) + " on " +
                                device_label(backend_name(where), cpu_path);
    show.stage(std::string("reading ") + in.path());
    if (forward) {
      const aligned_vector<E> x = load_working_real<E>(in, k);
      aligned_vector<complex<E>> y(out_count);
      show.stage(running);
      const auto t0 = std::chrono::steady_clock::now();
      p.forward(x.data(), y.data());
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      show.stage(std::string("writing ") + c.output);
      write_working(target, with_last_axis(shape.npy_shape, out_length), out_count, s.allow_nonfinite, y.data(), k);
      return;
    }
    // The file's m bins of each transform into the plan's n/2 + 1.
    const aligned_vector<complex<E>> file_bins = load_working<E>(in, k);
    aligned_vector<complex<E>> spectrum(saturating_multiply(shape.batch, bins));
    const std::uint64_t kept = std::min(bins, shape.length);
    for (std::uint64_t b = 0; b < shape.batch; ++b)
      for (std::uint64_t j = 0; j < kept; ++j) spectrum[b * bins + j] = file_bins[b * shape.length + j];
    aligned_vector<E> x(out_count);
    show.stage(running);
    const auto t0 = std::chrono::steady_clock::now();
    p.inverse(spectrum.data(), x.data());
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    show.stage(std::string("writing ") + c.output);
    write_working(target, with_last_axis(shape.npy_shape, out_length), out_count, s.allow_nonfinite, x.data(), k);
  });

  if (s.json) {
    nlohmann::json j{{"command", verb},
                     {"input", in.path()},
                     {"input_format", format_name(in.format())},
                     {"output", c.output},
                     {"output_format", format_name(target.format)},
                     {"output_npy", target.npy},
                     {"length", n},
                     {"bins", bins},
                     {"batch", shape.batch},
                     {"precision", format_name(c.precision)},
                     {"device", backend_name(where)},
                     {"cpu_path", cpu_path ? nlohmann::json(*cpu_path) : nullptr},
                     {"norm", norm_name(s.norm)},
                     {"twiddles", twiddles_name(s.twiddles)},
                     {"scale_exponent", k},
                     {"seconds", seconds}};
    std::cout << j.dump(2) << '\n';
  } else {
    std::printf("ffft: wrote %s: %s of %llu x %llu values in %s on %s (%.3g s)\n", c.output.c_str(), verb,
                static_cast<unsigned long long>(shape.batch), static_cast<unsigned long long>(n),
                std::string(format_name(c.precision)).c_str(), device_label(backend_name(where), cpu_path).c_str(),
                seconds);
  }
  return exit_success;
}

}  // namespace ffft::cli
