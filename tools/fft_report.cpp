// ffft_fft_report: the accuracy of ffft's forward transform against FFTW in
// __float128 (quad), as a markdown table (docs/fft_accuracy.md by default).
//
//   cmake --build build --target ffft_fft_report && build/tools/ffft_fft_report
//   build/tools/ffft_fft_report --max-log2 22 --output /tmp/fft_accuracy.md
//
// For each length N (2^min .. 2^max, every power of two, and a few others:
// 3^10, 5^8, 2^10 3^3 5 7 and the prime 100003, which goes through
// Bluestein) the same input, N complex values with parts uniform in [-1, 1)
// drawn as floats (exact in every format; the generator and seed of
// bench/bench_fft.cpp), is transformed by
//  - ffft df64, qf128, dd128: CPU backend, table twiddles, all threads;
//  - FFTW double and long double (FFTW_ESTIMATE), for comparison;
//  - FFTW quad (FFTW_ESTIMATE): the reference R,
// and each result X is given as its relative L2 error ||X - R|| / ||R||,
// the sums of squares and the quotient computed in __float128 (X converted
// to __float128 exactly or, for a wide-spread expansion, to 2^-113).
// Beside each ffft format: the limit the transform must meet,
// base * sqrt(log2 N / 20), base df64 1.5e-14, qf128 1e-28, dd128 1e-31,
// doubled for a length done with Bluestein's algorithm. The last column,
// FFTW quad's own round-trip error ||x - F^-1 F x / N|| / ||x||, shows how
// far below the ffft errors the reference's error lies.
//
// Exit status: 0 when every ffft error is within its limit, 1 otherwise
// (the report is written either way), 2 on a usage or I/O error.
#include <CLI/CLI.hpp>
#include <fftw3.h>
#include <quadmath.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "ffft/ffft.hpp"
#include "ffft/host/wide_float.hpp"
#include "ffft/plan.hpp"
#include "tools/fft_metrics.hpp"
#include "tools/reference/fftw_quad.hpp"
#include "tools/run_context.hpp"
#include "tools/uniform_input.hpp"

