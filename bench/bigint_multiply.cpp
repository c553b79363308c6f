// Big-integer multiplication through convolutions, the demonstration of
// what an extended-precision FFT buys: how many bits each point of the
// transform can carry before a product stops being exact.
//
// Two integers of N / 2 digits of b bits each (D = b N / 2 bits) are
// multiplied by the linear convolution of their digits (a real transform of
// length N), each result rounded to the nearest integer, the carries
// propagated, and the product compared with GMP's mpz_mul. For each format
// (df64, qf128, dd128, and FFTW's double r2c/c2r beside them) and each N,
// the largest safe b is found, from above: every product exact and every
// convolution result within 0.25 of its integer, over random digits in
// `trials` pairs of operands plus the pair of all-maximal digits 2^b - 1,
// whose convolution has the largest values and so the largest rounding
// errors. A result 0.5 from its integer rounds either way, so a b whose
// worst distance came near 0.5 on these operands may fail on others; 0.25
// leaves a factor of two (one bit less roughly quarters the errors).
// Reported with it: that worst distance, and the time of one
// multiplication (both transforms and the product, carries included)
// against mpz_mul of two D-bit integers, all on one thread.
//
//   ffft_bench_bigint --min-log2 10 --max-log2 24 --json bigint.json --markdown bigint.md
//
// Into bench/results, through the script that records the revision measured:
//   scripts/results_record.py run --sources bigint --out bench/results/bigint.json --
//     build/bench/ffft_bench_bigint --json bench/results/bigint.json --markdown bench/results/bigint.md
#include <fftw3.h>
#include <gmp.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "ffft/convolution.hpp"
#include "ffft/conversions.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/host/wide_float.hpp"
#include "tools/run_context.hpp"

namespace {

__extension__ using uint128 = unsigned __int128;

// Digits of b bits, least significant first.
using digits = std::vector<std::uint64_t>;

digits random_digits(std::size_t count, int bits, std::mt19937_64& g) {
  digits d(count);
  const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  for (std::uint64_t& v : d) v = g() & mask;
  return d;
}

// The integer sum of d_i 2^(b i), through a packed bit array (mpz_import),
// in time linear in its size.
void set_integer(mpz_t z, const digits& d, int bits) {
  std::vector<std::uint64_t> words((d.size() * static_cast<std::size_t>(bits) + 63) / 64 + 1, 0);
  for (std::size_t i = 0; i < d.size(); ++i) {
    const std::size_t at = i * static_cast<std::size_t>(bits);
    const uint128 shifted = static_cast<uint128>(d[i]) << (at % 64);
    words[at / 64] |= static_cast<std::uint64_t>(shifted);
    words[at / 64 + 1] |= static_cast<std::uint64_t>(shifted >> 64);
  }
  mpz_import(z, words.size(), -1, sizeof(std::uint64_t), 0, 0, words.data());
}

// What one convolution of digit sequences gave: its results rounded to
// integers and the largest distance of a result from its integer.
struct rounded_convolution {
  std::vector<uint128> values;
  double worst_distance = 0;
};

// The product's digits from the convolution's integers: carries propagated
// in 128 bits (each result is below N 2^(2b) <= 2^124 here).
digits carried(const std::vector<uint128>& c, int bits) {
  digits d(c.size() + 3);
  const uint128 mask = (uint128{1} << bits) - 1;
  uint128 carry = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i < c.size()) carry += c[i];
    d[i] = static_cast<std::uint64_t>(carry & mask);
    carry >>= bits;
  }
  return d;
}

// A multiplier: the convolution of two digit sequences of `count` digits,
// rounded (one per format).
using multiplier = std::function<rounded_convolution(const digits&, const digits&, int)>;

template <class E>
multiplier ffft_multiplier(std::size_t count) {
  ffft::convolution_options o;
  o.signal_length = count;
  o.kernel_length = count;
  o.backend = ffft::backend::cpu;
  o.threads = 1;
  auto plan = std::make_shared<ffft::convolution<E>>(o);
  return [plan, count](const digits& a, const digits& b, int) {
    std::vector<E> x(count), h(count), y(plan->output_length());
    for (std::size_t i = 0; i < count; ++i) {
      x[i] = ffft::from_double<E>(static_cast<double>(a[i]));  // exact: digits below 2^53
      h[i] = ffft::from_double<E>(static_cast<double>(b[i]));
    }
    plan->set_kernel(h.data());
    plan->execute(x.data(), y.data());
    rounded_convolution r;
    r.values.resize(y.size());
    for (std::size_t i = 0; i < y.size(); ++i) {
      const __float128 v = ffft::host::to_float128(y[i]);
      const __float128 nearest = v < 0 ? 0 : static_cast<__float128>(static_cast<uint128>(v + static_cast<__float128>(0.5)));
      r.values[i] = static_cast<uint128>(nearest);
      r.worst_distance = std::max(r.worst_distance, static_cast<double>(v > nearest ? v - nearest : nearest - v));
    }
    return r;
  };
}

