// The global transpose of a distributed matrix, as one MPI_Alltoallw.
//
// A matrix of R rows and C columns has its rows dealt out in blocks
// (row_block): rank p holds rows [r0_p, r0_p + rc_p). The transpose, C rows
// of R values, is dealt out the same way: rank p receives rows
// [c0_p, c0_p + cc_p) of it, row-major, cc_p x R values.
//
// Rank p sends its rows in column-major order (element (i, j) of its block
// at j rc_p + i): then the part for rank s, columns [c0_s, c0_s + cc_s) of
// its rows, is one contiguous run, and the local transform before the
// exchange writes that order directly (its output stride). On the receiving
// side, the part from rank q is cc_p runs of rc_q values, one per received
// row, at stride R: an MPI vector datatype places them where they belong,
// so the exchange needs no unpacking pass. Displacements are folded into
// the datatypes (MPI_Aint bytes), so parts beyond 2 GiB are fine.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <vector>

namespace ffft::distributed {

class transpose_exchange {
 public:
  // Collective only in that every rank must build the same (rows, columns).
  // `element` describes one matrix element of `element_bytes` bytes.
  transpose_exchange(MPI_Comm comm, std::uint64_t rows, std::uint64_t columns,
                     MPI_Datatype element, std::size_t element_bytes);
  ~transpose_exchange();
  transpose_exchange(const transpose_exchange&) = delete;
  transpose_exchange& operator=(const transpose_exchange&) = delete;

  // Collective. send: this rank's rows, column-major (rc_p x C values);
  // receive: its rows of the transpose, row-major (cc_p x R values).
  void run(const void* send, void* receive) const;

 private:
  MPI_Comm comm_;
  std::vector<int> counts_send_, counts_receive_, zero_displacements_;
  std::vector<MPI_Datatype> types_send_, types_receive_;
};

}  // namespace ffft::distributed
