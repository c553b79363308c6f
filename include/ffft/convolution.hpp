// Batched convolution of real or complex sequences with one kernel, through
// transforms in an extended format, in scipy.signal.fftconvolve's modes:
//
//   ffft::convolution_options o;
//   o.signal_length = 1000;
//   o.kernel_length = 31;
//   o.batch = 64;                                  // signals per execute
//   o.mode = ffft::convolution_mode::same;
//   ffft::convolution<ffft::dd128> c(o);           // real data; complex<dd128> for complex
//   c.set_kernel(h);                               // transformed once, kept
//   c.execute(x, y);                               // y = x * h, 64 signals
//
// Modes, with n = signal_length and k = kernel_length (scipy's names):
//   full      all n + k - 1 values of the linear convolution;
//   same      n values, the centre of full (from (k - 1) / 2 on);
//   valid     |n - k| + 1 values, where the shorter sequence lies wholly
//             inside the longer one (from min(n, k) - 1 on);
//   circular  n values of the circular convolution of length n (the
//             kernel, k <= n, padded with zeros to n).
//
// How: the linear modes transform at a 7-smooth length N >= n + k - 1 (even
// for real data), circular at N = n (Bluestein if n is not 7-smooth). The
// kernel's spectrum, divided by N, is computed once by set_kernel (on the
// CPU, which the GPU matches bit for bit) and kept in the backend's memory.
// Each execute runs the forward transform of the zero-padded signals, the
// product, the inverse transform and writes the mode's window. The product
// makes no pass over memory of its own: for real data of even N it is
// fused with the real transform's element-wise steps
// (fft/convolution_steps.hpp), otherwise it is made on the forward
// transform's last stores.
//
// Element j of signal b is at signal[j * signal.stride + b * signal.distance],
// result i at out[i * output.stride + b * output.distance]. The kernel is
// kernel_length contiguous values in host memory. Signals and results may
// be host or device memory, as for plan<E>, out of place. Errors, streams
// and threads as plan<E>.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "ffft/plan.hpp"

namespace ffft {

enum class convolution_mode { full, same, valid, circular };

struct convolution_options {
  std::uint64_t signal_length = 0;  // values per signal, >= 1
  std::uint64_t kernel_length = 0;  // >= 1; circular: <= signal_length
  std::uint64_t batch = 1;          // signals per execute, all with the one kernel
  convolution_mode mode = convolution_mode::full;
  twiddle_mode twiddles = twiddle_mode::table;
  ffft::backend backend = backend::automatic;
  layout signal{};  // distance 0: signal_length * stride
  layout output{};  // distance 0: output_length() * stride
  unsigned threads = 0;      // CPU threads; 0: one per hardware thread
  bool host_staging = true;  // CUDA plans: staging for host arrays (as plan_options)
};

// T's format and the standard type of its limbs' values (double or float,
// std::complex of them for complex data).
template <class E>
struct convolution_value {
  using format = E;
  using limb_value = typename E::limb_type;
};
template <class E>
struct convolution_value<complex<E>> {
  using format = E;
  using limb_value = std::complex<typename E::limb_type>;
};

// T: df64, qf128 or dd128 for real sequences; complex<E> for complex ones.
template <class T>
class convolution {
 public:
  using format = typename convolution_value<T>::format;
  using limb_value = typename convolution_value<T>::limb_value;

  explicit convolution(const convolution_options& options);
  ~convolution();
  convolution(convolution&&) noexcept;
  convolution& operator=(convolution&&) noexcept;

  // Transforms kernel (kernel_length values, host memory) and keeps its
  // spectrum for every later execute, until the next set_kernel. On a
  // CUDA plan it waits for work already enqueued to finish.
  void set_kernel(const T* kernel);
  // The same from the limb type's values, widened exactly.
  void set_kernel(const limb_value* kernel);

  // out = each signal convolved with the kernel, in the plan's mode.
  void execute(const T* signals, T* out, cuda_stream stream = nullptr);
  // On limb arrays: signals widened exactly, each result rounded once.
  // Double data with integer values below 2^53 convolve exactly in dd128
  // while the results' rounding errors stay below 1/2 (see
  // docs/convolution.md).
  void execute(const limb_value* signals, limb_value* out, cuda_stream stream = nullptr);

  const convolution_options& options() const;
  ffft::backend backend() const;  // cpu or cuda
  std::uint64_t output_length() const;     // values per result, as the mode says
  std::uint64_t transform_length() const;  // N
  // Bytes of scratch memory held in the backend's memory.
  std::size_t workspace_bytes() const;

 private:
  struct impl;
  impl& state() const;
  std::unique_ptr<impl> impl_;
};

extern template class convolution<df64>;
extern template class convolution<qf128>;
extern template class convolution<dd128>;
extern template class convolution<complex<df64>>;
extern template class convolution<complex<qf128>>;
extern template class convolution<complex<dd128>>;

}  // namespace ffft
