// Transforms of real data in numpy's conventions (numpy.fft.rfft, irfft),
// as cuFFT's R2C and C2R plans and FFTW's r2c and c2r:
//
//   ffft::real_plan_options o;
//   o.length = 4096;                         // real values per transform
//   ffft::real_plan<ffft::dd128> p(o);
//   p.forward(x, spectrum);                  // 4096 reals -> 2049 bins
//   p.inverse(spectrum, x);                  // back, scaled by 1/4096
//
// forward of n real values gives the n / 2 + 1 bins X_0 .. X_(n/2) of their
// DFT (the others are conj X_(n-k)); inverse takes those bins and gives n
// real values. Odd n works too. As numpy, inverse ignores the imaginary
// parts of X_0 and, for even n, X_(n/2). Normalization as the complex plan
// (backward: the inverse divides by n).
//
// An even n is computed as a complex transform of n / 2 points and an
// element-wise step with the twiddles w_n^k (fft/real_steps.hpp), so it
// costs about half the complex transform of n points; an odd n costs the
// complex transform of n points. Accuracy: that of the complex transform.
//
// Element j of transform b is at x[j * real.stride + b * real.distance];
// bin k at spectrum[k * spectrum.stride + b * spectrum.distance]. Pointers
// may be host or device memory, as for plan<E>; transforms are out of place
// (the real and spectrum arrays must not overlap), and the input is never
// written. Errors, streams and threads as plan<E>.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "ffft/plan.hpp"

namespace ffft {

struct real_plan_options {
  std::uint64_t length = 0;  // real values per transform: 1 <= length <= max_length
  std::uint64_t batch = 1;
  normalization norm = normalization::backward;
  twiddle_mode twiddles = twiddle_mode::table;
  ffft::backend backend = backend::automatic;
  layout real{};      // distance 0: length * stride
  layout spectrum{};  // distance 0: (length / 2 + 1) * stride
  unsigned threads = 0;  // CPU threads; 0: one per hardware thread
  // CUDA plans: device buffers of the arrays' spans for executions on host
  // memory; false saves them, and execute then refuses host pointers.
  bool host_staging = true;
};

template <class E>
class real_plan {
 public:
  using limb = typename E::limb_type;

  explicit real_plan(const real_plan_options& options);
  ~real_plan();
  real_plan(real_plan&&) noexcept;
  real_plan& operator=(real_plan&&) noexcept;

  // spectrum = rfft(x), normalized as the plan says.
  void forward(const E* x, complex<E>* spectrum, cuda_stream stream = nullptr);
  // x = irfft(spectrum).
  void inverse(const complex<E>* spectrum, E* x, cuda_stream stream = nullptr);

  // The same on the limb type's arrays (double for dd128, float for df64
  // and qf128): values widened exactly, results rounded once, as
  // plan<E>'s std::complex overloads. Double data get a dd128-accurate
  // rfft rounded to complex<double>.
  void forward(const limb* x, std::complex<limb>* spectrum, cuda_stream stream = nullptr);
  void inverse(const std::complex<limb>* spectrum, limb* x, cuda_stream stream = nullptr);

  const real_plan_options& options() const;
  ffft::backend backend() const;  // cpu or cuda
  // Bins per transform: length / 2 + 1.
  std::uint64_t spectrum_length() const;
  // Bytes of scratch memory the plan holds in its backend's memory: the
  // complex transform's data (points x batch values) and its workspace.
  std::size_t workspace_bytes() const;
  // Bytes of twiddles (and Bluestein tables) in the backend's memory.
  std::size_t twiddle_bytes() const;
  // The radices of the complex transform's passes (of n / 2 points for an
  // even n; of the padded length for a Bluestein one).
  std::vector<int> radices() const;

 private:
  void check_arrays(const void* x, std::size_t real_bytes, const void* spectrum,
                    std::size_t bin_bytes) const;
  struct impl;
  impl& state() const;
  std::unique_ptr<impl> impl_;
};

extern template class real_plan<df64>;
extern template class real_plan<qf128>;
extern template class real_plan<dd128>;

}  // namespace ffft
