// Distributed transforms, run under mpirun with 1 to 4 ranks. Each test
// also makes plans on every smaller communicator (the first k ranks), so one
// run compares the result on 1, 2, .. P ranks bit for bit, and checks each
// against FFTW's __float128 transform with the single-process limit.
//
// Collective calls are made on every rank whatever an assertion says (only
// EXPECT, never ASSERT, between them), so a failure cannot hang the run.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "ffft/distributed_plan.hpp"
#include "tests/fft_reference.hpp"
#include "tools/reference/fftw_quad.hpp"

namespace ffft {
namespace {

int world_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}
int world_size() {
  int s = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

// The first `size` ranks of the world (MPI_COMM_NULL on the others).
// Collective over the world.
struct first_ranks {
  MPI_Comm comm = MPI_COMM_NULL;
  explicit first_ranks(int size) {
    MPI_Comm_split(MPI_COMM_WORLD, world_rank() < size ? 0 : MPI_UNDEFINED, world_rank(), &comm);
  }
  ~first_ranks() {
    if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
  }
};

// Every rank's local values, gathered into one global vector in the order's
// own numbering (global[index(i)] = local[i] on each rank), on every rank.
template <class E, class Index>
std::vector<complex<E>> gather(MPI_Comm comm, const std::vector<complex<E>>& local, std::uint64_t n,
                               local_block block, Index index) {
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  std::vector<unsigned long long> offsets(static_cast<std::size_t>(ranks)), counts(offsets.size());
  const unsigned long long mine[2] = {block.offset, block.count};
  std::vector<unsigned long long> all(2 * offsets.size());
  MPI_Allgather(mine, 2, MPI_UNSIGNED_LONG_LONG, all.data(), 2, MPI_UNSIGNED_LONG_LONG, comm);
  std::vector<int> byte_counts(offsets.size()), byte_displacements(offsets.size());
  int total = 0;
  for (std::size_t r = 0; r < offsets.size(); ++r) {
    byte_counts[r] = static_cast<int>(all[2 * r + 1] * sizeof(complex<E>));
    byte_displacements[r] = total;
    total += byte_counts[r];
  }
  std::vector<complex<E>> packed(n);
  MPI_Allgatherv(local.data(), static_cast<int>(local.size() * sizeof(complex<E>)), MPI_BYTE,
                 packed.data(), byte_counts.data(), byte_displacements.data(), MPI_BYTE, comm);
  // Rank r's values come in order; index(r, i) numbers them globally.
  std::vector<complex<E>> global(n);
  std::size_t at = 0;
  for (std::size_t r = 0; r < offsets.size(); ++r)
    for (unsigned long long i = 0; i < all[2 * r + 1]; ++i) global[index(static_cast<int>(r), i)] = packed[at++];
  return global;
}

template <class E>
bool same_bits(const std::vector<complex<E>>& a, const std::vector<complex<E>>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(complex<E>)) == 0;
}

// One plan's forward of x and inverse of v (both global, the same on every
// rank), gathered in natural order.
template <class E>
struct distributed_results {
  std::vector<complex<E>> forward, inverse;
};

template <class E>
distributed_results<E> run_both(MPI_Comm comm, std::uint64_t n, bool transposed,
                                const std::vector<complex<E>>& x, const std::vector<complex<E>>& v) {
  distributed_options o;
  o.length = n;
  o.transposed = transposed;
  o.threads = 1;
  distributed_plan<E> p(comm, o);
  const distributed_layout& l = p.layout();
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);

  std::vector<complex<E>> time(l.time.count), frequency(l.frequency.count);
  for (std::uint64_t i = 0; i < l.time.count; ++i) time[i] = x[l.time.offset + i];
  p.forward(time.data(), frequency.data());
  auto frequency_of = [&](int r, std::uint64_t i) {
    const distributed_layout lr = make_distributed_layout(n, ranks, r, transposed);
    return lr.frequency_index(i);
  };
  distributed_results<E> out;
  out.forward = gather(comm, frequency, n, l.frequency, frequency_of);

