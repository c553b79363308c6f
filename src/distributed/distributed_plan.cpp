#include "ffft/distributed_plan.hpp"

#include <omp.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "ffft/aligned_vector.hpp"
#include "ffft/host/twiddle_table.hpp"
#include "src/distributed/collective_error.hpp"
#include "src/distributed/local_steps.hpp"
#include "src/distributed/transpose_exchange.hpp"
#include "src/fft/plan_checks.hpp"

namespace ffft {

namespace {

using distributed::error_kind;
using distributed::throw_if_any;
using distributed::transpose_exchange;

// One complex<E> as 2 x limbs values of the limb type: complex<E> is {re, im}
// of E, and E its limbs, with no padding.
template <class E>
MPI_Datatype element_type() {
  using T = typename E::limb_type;
  static_assert(sizeof(complex<E>) == 2 * E::limbs * sizeof(T));
  MPI_Datatype t;
  MPI_Type_contiguous(2 * E::limbs, std::is_same_v<T, double> ? MPI_DOUBLE : MPI_FLOAT, &t);
  MPI_Type_commit(&t);
  return t;
}

}  // namespace

// One direction's pipeline over the matrix [a][b] of Ra rows and Cb
// columns (forward: a = n2, b = n1; inverse: a = k1, b = k2):
//   transpose to [b][a]              (exchange `first`, left out when the
//                                     input is already transposed)
//   transforms of length Ra along a  -> [b][a']
//   local transpose to column-major, times w_n^(b a') (conjugated for
//   the inverse) in the same pass
//   transpose to [a'][b]             (exchange `second`)
//   transforms of length Cb along b  -> [a'][b'], the transposed order
//   local transpose to column-major, and
//   transpose to [b'][a']            (exchange `third`, natural order)
template <class E>
struct direction_pipeline {
  std::uint64_t ra = 0, cb = 0;  // Ra, Cb
  local_block rows;              // of Ra: my a of the input, my a' after the second exchange
  local_block columns;           // of Cb: this rank's b after the first exchange
  std::optional<plan<E>> along_a, along_b;  // empty where this rank has no rows
  std::vector<complex<E>> twiddles;         // w_n^((c0 + b) a') at a' cc + b
};

template <class E>
struct distributed_plan<E>::impl {
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Datatype element = MPI_DATATYPE_NULL;
  distributed_options options;
  distributed_layout layout;
  int threads = 1;
  std::optional<transpose_exchange> rows_n2, rows_n1;  // of the n2 x n1 and n1 x n2 matrices
  direction_pipeline<E> forward, inverse;
  aligned_vector<complex<E>> buffer0, buffer1;  // on cache lines: the local plans' data
  void* local_workspace = nullptr;
  aligned_vector<unsigned char> local_workspace_memory;
  distributed_timing timing;

  ~impl() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    rows_n2.reset();
    rows_n1.reset();
    if (finalized) return;
    if (element != MPI_DATATYPE_NULL) MPI_Type_free(&element);
    if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
  }
};

