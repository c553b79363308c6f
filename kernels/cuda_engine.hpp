// The CUDA backend of a plan: device copies of the plan's tables, a device
// workspace, the passes grouped once for the tiles in shared memory, and
// the same step sequence as the CPU (engine/runner.hpp) over kernels that
// call the same FFFT_HD butterflies, so results are bit-identical to the
// CPU executor's.
//
// Plain C++ (no CUDA headers): src/fft/plan.cpp includes it. Every CUDA
// call is checked; failures throw std::runtime_error naming the call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/tables.hpp"
#include "ffft/complex.hpp"
#include "ffft/fft/elementwise_steps.hpp"
#include "ffft/fft/stockham_pass.hpp"

struct CUstream_st;

namespace ffft::cuda {

template <class E>
class fft_engine {
 public:
  // Copies the tables to the current device (they need outlive the
  // constructor only) and allocates the workspace for `batch` transforms.
  fft_engine(const fft::transform_tables<E>& tables, std::uint64_t batch);
  ~fft_engine();
  fft_engine(const fft_engine&) = delete;
  fft_engine& operator=(const fft_engine&) = delete;

  // One execution on `stream`. in and out are device or host pointers (host
  // data go through device staging buffers); element j of transform b is
  // at [j * stride + b * distance]. Returns when out holds the result.
  void execute(int sign, const fft::scaling<E>& scale, fft::strided<const complex<E>> in,
               fft::strided<complex<E>> out, CUstream_st* stream);

  std::size_t workspace_bytes() const;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

extern template class fft_engine<df64>;
extern template class fft_engine<qf128>;
extern template class fft_engine<dd128>;

}  // namespace ffft::cuda