  for (std::uint64_t i = 0; i < l.frequency.count; ++i) frequency[i] = v[l.frequency_index(i)];
  p.inverse(frequency.data(), time.data());
  auto time_of = [&](int r, std::uint64_t i) {
    return make_distributed_layout(n, ranks, r, transposed).time.offset + i;
  };
  out.inverse = gather(comm, time, n, l.time, time_of);
  return out;
}

template <class E>
void check_length(std::uint64_t n) {
  using testing::complex_double;
  const std::vector<complex_double> x = testing::random_input(n, n);
  std::vector<complex_double> conj_x = x;
  for (complex_double& c : conj_x) c.im = -c.im;
  // References: F(x), and F^-1(conj x) = conj(F(x)) / n.
  const std::vector<tools::complex_quad> forward_reference =
      tools::fftw_quad_dft(tools::to_complex_quad(x), FFTW_FORWARD);
  std::vector<tools::complex_quad> inverse_reference = forward_reference;
  for (auto& c : inverse_reference) c = {c.re / static_cast<__float128>(n), -c.im / static_cast<__float128>(n)};
  const auto xe = testing::to_format<E>(x), ve = testing::to_format<E>(conj_x);
  const double limit = testing::accuracy_limit<E>(n);
  const std::string where = std::string(format_traits<E>::name) + " n=" + std::to_string(n);

  distributed_results<E> one;  // on rank 0 alone, then sent to all
  {
    first_ranks alone(1);
    if (alone.comm != MPI_COMM_NULL) one = run_both<E>(alone.comm, n, false, xe, ve);
    one.forward.resize(n);
    one.inverse.resize(n);
    MPI_Bcast(one.forward.data(), static_cast<int>(n * sizeof(complex<E>)), MPI_BYTE, 0, MPI_COMM_WORLD);
    MPI_Bcast(one.inverse.data(), static_cast<int>(n * sizeof(complex<E>)), MPI_BYTE, 0, MPI_COMM_WORLD);
  }
  EXPECT_LE(testing::relative_l2_error(one.forward, forward_reference), limit) << where << " forward";
  EXPECT_LE(testing::relative_l2_error(one.inverse, inverse_reference), limit) << where << " inverse";

  for (int size = 1; size <= world_size(); ++size) {
    first_ranks some(size);
    if (some.comm == MPI_COMM_NULL) continue;
    for (bool transposed : {false, true}) {
      const distributed_results<E> r = run_both<E>(some.comm, n, transposed, xe, ve);
      const std::string how = where + " on " + std::to_string(size) + " ranks" + (transposed ? ", transposed" : "");
      EXPECT_TRUE(same_bits(r.forward, one.forward)) << how << ": forward differs from 1 rank";
      EXPECT_TRUE(same_bits(r.inverse, one.inverse)) << how << ": inverse differs from 1 rank";
    }
  }
  if (world_rank() == 0) {
    std::printf("%s: error / limit %.3g forward, %.3g inverse\n", where.c_str(),
                testing::relative_l2_error(one.forward, forward_reference) / limit,
                testing::relative_l2_error(one.inverse, inverse_reference) / limit);
  }
}

// Lengths: n1 = n2 (1024), n1 != n2 with rows that no rank count from 2 to 4
// divides evenly (1155 = 33 x 35, Bluestein inside), a prime (1009: n1 = 1,
// one column), fewer rows than ranks (6 = 2 x 3), and 12288 = 96 x 128.
constexpr std::uint64_t lengths[] = {1024, 1155, 1009, 6, 12288};