namespace {

using quad = __float128;

// Results as __float128 pairs; their relative L2 distances are
// tools::relative_l2_error (fft_metrics.hpp, shared with the benchmark).
using ffft::tools::complex_quad;
using quad_vector = std::vector<complex_quad>;
using ffft::tools::relative_l2_error;

// ---- FFTW -----------------------------------------------------------------------
// One unnormalized out-of-place FFTW transform in double and long double,
// FFTW_ESTIMATE; the quad reference is tools::fftw_quad_dft (the same plan).
template <class Real, class Cpx, class Plan, class PlanFn, class ExecFn, class DestroyFn,
          class MallocFn, class FreeFn>
quad_vector fftw_transform(const quad_vector& x, int sign, PlanFn plan_fn, ExecFn exec_fn,
                           DestroyFn destroy_fn, MallocFn malloc_fn, FreeFn free_fn) {
  const std::size_t n = x.size();
  Cpx* in = static_cast<Cpx*>(malloc_fn(sizeof(Cpx) * n));
  Cpx* out = static_cast<Cpx*>(malloc_fn(sizeof(Cpx) * n));
  if (in == nullptr || out == nullptr) throw std::bad_alloc();
  const Plan p = plan_fn(static_cast<int>(n), in, out, sign, FFTW_ESTIMATE);
  if (p == nullptr) throw std::runtime_error("FFTW returned no plan");
  for (std::size_t j = 0; j < n; ++j) {
    in[j][0] = static_cast<Real>(x[j].re);  // exact: the inputs are floats
    in[j][1] = static_cast<Real>(x[j].im);
  }
  exec_fn(p);
  quad_vector y(n);
  for (std::size_t j = 0; j < n; ++j) y[j] = ffft::tools::to_quad(out[j]);
  destroy_fn(p);
  free_fn(in);
  free_fn(out);
  return y;
}

quad_vector fftw_double(const quad_vector& x) {
  return fftw_transform<double, fftw_complex, fftw_plan>(
      x, FFTW_FORWARD, fftw_plan_dft_1d, fftw_execute, fftw_destroy_plan, fftw_malloc, fftw_free);
}

quad_vector fftw_long_double(const quad_vector& x) {
  return fftw_transform<long double, fftwl_complex, fftwl_plan>(x, FFTW_FORWARD, fftwl_plan_dft_1d,
                                                                fftwl_execute, fftwl_destroy_plan,
                                                                fftwl_malloc, fftwl_free);
}

// ---- ffft -------------------------------------------------------------------------
struct ffft_result {
  quad_vector y;
  std::vector<int> radices;
  std::uint64_t bluestein_length = 0;
};

template <class E>
ffft_result ffft_forward(const std::vector<std::pair<float, float>>& x) {
  ffft::plan_options o;
  o.length = x.size();
  o.twiddles = ffft::twiddle_mode::table;
  o.backend = ffft::backend::cpu;
  o.threads = 0;  // all hardware threads: speed does not matter here
  ffft::plan<E> plan(o);
  std::vector<ffft::complex<E>> in(x.size()), out(x.size());
  for (std::size_t j = 0; j < x.size(); ++j)
    in[j] = {ffft::from_float<E>(x[j].first), ffft::from_float<E>(x[j].second)};
  plan.forward(in.data(), out.data());
  ffft_result r;
  r.y = ffft::tools::to_complex_quad(out);
  r.radices = plan.radices();
  r.bluestein_length = plan.bluestein_length();
  return r;
}

// The accuracy limit for format E at length n, base x sqrt(log2 n / 20)
// (Bluestein doubles it).
template <class E>
double limit(std::uint64_t n, bool bluestein) {
  double base = 0;
  if constexpr (std::is_same_v<E, ffft::df64>) base = 1.5e-14;
  if constexpr (std::is_same_v<E, ffft::qf128>) base = 1e-28;
  if constexpr (std::is_same_v<E, ffft::dd128>) base = 1e-31;
  return base * std::sqrt(std::log2(static_cast<double>(n)) / 20.0) * (bluestein ? 2.0 : 1.0);
}

// ---- One row ----------------------------------------------------------------------
struct row {
  std::uint64_t n = 0;
  std::string algorithm;
  double err[3] = {}, lim[3] = {};  // df64, qf128, dd128
  double fftw_d = 0, fftw_ld = 0, ref_round_trip = 0;
  double seconds = 0;
};

std::string describe_algorithm(const ffft_result& r) {
  std::string radices;
  for (std::size_t i = 0; i < r.radices.size(); ++i)
    radices += (i ? "·" : "") + std::to_string(r.radices[i]);
  if (r.bluestein_length != 0)
    return "Bluestein, M = " + std::to_string(r.bluestein_length) + " (" + radices + ")";
  return "Stockham " + radices;
}

template <class E>
void measure_ffft(int i, const std::vector<std::pair<float, float>>& x, const quad_vector& ref,
                  row& r) {
  const ffft_result f = ffft_forward<E>(x);
  r.err[i] = relative_l2_error(f.y, ref);
  r.lim[i] = limit<E>(x.size(), f.bluestein_length != 0);
  // All three formats use the same decomposition; keep the first.
  if (r.algorithm.empty()) r.algorithm = describe_algorithm(f);
}

row measure(std::uint64_t n) {
  const auto start = std::chrono::steady_clock::now();
  row r;
  r.n = n;
  const auto x = ffft::tools::uniform_float_input(n);
  const quad_vector xq = ffft::tools::to_complex_quad(x);

  const quad_vector ref = ffft::tools::fftw_quad_dft(xq, FFTW_FORWARD);
  {
    quad_vector back = ffft::tools::fftw_quad_dft(ref, FFTW_BACKWARD);
    const quad scale = quad(1) / quad(n);
    for (auto& v : back) v = {v.re * scale, v.im * scale};
    r.ref_round_trip = relative_l2_error(back, xq);
  }
  measure_ffft<ffft::df64>(0, x, ref, r);
  measure_ffft<ffft::qf128>(1, x, ref, r);
  measure_ffft<ffft::dd128>(2, x, ref, r);
  r.fftw_d = relative_l2_error(fftw_double(xq), ref);
  r.fftw_ld = relative_l2_error(fftw_long_double(xq), ref);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

// ---- Formatting -------------------------------------------------------------------
std::string sci(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2e", v);
  return buf;
}

// An error, bold with a mark when it exceeds its limit.
std::string checked(double err, double lim) {
  return err <= lim ? sci(err) : "**" + sci(err) + " ✗**";
}

std::string length_name(std::uint64_t n) {
  if ((n & (n - 1)) == 0) {
    int k = 0;
    while ((std::uint64_t{1} << k) < n) ++k;
    return "2^" + std::to_string(k);
  }
  if (n == 59049) return "3^10 = 59049";
  if (n == 390625) return "5^8 = 390625";
  if (n == 967680) return "2^10·3^3·5·7 = 967680";
  if (n == 100003) return "100003 (prime)";
  return std::to_string(n);
}

}  // namespace

int main(int argc, char** argv) {
  std::string output = "docs/fft_accuracy.md";
  unsigned min_log2 = 10, max_log2 = 20;
  bool others = true;
  std::string revision;
  CLI::App app{"Accuracy of ffft's forward FFT (df64, qf128, dd128) against FFTW quad"};
  app.add_option("-o,--output", output, "markdown file to write")->capture_default_str();
  app.add_option("--min-log2", min_log2, "smallest power of two")
      ->capture_default_str()
      ->check(CLI::Range(1u, 30u));
  app.add_option("--max-log2", max_log2, "largest power of two")
      ->capture_default_str()
      ->check(CLI::Range(1u, 30u));
  app.add_flag("!--no-others", others,
               "skip the lengths that are not powers of two (3^10, 5^8, 967680, 100003)");
  app.add_option("--revision", revision,
                 "source revision named in the report (default: this tree's, as tools/run_context.hpp writes it)");
  CLI11_PARSE(app, argc, argv);
  if (revision.empty()) revision = ffft::tools::git_revision();
  if (min_log2 > max_log2) {
    std::fprintf(stderr, "ffft_fft_report: --min-log2 is above --max-log2\n");
    return 2;
  }
  std::string command = "build/tools/ffft_fft_report";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];

