// ffft_arithmetic_report: the accuracy of every operation of every format,
// measured against MPFR, printed as a table in the manner of Thall's Table II
// (per format and operation: operand range, max and rms error in units of
// the format's last bit), with the proven bound beside each measurement.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>

#include "tools/accuracy/measure.hpp"
#include "ffft/expansion.hpp"

namespace {

using namespace ffft;
using namespace ffft::accuracy;

struct report_options {
  long samples_per_class = 200000;
  std::uint64_t seed = 20261122;
};

template <class E>
std::string unit_name() {
  return "2^-" + std::to_string(format_traits<E>::precision);
}

template <class E>
std::string operand_range() {
  const int s = operand_generator<E>::spread();
  return "|x| in 2^[" + std::to_string(-s) + ", " + std::to_string(s + 1) + ")";
}

// Prints one format's rows; returns the number of bound violations.
template <class E>
long report_format(const report_options& o) {
  long violations = 0;
  for (elementwise_op op : all_elementwise_ops) {
    error_stats normal, underflow;
    std::uint64_t seed = o.seed;
    for (operand_class c : all_operand_classes) {
      const error_stats s = measure<E>(op, c, o.samples_per_class, seed++);
      (c == operand_class::near_underflow ? underflow : normal).merge(s);
    }
    violations += normal.bound_violations + underflow.bound_violations;
    std::printf("| %-5s | %-8s | %-22s | %9ld | %10.3f | %10.3f | %8.3f | %-3s | %-3s |\n",
                format_traits<E>::name, name(op), operand_range<E>().c_str(), normal.samples,
                normal.max_units, normal.rms_units(), proven_bound_units<E>(op),
                normal.bound_violations == 0 ? "yes" : "NO",
                underflow.bound_violations == 0 ? "yes" : "NO");
  }
  return violations;
}

}  // namespace

int main(int argc, char** argv) {
  report_options o;
  CLI::App app{"Accuracy of ffft's extended-precision arithmetic against MPFR (300 bits)"};
  app.add_option("--samples", o.samples_per_class, "operand pairs per operand class")
      ->check(CLI::PositiveNumber);
  app.add_option("--seed", o.seed, "random seed");
  CLI11_PARSE(app, argc, argv);

  std::printf("# ffft arithmetic accuracy against MPFR\n\n");
  std::printf("Errors are relative, in units of the format's last bit u^N: "
              "df64 %s, qf128 %s, dd128 %s, qd256 %s.\n",
              unit_name<df64>().c_str(), unit_name<qf128>().c_str(), unit_name<dd128>().c_str(),
              unit_name<qd256>().c_str());
  std::printf("Operand classes: mixed exponents, cancellation, near ties, powers of two, "
              "signed zeros (%ld pairs each, the max and rms columns);\n"
              "near underflow (%ld pairs, checked against bound * |exact| + 64 * the smallest "
              "subnormal limb, last column).\n\n",
              o.samples_per_class, o.samples_per_class);
  std::printf("| format | op | operand range | samples | max err | rms err | bound | within | underflow ok |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  long violations = 0;
  violations += report_format<df64>(o);
  violations += report_format<qf128>(o);
  violations += report_format<dd128>(o);
  violations += report_format<qd256>(o);
  std::printf("\n%s\n", violations == 0 ? "Every operation is within its proven bound."
                                        : "SOME OPERATIONS EXCEED THEIR BOUND.");
  return violations == 0 ? 0 : 1;
}