TEST(DistributedPlan, Dd128MatchesOneRankAndFftwQuad) {
  for (std::uint64_t n : lengths) check_length<dd128>(n);
}
TEST(DistributedPlan, Df64MatchesOneRankAndFftwQuad) {
  for (std::uint64_t n : lengths) check_length<df64>(n);
}
TEST(DistributedPlan, Qf128MatchesOneRankAndFftwQuad) {
  for (std::uint64_t n : {std::uint64_t{1024}, std::uint64_t{1155}}) check_length<qf128>(n);
}

TEST(DistributedPlan, ComputedTwiddlesStayWithinTheLimit) {
  const std::uint64_t n = 12288;
  const auto x = testing::random_input(n, 7);
  const auto reference = tools::fftw_quad_dft(tools::to_complex_quad(x), FFTW_FORWARD);
  distributed_options o;
  o.length = n;
  o.twiddles = twiddle_mode::computed;
  o.threads = 1;
  distributed_plan<dd128> p(MPI_COMM_WORLD, o);
  const distributed_layout& l = p.layout();
  const auto xe = testing::to_format<dd128>(x);
  std::vector<complex<dd128>> time(xe.begin() + static_cast<std::ptrdiff_t>(l.time.offset),
                                   xe.begin() + static_cast<std::ptrdiff_t>(l.time.offset + l.time.count));
  std::vector<complex<dd128>> frequency(l.frequency.count);
  p.forward(time.data(), frequency.data());
  const auto y = gather(MPI_COMM_WORLD, frequency, n, l.frequency, [&](int r, std::uint64_t i) {
    return make_distributed_layout(n, world_size(), r).frequency.offset + i;
  });
  EXPECT_LE(testing::relative_l2_error(y, reference), testing::accuracy_limit<dd128>(n));
}

// The message every rank caught, or "" if it caught none; and whether all
// ranks caught the same one.
struct caught {
  std::string message;
  bool same_everywhere = false;
};

