#include "src/distributed/collective_error.hpp"

#include <stdexcept>
#include <vector>

namespace ffft::distributed {

void throw_if_any(MPI_Comm comm, const std::string& problem, error_kind kind) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  // {first failing rank, number failing}
  int local[2] = {problem.empty() ? ranks : rank, problem.empty() ? 0 : 1};
  int first = ranks, failing = 0;
  MPI_Allreduce(&local[0], &first, 1, MPI_INT, MPI_MIN, comm);
  MPI_Allreduce(&local[1], &failing, 1, MPI_INT, MPI_SUM, comm);
  if (failing == 0) return;

  // The first failing rank's kind and text, to all.
  int header[2] = {static_cast<int>(kind), static_cast<int>(problem.size())};
  MPI_Bcast(header, 2, MPI_INT, first, comm);
  std::vector<char> text(rank == first ? std::vector<char>(problem.begin(), problem.end())
                                       : std::vector<char>(static_cast<std::size_t>(header[1])));
  MPI_Bcast(text.data(), header[1], MPI_CHAR, first, comm);

  std::string message = "ffft::distributed_plan: ";
  if (failing < ranks) message += "rank " + std::to_string(first) + ": ";
  std::string what(text.begin(), text.end());
  if (what.rfind("ffft: ", 0) == 0) what.erase(0, 6);  // a plan's own prefix, said once
  message += what;
  if (static_cast<error_kind>(header[0]) == error_kind::runtime_error) throw std::runtime_error(message);
  throw std::invalid_argument(message);
}

std::string disagreement(MPI_Comm comm, const char* what, unsigned long long value) {
  unsigned long long lowest = value, highest = value;
  MPI_Allreduce(&value, &lowest, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, comm);
  MPI_Allreduce(&value, &highest, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm);
  if (lowest == highest) return {};
  return std::string("ranks disagree on ") + what + " (" + std::to_string(lowest) + " to " +
         std::to_string(highest) + "); every rank must pass the same options";
}

}  // namespace ffft::distributed
