// ffft convolve A B OUT --mode full|same|valid|circular: each signal of A
// (its last axis, the other axes a batch; or --batch) convolved with the
// kernel B (all of B's values), through ffft::convolution. Real when A and
// B are both real, else complex (a real one read with zero imaginary
// parts); written in A's format family by default.
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
#include "cli/options.hpp"
#include "cli/output_file.hpp"
#include "cli/output_writer.hpp"
#include "cli/progress.hpp"
#include "cli/report.hpp"
#include "cli/signal_scan.hpp"
#include "cli/transform_shape.hpp"
#include "cli/working_precision.hpp"
#include "ffft/convolution.hpp"

namespace ffft::cli {

namespace {

convolution_mode mode_of(const std::string& name) {
  if (name == "same") return convolution_mode::same;
  if (name == "valid") return convolution_mode::valid;
  if (name == "circular") return convolution_mode::circular;
  return convolution_mode::full;
}

// The convolution of a's signals with b's kernel in T (E or complex<E>),
// results scaled back by 2^-k.
template <class T, class E>
void convolve_values(const convolve_command& c, const input_file& a, const input_file& b, std::uint64_t length,
                     std::uint64_t batch, int ka, int kb, backend where, const output_target& target,
                     const std::vector<std::uint64_t>& out_shape, double& seconds, std::uint64_t& out_length) {
  convolution_options o;
  o.signal_length = length;
  o.kernel_length = b.element_count();
  o.batch = batch;
  o.mode = mode_of(c.mode);
  o.twiddles = c.twiddles;
  o.backend = where;
  std::optional<convolution<T>> conv;
  try {
    conv.emplace(o);
  } catch (const std::invalid_argument& e) {
    throw input_error(e.what());
  }
  out_length = conv->output_length();
  if constexpr (std::is_same_v<T, E>) {
    const aligned_vector<E> x = load_working_real<E>(a, ka), h = load_working_real<E>(b, kb);
    conv->set_kernel(h.data());
    aligned_vector<E> y(out_length * batch);
    const auto t0 = std::chrono::steady_clock::now();
    conv->execute(x.data(), y.data());
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    write_working(target, out_shape, y.size(), c.allow_nonfinite, y.data(), ka + kb);
  } else {
    const aligned_vector<complex<E>> x = load_working<E>(a, ka), h = load_working<E>(b, kb);
    conv->set_kernel(h.data());
    aligned_vector<complex<E>> y(out_length * batch);
    const auto t0 = std::chrono::steady_clock::now();
    conv->execute(x.data(), y.data());
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    write_working(target, out_shape, y.size(), c.allow_nonfinite, y.data(), ka + kb);
  }
}

}  // namespace

int run_convolve(const convolve_command& c) {
  progress show;
  show.stage(std::string("checking ") + c.signal + " and " + c.kernel);
  const input_file a(c.signal, c.in_format), b(c.kernel, c.in_format);
  const transform_shape shape = resolve_transform_shape(a.layout(), a.path(), std::nullopt, c.batch);
  if (b.element_count() == 0) throw input_error(b.path() + " holds no values; give a non-empty kernel");
  const bool real_data = is_real(a.format()) && is_real(b.format());
  const element_format fallback = real_data ? a.format() : complex_counterpart(a.format());
  const output_target target = resolve_output_target(c.output, c.out_format, fallback);
  require_result_kind(target, real_data, std::string("the convolution's results of ") +
                                             (real_data ? "real" : "complex") + " data");
  const input_file* inputs[] = {&a, &b};
  check_output_path(c.output, c.force, inputs);
  require_memory(saturating_multiply(saturating_multiply(shape.length + b.element_count(), shape.batch),
                                     working_bytes(c.precision) * 4),
                 std::string("a ") + std::string(format_name(c.precision)) + " convolution of " +
                     std::to_string(shape.batch) + " x " + std::to_string(shape.length) + " values");

  // Each input brought into the working range by its own power of two; the
  // product of the scales is undone on the results. The growth allowed for
  // is that of a transform of both lengths together.
  const std::uint64_t span = shape.length + b.element_count();
  const signal_scan scan_a = scan_signal(a), scan_b = scan_signal(b);
  if (!c.allow_nonfinite) {
    refuse_nonfinite(scan_a, a.path(), shape.length);
    refuse_nonfinite(scan_b, b.path(), 0);
  }
  const int ka = scale_exponent(scan_a, c.precision, span, a.path());
  const int kb = scale_exponent(scan_b, c.precision, span, b.path());
  const backend where = choose_backend(c.device);

  double seconds = 0;
  std::uint64_t out_length = 0;
  std::vector<std::uint64_t> out_shape = shape.npy_shape;
  visit_precision(c.precision, [&](auto tag) {
    using E = decltype(tag);
    show.stage(std::string("convolving in ") + std::string(format_name(c.precision)));
    // The output's last axis: the mode's length (convolution_options).
    const auto run = [&](auto value_tag) {
      using T = decltype(value_tag);
      const std::uint64_t n = shape.length, k = b.element_count();
      const convolution_mode mode = mode_of(c.mode);
      out_shape.back() = mode == convolution_mode::full ? n + k - 1
                         : mode == convolution_mode::same ? n
                         : mode == convolution_mode::valid ? (n > k ? n - k : k - n) + 1
                                                           : n;
      convolve_values<T, E>(c, a, b, shape.length, shape.batch, ka, kb, where, target, out_shape, seconds,
                            out_length);
    };
    if (real_data) run(E{});
    else run(complex<E>{});
  });

  if (c.json) {
    nlohmann::json j{{"command", "convolve"},
                     {"signal", a.path()},
                     {"kernel", b.path()},
                     {"output", c.output},
                     {"output_format", format_name(target.format)},
                     {"mode", c.mode},
                     {"signal_length", shape.length},
                     {"kernel_length", b.element_count()},
                     {"output_length", out_length},
                     {"batch", shape.batch},
                     {"real", real_data},
                     {"precision", format_name(c.precision)},
                     {"device", backend_name(where)},
                     {"twiddles", twiddles_name(c.twiddles)},
                     {"seconds", seconds}};
    std::cout << j.dump(2) << '\n';
  } else {
    std::printf("ffft: wrote %s: %s convolution of %llu x %llu values with %llu in %s on %s (%.3g s)\n",
                c.output.c_str(), c.mode.c_str(), static_cast<unsigned long long>(shape.batch),
                static_cast<unsigned long long>(shape.length), static_cast<unsigned long long>(b.element_count()),
                std::string(format_name(c.precision)).c_str(), backend_name(where), seconds);
  }
  return exit_success;
}

}  // namespace ffft::cli
