#include "ffft/plan.hpp"

#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "src/fft/tables.hpp"
#include "ffft/fft/limb_values.hpp"
#include "ffft/fft/schedule.hpp"
#include "src/fft/backend.hpp"
#include "src/fft/plan_checks.hpp"
#include "src/fft/layout_checks.hpp"
#include "src/fft/normalization.hpp"

namespace ffft {

namespace {

using fft::require_baseline_instruction_set;
using fft::resolved_backend;
using fft::held_table_values;

plan_options checked_options(plan_options o) {
  require_baseline_instruction_set();
  fft::check_transform_length(o.length);
  if (o.batch == 0) throw std::invalid_argument("ffft: batch must be at least 1");
  o.input = fft::checked_layout("input", o.length, o.batch, o.input);
  o.output = fft::checked_layout("output", o.length, o.batch, o.output);
  return o;
}

}  // namespace

// Everything a plan computes once: the options as checked, where it runs,
// the algorithm's tables (Stockham or Bluestein, one value), the scaling of
// each direction, and the backend that runs it (backend.hpp).
template <class E>
struct plan<E>::impl {
  plan_options options;
  ffft::backend where = ffft::backend::cpu;
  ffft::cpu_isa isa = ffft::cpu_isa::scalar;
  fft::transform_tables<E> tables;  // read by the CPU backend; a device keeps its copies
  std::array<fft::scaling<E>, 2> scale;  // at index_of(forward), index_of(inverse)
  std::uint64_t table_values = 0;  // held_table_values
  bool has_workspace = false;  // its own (allocate_workspace), or one given by set_workspace
  std::unique_ptr<fft::complex_backend<E>> run;