// FFTW's double r2c and c2r at the same length N, the classic multiplier.
multiplier fftw_double_multiplier(std::size_t count) {
  const int n = static_cast<int>(2 * count);
  struct buffers {
    double* real;
    fftw_complex* a;
    fftw_complex* b;
    fftw_plan forward, inverse;
    int n;
    ~buffers() {
      fftw_destroy_plan(forward);
      fftw_destroy_plan(inverse);
      fftw_free(real);
      fftw_free(a);
      fftw_free(b);
    }
  };
  auto f = std::make_shared<buffers>();
  f->n = n;
  f->real = fftw_alloc_real(static_cast<std::size_t>(n));
  f->a = fftw_alloc_complex(static_cast<std::size_t>(n / 2 + 1));
  f->b = fftw_alloc_complex(static_cast<std::size_t>(n / 2 + 1));
  f->forward = fftw_plan_dft_r2c_1d(n, f->real, f->a, FFTW_ESTIMATE);
  f->inverse = fftw_plan_dft_c2r_1d(n, f->a, f->real, FFTW_ESTIMATE);
  return [f, count](const digits& a, const digits& b, int) {
    const auto load = [&](const digits& d, fftw_complex* to) {
      std::fill(f->real, f->real + f->n, 0.0);
      for (std::size_t i = 0; i < count; ++i) f->real[i] = static_cast<double>(d[i]);
      fftw_execute_dft_r2c(f->forward, f->real, to);
    };
    load(b, f->b);
    load(a, f->a);
    for (int k = 0; k <= f->n / 2; ++k) {
      const double re = f->a[k][0] * f->b[k][0] - f->a[k][1] * f->b[k][1];
      const double im = f->a[k][0] * f->b[k][1] + f->a[k][1] * f->b[k][0];
      f->a[k][0] = re;
      f->a[k][1] = im;
    }
    fftw_execute_dft_c2r(f->inverse, f->a, f->real);
    rounded_convolution r;
    r.values.resize(2 * count - 1);
    for (std::size_t i = 0; i < r.values.size(); ++i) {
      const double v = f->real[i] / f->n;
      const double nearest = std::max(0.0, std::nearbyint(v));
      r.values[i] = static_cast<uint128>(nearest);
      r.worst_distance = std::max(r.worst_distance, std::fabs(v - nearest));
    }
    return r;
  };
}

struct format_case {
  std::string name;
  int precision_bits;  // of the arithmetic: where the search for b starts
  std::function<multiplier(std::size_t)> make;
};

struct result_row {
  std::string format;
  std::uint64_t n;
  int bits = 0;                 // the largest safe b
  double worst_distance = 0;    // at that b
  double multiply_seconds = 0;  // one product at that b
  double gmp_seconds = 0;       // mpz_mul of two D-bit integers
  int trials = 0;
};

