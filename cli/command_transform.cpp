// ffft fft IN OUT / ffft ifft IN OUT.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/distributed_support.hpp"
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
#include "ffft/fft/limb_values.hpp"

namespace ffft::cli {

namespace {

// --axes: one N-D transform of the .npy array along the axes listed,
// read and written in C order.
int run_nd_transform(const transform_command& c) {
  const transform_settings& s = c.settings;
  const char* verb = c.dir == direction::forward ? "fft" : "ifft";
  progress show;
  show.stage(std::string("checking ") + c.input);
  const input_file in(c.input, s.in_format);
  const nd_transform_shape nd = resolve_nd_shape(in.layout(), in.path(), *s.axes, s.length, s.batch);
  const output_target target = resolve_output_target(c.output, c.out_format, complex_counterpart(in.format()));
  require_result_kind(target, false, std::string(verb) + "'s results");
  const input_file* inputs[] = {&in};
  check_output_path(c.output, c.force, inputs);
  const std::uint64_t count = nd.count();
  // The values, the axes' shared workspace (up to two more copies) and twiddles.
  require_memory(saturating_multiply(count, working_bytes(c.precision) * 4),
                 std::string("a ") + std::string(format_name(c.precision)) + " " + verb + " of " + nd.shape_text() +
                     " values");
  const signal_scan scan = scan_signal(in);
  if (!s.allow_nonfinite) refuse_nonfinite(scan, in.path(), nd.points());
  const int k = scale_exponent(scan, c.precision, nd.points(), in.path());
  const backend where = choose_backend(s.device);

  double seconds = 0;
  std::optional<std::string> cpu_path;
  visit_precision(c.precision, [&](auto tag) {
    using E = decltype(tag);
    show.stage(std::string("planning ") + std::string(format_name(c.precision)));
    nd_plan<E> p = make_nd_plan<E>(nd, s.norm, s.twiddles, where);
    if (where == backend::cpu) cpu_path = to_string(selected_cpu_isa());
    show.stage(std::string("reading ") + in.path());
    aligned_vector<complex<E>> x = load_working<E>(in, k);
    show.stage(std::string(verb) + " " + std::string(format_name(c.precision)) + " on " +
               device_label(backend_name(where), cpu_path));
    const auto t0 = std::chrono::steady_clock::now();
    p.execute(c.dir, x.data(), x.data());
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    show.stage(std::string("writing ") + c.output);
    write_working(target, nd.shape, count, s.allow_nonfinite, x.data(), k);
  });
  print_nd_result(s.json, verb, in, c.output, target, nd, c.precision, where, cpu_path, s, k, seconds);
  return exit_success;
}

}  // namespace

int run_transform(const transform_command& c) {
  if (c.settings.axes) return run_nd_transform(c);
  if (launcher_ranks() > 1) return run_distributed_transform(c);  // under mpirun -np P, P > 1
  const transform_settings& s = c.settings;
  const char* verb = c.dir == direction::forward ? "fft" : "ifft";
  progress show;
  show.stage(std::string("checking ") + c.input);

  const input_file in(c.input, s.in_format);
  const transform_shape shape = resolve_transform_shape(in.layout(), in.path(), s.length, s.batch);
  // Real data are transformed as complex ones with zero imaginary parts,
  // written by default in the complex format of their type (numpy's rule).
  // A Fortran-order array is transformed where it lies (transform_shape's
  // plan layout) and written in the same order.
  output_target target = resolve_output_target(c.output, c.out_format, complex_counterpart(in.format()));
  target.fortran_order = target.npy && shape.fortran_order;
  require_result_kind(target, false, std::string(verb) + "'s results");
  const input_file* inputs[] = {&in};
  check_output_path(c.output, c.force, inputs);

  // The working values, the plan's workspace (at most three buffers) and
  // twiddles (about one more), and one output chunk.
  const std::uint64_t count = in.element_count();
  require_memory(saturating_multiply(count, working_bytes(c.precision) * 4) +
                     saturating_multiply(shape.length, working_bytes(c.precision) * 2),
                 std::string("a ") + std::string(format_name(c.precision)) + " " + verb + " of " +
                     std::to_string(shape.batch) + " x " + std::to_string(shape.length) + " values");

  const signal_scan scan = scan_signal(in);
  if (!s.allow_nonfinite) refuse_nonfinite(scan, in.path(), shape.length);
  const int k = scale_exponent(scan, c.precision, shape.length, in.path());
  const backend where = choose_backend(s.device);

  double seconds = 0;
  std::optional<std::string> cpu_path;  // "avx512", "avx2" or "scalar" on the CPU
  bool on_limb_arrays = false;
  visit_precision(c.precision, [&](auto tag) {
    using E = decltype(tag);
    using limb_value = typename plan<E>::limb_value;
    show.stage(std::string("planning ") + std::string(format_name(c.precision)));
    plan<E> p = make_plan<E>(shape.length, shape.batch, s.norm, s.twiddles, where, shape.plan_layout());
    if (where == backend::cpu) cpu_path = to_string(p.cpu_isa());
    const std::string running = std::string(verb) + " " + std::string(format_name(c.precision)) + " on " +
                                device_label(backend_name(where), cpu_path);
    // c128 data through dd128 (c64 through df64 or qf128), written back in
    // the same format: the plan reads the file's values where they lie and
    // rounds its results once, with no working copy of the input.
    const limb_value* direct = nullptr;
    if (in.format() == limb_format_of(c.precision) && target.format == in.format() &&
        fits_unscaled(scan, shape.length) &&
        reinterpret_cast<std::uintptr_t>(in.data().data()) % alignof(limb_value) == 0)
      direct = reinterpret_cast<const limb_value*>(in.data().data());
    if (direct != nullptr) {
      on_limb_arrays = true;
      std::vector<limb_value> y(count);
      show.stage(running);
      const auto t0 = std::chrono::steady_clock::now();
      p.execute(c.dir, direct, y.data());
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      show.stage(std::string("writing ") + c.output);
      write_elements(target, shape.npy_shape, count, s.allow_nonfinite, [&](auto out_tag, std::uint64_t j) {
        return from_working<decltype(out_tag)>(fft::widen<E>({y[j].real(), y[j].imag()}), 0);
      });
      return;
    }
    show.stage(std::string("reading ") + in.path());
    aligned_vector<complex<E>> x = load_working<E>(in, k, value_order::file);
    show.stage(running);
    const auto t0 = std::chrono::steady_clock::now();
    p.execute(c.dir, x.data(), x.data());
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    show.stage(std::string("writing ") + c.output);
    write_working(target, shape.npy_shape, count, s.allow_nonfinite, x.data(), k);
  });

  if (s.json) {
    nlohmann::json j{{"command", verb},
                     {"input", in.path()},
                     {"input_format", format_name(in.format())},
                     {"output", c.output},
                     {"output_format", format_name(target.format)},
                     {"output_npy", target.npy},
                     {"length", shape.length},
                     {"batch", shape.batch},
                     {"precision", format_name(c.precision)},
                     {"device", backend_name(where)},
                     {"cpu_path", cpu_path ? nlohmann::json(*cpu_path) : nullptr},
                     {"norm", norm_name(s.norm)},
                     {"twiddles", twiddles_name(s.twiddles)},
                     {"scale_exponent", on_limb_arrays ? 0 : k},
                     {"limb_arrays", on_limb_arrays},
                     {"seconds", seconds}};
    std::cout << j.dump(2) << '\n';
  } else {
    std::printf("ffft: wrote %s: %s of %llu x %llu values in %s on %s (%.3g s)\n", c.output.c_str(), verb,
                static_cast<unsigned long long>(shape.batch), static_cast<unsigned long long>(shape.length),
                std::string(format_name(c.precision)).c_str(),
                device_label(backend_name(where), cpu_path).c_str(), seconds);
  }
  return exit_success;
}

}  // namespace ffft::cli
