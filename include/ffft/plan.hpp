// The C++ API: describe a batch of 1-D complex transforms once, as with
// cufftPlanMany or fftw_plan_many_dft, then execute it any number of times.
//
//   ffft::plan_options o;
//   o.length = 4096;
//   o.batch = 16;
//   ffft::plan<ffft::dd128> p(o);          // precomputes twiddles, workspace
//   p.forward(in, out);                     // host or device pointers
//   p.inverse(out, out);                    // in place; scaled by 1/4096
//
// A plan fixes the length, batch, normalization, twiddle mode, backend and
// layouts; the format is its template argument (df64, qf128, dd128). Both
// directions run from one plan. Element j of transform b is read from
// in[j * input.stride + b * input.distance] and written to
// out[j * output.stride + b * output.distance].
//
// Errors throw (std::invalid_argument for a bad request, std::runtime_error
// for a failed CUDA call or allocation) before anything is written to out.
// A plan is not thread-safe: it owns one workspace, so executions of one
// plan must not overlap (issue them on one stream, or order the streams).
// A moved-from plan may only be assigned to or destroyed; any other call
// throws std::logic_error.
//
// Streams and memory, as cuFFT: a CUDA plan allocates everything when it is
// made (tables, workspace, staging for host data) and execute allocates
// nothing. With device pointers, execute enqueues its kernels on the given
// stream and returns; with host pointers it copies through the plan's
// staging buffers and returns once a host output holds the result.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "ffft/complex.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/fft/direction.hpp"
#include "ffft/twiddle/sources.hpp"

// The CUDA runtime's stream type, declared without the CUDA headers.
struct CUstream_st;

namespace ffft {

using cuda_stream = CUstream_st*;

enum class backend {
  automatic,  // cuda if a device is present, else cpu
  cpu,        // multithreaded host executor: the reference
  cuda,       // the CUDA executor; a plan asking for it throws without a device
};

// Element stride within a transform and distance between transforms, in
// elements. distance 0 means length * stride (transforms one after another).
struct layout {
  std::int64_t stride = 1;
  std::int64_t distance = 0;
};

struct plan_options {
  std::uint64_t length = 0;  // 1 <= length <= max_length
  std::uint64_t batch = 1;   // transforms per execution, >= 1
  normalization norm = normalization::backward;
  twiddle_mode twiddles = twiddle_mode::table;
  ffft::backend backend = backend::automatic;
  layout input{};
  layout output{};
  unsigned threads = 0;  // CPU threads; 0: one per hardware thread
  // CUDA plans: device buffers of the input's and output's spans (and two
  // pinned 4 MiB chunks) for executions on host memory. false saves that
  // device memory; execute then refuses host pointers.
  bool host_staging = true;
  // false: the plan allocates no workspace; call set_workspace before
  // executing (as cufftSetAutoAllocation(plan, 0) and cufftSetWorkArea).
  bool allocate_workspace = true;
  // One workspace buffer of length x batch values instead of two (as
  // cufftXtSetWorkAreaPolicy's minimal policy): the output serves as the
  // second, and an in-place transform may add one copy of the data. The
  // output must then hold the format's values (complex<E>), not limb values,
  // on a CUDA plan whose passes take three or more kernel launches.
  bool minimal_workspace = false;
};

// Longest transform a plan accepts (Bluestein's chirp index k^2 needs
// k < 2^32, and its padded length must stay below the twiddles' 2^32).
inline constexpr std::uint64_t max_length = std::uint64_t{1} << 31;

template <class E>
class plan {
 public:
  explicit plan(const plan_options& options);
  ~plan();
  plan(plan&&) noexcept;
  plan& operator=(plan&&) noexcept;

