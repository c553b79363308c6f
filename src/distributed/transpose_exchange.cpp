#include "src/distributed/transpose_exchange.hpp"

#include "ffft/distributed_layout.hpp"

namespace ffft::distributed {

namespace {

// `inner` placed `offset_bytes` from the buffer's start.
MPI_Datatype displaced(MPI_Datatype inner, std::uint64_t offset_bytes) {
  const MPI_Aint displacement = static_cast<MPI_Aint>(offset_bytes);
  MPI_Datatype t;
  MPI_Type_create_hindexed_block(1, 1, &displacement, inner, &t);
  MPI_Type_commit(&t);
  MPI_Type_free(&inner);
  return t;
}

}  // namespace

transpose_exchange::transpose_exchange(MPI_Comm comm, std::uint64_t rows, std::uint64_t columns,
                                       MPI_Datatype element, std::size_t element_bytes)
    : comm_(comm) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const auto bytes = static_cast<std::uint64_t>(element_bytes);
  const local_block mine_rows = row_block(rows, ranks, rank);
  const local_block mine_columns = row_block(columns, ranks, rank);
  counts_send_.assign(static_cast<std::size_t>(ranks), 0);
  counts_receive_.assign(static_cast<std::size_t>(ranks), 0);
  zero_displacements_.assign(static_cast<std::size_t>(ranks), 0);
  types_send_.assign(static_cast<std::size_t>(ranks), MPI_DATATYPE_NULL);
  types_receive_.assign(static_cast<std::size_t>(ranks), MPI_DATATYPE_NULL);

  for (int peer = 0; peer < ranks; ++peer) {
    const auto q = static_cast<std::size_t>(peer);
    // To peer: its columns of my rows, cc_s columns of rc_p values, one run.
    const local_block their_columns = row_block(columns, ranks, peer);
    if (mine_rows.count > 0 && their_columns.count > 0) {
      MPI_Datatype column, block;
      MPI_Type_contiguous(static_cast<int>(mine_rows.count), element, &column);
      MPI_Type_contiguous(static_cast<int>(their_columns.count), column, &block);
      MPI_Type_free(&column);
      types_send_[q] = displaced(block, their_columns.offset * mine_rows.count * bytes);
      counts_send_[q] = 1;
    }
    // From peer: my columns of its rows, cc_p runs of rc_q values at
    // stride R, starting at column r0_q of my received rows.
    const local_block their_rows = row_block(rows, ranks, peer);
    if (mine_columns.count > 0 && their_rows.count > 0) {
      MPI_Datatype run, block;
      MPI_Type_contiguous(static_cast<int>(their_rows.count), element, &run);
      MPI_Type_create_hvector(static_cast<int>(mine_columns.count), 1,
                              static_cast<MPI_Aint>(rows * bytes), run, &block);
      MPI_Type_free(&run);
      types_receive_[q] = displaced(block, their_rows.offset * bytes);
      counts_receive_[q] = 1;
    }
    // Alltoallw wants a valid datatype even where the count is 0.
    if (types_send_[q] == MPI_DATATYPE_NULL) types_send_[q] = MPI_BYTE;
    if (types_receive_[q] == MPI_DATATYPE_NULL) types_receive_[q] = MPI_BYTE;
  }
}

transpose_exchange::~transpose_exchange() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  for (MPI_Datatype& t : types_send_)
    if (t != MPI_BYTE) MPI_Type_free(&t);
  for (MPI_Datatype& t : types_receive_)
    if (t != MPI_BYTE) MPI_Type_free(&t);
}

void transpose_exchange::run(const void* send, void* receive) const {
  MPI_Alltoallw(send, counts_send_.data(), zero_displacements_.data(), types_send_.data(), receive,
                counts_receive_.data(), zero_displacements_.data(), types_receive_.data(), comm_);
}

}  // namespace ffft::distributed
