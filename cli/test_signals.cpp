#include "cli/test_signals.hpp"

#include <quadmath.h>

#include <random>

#include "cli/errors.hpp"

namespace ffft::cli {

namespace {

using tools::complex_quad;

// A uniform value in [-1, 1) on a grid of 2^-112: 113 bits from two draws.
__float128 uniform_symmetric(std::mt19937_64& bits) {
  const std::uint64_t high = bits() >> 15;  // 49 bits
  const std::uint64_t low = bits();         // 64 bits
  const __float128 m = ldexpq(static_cast<__float128>(high), 64) + static_cast<__float128>(low);  // < 2^113
  return ldexpq(m, -112) - 1;
}

complex_quad on_circle(__float128 amplitude, __float128 turns) {  // amplitude exp(2 pi i turns)
  static const __float128 pi = acosq(-1);
  const __float128 angle = 2 * pi * turns;
  return {amplitude * cosq(angle), amplitude * sinq(angle)};
}

}  // namespace

signal_kind parse_signal_kind(const std::string& name) {
  if (name == "random") return signal_kind::random;
  if (name == "impulse") return signal_kind::impulse;
  if (name == "tone") return signal_kind::tone;
  if (name == "chirp") return signal_kind::chirp;
  throw input_error("unknown signal kind '" + name + "'; choose random, impulse, tone or chirp");
}

std::vector<complex_quad> make_signal(const signal_request& r) {
  const std::uint64_t n = r.length;
  const __float128 a = r.amplitude;
  std::vector<complex_quad> x(n * r.batch);
  switch (r.kind) {
    case signal_kind::random: {
      std::mt19937_64 bits(r.seed);
      for (complex_quad& v : x) {
        const __float128 re = uniform_symmetric(bits);
        v = {a * re, a * uniform_symmetric(bits)};
      }
      break;
    }
    case signal_kind::impulse:
      for (std::uint64_t b = 0; b < r.batch; ++b) x[b * n + r.index] = {a, 0};
      break;
    case signal_kind::tone:
#pragma omp parallel for schedule(static)
      for (std::uint64_t j = 0; j < n; ++j) {
        const __float128 cycles = fmodq(static_cast<__float128>(r.frequency) * static_cast<__float128>(j),
                                        static_cast<__float128>(n));
        x[j] = on_circle(a, cycles / static_cast<__float128>(n));
      }
      break;
    case signal_kind::chirp:
#pragma omp parallel for schedule(static)
      for (std::uint64_t j = 0; j < n; ++j) {
        const std::uint64_t period = 4 * n, phase = j * j % period;  // j < 2^31: j^2 < 2^62
        x[j] = on_circle(a, static_cast<__float128>(phase) / static_cast<__float128>(period));
      }
      break;
  }
  if (r.kind == signal_kind::tone || r.kind == signal_kind::chirp)
    for (std::uint64_t b = 1; b < r.batch; ++b) std::copy(x.begin(), x.begin() + n, x.begin() + b * n);
  return x;
}

}  // namespace ffft::cli
