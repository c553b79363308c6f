// ffft_twiddle_report: the accuracy of both twiddle modes against MPFR
// (cosu / sinu, exact argument reduction), as tables for the README.
//  - computed (sincos_2pi): absolute error of cos and sin in units of the
//    format's 2^-precision, over the point sets of the tests;
//  - table (host::twiddle_table): error of every w_n^k in half-ulps of its
//    last limb (at most 1 means correctly rounded limb by limb), with the
//    table's build time;
//  - factored (the computed mode's: two tables of about sqrt(n) entries,
//    one product per twiddle): absolute error in units of 2^-precision,
//    within the bound of factored_twiddle_bound_units.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <type_traits>
#include <vector>

#include "src/fft/tables.hpp"
#include "tools/accuracy/twiddle_measure.hpp"
#include "ffft/host/twiddle_table.hpp"

namespace {

using namespace ffft;
using namespace ffft::accuracy;

// Prints one format's computed-mode rows; returns the bound violations.
template <class E>
int report_computed(long random_pairs) {
  const double bound = computed_twiddle_bound_units<E>();
  int violations = 0;
  for (twiddle_point_set set : computed_twiddle_sets<E>()) {
    if (set.random_pairs > 0) set.random_pairs = random_pairs;
    const twiddle_error_stats s = measure_computed_twiddles<E>(set);
    const bool within = s.max() <= bound;
    violations += within ? 0 : 1;
    std::printf("| %-5s | %-28s | %8ld | %6.3f | %6.3f | %6.3f | %6.3f | %3.0f | %-3s |\n",
                format_traits<E>::name, set.name.c_str(), s.samples, s.max_cos, s.rms_cos(),
                s.max_sin, s.rms_sin(), bound, within ? "yes" : "NO");
  }
  return violations;
}

// Prints one format's table rows; returns the entries beyond half an ulp.
template <class E>
int report_tables() {
  int violations = 0;
  for (std::uint64_t n : {1024u, 65536u, 3u * 1024u, 5u * 7u * 11u * 13u, 10007u}) {
    const auto start = std::chrono::steady_clock::now();
    const host::twiddle_table<E> table(n);
    const double build_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const twiddle_error_stats s = measure_table<E>(table);
    const bool within = s.max() <= 1.0;
    violations += within ? 0 : 1;
    std::printf("| %-5s | %6llu | %8zu | %7.5f | %6.3f | %4llu | %8.2f | %-3s |\n",
                format_traits<E>::name, static_cast<unsigned long long>(n),
                table.octant_entries().size(), s.max(), std::max(s.rms_cos(), s.rms_sin()),
                static_cast<unsigned long long>(table.reevaluations()), build_ms,
                within ? "yes" : "NO");
  }
  return violations;
}

// Prints one format's factored rows, both kinds of factors: correctly
// rounded, and the computed mode's (sincos_2pi, as a plan builds them);
// returns the computed mode's bound violations.
template <class E>
int report_factored() {
  std::vector<std::uint64_t> lengths = {4096u, 3u * 4096u, 6720u, 65536u};
  if (std::is_same_v<E, df64>) lengths.push_back(1u << 20);
  const double bound = factored_twiddle_bound_units<E>();
  int violations = 0;
  for (std::uint64_t n : lengths) {
    const twiddle::factor_tables_shape shape = twiddle::factor_tables_shape::of(n);
    const std::vector<complex<E>> factors = fft::factor_tables<E>(n, 0);
    const twiddle_error_stats rounded =
        measure_factored_table<E>(host::twiddle_table<E>(n), shape.fine_log2);
    const twiddle_error_stats computed = measure_factored<E>(n, shape.over(factors.data()));
    const bool within = computed.max() <= bound;
    violations += within ? 0 : 1;
    std::printf("| %-5s | %7llu | %5llu | %6.3f | %6.3f | %6.3f | %6.3f | %4.1f | %-3s |\n",
                format_traits<E>::name, static_cast<unsigned long long>(n),
                static_cast<unsigned long long>(shape.fine_size), rounded.max(),
                std::max(rounded.rms_cos(), rounded.rms_sin()), computed.max(),
                std::max(computed.rms_cos(), computed.rms_sin()), bound, within ? "yes" : "NO");
  }
  return violations;
}

}  // namespace

int main(int argc, char** argv) {
  long random_pairs = 1000000;
  CLI::App app{"Accuracy of ffft's twiddle factors (table and computed) against MPFR"};
  app.add_option("--random-pairs", random_pairs, "random (k, n) pairs for the computed mode")
      ->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);

  std::printf("# ffft twiddle accuracy against MPFR\n\n");
  std::printf("## Computed twiddles (sincos_2pi)\n\n");
  std::printf("Absolute error of cos and sin of 2 pi k / n in units of 2^-precision "
              "(df64 2^-48, qf128 2^-96, dd128 2^-106).\n\n");
  std::printf("| format | points | count | max cos | rms cos | max sin | rms sin | bound | within |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  int violations = report_computed<df64>(random_pairs) + report_computed<qf128>(random_pairs) +
                   report_computed<dd128>(random_pairs);

  std::printf("\n## Twiddle tables (MPFR, first octant)\n\n");
  std::printf("Error of every w_n^k, k in [0, n), in half-ulps of the value's last limb "
              "(<= 1: correctly rounded limb by limb); entries: first-octant values "
              "computed with MPFR; re-evaluated: entries whose rounding needed a second, "
              "more precise MPFR evaluation.\n\n");
  std::printf("| format | n | entries | max err | rms err | re-evaluated | build ms | within |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  violations += report_tables<df64>() + report_tables<qf128>() + report_tables<dd128>();

  std::printf("\n## Factored twiddles (w_n^(M floor(k/M)) x w_n^(k mod M))\n\n");
  std::printf("The computed mode's twiddles: two tables of about sqrt(n) entries, M fine and "
              "n / M coarse, and one product per twiddle. Absolute error of cos and sin over "
              "all k in units of 2^-precision, the factors correctly rounded (MPFR) or from "
              "sincos_2pi (the computed mode's); bound: 2 sqrt(2) e + mul + sub units "
              "(tools/accuracy/twiddle_measure.hpp).\n\n");
  std::printf("| format | n | M | max, rounded factors | rms | max, computed factors | rms | bound | within |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  violations += report_factored<df64>() + report_factored<qf128>() + report_factored<dd128>();

  std::printf("\n%s\n", violations == 0 ? "Every twiddle is within its bound."
                                        : "SOME TWIDDLES EXCEED THEIR BOUND.");
  return violations == 0 ? 0 : 1;
}
