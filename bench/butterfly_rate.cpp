// ffft_butterfly_rate: the butterflies' arithmetic alone, on one core of
// this machine: the floor that it sets under a CPU transform's time, apart
// from the passes' loads, transposes and stores and the memory below L1
// (scripts/cpu_dynamic_counts.py, `arithmetic`).
//
//   ffft_butterfly_rate LOG2N...
//
// Prints one JSON object, for the path FFFT_CPU_ISA selects (or the best
// one):
//   calls  each format's radix-2, 4 and 8 lane arithmetic
//          (lane_butterfly_arithmetic, src/cpu/lane_butterfly.hpp; the
//          functions every pass of the path calls, one call a lane group of
//          W butterflies): ns a call, the fastest of many, on operands in
//          L1 that each call first copies into place; untwiddled_ns, the
//          same without the twiddle products (a last pass's, m = 1, whose
//          twiddles are all 1: twiddled_dft.hpp); and copy_ns, the same
//          loop with an empty call;
//   rows   for each format and N = 2^LOG2N, the passes' radices
//          (fft/schedule.hpp) and floor_ns_per_point, the sum over the
//          passes of ns / (R W), untwiddled_ns for the last: one
//          transform's arithmetic at the rate of these calls. The fused
//          last two passes and the cache-blocked groups call the same
//          functions on as many lane groups.
// No schedule of a pass's loads and stores makes the arithmetic itself
// faster than it runs here, back to back on data in L1.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bench/butterfly_rate.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/expansion.hpp"
#include "ffft/fft/schedule.hpp"
#include "src/cpu/lane_butterfly.hpp"

// The avx512 copy's calls of the library's lane arithmetic are weak
// references once its object is localized (cmake/ffft_localized_object.cmake
// weakens what stays global), and a weak reference does not take the
// library's avx512 object out of libffft.a: this one does.
namespace ffft::fft {
FFFT_LANE_ARITHMETIC_FOR(extern template, 64, 8, dd128)
}
void (*volatile library_avx512_arithmetic)(ffft::complex<ffft::fft::lane_expansion<ffft::dd128, 64>> (&)[8],
                                           const ffft::complex<ffft::fft::lane_expansion<ffft::dd128, 64>> (&)[7],
                                           bool, bool) = &ffft::fft::lane_butterfly_arithmetic<64, 8, ffft::dd128>;

int main(int argc, char** argv) {
  std::vector<unsigned> log2n;
  for (int i = 1; i < argc; ++i) {
    char* end = nullptr;
    const unsigned long v = std::strtoul(argv[i], &end, 10);
    if (*end != '\0' || v < 1 || v > 30) {
      std::fprintf(stderr, "ffft_butterfly_rate: '%s' is not a LOG2N in 1-30; usage: ffft_butterfly_rate LOG2N...\n",
                   argv[i]);
      return 2;
    }
    log2n.push_back(static_cast<unsigned>(v));
  }
  if (log2n.empty()) {
    std::fputs("usage: ffft_butterfly_rate LOG2N... (e.g. 10 13 16)\n", stderr);
    return 2;
  }
  const ffft::cpu_isa isa = ffft::selected_cpu_isa();
  butterfly_rate::call_time (*measure)(const std::string&, int) = nullptr;
  if (isa == ffft::cpu_isa::avx2) measure = butterfly_rate::avx2::measure;
  if (isa == ffft::cpu_isa::avx512) measure = butterfly_rate::avx512::measure;
  if (measure == nullptr) {
    std::fprintf(stderr, "ffft_butterfly_rate: the %s path runs no lanes; set FFFT_CPU_ISA=avx2 or avx512\n",
                 std::string(ffft::to_string(isa)).c_str());
    return 1;
  }
  // Each format's radices at each N (its own schedule: short_pass_of).
  std::map<std::pair<std::string, unsigned>, std::vector<int>> radices;
  std::set<int> used;
  const auto schedule = [](const std::string& format, std::uint64_t n) {
    if (format == "df64") return ffft::fft::stockham_schedule_of<ffft::df64>(n);
    if (format == "qf128") return ffft::fft::stockham_schedule_of<ffft::qf128>(n);
    return ffft::fft::stockham_schedule_of<ffft::dd128>(n);
  };
  for (const char* format : {"df64", "qf128", "dd128"})
    for (unsigned k : log2n)
      for (const auto& pass : schedule(format, std::uint64_t{1} << k)) {
        radices[{format, k}].push_back(pass.radix);
        used.insert(pass.radix);
      }
  std::printf("{\"path\": \"%s\", \"calls\": [", std::string(ffft::to_string(isa)).c_str());
  std::map<std::pair<std::string, int>, butterfly_rate::call_time> times;
  const char* separator = "";
  for (const char* format : {"df64", "qf128", "dd128"})
    for (int radix : used) {
      const auto t = measure(format, radix);
      times[{format, radix}] = t;
      std::printf("%s\n {\"format\": \"%s\", \"radix\": %d, \"lanes\": %d, \"ns\": %.2f, \"untwiddled_ns\": %.2f, "
                  "\"copy_ns\": %.2f}",
                  separator, format, radix, t.lanes, t.arithmetic_ns, t.untwiddled_ns, t.copy_ns);
      separator = ",";
    }
  std::printf("],\n\"rows\": [");
  separator = "";
  for (const char* format : {"df64", "qf128", "dd128"})
    for (unsigned k : log2n) {
      double floor = 0;
      std::string list;
      const std::vector<int>& passes = radices[{format, k}];
      for (std::size_t j = 0; j < passes.size(); ++j) {
        const int r = passes[j];
        const auto& t = times[{format, r}];
        const bool last = j + 1 == passes.size();  // m = 1: no twiddle products
        floor += (last ? t.untwiddled_ns : t.arithmetic_ns) / (r * t.lanes);
        list += (list.empty() ? "" : ", ") + std::to_string(r);
      }
      std::printf("%s\n {\"format\": \"%s\", \"n\": %llu, \"radices\": [%s], \"floor_ns_per_point\": %.4f}", separator,
                  format, 1ull << k, list.c_str(), floor);
      separator = ",";
    }
  std::printf("]}\n");
  return 0;
}
