// One contender of the FFT benchmark (bench_fft.cpp): a batch of forward
// transforms made ready to run (plan, buffers, input), with the untimed
// probes the accuracy counters need. Each case owns its buffers, so the
// benchmark can keep exactly one alive at a time. The CPU contenders are in
// fft_cpu_cases.hpp, the GPU ones in fft_cuda_cases.hpp.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "tools/fft_metrics.hpp"
#include "tools/uniform_input.hpp"

namespace ffft::bench {

using tools::complex_quad;

// batch transforms of length n on `threads` threads (0: all).
struct fft_problem {
  std::uint64_t n;
  std::uint64_t batch;
  unsigned threads;
};

// A contender this machine cannot run (no CUDA device, a build without
// CUDA): its benchmark is skipped, saying why. Any other exception while
// setting a case up is a failure, and the benchmark exits non-zero.
struct case_unavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class fft_case {
 public:
  virtual ~fft_case() = default;
  // The timed call: the batch's forward transforms, out of place.
  virtual void run() = 0;
  // run(), returning the device time it took in seconds where the case
  // times itself (GPU cases: CUDA events), else -1 (the benchmark's clock).
  virtual double run_timed() {
    run();
    return -1;
  }
  // Untimed: transform 0's forward output, and its round trip
  // F^-1(F(x_0)) / n, in __float128.
  virtual std::vector<complex_quad> forward_first() = 0;
  virtual std::vector<complex_quad> roundtrip_first() = 0;
  // Bytes of one complex value, for the bandwidth counters.
  virtual std::size_t value_bytes() const = 0;
  // The unit roundoff of the case's arithmetic (2^-106 for dd128, 2^-53
  // for double, ...): the resolution below which the round trip's phase
  // metric leaves a sample out (tools::phase_defined).
  virtual double unit_roundoff() const = 0;
  // How many times a call reads and writes all the batch's values, where
  // the case knows it (its radix passes), else 0.
  virtual unsigned memory_passes() const { return 0; }
};

// The benchmark input: transform b is values [b n, (b + 1) n) of
// uniform_float_input(n batch), so transform 0 is uniform_float_input(n),
// the reference's input.
inline std::vector<std::pair<float, float>> batch_input(const fft_problem& p) {
  return tools::uniform_float_input(p.n * p.batch);
}

}  // namespace ffft::bench
