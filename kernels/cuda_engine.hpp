// The CUDA backend of a plan: device copies of the plan's tables, a device
// workspace, the passes grouped once for the tiles in shared memory, and
// the same step sequence as the CPU (engine/runner.hpp) over kernels that
// call the same FFFT_HD butterflies, so results are bit-identical to the
// CPU executor's. Everything an execution needs is allocated when the
// engine is made; execute allocates nothing.
//
// Plain C++ (no CUDA headers): src/fft/plan.cpp includes it. Every CUDA
// call is checked; failures throw std::runtime_error naming the call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/engine_memory.hpp"
#include "engine/folded_batch.hpp"
#include "engine/tables.hpp"
#include "ffft/complex.hpp"
#include "ffft/fft/elementwise_steps.hpp"
#include "ffft/fft/limb_values.hpp"
#include "ffft/fft/stockham_pass.hpp"

struct CUstream_st;

namespace ffft::cuda {

using fft::engine_memory;  // what an engine allocates besides its tables

template <class E>
class fft_engine {
 public:
  // Copies the tables to the current device (they need outlive the
  // constructor only; the copies have landed when it returns, so work on
  // any stream may read them) and allocates the workspace for `batch`
  // transforms and the staging buffers.
  fft_engine(const fft::transform_tables<E>& tables, std::uint64_t batch, const engine_memory& memory);
  ~fft_engine();
  fft_engine(const fft_engine&) = delete;
  fft_engine& operator=(const fft_engine&) = delete;

  // One execution on `stream` (engine/staging.hpp), once the engine has a
  // workspace (its own or set_workspace's; the plan checks). With device
  // pointers it enqueues the kernels and returns; with host pointers
  // (through the staging buffers) it returns when out holds the result.
  // Element j of transform b is at [j * stride + b * distance].
  void execute(int sign, const fft::scaling<E>& scale, fft::strided<const complex<E>> in,
               fft::strided<complex<E>> out, CUstream_st* stream);
  // The same on arrays of the limb type (fft/limb_values.hpp): widened in
  // the first kernel's loads, rounded once in the last one's stores.
  void execute(int sign, const fft::scaling<E>& scale, fft::strided<const fft::limb_complex_of<E>> in,
               fft::strided<fft::limb_complex_of<E>> out, CUstream_st* stream);
  // Widened in the first kernel's loads only, or rounded in the last one's
  // stores only (an N-D transform's first and last axes on limb arrays).
  void execute(int sign, const fft::scaling<E>& scale, fft::strided<const fft::limb_complex_of<E>> in,
               fft::strided<complex<E>> out, CUstream_st* stream);
  void execute(int sign, const fft::scaling<E>& scale, fft::strided<const complex<E>> in,
               fft::strided<fft::limb_complex_of<E>> out, CUstream_st* stream);
  // The same four on folded batches (engine/folded_batch.hpp), on device
  // memory only (an N-D plan stages host data itself).
  void execute(int sign, const fft::scaling<E>& scale, fft::folded<const complex<E>> in,
               fft::folded<complex<E>> out, CUstream_st* stream);
  void execute(int sign, const fft::scaling<E>& scale, fft::folded<const fft::limb_complex_of<E>> in,
               fft::folded<fft::limb_complex_of<E>> out, CUstream_st* stream);
  void execute(int sign, const fft::scaling<E>& scale, fft::folded<const fft::limb_complex_of<E>> in,
               fft::folded<complex<E>> out, CUstream_st* stream);
  void execute(int sign, const fft::scaling<E>& scale, fft::folded<const complex<E>> in,
               fft::folded<fft::limb_complex_of<E>> out, CUstream_st* stream);

  // Bytes of the workspace an execution needs, whether the engine owns it
  // or the caller gives it.
  std::size_t workspace_bytes() const;
  // Device memory of at least workspace_bytes(), used from now on instead
  // of the engine's own (which is freed). The caller keeps it alive and
  // does not use it while an execution may be running.
  void set_workspace(void* device_memory);
  // Device bytes of the staging buffers for host data.
  std::size_t staging_bytes() const;

 private:
  template <class In, class Out>
  void execute_on(int sign, const fft::scaling<E>& scale, In in, Out out, CUstream_st* stream);
  struct state;
  std::unique_ptr<state> state_;
};

extern template class fft_engine<df64>;
extern template class fft_engine<qf128>;
extern template class fft_engine<dd128>;

}  // namespace ffft::cuda