  static std::size_t index_of(direction d) { return d == direction::forward ? 0 : 1; }
  fft::scaling<E>& scaling_for(direction d) { return scale[index_of(d)]; }
  const fft::scaling<E>& scaling_for(direction d) const { return scale[index_of(d)]; }
};

namespace {

// A device has its copies of the tables; the host keeps the passes only,
// for radices().
template <class E>
void release_table_values(fft::transform_tables<E>& tables) {
  const auto release = [](fft::stockham_tables<E>& stockham) {
    decltype(stockham.twiddles)().swap(stockham.twiddles);
    std::vector<complex<E>>().swap(stockham.factors);
  };
  std::visit(
      [&](auto& t) {
        if constexpr (std::is_same_v<std::decay_t<decltype(t)>, fft::stockham_tables<E>>) {
          release(t);
        } else {
          release(t.padded_fft);
          std::vector<complex<E>>().swap(t.chirp);
          std::vector<complex<E>>().swap(t.kernel);
        }
      },
      tables);
}

}  // namespace

template <class E>
plan<E>::plan(const plan_options& options) : impl_(std::make_unique<impl>()) {
  impl& s = *impl_;
  s.options = checked_options(options);
  s.where = resolved_backend(options.backend);
  s.isa = selected_cpu_isa();
  const plan_options& o = s.options;
  s.has_workspace = o.allocate_workspace;
  s.tables = fft::make_transform_tables<E>(
      o.length, o.twiddles, o.threads, s.isa,
      s.where == ffft::backend::cpu ? fft::table_reader::cpu : fft::table_reader::device);
  s.table_values = held_table_values(s.tables, s.where);
  for (direction d : {direction::forward, direction::inverse})
    s.scaling_for(d) = fft::normalization_scaling<E>(o.length, o.norm, d);
  fft::engine_memory memory;
  memory.own_workspace = o.allocate_workspace;
  memory.minimal_workspace = o.minimal_workspace;
  if (s.where == ffft::backend::cpu) {
    s.run = fft::make_cpu_complex_backend<E>(s.tables, o.batch, o.threads, s.isa, memory);
    return;
  }
  if (o.host_staging) {
    memory.staged_input_values = fft::layout_span(o.length, o.batch, o.input);
    memory.staged_output_values = fft::layout_span(o.length, o.batch, o.output);
  }
  s.run = fft::make_cuda_complex_backend<E>(s.tables, o.batch, memory);
  release_table_values(s.tables);
}

template <class E>
plan<E>::~plan() = default;
template <class E>
plan<E>::plan(plan&&) noexcept = default;
template <class E>
plan<E>& plan<E>::operator=(plan&&) noexcept = default;

template <class E>
typename plan<E>::impl& plan<E>::state() const {
  if (!impl_)
    throw std::logic_error(
        "ffft: this plan was moved from and holds nothing; make a new plan or assign one to it");
  return *impl_;
}

template <class E>
void plan<E>::check_arrays(const void* in, const void* out, std::size_t bytes) const {
  const impl& s = state();
  const plan_options& o = s.options;
  if (in == nullptr || out == nullptr)
    throw std::invalid_argument("ffft: execute needs non-null input and output pointers");
  const std::uint64_t in_span = fft::layout_span(o.length, o.batch, o.input);
  const std::uint64_t out_span = fft::layout_span(o.length, o.batch, o.output);
  if (in == out) {
    if (o.input.stride != o.output.stride || o.input.distance != o.output.distance)
      throw std::invalid_argument(
          "ffft: an in-place transform (in == out) needs the same input and output layouts");
  } else if (fft::spans_overlap(in, in_span * bytes, out, out_span * bytes)) {
    throw std::invalid_argument(
        "ffft: the input and output buffers overlap without being the same; pass the same "
        "pointer for an in-place transform, or separate buffers");
  }
  if (!s.has_workspace && workspace_bytes() > 0)
    throw std::logic_error(std::string("ffft: this plan was made with allocate_workspace = false and has no "
                                       "workspace; call set_workspace with workspace_bytes() of ") +
                           (s.where == ffft::backend::cpu ? "host" : "device") + " memory first");
  fft::require_reachable(s.where, in, out);
}

template <class E>
void plan<E>::execute(direction d, const complex<E>* in, complex<E>* out, cuda_stream stream) {
  check_arrays(in, out, sizeof(complex<E>));
  impl& s = state();
  const plan_options& o = s.options;
  s.run->execute(static_cast<int>(d), s.scaling_for(d), {in, o.input.stride, o.input.distance},
                 {out, o.output.stride, o.output.distance}, stream);
}

template <class E>
void plan<E>::execute(direction d, const limb_value* in, limb_value* out, cuda_stream stream) {
  check_arrays(in, out, sizeof(limb_value));
  impl& s = state();
  const plan_options& o = s.options;
  using limbs = fft::limb_complex_of<E>;
  static_assert(sizeof(limbs) == sizeof(limb_value) && alignof(limbs) == alignof(limb_value));
  s.run->execute(static_cast<int>(d), s.scaling_for(d),
                 {reinterpret_cast<const limbs*>(in), o.input.stride, o.input.distance},
                 {reinterpret_cast<limbs*>(out), o.output.stride, o.output.distance}, stream);
}

template <class E>
const plan_options& plan<E>::options() const {
  return state().options;
}

template <class E>
backend plan<E>::backend() const {
  return state().where;
}

template <class E>
std::size_t plan<E>::workspace_bytes() const {
  return state().run->workspace_bytes();
}

template <class E>
void plan<E>::set_workspace(void* memory) {
  impl& s = state();
  fft::check_workspace_memory(s.where, memory, alignof(complex<E>));
  s.run->set_workspace(memory);
  s.has_workspace = true;
}

template <class E>
std::size_t plan<E>::staging_bytes() const {
  return state().run->staging_bytes();
}

template <class E>
std::size_t plan<E>::twiddle_bytes() const {
  return state().table_values * sizeof(complex<E>);
}

template <class E>
std::vector<int> plan<E>::radices() const {
  std::vector<int> r;
  for (const fft::pass_shape& p : fft::stockham_part(state().tables).passes) r.push_back(p.radix);
  return r;
}

template <class E>
std::uint64_t plan<E>::bluestein_length() const {
  const auto* b = std::get_if<fft::bluestein_tables<E>>(&state().tables);
  return b != nullptr ? b->padded : 0;
}

template <class E>
cpu_isa plan<E>::cpu_isa() const {
  return state().isa;
}

template class plan<df64>;
template class plan<qf128>;
template class plan<dd128>;

}  // namespace ffft
