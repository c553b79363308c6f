// Errors that every rank raises together. A rank that throws alone leaves
// the others blocked in the next collective call forever; so each check is
// made on every rank, the outcome agreed with one MPI_Allreduce, and the
// first failing rank's message broadcast, so that every rank throws the same
// exception with the same text.
#pragma once

#include <mpi.h>

#include <string>

namespace ffft::distributed {

enum class error_kind : int { invalid_argument, runtime_error };

// Collective. Returns if `problem` is empty on every rank of comm; else
// throws, on every rank, the lowest failing rank's problem as its kind
// (prefixed by "rank r: " when not every rank failed).
void throw_if_any(MPI_Comm comm, const std::string& problem,
                  error_kind kind = error_kind::invalid_argument);

// Collective. The problem, if the values differ between ranks: "ranks
// disagree on <what> (<lowest> to <highest>); every rank must pass the same
// options".
std::string disagreement(MPI_Comm comm, const char* what, unsigned long long value);

}  // namespace ffft::distributed
