// The distributed transform's time on this machine's ranks, split into the
// local work (transforms, twiddle step, local transpose) and the global
// exchanges, against the single-process plan of the same length.
// scripts/distributed_bench.sh runs it under mpirun for 1..P ranks, strong
// (one length) and weak (a length per rank) scaling.
//
//   mpirun -np P ffft_bench_distributed [--format dd128] [--repeats 5] N...
//
// One JSON object per length on stdout (rank 0): every figure is the
// median over the repeats of a forward transform of random data, each
// repeat started together (MPI_Barrier) and timed as the slowest rank's.
#include <mpi.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ffft/conversions.hpp"
#include "ffft/distributed_plan.hpp"

namespace {

struct figures {
  double total = 0, local = 0, exchange = 0, single_process = 0;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double slowest(MPI_Comm comm, double seconds) {
  double worst = 0;
  MPI_Allreduce(&seconds, &worst, 1, MPI_DOUBLE, MPI_MAX, comm);
  return worst;
}

template <class E>
std::vector<ffft::complex<E>> random_values(std::uint64_t count, std::uint64_t seed) {
  std::mt19937_64 bits(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<ffft::complex<E>> v(count);
  for (auto& c : v) c = {ffft::from_double<E>(u(bits)), ffft::from_double<E>(u(bits))};
  return v;
}

template <class E>
figures measure(std::uint64_t n, int repeats, bool with_single_process) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  ffft::distributed_options o;
  o.length = n;
  o.threads = 1;  // one rank per core: the ranks are the parallelism
  ffft::distributed_plan<E> p(MPI_COMM_WORLD, o);
  const ffft::distributed_layout& l = p.layout();
  const auto x = random_values<E>(l.time.count, 1 + static_cast<std::uint64_t>(rank));
  std::vector<ffft::complex<E>> y(l.frequency.count);
  std::vector<double> total, local, exchange;
  for (int r = -1; r < repeats; ++r) {  // r = -1: warm-up
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    p.forward(x.data(), y.data());
    const double seconds = slowest(MPI_COMM_WORLD, MPI_Wtime() - start);
    const ffft::distributed_timing t = p.last_timing();
    if (r < 0) continue;
    total.push_back(seconds);
    local.push_back(slowest(MPI_COMM_WORLD, t.local));
    exchange.push_back(slowest(MPI_COMM_WORLD, t.exchange));
  }
  figures f{median(total), median(local), median(exchange), 0};
  if (with_single_process) {
    ffft::plan_options s;
    s.length = n;
    s.threads = 1;
    s.backend = ffft::backend::cpu;
    ffft::plan<E> single(s);
    const auto z = random_values<E>(n, 1);
    std::vector<ffft::complex<E>> w(n);
    std::vector<double> times;
    for (int r = -1; r < repeats; ++r) {
      const double start = MPI_Wtime();
      single.forward(z.data(), w.data());
      if (r >= 0) times.push_back(MPI_Wtime() - start);
    }
    f.single_process = median(times);
  }
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::string format = "dd128";
  int repeats = 5;
  std::vector<std::uint64_t> lengths;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--format" && a + 1 < argc) format = argv[++a];
    else if (arg == "--repeats" && a + 1 < argc) repeats = std::atoi(argv[++a]);
    else lengths.push_back(std::strtoull(argv[a], nullptr, 10));
  }
  if (lengths.empty() || repeats < 1 || (format != "dd128" && format != "df64" && format != "qf128")) {
    if (rank == 0) std::fprintf(stderr, "usage: ffft_bench_distributed [--format dd128|df64|qf128] [--repeats R] N...\n");
    MPI_Finalize();
    return 2;
  }
  for (std::uint64_t n : lengths) {
    // The single-process baseline on one rank only (with more, it would
    // share the cores with the others' idle waits).
    const bool single = ranks == 1;
    const figures f = format == "dd128"   ? measure<ffft::dd128>(n, repeats, single)
                      : format == "df64" ? measure<ffft::df64>(n, repeats, single)
                                         : measure<ffft::qf128>(n, repeats, single);
    if (rank == 0) {
      const double flops = 5.0 * static_cast<double>(n) * std::log2(static_cast<double>(n));
      std::printf("{\"format\": \"%s\", \"length\": %llu, \"ranks\": %d, \"seconds\": %.6e, "
                  "\"local_seconds\": %.6e, \"exchange_seconds\": %.6e, \"gflops\": %.4f, "
                  "\"single_process_seconds\": %.6e, \"mpi\": \"%s\"}\n",
                  format.c_str(), static_cast<unsigned long long>(n), ranks, f.total, f.local, f.exchange,
                  flops / f.total * 1e-9, f.single_process, ffft::mpi_library_version().c_str());
      std::fflush(stdout);
    }
  }
  MPI_Finalize();
  return 0;
}