  std::vector<std::uint64_t> lengths;
  for (unsigned k = min_log2; k <= max_log2; ++k) lengths.push_back(std::uint64_t{1} << k);
  if (others) lengths.insert(lengths.end(), {59049, 390625, 967680, 100003});

  std::vector<row> rows;
  const auto start = std::chrono::steady_clock::now();
  for (const std::uint64_t n : lengths) {
    try {
      rows.push_back(measure(n));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ffft_fft_report: N = %llu: %s\n", static_cast<unsigned long long>(n),
                   e.what());
      return 2;
    }
    const row& r = rows.back();
    std::fprintf(stderr, "N = %-8llu df64 %s  qf128 %s  dd128 %s  (%.1f s)\n",
                 static_cast<unsigned long long>(n), sci(r.err[0]).c_str(), sci(r.err[1]).c_str(),
                 sci(r.err[2]).c_str(), r.seconds);
  }
  const double total =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  int violations = 0;
  for (const row& r : rows)
    for (int i = 0; i < 3; ++i) violations += r.err[i] <= r.lim[i] ? 0 : 1;

  std::ostringstream md;
  md << "# ffft forward FFT accuracy against FFTW quad\n\n"
     << "Produced by `" << command << "` (ffft " << revision << ") on "
     << ffft::tools::utc_now() << ", " << ffft::tools::cpu_model() << " ("
     << std::thread::hardware_concurrency() << " hardware threads), in "
     << static_cast<int>(total) << " s; the table is the program's output, not edited by hand.\n\n"
     << "Relative L2 error ||X - R|| / ||R|| of one forward transform (unnormalized, exponent "
        "-2πi jk/N) of N complex values with real and imaginary parts uniform in [-1, 1), drawn "
        "as floats so that the input is exact in every format. R is FFTW's __float128 transform "
        "(FFTW_ESTIMATE); the sums of squares and their quotient are computed in __float128. "
        "ffft: CPU backend, table twiddles (MPFR, correctly rounded), all threads; FFTW double and "
        "long double: FFTW_ESTIMATE, for comparison.\n\n"
     << "Limit: the accuracy target, base · sqrt(log2 N / 20) with base 1.5e-14 (df64), 1e-28 "
        "(qf128) and 1e-31 (dd128), doubled for lengths done with Bluestein's algorithm (a prime "
        "factor above 7). An error above its limit is shown **bold ✗**. Ref. round trip: FFTW "
        "quad's ||x - F^-1 F x / N|| / ||x||, an estimate (about √2 times) of the reference's own "
        "error, which must lie well below the dd128 column for the table to mean anything.\n\n";
  md << "| N | algorithm (radices) | df64 | df64 limit | qf128 | qf128 limit | dd128 | dd128 limit "
        "| FFTW double | FFTW long double | ref. round trip |\n"
     << "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const row& r : rows) {
    md << "| " << length_name(r.n) << " | " << r.algorithm;
    for (int i = 0; i < 3; ++i)
      md << " | " << checked(r.err[i], r.lim[i]) << " | " << sci(r.lim[i]);
    md << " | " << sci(r.fftw_d) << " | " << sci(r.fftw_ld) << " | " << sci(r.ref_round_trip)
       << " |\n";
  }
  md << "\n"
     << (violations == 0 ? "Every ffft error is within its limit.\n"
                         : std::to_string(violations) + " ffft error(s) EXCEED their limit.\n");

  std::ofstream file(output);
  file << md.str();
  file.close();
  if (!file) {
    std::fprintf(stderr, "ffft_fft_report: cannot write %s\n", output.c_str());
    return 2;
  }
  std::fprintf(stderr, "wrote %s (%d violation(s), %.0f s)\n", output.c_str(), violations, total);
  return violations == 0 ? 0 : 1;
}