template <class Call>
caught collective_error(Call call) {
  caught c;
  try {
    call();
  } catch (const std::invalid_argument& e) {
    c.message = e.what();
  }
  // Compare with rank 0's text.
  int length = static_cast<int>(c.message.size());
  MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string first(static_cast<std::size_t>(length), '\0');
  if (world_rank() == 0) first = c.message;
  MPI_Bcast(first.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
  int same = first == c.message ? 1 : 0, all_same = 0;
  MPI_Allreduce(&same, &all_same, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  c.same_everywhere = all_same == 1;
  return c;
}

TEST(DistributedPlan, BadLengthFailsAlikeOnEveryRank) {
  for (std::uint64_t n : {std::uint64_t{0}, max_length + 1}) {
    distributed_options o;
    o.length = n;
    const caught c = collective_error([&] { distributed_plan<dd128> p(MPI_COMM_WORLD, o); });
    EXPECT_NE(c.message.find("length"), std::string::npos) << c.message;
    EXPECT_EQ(c.message.find("rank "), std::string::npos) << "every rank failed: " << c.message;
    EXPECT_TRUE(c.same_everywhere) << c.message;
  }
}

TEST(DistributedPlan, CudaBackendIsRefusedAlikeOnEveryRank) {
  distributed_options o;
  o.length = 1024;
  o.backend = backend::cuda;
  const caught c = collective_error([&] { distributed_plan<dd128> p(MPI_COMM_WORLD, o); });
  EXPECT_NE(c.message.find("run on the CPU"), std::string::npos) << c.message;
  EXPECT_TRUE(c.same_everywhere) << c.message;
}

TEST(DistributedPlan, OptionsThatDifferBetweenRanksFailAlike) {
  if (world_size() < 2) GTEST_SKIP() << "needs two ranks";
  distributed_options o;
  o.length = world_rank() == 1 ? 2048 : 1024;
  o.threads = 1;
  const caught c = collective_error([&] { distributed_plan<dd128> p(MPI_COMM_WORLD, o); });
  EXPECT_NE(c.message.find("ranks disagree on the length (1024 to 2048)"), std::string::npos) << c.message;
  EXPECT_TRUE(c.same_everywhere) << c.message;
}

TEST(DistributedPlan, NullArrayOnOneRankFailsAlikeOnEveryRank) {
  distributed_options o;
  o.length = 1024;
  o.threads = 1;
  distributed_plan<dd128> p(MPI_COMM_WORLD, o);
  const distributed_layout& l = p.layout();
  std::vector<complex<dd128>> time(l.time.count), frequency(l.frequency.count);
  const int last = world_size() - 1;
  const caught c = collective_error([&] {
    p.forward(time.data(), world_rank() == last ? nullptr : frequency.data());
  });
  const std::string expected =
      (world_size() > 1 ? "rank " + std::to_string(last) + ": " : std::string()) + "the output array is null";
  EXPECT_NE(c.message.find(expected), std::string::npos) << c.message;
  EXPECT_TRUE(c.same_everywhere) << c.message;

  // Directions that differ: rank 0 forward, the others inverse.
  if (world_size() > 1) {
    std::vector<complex<dd128>> both(std::max(l.time.count, l.frequency.count));
    const caught d = collective_error([&] {
      p.execute(world_rank() == 0 ? direction::forward : direction::inverse, both.data(), both.data());
    });
    EXPECT_NE(d.message.find("ranks disagree on the direction"), std::string::npos) << d.message;
    EXPECT_TRUE(d.same_everywhere) << d.message;
  }
  // The plan still works afterwards.
  EXPECT_NO_THROW(p.forward(time.data(), frequency.data()));
}

TEST(DistributedLayout, EveryElementHasOneRank) {
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{6}, std::uint64_t{1009}, std::uint64_t{1155}, std::uint64_t{1} << 20}) {
    const distributed_factors f = distributed_factors_of(n);
    EXPECT_EQ(f.n1 * f.n2, n);
    EXPECT_LE(f.n1, f.n2);
    for (int ranks = 1; ranks <= 5; ++ranks)
      for (bool transposed : {false, true}) {
        std::vector<int> time_owner(n, 0), frequency_owner(n, 0);
        for (int r = 0; r < ranks; ++r) {
          const distributed_layout l = make_distributed_layout(n, ranks, r, transposed);
          for (std::uint64_t i = 0; i < l.time.count; ++i) ++time_owner[l.time.offset + i];
          for (std::uint64_t i = 0; i < l.frequency.count; ++i) ++frequency_owner[l.frequency_index(i)];
        }
        for (std::uint64_t k = 0; k < n; ++k) {
          EXPECT_EQ(time_owner[k], 1) << "n=" << n << " ranks=" << ranks << " x[" << k << "]";
          EXPECT_EQ(frequency_owner[k], 1) << "n=" << n << " ranks=" << ranks << " X[" << k << "]";
        }
      }
  }
  EXPECT_EQ(distributed_factors_of(1155).n1, 33u);
  EXPECT_EQ(distributed_factors_of(1009).n1, 1u);
  EXPECT_THROW(make_distributed_layout(0, 1, 0), std::invalid_argument);
  EXPECT_THROW(make_distributed_layout(16, 2, 2), std::invalid_argument);
}

}  // namespace
}  // namespace ffft

namespace {

// On ranks other than 0: failures only, each marked with its rank.
class failures_of_rank : public ::testing::EmptyTestEventListener {
 public:
  explicit failures_of_rank(int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult& r) override {
    if (r.failed())
      std::printf("[rank %d] %s:%d: Failure\n%s\n", rank_, r.file_name() ? r.file_name() : "?",
                  r.line_number(), r.summary());
  }

 private:
  int rank_;
};

}  // namespace

// GoogleTest under MPI: every rank runs every test; rank 0 prints as usual,
// the others their failures; the exit status is the worst of all ranks', so
// mpirun fails if any rank did.
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != 0) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new failures_of_rank(rank));
  }
  int status = RUN_ALL_TESTS(), worst = 0;
  MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return worst;
}
