// The lane arithmetic of one CPU path, timed (butterfly_rate.hpp).
// FFFT_RATE_PATH names the path's namespace and FFFT_RATE_LANE_BYTES its
// vector width (bench/CMakeLists.txt), and the translation unit is compiled
// with the path's flags. Both call the library's own instantiations: the
// avx2 path's are declared in avx2_lane_arithmetic.hpp, the avx512 path's
// below (the library keeps them global, src/CMakeLists.txt), so what is
// timed is the code the passes call.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>

#include "bench/butterfly_rate.hpp"
#include "ffft/arithmetic.hpp"
#include "ffft/conversions.hpp"
#include "src/cpu/avx2_lane_arithmetic.hpp"
#include "src/cpu/lane_butterfly.hpp"

#if FFFT_RATE_LANE_BYTES == 64
namespace ffft::fft {
FFFT_LANE_ARITHMETIC(extern template, 64, df64)
FFFT_LANE_ARITHMETIC(extern template, 64, qf128)
FFFT_LANE_ARITHMETIC(extern template, 64, dd128)
}  // namespace ffft::fft
#endif

namespace butterfly_rate::FFFT_RATE_PATH {

namespace {

constexpr int lane_bytes = FFFT_RATE_LANE_BYTES;

// The loop's other callee: the same call, no arithmetic.
template <class L, int R>
[[gnu::noinline]] void no_arithmetic(ffft::complex<L> (&x)[R], const ffft::complex<L> (&w)[R - 1], bool, bool) {
  asm volatile("" : : "r"(&x), "r"(&w) : "memory");
}

template <class E, int R, class Call>
double fastest_ns(Call call) {
  using L = ffft::fft::lane_expansion<E, lane_bytes>;
  constexpr int W = ffft::fft::lane_count<E, lane_bytes>;
  // Two independent operand sets, inputs in [-1, 1) and twiddles on the
  // unit circle, every value finite: the unchecked arithmetic's outputs are
  // final, as in a transform of finite data.
  constexpr int sets = 2;
  std::mt19937_64 g(R * 131 + E::limbs);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  alignas(64) ffft::complex<L> inputs[sets][R], twiddles[sets][R - 1], work[sets][R];
  for (int s = 0; s < sets; ++s) {
    for (int j = 0; j < R; ++j) {
      ffft::complex<E> v[W];
      for (auto& c : v) c = {ffft::from_double<E>(value(g)), ffft::from_double<E>(value(g))};
      inputs[s][j] = ffft::fft::to_lanes<lane_bytes, E>(v);
    }
    for (int a = 0; a + 1 < R; ++a) {
      ffft::complex<E> v[W];
      for (auto& c : v) {
        const double angle = 3.141592653589793 * value(g);
        c = {ffft::from_double<E>(std::cos(angle)), ffft::from_double<E>(std::sin(angle))};
      }
      twiddles[s][a] = ffft::fft::to_lanes<lane_bytes, E>(v);
    }
  }
  // Blocks of 256 calls, the fastest of at least 32 and of 50 ms of them
  // (the first block, which warms the caches up, not counted): each call
  // copies fresh inputs into place (its outputs have grown), so that
  // consecutive calls are independent, as a pass's lane groups are.
  constexpr int calls = 256;
  double best = 1e300, spent_ns = 0;
  for (int block = 0; block <= 32 || spent_ns < 50e6; ++block) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int c = 0; c < calls; ++c) {
      const int s = c % sets;
      std::copy(std::begin(inputs[s]), std::end(inputs[s]), std::begin(work[s]));
      call(work[s], twiddles[s]);
    }
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    spent_ns += ns;
    if (block > 0) best = std::min(best, ns / calls);
  }
  return best;
}

// The direction, read at run time, as the passes pass it.
volatile bool inverse = false;

template <class E, int R>
call_time measure_radix() {
  using L = ffft::fft::lane_expansion<E, lane_bytes>;
  const bool direction = inverse;
  const double arithmetic =
      fastest_ns<E, R>([direction](ffft::complex<L>(&x)[R], const ffft::complex<L>(&w)[R - 1]) {
        ffft::fft::lane_butterfly_arithmetic<lane_bytes, R, E>(x, w, direction, true);
      });
  const double untwiddled =
      fastest_ns<E, R>([direction](ffft::complex<L>(&x)[R], const ffft::complex<L>(&w)[R - 1]) {
        ffft::fft::lane_butterfly_arithmetic<lane_bytes, R, E>(x, w, direction, false);
      });
  const double copy = fastest_ns<E, R>([direction](ffft::complex<L>(&x)[R], const ffft::complex<L>(&w)[R - 1]) {
    no_arithmetic<L, R>(x, w, direction, true);
  });
  return {arithmetic, untwiddled, copy, ffft::fft::lane_count<E, lane_bytes>};
}

template <class E>
call_time measure_format(int radix) {
  switch (radix) {
    case 2: return measure_radix<E, 2>();
    case 4: return measure_radix<E, 4>();
    case 8: return measure_radix<E, 8>();
    default: throw std::invalid_argument("radix " + std::to_string(radix) + " is not timed (2, 4 or 8)");
  }
}

}  // namespace

call_time measure(const std::string& format, int radix) {
  if (format == "df64") return measure_format<ffft::df64>(radix);
  if (format == "qf128") return measure_format<ffft::qf128>(radix);
  if (format == "dd128") return measure_format<ffft::dd128>(radix);
  throw std::invalid_argument("format " + format + " is not df64, qf128 or dd128");
}

}  // namespace butterfly_rate::FFFT_RATE_PATH