namespace {

// Every option that must be the same on every rank, checked together.
std::string options_disagreement(MPI_Comm comm, const distributed_options& o) {
  for (auto [what, value] : {std::pair{"the length", static_cast<unsigned long long>(o.length)},
                             std::pair{"the normalization", static_cast<unsigned long long>(o.norm)},
                             std::pair{"the twiddle mode", static_cast<unsigned long long>(o.twiddles)},
                             std::pair{"the transposed order", static_cast<unsigned long long>(o.transposed)},
                             std::pair{"the backend", static_cast<unsigned long long>(o.backend)}}) {
    std::string problem = distributed::disagreement(comm, what, value);
    if (!problem.empty()) return problem;
  }
  return {};
}

// Local transforms of `length` points, `batch` of them, reading `input` and
// writing `output`, with no workspace of their own (they share one).
template <class E>
plan<E> local_plan(const distributed_options& o, std::uint64_t length, std::uint64_t batch,
                   layout input, layout output) {
  plan_options p;
  p.length = length;
  p.batch = batch;
  p.norm = o.norm;
  p.twiddles = o.twiddles;
  p.backend = backend::cpu;  // the only backend so far (the constructor refuses cuda)
  p.threads = o.threads;
  p.input = input;
  p.output = output;
  p.allocate_workspace = false;
  p.minimal_workspace = true;
  return plan<E>(p);
}

template <class E>
direction_pipeline<E> make_pipeline(const distributed_options& o, std::uint64_t ra, std::uint64_t cb,
                                    int ranks, int rank) {
  direction_pipeline<E> d;
  d.ra = ra;
  d.cb = cb;
  d.rows = row_block(ra, ranks, rank);
  d.columns = row_block(cb, ranks, rank);
  const std::uint64_t cc = d.columns.count, rows = d.rows.count;
  if (cc > 0) {
    const layout rows_of_ra{1, static_cast<std::int64_t>(ra)};
    d.along_a.emplace(local_plan<E>(o, ra, cc, rows_of_ra, rows_of_ra));
    d.twiddles.resize(ra * cc);
    const std::uint64_t c0 = d.columns.offset;
    const std::function<std::uint64_t(std::uint64_t)> index = [=](std::uint64_t e) {
      return (c0 + e % cc) * (e / cc);  // < n: no reduction needed
    };
    if (o.twiddles == twiddle_mode::table) {
      host::nearest_twiddles<E>(o.length, d.twiddles.size(), index, d.twiddles.data(), o.threads);
    } else {
      const computed_twiddles<E> w{o.length};
      for (std::uint64_t e = 0; e < d.twiddles.size(); ++e) d.twiddles[e] = w(index(e));
    }
  }
  if (rows > 0) {
    const layout rows_of_cb{1, static_cast<std::int64_t>(cb)};
    d.along_b.emplace(local_plan<E>(o, cb, rows, rows_of_cb, rows_of_cb));
  }
  return d;
}

}  // namespace

template <class E>
distributed_plan<E>::distributed_plan(MPI_Comm comm, const distributed_options& options) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) throw std::logic_error("ffft::distributed_plan: call MPI_Init before making a plan");
  if (comm == MPI_COMM_NULL) throw std::invalid_argument("ffft::distributed_plan: the communicator is MPI_COMM_NULL");

  auto state = std::make_unique<impl>();
  MPI_Comm_dup(comm, &state->comm);
  state->options = options;
  int ranks = 1, rank = 0;
  MPI_Comm_size(state->comm, &ranks);
  MPI_Comm_rank(state->comm, &rank);

  throw_if_any(state->comm, options_disagreement(state->comm, options));
  std::string problem;
  try {
    fft::check_transform_length(options.length);
    if (options.backend == backend::cuda)
      throw std::invalid_argument(
          "the local transforms run on the CPU (backend cpu or automatic); ranks on GPUs are designed in "
          "docs/distributed.md but not built yet");
  } catch (const std::exception& e) {
    problem = e.what();
  }
  throw_if_any(state->comm, problem);

  impl& s = *state;
  s.layout = make_distributed_layout(options.length, ranks, rank, options.transposed);
  s.threads = options.threads == 0 ? omp_get_max_threads() : static_cast<int>(options.threads);
  s.element = element_type<E>();
  const std::uint64_t n1 = s.layout.factors.n1, n2 = s.layout.factors.n2;

  // The local plans and twiddles: a rank that fails (memory, no device)
  // makes every rank throw.
  error_kind kind = error_kind::invalid_argument;
  try {
    s.rows_n2.emplace(s.comm, n2, n1, s.element, sizeof(complex<E>));
    s.rows_n1.emplace(s.comm, n1, n2, s.element, sizeof(complex<E>));
    s.forward = make_pipeline<E>(options, n2, n1, ranks, rank);
    s.inverse = make_pipeline<E>(options, n1, n2, ranks, rank);
    std::size_t values = 0, workspace = 0;
    for (const direction_pipeline<E>* d : {&s.forward, &s.inverse}) {
      values = std::max<std::size_t>({values, d->rows.count * d->cb, d->columns.count * d->ra});
      for (const auto* p : {&d->along_a, &d->along_b})
        if (p->has_value()) workspace = std::max(workspace, (*p)->workspace_bytes());
    }
    s.buffer0.resize(values);
    s.buffer1.resize(values);
    // One workspace for the four local plans: they never run at once. On a
    // cache line, as aligned_vector allocates; never empty, as
    // set_workspace refuses a null pointer.
    s.local_workspace_memory.resize(std::max<std::size_t>(workspace, 1));
    s.local_workspace = s.local_workspace_memory.data();
    for (direction_pipeline<E>* d : {&s.forward, &s.inverse})
      for (auto* p : {&d->along_a, &d->along_b})
        if (p->has_value()) (*p)->set_workspace(s.local_workspace);
  } catch (const std::invalid_argument& e) {
    problem = e.what();
  } catch (const std::exception& e) {
    problem = e.what();
    kind = error_kind::runtime_error;
  }
  throw_if_any(s.comm, problem, kind);
  impl_ = std::move(state);
}

