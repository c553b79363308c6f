// One 1-D transform spread over the ranks of an MPI communicator, for
// lengths whose data outgrow one process (libffft_mpi; built where MPI is
// found, see `ffft info`):
//
//   ffft::distributed_options o;
//   o.length = std::uint64_t{1} << 26;
//   ffft::distributed_plan<ffft::dd128> p(MPI_COMM_WORLD, o);  // collective
//   const ffft::distributed_layout& l = p.layout();
//   std::vector<ffft::complex<ffft::dd128>> x(l.time.count), y(l.frequency.count);
//   // ... fill x with x_global[l.time.offset + i] ...
//   p.forward(x.data(), y.data());                             // collective
//   p.inverse(y.data(), x.data());                             // scaled by 1/n
//
// Where each rank's elements live is ffft/distributed_layout.hpp's
// (make_distributed_layout gives the same before any plan exists).
//
// The algorithm is the six-step FFT (Bailey 1990) with n = n1 x n2: a global
// transpose, n1 local transforms of length n2, the twiddle step
// x w_n^(j k), a global transpose, n2 local transforms of length n1, and a
// last transpose into natural order (left out when options.transposed).
// The local transforms are plan<E>s, so each is as accurate as a plan of
// its length; the twiddles of the twiddle step are each the nearest value
// of the format (table mode, from MPFR) or sincos_2pi's (computed mode).
// The global transposes are one MPI_Alltoallw each, whose receive
// datatypes place every block where it belongs: no unpacking pass.
// n1 and n2 depend on n alone, and every element meets the same operations
// whatever the number of ranks, so the result is bit-identical on 1 or
// any number of ranks, and to itself from run to run.
//
// Calls are collective over the communicator: every rank makes the plan
// with the same options and executes it together. A bad request (a length
// out of range, options that differ between ranks, a null array on a rank
// that holds elements) throws the same std::invalid_argument on every rank,
// before any data moves, so no rank is left waiting. Arrays are host
// memory and the local transforms run on the CPU; device arrays are
// refused (the design for GPU ranks is in docs/distributed.md).
#pragma once

#include <mpi.h>

#include <cstddef>
#include <memory>
#include <string>

#include "ffft/distributed_layout.hpp"
#include "ffft/plan.hpp"

namespace ffft {

struct distributed_options {
  std::uint64_t length = 0;  // 1 <= length <= max_length
  normalization norm = normalization::backward;
  twiddle_mode twiddles = twiddle_mode::table;
  // The frequency domain in transposed order (distributed_layout.hpp):
  // forward writes it, inverse reads it; one global exchange fewer each.
  bool transposed = false;
  // Of the local transforms: cpu (automatic means cpu too). cuda is
  // refused until GPU ranks are built (docs/distributed.md).
  ffft::backend backend = backend::cpu;
  unsigned threads = 0;  // CPU threads per rank; 0: one per hardware thread
};

// Seconds an execution spent, measured on this rank.
struct distributed_timing {
  double local = 0;     // local transforms, twiddle step, local transpose
  double exchange = 0;  // the global transposes (MPI_Alltoallw)
};

template <class E>
class distributed_plan {
 public:
  // Collective. The communicator is duplicated, so the plan's messages
  // never meet the caller's; the plan must be destroyed before MPI_Finalize.
  distributed_plan(MPI_Comm comm, const distributed_options& options);
  ~distributed_plan();
  distributed_plan(distributed_plan&&) noexcept;
  distributed_plan& operator=(distributed_plan&&) noexcept;

  // Collective. forward: in holds layout().time.count elements, out
  // layout().frequency.count; inverse the other way round. in == out is
  // allowed (an array of the larger count); in is read before out is
  // written, and never written itself otherwise.
  void execute(direction d, const complex<E>* in, complex<E>* out);
  void forward(const complex<E>* in, complex<E>* out) { execute(direction::forward, in, out); }
  void inverse(const complex<E>* in, complex<E>* out) { execute(direction::inverse, in, out); }

  const distributed_options& options() const;
  const distributed_layout& layout() const;
  // This rank's part of the last execution.
  distributed_timing last_timing() const;
  // Host bytes this rank holds besides its local plans' tables: two
  // exchange buffers, the twiddle step's factors for each direction and
  // the local plans' shared workspace, each about n / ranks values.
  std::size_t workspace_bytes() const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

extern template class distributed_plan<df64>;
extern template class distributed_plan<qf128>;
extern template class distributed_plan<dd128>;

// The MPI library libffft_mpi was built with (MPI_Get_library_version's
// first line), and whether it passes device memory itself (CUDA-aware:
// Open MPI's MPIX_Query_cuda_support, asked at run time once MPI is
// initialized; false before).
std::string mpi_library_version();
bool mpi_is_cuda_aware();

}  // namespace ffft
