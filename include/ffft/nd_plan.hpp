// Transforms of any rank, as cufftPlanMany and fftw_plan_many_dft describe
// them: a batch of arrays of shape n[0..rank), each element at
//
//   offset = b * distance + stride * (i[rank-1] + embed[rank-1] * (i[rank-2] + embed[rank-2] * (...)))
//
// for array b and index i (C order: the last axis varies fastest), and the
// transform along some or all of the axes:
//
//   ffft::nd_plan_options o;
//   o.shape = {256, 256, 256};
//   ffft::nd_plan<ffft::dd128> p(o);        // 3-D transform of each array
//   p.forward(in, out);                      // host or device pointers
//   p.inverse(out, out);                     // in place; scaled by 1/256^3
//
// The transform along each axis is the 1-D transform of plan<E> (any length:
// Bluestein's algorithm for lengths with prime factors above 7), applied
// along the axes in reverse order of `axes` (the last listed first, as
// numpy's fftn), and the normalization is applied once, to the whole
// transform (backward: the inverse divides by the product of the
// transformed lengths). Results are bit-identical between the CPU and CUDA
// backends and across thread counts. One axis gives the bits of plan<E>.
//
// How: each axis's transforms are 1-D batches of the 1-D executors, called
// once per array for the inner axes of a dense array and once in all for
// the first and last (their other dimensions merge into one batch).
//
// Memory: the twiddles of each distinct axis length, and one workspace
// that the axes share (they run one after another): the largest of the
// workspaces their 1-D batches need (what a plan<E> of that length and
// batch holds: up to two copies of the data, more for Bluestein lengths),
// nothing beyond. workspace_bytes() says how much. A CUDA plan with
// host_staging also holds two device buffers of the larger of the input's
// and output's spans, for copies of host data.
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

#include "ffft/plan.hpp"

namespace ffft {

// Where the elements of an N-D array lie: embed[k] >= the array's length
// along axis k (empty: the array's own shape, dense), the stride between
// consecutive elements of the last axis, and the distance between arrays
// of the batch (0: stride x the product of embed, arrays one after another).
struct nd_layout {
  std::vector<std::uint64_t> embed;
  std::int64_t stride = 1;
  std::int64_t distance = 0;
};

struct nd_plan_options {
  std::vector<std::uint64_t> shape;  // n[0..rank): 1 <= rank, 1 <= n[k] <= max_length
  // The axes transformed, each in [0, rank) and listed once; empty: all.
  std::vector<int> axes;
  std::uint64_t batch = 1;  // arrays per execution, >= 1
  normalization norm = normalization::backward;
  twiddle_mode twiddles = twiddle_mode::table;
  ffft::backend backend = backend::automatic;
  nd_layout input{};
  nd_layout output{};
  unsigned threads = 0;  // CPU threads; 0: one per hardware thread
  // CUDA plans: device copies of the input's and output's spans for
  // executions on host memory; false saves them, and execute then refuses
  // host pointers.
  bool host_staging = true;
  // false: the plan allocates no workspace; call set_workspace first.
  bool allocate_workspace = true;
};

template <class E>
class nd_plan {
 public:
  explicit nd_plan(const nd_plan_options& options);
  ~nd_plan();
  nd_plan(nd_plan&&) noexcept;
  nd_plan& operator=(nd_plan&&) noexcept;

  // out = F(in) or F^-1(in) along the plan's axes. in == out is in place
  // and needs equal input and output layouts; other overlaps are refused.
  void execute(direction d, const complex<E>* in, complex<E>* out, cuda_stream stream = nullptr);
  void forward(const complex<E>* in, complex<E>* out, cuda_stream stream = nullptr) {
    execute(direction::forward, in, out, stream);
  }
  void inverse(const complex<E>* in, complex<E>* out, cuda_stream stream = nullptr) {
    execute(direction::inverse, in, out, stream);
  }

  // On arrays of the limb type (std::complex<double> for dd128, of float
  // for df64 and qf128): widened exactly in, rounded once out, as plan<E>'s
  // overloads. With two or more axes, the axes between the first and the
  // last run on one copy of the output's span in E, which the plan
  // allocates (in its backend's memory) on its first such call.
  using limb_value = std::complex<typename E::limb_type>;
  void execute(direction d, const limb_value* in, limb_value* out, cuda_stream stream = nullptr);
  void forward(const limb_value* in, limb_value* out, cuda_stream stream = nullptr) {
    execute(direction::forward, in, out, stream);
  }
  void inverse(const limb_value* in, limb_value* out, cuda_stream stream = nullptr) {
    execute(direction::inverse, in, out, stream);
  }

  const nd_plan_options& options() const;  // as checked: axes and layouts filled in
  ffft::backend backend() const;           // cpu or cuda
  // Bytes of scratch memory an execution on complex<E> arrays needs in the
  // backend's memory: the largest of the axes' 1-D workspaces.
  std::size_t workspace_bytes() const;
  // As plan<E>::set_workspace.
  void set_workspace(void* memory);
  // Bytes of twiddles (and Bluestein tables) held, over all axes.
  std::size_t twiddle_bytes() const;

 private:
  struct impl;
  impl& state() const;
  std::unique_ptr<impl> impl_;
};

extern template class nd_plan<df64>;
extern template class nd_plan<qf128>;
extern template class nd_plan<dd128>;

}  // namespace ffft