  // out = F(in) or F^-1(in), normalized as the plan says. in == out is an
  // in-place transform and needs input == output layouts; other overlaps
  // are refused. Pointers may be host or device memory (the CUDA backend
  // copies host data to the device and back; the CPU backend refuses device
  // memory). The stream orders the CUDA backend's work (nullptr: the legacy
  // default stream): with device pointers execute returns once the work is
  // enqueued (synchronize the stream before reading out on the host); with
  // a host output it returns when the result is in out. A CPU plan returns
  // when the result is in out. A CUDA error in enqueued work surfaces at
  // the next synchronizing call, as with any CUDA library.
  void execute(direction d, const complex<E>* in, complex<E>* out, cuda_stream stream = nullptr);
  void forward(const complex<E>* in, complex<E>* out, cuda_stream stream = nullptr) {
    execute(direction::forward, in, out, stream);
  }
  void inverse(const complex<E>* in, complex<E>* out, cuda_stream stream = nullptr) {
    execute(direction::inverse, in, out, stream);
  }

  // The same transform on arrays of the format's limb type: std::complex<
  // double> for dd128, std::complex<float> for df64 and qf128. Each input
  // value is widened exactly, the transform runs in E, and each output is
  // E's result rounded once to the limb type (correctly, in every format):
  // double data get a dd128-accurate transform. The
  // layouts, in-place rule and streams are those above. A CUDA plan converts
  // in its first loads and last stores; a CPU plan converts through a
  // buffer of length x batch values of E that it allocates on its first
  // such call and keeps.
  using limb_value = std::complex<typename E::limb_type>;
  void execute(direction d, const limb_value* in, limb_value* out, cuda_stream stream = nullptr);
  void forward(const limb_value* in, limb_value* out, cuda_stream stream = nullptr) {
    execute(direction::forward, in, out, stream);
  }
  void inverse(const limb_value* in, limb_value* out, cuda_stream stream = nullptr) {
    execute(direction::inverse, in, out, stream);
  }

  const plan_options& options() const;
  // The backend executions run on: cpu or cuda, never automatic.
  ffft::backend backend() const;
  // Bytes of scratch memory an execution needs (host for cpu, device for
  // cuda), besides the twiddles: what the plan holds, or what set_workspace
  // must be given.
  std::size_t workspace_bytes() const;
  // Uses `memory` (at least workspace_bytes(), aligned for complex<E>, on a
  // cpu plan best to host_alignment as aligned_vector.hpp says; device
  // memory for a cuda plan, host memory for a cpu plan) as the workspace
  // from now on, freeing the plan's own. The caller keeps it alive for the
  // plan's executions and uses it for nothing else while one may run.
  void set_workspace(void* memory);
  // Device bytes of a CUDA plan's staging buffers for host data (0 for a
  // cpu plan, or with host_staging = false).
  std::size_t staging_bytes() const;
  // Bytes of twiddle factors (and Bluestein chirp and kernel) it holds in
  // its backend's memory: O(n) for a cpu plan, and for a cuda plan in table
  // mode; O(sqrt n) for a 7-smooth cuda plan in computed mode, whose
  // kernels make each twiddle from two base values (twiddle/factored.hpp).
  std::size_t twiddle_bytes() const;
  // The radices of the Stockham passes; for a Bluestein plan, those of its
  // padded length.
  std::vector<int> radices() const;
  // 0, or the padded length if the plan uses Bluestein's algorithm.
  std::uint64_t bluestein_length() const;
  // The CPU executor's instruction-set path (ffft/cpu_isa.hpp), chosen when
  // the plan was made: what runs a cpu plan, and what transformed a cuda
  // plan's Bluestein kernel.
  ffft::cpu_isa cpu_isa() const;

 private:
  // Checks a call's pointers against the layouts (elements of `bytes`).
  void check_arrays(const void* in, const void* out, std::size_t bytes) const;
  struct impl;
  impl& state() const;  // throws std::logic_error for a moved-from plan
  std::unique_ptr<impl> impl_;
};

extern template class plan<df64>;
extern template class plan<qf128>;
extern template class plan<dd128>;

}  // namespace ffft
