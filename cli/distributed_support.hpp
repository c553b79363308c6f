// What `ffft info` reports of the distributed transforms (libffft_mpi):
// built or not, the MPI library, and whether it takes device memory. The
// definitions are in distributed_support.cpp (builds with MPI) or
// distributed_support_unavailable.cpp.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <string>

#include "cli/options.hpp"

namespace ffft::cli {

struct distributed_support {
  bool built = false;
  std::string mpi_library;  // "Open MPI v4.1.4", or "" when not built
  bool cuda_aware = false;  // as MPI reports it (false before MPI_Init)
};

distributed_support distributed_support_of_this_build();

// The number of processes the MPI launcher started (mpirun -np P: Open
// MPI's OMPI_COMM_WORLD_SIZE, MPICH's and Slurm's PMI_SIZE), 1 when the
// program was not started by one. Read before MPI_Init, from the
// environment alone, so a plain run never initializes MPI.
inline int launcher_ranks() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
    if (const char* v = std::getenv(name); v != nullptr && *v != '\0') return std::max(1, std::atoi(v));
  return 1;
}

// This process's rank among them (OMPI_COMM_WORLD_RANK, PMI_RANK), 0 when
// not started by a launcher: an error every process would print is printed
// by rank 0 alone.
inline int launcher_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMI_RANK"})
    if (const char* v = std::getenv(name); v != nullptr && *v != '\0') return std::max(0, std::atoi(v));
  return 0;
}

// `fft` and `ifft` under mpirun with more than one process: every rank reads
// its part of IN with MPI-IO, the transform runs as a distributed_plan, and
// every rank writes its part of OUT into one temporary file, which rank 0
// renames once all have written. Throws input_error in a build without MPI.
int run_distributed_transform(const transform_command& c);

}  // namespace ffft::cli
