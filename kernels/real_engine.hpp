// The CUDA backend of a real_plan and of a convolution: the complex
// transform by an fft_engine
// of the plan's points, the element-wise steps of fft/real_steps.hpp in
// kernels that call the same FFFT_HD code as the CPU (so results are
// bit-identical to it), and staging for host arrays as the complex engine
// has. Everything is allocated when the engine is made; execute allocates
// nothing. Plain C++ (no CUDA headers): src/fft/real_plan.cpp includes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/tables.hpp"
#include "ffft/complex.hpp"
#include "ffft/fft/elementwise_steps.hpp"
#include "ffft/fft/limb_values.hpp"
#include "ffft/fft/real_steps.hpp"
#include "ffft/fft/stockham_pass.hpp"

struct CUstream_st;

namespace ffft::cuda {

template <class E>
class real_engine {
 public:
  using limb = typename E::limb_type;

  // inner: the complex transform's tables (of shape.points); twiddles:
  // w_n^k for k <= n / 2 (real_twiddles) for even n, empty for odd n;
  // first_stage_bytes and second_stage_bytes: device staging for host
  // arrays, the real array's (or a convolution's signals') and the
  // spectrum's (or its results'); 0 and 0: none, and execute refuses host
  // memory. The tables have landed when it returns.
  real_engine(const fft::transform_tables<E>& inner, const std::vector<complex<E>>& twiddles,
              fft::real_shape shape, std::uint64_t batch, std::uint64_t first_stage_bytes,
              std::uint64_t second_stage_bytes);
  ~real_engine();
  real_engine(const real_engine&) = delete;
  real_engine& operator=(const real_engine&) = delete;

  // rfft and irfft on `stream`: with device pointers enqueued, with host
  // pointers through the staging buffers, returning when the output holds
  // the result (as fft_engine::execute).
  void forward(const fft::scaling<E>& scale, fft::strided<const E> x,
               fft::strided<complex<E>> spectrum, CUstream_st* stream);
  void forward(const fft::scaling<E>& scale, fft::strided<const limb> x,
               fft::strided<fft::limb_complex_of<E>> spectrum, CUstream_st* stream);
  void inverse(const fft::scaling<E>& scale, fft::strided<const complex<E>> spectrum,
               fft::strided<E> x, CUstream_st* stream);
  void inverse(const fft::scaling<E>& scale, fft::strided<const fft::limb_complex_of<E>> spectrum,
               fft::strided<limb> x, CUstream_st* stream);
  // Widened in only, or rounded out only (the real axis of an N-D real
  // transform on limb arrays): the same kernels as the two above.
  void forward(const fft::scaling<E>& scale, fft::strided<const limb> x,
               fft::strided<complex<E>> spectrum, CUstream_st* stream);
  void inverse(const fft::scaling<E>& scale, fft::strided<const complex<E>> spectrum,
               fft::strided<limb> x, CUstream_st* stream);

  // Convolutions (engine/real_runner.hpp's run_convolution): the kernel's
  // spectrum divided by n (bins for a halved shape, else n values), copied
  // to the device (landed when it returns), then any number of
  // convolutions of batches of signals with it. Real values of E or its
  // limb type, or complex ones (a shape that is not halved).
  struct convolution_window {
    std::uint64_t signal_values, output_offset, output_values;
  };
  void set_kernel_spectrum(const std::vector<complex<E>>& spectrum);
  void convolve(const convolution_window& w, fft::strided<const E> signal, fft::strided<E> out,
                CUstream_st* stream);
  void convolve(const convolution_window& w, fft::strided<const limb> signal, fft::strided<limb> out,
                CUstream_st* stream);
  void convolve(const convolution_window& w, fft::strided<const complex<E>> signal,
                fft::strided<complex<E>> out, CUstream_st* stream);
  void convolve(const convolution_window& w, fft::strided<const fft::limb_complex_of<E>> signal,
                fft::strided<fft::limb_complex_of<E>> out, CUstream_st* stream);

  // Device bytes of the packed data and the complex transform's workspace.
  std::size_t workspace_bytes() const;
  std::size_t staging_bytes() const;

 private:
  template <class In, class Out>
  void transform(const fft::scaling<E>& scale, In in, Out out, CUstream_st* stream);
  template <class X>
  void convolve_on(const convolution_window& w, fft::strided<const X> signal, fft::strided<X> out,
                   CUstream_st* stream);
  template <class In, class Out, class Run>
  void stage_and_run(In in, std::uint64_t in_length, unsigned char* in_stage, Out out,
                     std::uint64_t out_length, unsigned char* out_stage, CUstream_st* stream,
                     const Run& run);
  struct state;
  std::unique_ptr<state> state_;
};

extern template class real_engine<df64>;
extern template class real_engine<qf128>;
extern template class real_engine<dd128>;

}  // namespace ffft::cuda
