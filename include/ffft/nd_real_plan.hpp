// N-D transforms of real data in numpy's conventions (numpy.fft.rfftn,
// irfftn), as cuFFT's R2C and C2R plans of any rank and FFTW's rank-d
// r2c and c2r:
//
//   ffft::nd_real_plan_options o;
//   o.shape = {256, 256, 256};               // of the real arrays
//   ffft::nd_real_plan<ffft::dd128> p(o);
//   p.forward(x, spectrum);                  // 256 x 256 x 129 bins
//   p.inverse(spectrum, x);                  // back, scaled by 1/256^3
//
// The last listed axis h is the halved one: forward takes the rfft of
// n[h] values along it (n[h] / 2 + 1 bins, real_plan<E>'s) and then the
// complex transforms of nd_plan<E> along the other listed axes (the last
// listed first); inverse runs the complex inverses first and the irfft
// last, which, as numpy's irfftn, ignores the imaginary parts of the bins
// that must be real. The spectrum's shape is the real shape with n[h]
// replaced by n[h] / 2 + 1 (spectrum_shape()). Normalization is applied
// once, to the whole transform, by its last step. Results are
// bit-identical between the CPU and CUDA backends and across thread
// counts; one axis gives the bits of real_plan<E>.
//
// Layouts as nd_plan's, the real array's over the real shape and the
// spectrum's over the spectrum's shape. Out of place, or in place in
// FFTW's padded layout: x == spectrum, h the last axis, both strides 1,
// and the real array's rows as long as the spectrum's (real.embed's last
// length 2 * (n[h] / 2 + 1) and the other lengths and the distance as the
// spectrum's, in units of one real value). Other overlaps are refused.
// inverse never writes its input when out of place.
//
// Memory: the real axis's 1-D plan (its complex transform's data and
// workspace, as real_plan<E>), the workspace the complex axes share (as
// nd_plan<E>), and, for inverse and for forward on limb arrays when more
// than one axis is transformed, one copy of the spectrum's span in E,
// allocated on the first such call. workspace_bytes() counts all three.
// A CUDA plan with host_staging also holds two device buffers of the
// larger of the arrays' spans.
//
// Errors, streams and threads as plan<E>: every parameter is checked when
// the plan is made and every pointer when it is executed, before anything
// is written.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "ffft/nd_plan.hpp"
#include "ffft/plan.hpp"

namespace ffft {

struct nd_real_plan_options {
  std::vector<std::uint64_t> shape;  // of the real arrays: 1 <= rank, 1 <= n[k] <= max_length
  // The axes transformed, each in [0, rank) and listed once; empty: all.
  // The last listed is the halved axis.
  std::vector<int> axes;
  std::uint64_t batch = 1;  // arrays per execution, >= 1
  normalization norm = normalization::backward;
  twiddle_mode twiddles = twiddle_mode::table;
  ffft::backend backend = backend::automatic;
  nd_layout real{};      // over shape
  nd_layout spectrum{};  // over spectrum_shape()
  unsigned threads = 0;  // CPU threads; 0: one per hardware thread
  // CUDA plans: device copies of the arrays' spans for executions on host
  // memory; false saves them, and execute then refuses host pointers.
  bool host_staging = true;
};

template <class E>
class nd_real_plan {
 public:
  using limb = typename E::limb_type;

  explicit nd_real_plan(const nd_real_plan_options& options);
  ~nd_real_plan();
  nd_real_plan(nd_real_plan&&) noexcept;
  nd_real_plan& operator=(nd_real_plan&&) noexcept;

  // spectrum = rfftn(x) along the plan's axes, normalized as it says.
  void forward(const E* x, complex<E>* spectrum, cuda_stream stream = nullptr);
  // x = irfftn(spectrum).
  void inverse(const complex<E>* spectrum, E* x, cuda_stream stream = nullptr);

  // The same on the limb type's arrays (double for dd128, float for df64
  // and qf128): values widened exactly in, results rounded once out.
  void forward(const limb* x, std::complex<limb>* spectrum, cuda_stream stream = nullptr);
  void inverse(const std::complex<limb>* spectrum, limb* x, cuda_stream stream = nullptr);

  const nd_real_plan_options& options() const;  // as checked: axes and layouts filled in
  ffft::backend backend() const;                // cpu or cuda
  // The real shape with the halved axis's n replaced by n / 2 + 1.
  const std::vector<std::uint64_t>& spectrum_shape() const;
  // Bytes of scratch memory the plan holds or may allocate in its backend's
  // memory (the three parts above).
  std::size_t workspace_bytes() const;
  // Bytes of twiddles (and Bluestein tables) held, over all axes.
  std::size_t twiddle_bytes() const;

 private:
  struct impl;
  impl& state() const;
  std::unique_ptr<impl> impl_;
};

extern template class nd_real_plan<df64>;
extern template class nd_real_plan<qf128>;
extern template class nd_real_plan<dd128>;

}  // namespace ffft
