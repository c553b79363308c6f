// Where a plan's transforms run: one interface per kind of plan, with a CPU
// and a CUDA implementation, chosen once when the plan is made. The plans
// (plan.cpp, real_plan.cpp, convolution.cpp) check their arguments and
// call these; they never ask which backend they hold.
//
// The CUDA implementations are in cuda_backend.cpp, compiled where the
// CUDA executor is built; elsewhere no_cuda_backend.cpp defines the same
// functions, for a build whose only backend is the CPU. The build chooses
// the file (src/CMakeLists.txt), so no source tests for CUDA.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "engine/engine_memory.hpp"
#include "engine/folded_batch.hpp"
#include "engine/tables.hpp"
#include "ffft/complex.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/fft/elementwise_steps.hpp"
#include "ffft/fft/limb_values.hpp"
#include "ffft/fft/real_steps.hpp"
#include "ffft/fft/stockham_pass.hpp"
#include "ffft/plan.hpp"

namespace ffft::fft {

// A complex plan's transforms of its batch. `sign` -1 is the forward
// transform; element j of transform b is at [j * stride + b * distance].
// With device memory on CUDA, execute enqueues on `stream` and returns;
// with host memory it returns when `out` holds the result.
template <class E>
class complex_backend {
 public:
  virtual ~complex_backend() = default;
  virtual void execute(int sign, const scaling<E>& scale, strided<const complex<E>> in,
                       strided<complex<E>> out, cuda_stream stream) = 0;
  // On arrays of the limb type: widened once in, rounded once out.
  virtual void execute(int sign, const scaling<E>& scale, strided<const limb_complex_of<E>> in,
                       strided<limb_complex_of<E>> out, cuda_stream stream) = 0;
  // Widened in only, or rounded out only: the first and last axes of an
  // N-D transform on limb arrays, whose other axes run on values of E.
  virtual void execute(int sign, const scaling<E>& scale, strided<const limb_complex_of<E>> in,
                       strided<complex<E>> out, cuda_stream stream) = 0;
  virtual void execute(int sign, const scaling<E>& scale, strided<const complex<E>> in,
                       strided<limb_complex_of<E>> out, cuda_stream stream) = 0;
  // The same four on a folded batch (engine/folded_batch.hpp) of the
  // backend's batch of transforms, on device memory: the CUDA backend's
  // (the N-D plans fold on CUDA only). The CPU backend loops over strided
  // batches instead (its threads split each one) and refuses these.
  virtual void execute_folded(int, const scaling<E>&, folded<const complex<E>>, folded<complex<E>>,
                              cuda_stream) {
    refuse_folded();
  }
  virtual void execute_folded(int, const scaling<E>&, folded<const limb_complex_of<E>>,
                              folded<limb_complex_of<E>>, cuda_stream) {
    refuse_folded();
  }
  virtual void execute_folded(int, const scaling<E>&, folded<const limb_complex_of<E>>, folded<complex<E>>,
                              cuda_stream) {
    refuse_folded();
  }
  virtual void execute_folded(int, const scaling<E>&, folded<const complex<E>>, folded<limb_complex_of<E>>,
                              cuda_stream) {
    refuse_folded();
  }
  // Bytes of the workspace an execution needs, whether the backend owns it
  // or the caller gives it.
  virtual std::size_t workspace_bytes() const = 0;
  // Memory of at least workspace_bytes() in this backend's memory (the
  // plan checks which), used from now on instead of the backend's own.
  virtual void set_workspace(void* memory) = 0;
  // Device bytes of the staging buffers for host data (0 on the CPU).
  virtual std::size_t staging_bytes() const = 0;

 private:
  [[noreturn]] static void refuse_folded() {
    throw std::logic_error("ffft: internal error: a folded batch given to a backend that does not run them");
  }
};

// A real plan's rfft and irfft, and a convolution's products, of a batch
// (engine/real_runner.hpp). Real values of E or its limb type, bins of
// complex<E> or limb_complex_of<E>.
template <class E>
class real_backend {
 public:
  using limb = typename E::limb_type;
  using limb_complex = limb_complex_of<E>;
  // Which results of a convolution are written (convolution_program).
  struct convolution_window {
    std::uint64_t signal_values, output_offset, output_values;
  };

  virtual ~real_backend() = default;
  virtual void forward(const scaling<E>& scale, strided<const E> x, strided<complex<E>> spectrum,
                       cuda_stream stream) = 0;
  virtual void forward(const scaling<E>& scale, strided<const limb> x, strided<limb_complex> spectrum,
                       cuda_stream stream) = 0;
  virtual void inverse(const scaling<E>& scale, strided<const complex<E>> spectrum, strided<E> x,
                       cuda_stream stream) = 0;
  virtual void inverse(const scaling<E>& scale, strided<const limb_complex> spectrum, strided<limb> x,
                       cuda_stream stream) = 0;
  // Widened in only, or rounded out only: the real axis of an N-D real
  // transform on limb arrays, whose other axes run on values of E.
  virtual void forward(const scaling<E>& scale, strided<const limb> x, strided<complex<E>> spectrum,
                       cuda_stream stream) = 0;
  virtual void inverse(const scaling<E>& scale, strided<const complex<E>> spectrum, strided<limb> x,
                       cuda_stream stream) = 0;

