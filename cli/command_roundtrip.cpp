// ffft roundtrip IN: x' = ifft(fft(x)) in each precision against x, beside
// FFTW double and cuFFT single and double, and every forward transform
// against FFTW's __float128 one.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/cuda_support.hpp"
#include "cli/external_roundtrip.hpp"
#include "cli/input_file.hpp"
#include "cli/memory_budget.hpp"
#include "cli/nd_shape.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "cli/report.hpp"
#include "cli/signal_scan.hpp"
#include "cli/transform_shape.hpp"
#include "cli/working_precision.hpp"
#include "tools/reference/fftw_quad.hpp"

namespace ffft::cli {

namespace {

// What the forward transform is multiplied by under each normalization; the
// forward error is measured after dividing it out again.
__float128 forward_scale(normalization norm, std::uint64_t n) {
  const __float128 nq = static_cast<__float128>(n);
  if (norm == normalization::ortho) return 1 / sqrtq(nq);
  if (norm == normalization::forward) return 1 / nq;
  return 1;
}

// What a round trip transforms: the file split into 1-D transforms (-n,
// --batch), or with --axes the array's own axes; both as axes of a C-order
// array for FFTW.
struct roundtrip_geometry {
  std::optional<nd_transform_shape> nd;
  transform_shape one_d{};
  std::vector<std::uint64_t> shape;  // C order
  std::vector<int> axes;
  std::uint64_t points = 0;  // product of the transformed lengths
  std::string text;          // for the report's heading
};

roundtrip_geometry resolve_geometry(const input_file& in, const transform_settings& s) {
  roundtrip_geometry g;
  if (s.axes) {
    g.nd = resolve_nd_shape(in.layout(), in.path(), *s.axes, s.length, s.batch);
    g.shape = g.nd->shape;
    g.axes = g.nd->axes;
    g.points = g.nd->points();
    g.text = g.nd->shape_text() + " values along axes " + g.nd->axes_text();
    return g;
  }
  g.one_d = resolve_transform_shape(in.layout(), in.path(), s.length, s.batch);
  g.shape = {g.one_d.batch, g.one_d.length};
  g.axes = {1};
  g.points = g.one_d.length;
  g.text = std::to_string(g.one_d.batch) + " x " + std::to_string(g.one_d.length) + " values";
  return g;
}

// run(p) with the plan of E that the geometry asks for (plan or nd_plan).
template <class E, class Run>
void with_plan(const roundtrip_geometry& g, const transform_settings& s, backend where, const Run& run) {
  if (g.nd) {
    nd_plan<E> p = make_nd_plan<E>(*g.nd, s.norm, s.twiddles, where);
    run(p);
  } else {
    plan<E> p = make_plan<E>(g.one_d.length, g.one_d.batch, s.norm, s.twiddles, where);
    run(p);
  }
}

template <class E>
report_row ffft_row(const input_file& in, const roundtrip_geometry& shape, const transform_settings& s,
                    const signal_scan& scan, backend where, const std::vector<complex_quad>& x,
                    const std::vector<complex_quad>& reference, progress& show) {
  constexpr element_format precision =
      std::is_same_v<E, df64> ? element_format::df64 : std::is_same_v<E, qf128> ? element_format::qf128
                                                                                : element_format::dd128;
  report_row row{"ffft " + std::string(format_name(precision)), backend_name(where)};
  int k = 0;
  try {
    k = scale_exponent(scan, precision, shape.points, in.path());
  } catch (const input_error& e) {
    row.skipped = e.what();
    row.device.clear();
    return row;
  }
  row.scale_exponent = k;
  show.stage("roundtrip " + row.method + ": reading");
  aligned_vector<complex<E>> v = load_working<E>(in, k);
  show.stage("roundtrip " + row.method + ": planning");
  with_plan<E>(shape, s, where, [&](auto& p) {
    if (where == backend::cpu) row.cpu_path = to_string(selected_cpu_isa());
    show.stage("roundtrip " + row.method + ": transforms");
    const auto t0 = std::chrono::steady_clock::now();
    p.forward(v.data(), v.data());
    const auto t1 = std::chrono::steady_clock::now();
    const __float128 unscale = ldexpq(1, -k) / forward_scale(s.norm, shape.points);
    row.forward_relative_l2 =
        tools::relative_l2_error(quad_values(std::span<const complex<E>>(v), unscale), reference);
    const auto t2 = std::chrono::steady_clock::now();
    p.inverse(v.data(), v.data());
    const auto t3 = std::chrono::steady_clock::now();
    row.seconds = std::chrono::duration<double>((t1 - t0) + (t3 - t2)).count();
  });
  show.stage("roundtrip " + row.method + ": metrics");
  row.metrics = tools::roundtrip_error(x, quad_values(std::span<const complex<E>>(v), ldexpq(1, -k)),
                                       format_resolution(precision));
  return row;
}

// `precision`: the format the external library computed in (c128 for
// double, c64 for single), whose resolution the phase metric uses.
report_row external_row(std::string method, std::string device, element_format precision,
                        const external_roundtrip& r, const std::vector<complex_quad>& x,
                        const std::vector<complex_quad>& reference) {
  report_row row{std::move(method), std::move(device)};
  row.forward_relative_l2 = tools::relative_l2_error(r.forward, reference);
  row.metrics = tools::roundtrip_error(x, r.roundtrip, format_resolution(precision));
  row.seconds = r.seconds;
  return row;
}

report_row cufft_row(bool double_precision, const roundtrip_geometry& g, const std::vector<complex_quad>& x,
                     const std::vector<complex_quad>& reference, progress& show) {
  const std::string method = double_precision ? "cuFFT double" : "cuFFT single";
  report_row row{method, ""};
  const transform_shape& shape = g.one_d;
  if (g.nd) {
    row.skipped = "cuFFT's rows are 1-D transforms (without --axes)";
  } else if (!cuda_built()) {
    row.skipped = "this ffft was built without CUDA";
  } else if (cuda_devices().empty()) {
    row.skipped = "no CUDA device";
  } else {
    show.stage("roundtrip " + method);
    try {
      return external_row(method, "cuda", double_precision ? element_format::c128 : element_format::c64,
                          cufft_roundtrip(x, shape.length, shape.batch, double_precision), x, reference);
    } catch (const std::exception& e) {
      // With a device present, cuFFT failing is a failure, not a skip.
      row.failed = e.what();
    }
  }
  return row;
}

}  // namespace

int run_roundtrip(const roundtrip_command& c) {
  const transform_settings& s = c.settings;
  progress show;
  show.stage("checking " + c.input);
  const std::vector<element_format> precisions =
      c.precisions.empty() ? std::vector{element_format::df64, element_format::qf128, element_format::dd128}
                           : c.precisions;
  for (const element_format p : precisions) visit_precision(p, [](auto) {});  // refuses c64, c128

  const input_file in(c.input, s.in_format);
  const roundtrip_geometry shape = resolve_geometry(in, s);
  const std::uint64_t count = in.element_count();
  // x and the reference in __float128, FFTW's two buffers, and one method at
  // a time: its values with workspace and twiddles, and two __float128 copies.
  require_memory(saturating_multiply(count, 32 * 4 + 32 * 5 + 32 * 2), "a round trip of " + shape.text);

  const signal_scan scan = scan_signal(in);
  if (!s.allow_nonfinite) refuse_nonfinite(scan, in.path(), shape.points);
  const backend where = choose_backend(s.device);

  show.stage("reading " + in.path());
  const std::vector<complex_quad> x = load_quad(in);
  show.stage("FFTW __float128 reference");
  // 1-D: in place, as the program has always planned it (one buffer for
  // the largest inputs, and the same plan, so the same reference bits).
  const std::vector<complex_quad> reference =
      shape.nd ? tools::fftw_quad_dft_nd(x, shape.shape, shape.axes, FFTW_FORWARD)
               : tools::fftw_quad_dft(x, shape.one_d.length, FFTW_FORWARD, tools::fftw_placement::in_place);

  std::vector<report_row> rows;
  for (const element_format p : precisions)
    rows.push_back(visit_precision(
        p, [&](auto tag) { return ffft_row<decltype(tag)>(in, shape, s, scan, where, x, reference, show); }));
  show.stage("roundtrip FFTW double");
  rows.push_back(external_row("FFTW double", "cpu", element_format::c128,
                              fftw_double_roundtrip(x, shape.shape, shape.axes), x, reference));
  rows.push_back(cufft_row(false, shape, x, reference, show));
  rows.push_back(cufft_row(true, shape, x, reference, show));

  if (s.json) {
    nlohmann::json j{{"command", "roundtrip"},
                     {"input", in.path()},
                     {"input_format", format_name(in.format())},
                     {"input_audio", in.audio_encoding().empty() ? nlohmann::json(nullptr)
                                                                 : nlohmann::json(in.audio_encoding())},
                     {"norm", norm_name(s.norm)},
                     {"twiddles", twiddles_name(s.twiddles)},
                     {"rows", nlohmann::json::array()}};
    if (shape.nd) {
      j["shape"] = shape.shape;
      j["axes"] = shape.axes;
    } else {
      j["length"] = shape.one_d.length;
      j["batch"] = shape.one_d.batch;
    }
    for (const report_row& r : rows) j["rows"].push_back(row_json(r));
    std::cout << j.dump(2) << '\n';
  } else {
    const std::string format = in.audio_encoding().empty()
                                   ? std::string(format_name(in.format()))
                                   : in.audio_encoding() + " as " + std::string(format_name(in.format()));
    std::printf("ffft roundtrip: %s, %s, %s, norm %s, twiddles %s\n", in.path().c_str(), format.c_str(),
                shape.text.c_str(), norm_name(s.norm), twiddles_name(s.twiddles));
    std::puts("x' = ifft(fft(x)) against x; forward rel L2 against FFTW's __float128 transform\n");
    print_table(rows);
  }
  for (const report_row& r : rows)
    if (r.failed) {
      std::fprintf(stderr, "ffft: error: %s failed on the CUDA device: %s\n", r.method.c_str(), r.failed->c_str());
      return exit_failure;
    }
  return exit_success;
}

}  // namespace ffft::cli