template <class E>
distributed_plan<E>::~distributed_plan() = default;
template <class E>
distributed_plan<E>::distributed_plan(distributed_plan&&) noexcept = default;
template <class E>
distributed_plan<E>& distributed_plan<E>::operator=(distributed_plan&&) noexcept = default;

template <class E>
void distributed_plan<E>::execute(direction d, const complex<E>* in, complex<E>* out) {
  if (!impl_) throw std::logic_error("ffft::distributed_plan: used after being moved from");
  impl& s = *impl_;
  const bool forward = d == direction::forward;
  const std::uint64_t in_count = forward ? s.layout.time.count : s.layout.frequency.count;
  const std::uint64_t out_count = forward ? s.layout.frequency.count : s.layout.time.count;
  throw_if_any(s.comm, distributed::disagreement(s.comm, "the direction", static_cast<unsigned long long>(forward)));
  std::string problem;
  if (in_count > 0 && in == nullptr) problem = "the input array is null";
  else if (out_count > 0 && out == nullptr) problem = "the output array is null";
  else if (fft::is_device_memory(in) || fft::is_device_memory(out))
    problem = "arrays must be host memory (device arrays are not supported yet)";
  throw_if_any(s.comm, problem);

  direction_pipeline<E>& p = forward ? s.forward : s.inverse;
  transpose_exchange& first = forward ? *s.rows_n2 : *s.rows_n1;
  transpose_exchange& second = forward ? *s.rows_n1 : *s.rows_n2;
  const bool input_transposed = !forward && s.options.transposed;
  const bool output_transposed = forward && s.options.transposed;
  complex<E>* b0 = s.buffer0.data();
  complex<E>* b1 = s.buffer1.data();
  distributed_timing t;
  double mark = MPI_Wtime();
  auto lap = [&mark](double& into) {
    const double now = MPI_Wtime();
    into += now - mark;
    mark = now;
  };

  // [a][b] -> [b][a]: this rank's columns b, each a row of Ra values.
  const complex<E>* rows_b = in;
  if (!input_transposed) {
    distributed::transpose_into(in, p.rows.count, p.cb, b0, s.threads);
    lap(t.local);
    first.run(b0, b1);
    lap(t.exchange);
    rows_b = b1;
  }
  if (p.along_a) {
    p.along_a->execute(d, rows_b, b0);  // [b][a'], row-major
    distributed::transpose_times(b0, p.columns.count, p.ra, p.twiddles.data(), !forward, b1, s.threads);
  }
  lap(t.local);
  second.run(b1, b0);  // [b][a'] -> [a'][b]
  lap(t.exchange);
  if (output_transposed) {
    if (p.along_b) p.along_b->execute(d, b0, out);
    lap(t.local);
  } else {
    if (p.along_b) {
      p.along_b->execute(d, b0, b1);  // [a'][b'], row-major
      distributed::transpose_into(b1, p.rows.count, p.cb, b0, s.threads);
    }
    lap(t.local);
    first.run(b0, out);  // [a'][b'] -> [b'][a']: same shape as the first
    lap(t.exchange);
  }
  s.timing = t;
}

template <class E>
const distributed_options& distributed_plan<E>::options() const {
  return impl_->options;
}
template <class E>
const distributed_layout& distributed_plan<E>::layout() const {
  return impl_->layout;
}
template <class E>
distributed_timing distributed_plan<E>::last_timing() const {
  return impl_->timing;
}
template <class E>
std::size_t distributed_plan<E>::workspace_bytes() const {
  const impl& s = *impl_;
  return (s.buffer0.size() + s.buffer1.size() + s.forward.twiddles.size() + s.inverse.twiddles.size()) *
             sizeof(complex<E>) +
         s.local_workspace_memory.size();
}

template class distributed_plan<df64>;
template class distributed_plan<qf128>;
template class distributed_plan<dd128>;

}  // namespace ffft