  // The kernel's spectrum divided by n (bins of a halved shape, else n
  // values), kept for every later convolve; the backend keeps its copy.
  virtual void set_kernel_spectrum(std::vector<complex<E>> spectrum) = 0;
  // Real data of E or its limb type, or complex data (a shape that is not
  // halved).
  virtual void convolve(const convolution_window& w, strided<const E> signal, strided<E> out,
                        cuda_stream stream) = 0;
  virtual void convolve(const convolution_window& w, strided<const limb> signal, strided<limb> out,
                        cuda_stream stream) = 0;
  virtual void convolve(const convolution_window& w, strided<const complex<E>> signal,
                        strided<complex<E>> out, cuda_stream stream) = 0;
  virtual void convolve(const convolution_window& w, strided<const limb_complex> signal,
                        strided<limb_complex> out, cuda_stream stream) = 0;

  virtual std::size_t workspace_bytes() const = 0;
  virtual std::size_t staging_bytes() const = 0;
};

// The CPU executor on `threads` threads and the `isa` path, over the
// plan's tables (kept by the plan, which outlives the backend).
template <class E>
std::unique_ptr<complex_backend<E>> make_cpu_complex_backend(const transform_tables<E>& tables,
                                                             std::uint64_t batch, unsigned threads,
                                                             cpu_isa isa,
                                                             const engine_memory& memory);
// inner: the complex transform's tables, of shape.points; twiddles: w_n^k,
// k <= n / 2, of an even n, else empty. Both kept by the plan.
template <class E>
std::unique_ptr<real_backend<E>> make_cpu_real_backend(const transform_tables<E>& inner,
                                                       const std::vector<complex<E>>& twiddles,
                                                       real_shape shape, std::uint64_t batch,
                                                       unsigned threads, cpu_isa isa);

// A convolution kernel's spectrum divided by n, transformed on the CPU
// whichever backend convolves with it: bins 0 .. n / 2 of a halved shape,
// else all n points. values: `count` values of the kernel (the rest of the
// n are zeros), of E or its limb type (real data) or complex<E> or
// limb_complex_of<E> (complex data, a shape that is not halved).
template <class E, class K>
std::vector<complex<E>> kernel_spectrum_on_cpu(const transform_tables<E>& inner,
                                               const std::vector<complex<E>>& twiddles, real_shape shape,
                                               const K* values, std::uint64_t count, unsigned threads,
                                               cpu_isa isa);

// The CUDA executor on the current device: device copies of the tables,
// which need outlive the call only. staged_*_bytes: staging for host data
// (0 and 0: none). Without CUDA, no_cuda_backend.cpp's versions throw;
// resolved_backend never chooses CUDA there, so nothing calls them.
template <class E>
std::unique_ptr<complex_backend<E>> make_cuda_complex_backend(const transform_tables<E>& tables,
                                                              std::uint64_t batch,
                                                              const engine_memory& memory);
template <class E>
std::unique_ptr<real_backend<E>> make_cuda_real_backend(const transform_tables<E>& inner,
                                                        const std::vector<complex<E>>& twiddles,
                                                        real_shape shape, std::uint64_t batch,
                                                        std::uint64_t first_stage_bytes,
                                                        std::uint64_t second_stage_bytes);

// The CUDA factories of every format, instantiated by whichever file
// defines them (cuda_backend.cpp or no_cuda_backend.cpp).
#define FFFT_CUDA_BACKENDS(E)                                                                          \
  template std::unique_ptr<complex_backend<E>> make_cuda_complex_backend<E>(                           \
      const transform_tables<E>&, std::uint64_t, const engine_memory&);                       \
  template std::unique_ptr<real_backend<E>> make_cuda_real_backend<E>(                                 \
      const transform_tables<E>&, const std::vector<complex<E>>&, real_shape, std::uint64_t,           \
      std::uint64_t, std::uint64_t);
#define FFFT_INSTANTIATE_CUDA_BACKENDS \
  FFFT_CUDA_BACKENDS(df64)             \
  FFFT_CUDA_BACKENDS(qf128)            \
  FFFT_CUDA_BACKENDS(dd128)

// Device memory of `bytes` (cudaMalloc on the current device), owned: the
// N-D plans' workspace and staging, which no single 1-D backend holds.
class device_memory {
 public:
  virtual ~device_memory() = default;
  virtual void* data() const = 0;
};
std::unique_ptr<device_memory> make_cuda_memory(std::size_t bytes);

// Copies between pageable host memory and the device through pinned
// chunks (kernels/host_transfer.hpp), in stream order: upload returns once
// the host memory has been read, download once it holds the data.
class host_device_copies {
 public:
  virtual ~host_device_copies() = default;
  virtual void upload(void* device, const void* host, std::uint64_t bytes, cuda_stream stream) = 0;
  virtual void download(void* host, const void* device, std::uint64_t bytes, cuda_stream stream) = 0;
};
// Chunks sized for copies of up to largest_bytes.
std::unique_ptr<host_device_copies> make_cuda_copies(std::uint64_t largest_bytes);

// Whether this build has the CUDA backend; the number of usable devices
// (0 without CUDA or a driver; never throws); whether p is memory a device
// addresses directly (false without CUDA).
bool cuda_backend_built();
int cuda_devices();
bool is_cuda_device_pointer(const void* p);

}  // namespace ffft::fft
