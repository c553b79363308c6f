// The signals of `ffft gen`, computed in __float128 and rounded once to the
// output format.
//
//   random   re and im uniform in [-A, A), 113 random bits each from
//            std::mt19937_64 (whose output the C++ standard fixes, so a seed
//            gives the same file everywhere); consecutive transforms continue
//            the stream
//   impulse  A at position J of each transform, 0 elsewhere
//   tone     A exp(2 pi i F j / N): F cycles per transform
//   chirp    A exp(2 pi i j^2 / (4N)): instantaneous frequency j / (2N)
//            cycles per sample, from 0 up to the Nyquist frequency
// Phases are reduced exactly before the sine and cosine (integer arithmetic
// for the chirp; F j mod N is exact in __float128 for F a double and
// j < 2^31), so the values are accurate to __float128's rounding.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/reference/complex_quad.hpp"

namespace ffft::cli {

enum class signal_kind { random, impulse, tone, chirp };

struct signal_request {
  signal_kind kind;
  std::uint64_t length, batch, seed, index;
  double frequency, amplitude;
};

// "random", "impulse", "tone", "chirp" (else input_error).
signal_kind parse_signal_kind(const std::string& name);

// All batch x length values, transform after transform.
std::vector<tools::complex_quad> make_signal(const signal_request& r);

}  // namespace ffft::cli