double seconds_of(const std::function<void()>& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The largest distance of a convolution result from its integer that a
// published b may have: half the 0.5 at which rounding becomes ambiguous.
constexpr double safe_distance = 0.25;

// Whether a x b comes out exact; the worst distance goes to `worst`.
bool exact_product(const multiplier& m, const digits& a, const digits& b, int bits, double& worst) {
  const rounded_convolution c = m(a, b, bits);
  worst = std::max(worst, c.worst_distance);
  mpz_t x, y, product, expected;
  mpz_inits(x, y, product, expected, nullptr);
  set_integer(x, a, bits);
  set_integer(y, b, bits);
  mpz_mul(expected, x, y);
  set_integer(product, carried(c.values, bits), bits);
  const bool exact = mpz_cmp(product, expected) == 0;
  mpz_clears(x, y, product, expected, nullptr);
  return exact;
}

result_row measure(const format_case& f, std::uint64_t n, int trials) {
  const std::size_t count = n / 2;
  const multiplier m = f.make(count);
  result_row row{f.name, n};
  row.trials = trials;
  // From a b a little above what the precision allows (the results need
  // 2b + log2(N/2) bits) down to the first safe b: every product exact, with
  // the margin of safe_distance.
  const int log2_count = static_cast<int>(std::log2(static_cast<double>(count)));
  for (int bits = std::min(52, (f.precision_bits - log2_count) / 2 + 2); bits >= 1; --bits) {
    std::mt19937_64 g(n * 1000 + static_cast<std::uint64_t>(bits));
    double worst = 0;
    bool exact = exact_product(m, digits(count, (std::uint64_t{1} << bits) - 1),
                               digits(count, (std::uint64_t{1} << bits) - 1), bits, worst);
    for (int t = 0; exact && t < trials; ++t)
      exact = exact_product(m, random_digits(count, bits, g), random_digits(count, bits, g), bits, worst);
    if (!exact || worst > safe_distance) continue;
    row.bits = bits;
    row.worst_distance = worst;
    const digits a = random_digits(count, bits, g), b = random_digits(count, bits, g);
    row.multiply_seconds = seconds_of([&] {
      const rounded_convolution c = m(a, b, bits);
      (void)carried(c.values, bits);
    });
    mpz_t x, y, z;
    mpz_inits(x, y, z, nullptr);
    set_integer(x, a, bits);
    set_integer(y, b, bits);
    mpz_mul(z, x, y);  // warm
    const int repeats = n <= (1u << 16) ? 20 : 3;
    row.gmp_seconds = seconds_of([&] {
                        for (int r = 0; r < repeats; ++r) mpz_mul(z, x, y);
                      }) / repeats;
    mpz_clears(x, y, z, nullptr);
    return row;
  }
  return row;
}

std::string markdown(const std::vector<result_row>& rows, const std::string& context) {
  std::string s =
      "| format | N | bits per point b | product bits D = b N/2 | worst distance from an integer | "
      "one product | mpz_mul | ratio to mpz_mul |\n|---|---|---|---|---|---|---|---|\n";
  char line[256];
  for (const result_row& r : rows) {
    std::snprintf(line, sizeof line, "| %s | 2^%d | %d | %llu | %.3g | %.3g s | %.3g s | %.3g |\n",
                  r.format.c_str(), static_cast<int>(std::log2(static_cast<double>(r.n))), r.bits,
                  static_cast<unsigned long long>(r.n / 2 * static_cast<std::uint64_t>(r.bits)),
                  r.worst_distance, r.multiply_seconds, r.gmp_seconds,
                  r.multiply_seconds / r.gmp_seconds);
    s += line;
  }
  return s + "\n" + context + "\n";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ffft_bench_bigint: bits per point of exact big-integer multiplication, and its time"};
  int min_log2 = 10, max_log2 = 24, max_trials = 20;
  std::vector<std::string> formats{"df64", "qf128", "dd128", "fftw_double"};
  std::string json_path, markdown_path;
  app.add_option("--min-log2", min_log2, "smallest N = 2^k")->check(CLI::Range(4, 26));
  app.add_option("--max-log2", max_log2, "largest N = 2^k")->check(CLI::Range(4, 26));
  app.add_option("--trials", max_trials, "random operand pairs per b at the smallest N (fewer at large N)")
      ->check(CLI::Range(1, 1000));
  app.add_option("--formats", formats, "of df64, qf128, dd128, fftw_double");
  app.add_option("--json", json_path, "write the results as JSON");
  app.add_option("--markdown", markdown_path, "write the results as a Markdown table");
  CLI11_PARSE(app, argc, argv);

  const std::vector<format_case> all{
      {"df64", 48, [](std::size_t c) { return ffft_multiplier<ffft::df64>(c); }},
      {"qf128", 96, [](std::size_t c) { return ffft_multiplier<ffft::qf128>(c); }},
      {"dd128", 106, [](std::size_t c) { return ffft_multiplier<ffft::dd128>(c); }},
      {"fftw_double", 53, [](std::size_t c) { return fftw_double_multiplier(c); }},
  };
  std::vector<result_row> rows;
  nlohmann::json out;
  const std::string context = "CPU: " + ffft::tools::cpu_model() + "; ffft path " +
                              std::string(ffft::to_string(ffft::selected_cpu_isa())) +
                              "; 1 thread; GMP " + gmp_version + "; measured at " +
                              ffft::tools::git_revision() + "; " + ffft::tools::utc_now();
  out["context"] = context;
  for (const format_case& f : all) {
    if (std::find(formats.begin(), formats.end(), f.name) == formats.end()) continue;
    for (int k = min_log2; k <= max_log2; ++k) {
      const std::uint64_t n = std::uint64_t{1} << k;
      // Fewer trials as N grows (each is a few full-length transforms).
      const int trials = std::max(2, std::min(max_trials, static_cast<int>((std::uint64_t{1} << 22) / n)));
      const result_row r = measure(f, n, trials);
      rows.push_back(r);
      std::printf("%-11s N=2^%-2d b=%-2d worst distance %.3g, %.3g s (mpz_mul %.3g s)\n", r.format.c_str(), k,
                  r.bits, r.worst_distance, r.multiply_seconds, r.gmp_seconds);
      std::fflush(stdout);
      out["results"].push_back({{"format", r.format}, {"n", r.n}, {"bits", r.bits},
                                {"product_bits", r.n / 2 * static_cast<std::uint64_t>(r.bits)},
                                {"worst_distance", r.worst_distance}, {"trials", r.trials},
                                {"multiply_seconds", r.multiply_seconds}, {"gmp_seconds", r.gmp_seconds}});
      if (!json_path.empty()) std::ofstream(json_path) << out.dump(1) << "\n";
    }
  }
  if (!markdown_path.empty()) std::ofstream(markdown_path) << markdown(rows, context);
  return 0;
}
