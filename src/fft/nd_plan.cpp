#include "ffft/nd_plan.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "src/fft/backend.hpp"
#include "src/fft/nd_geometry.hpp"
#include "src/fft/normalization.hpp"
#include "src/fft/plan_checks.hpp"
#include "src/fft/tables.hpp"

namespace ffft {

// What an N-D plan computes once: the checked options, the layouts'
// strides, one step per transformed axis (the last listed first), the
// tables of each distinct length, one 1-D backend per distinct (length,
// batch) that the steps share, the whole transform's scaling (applied by
// the last step), the workspace the backends share (they run one after
// another), and a CUDA plan's staging for host data.
template <class E>
struct nd_plan<E>::impl {
  nd_plan_options options;
  ffft::backend where = ffft::backend::cpu;
  fft::nd_strides in, out;
  std::uint64_t in_span = 0, out_span = 0;  // elements
  // steps[0] reads the input and writes the output; the others work in
  // place on the output.
  std::vector<fft::axis_step> steps;
  std::vector<fft::complex_backend<E>*> runs;  // steps[j]'s backend
  std::map<std::uint64_t, fft::transform_tables<E>> tables;  // by length; read by the CPU backend
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::unique_ptr<fft::complex_backend<E>>> backends;
  std::uint64_t table_values = 0;
  std::array<fft::scaling<E>, 2> scale;  // forward, inverse
  std::size_t workspace_bytes = 0;
  std::vector<complex<E>> host_workspace;
  std::unique_ptr<fft::device_memory> device_workspace, staged_input, staged_output;
  std::unique_ptr<fft::host_device_copies> copies;
  bool has_workspace = false;
  std::vector<complex<E>> host_converted;  // converted(): a CPU plan's
  std::unique_ptr<fft::device_memory> device_converted;  // converted(): a CUDA plan's

  void share_workspace(void* memory) {
    for (auto& [key, run] : backends) run->set_workspace(memory);
    has_workspace = true;
  }

  // The steps from `source` to `target` (in the backend's memory): the
  // first reads source, the last writes target, and the steps between
  // (and the first's output, the last's input) are in `middle`, values of
  // E on the output's layout (target itself for arrays of E).
  template <class In, class Out>
  void run_steps(int sign, const In* source, complex<E>* middle, Out* target, cuda_stream stream) {
    const fft::scaling<E> none{fft::scaling<E>::kind::none, 0, {}, {}};
    const std::size_t last = steps.size() - 1;
    const auto step = [&](std::size_t j, const auto* from, auto* to) {
      using From = std::remove_pointer_t<decltype(from)>;
      using To = std::remove_pointer_t<decltype(to)>;
      const fft::axis_step& st = steps[j];
      const fft::scaling<E>& s = j == last ? scale[sign < 0 ? 0 : 1] : none;
      fft::for_each_call(st.loops, [&](std::int64_t i, std::int64_t o) {
        runs[j]->execute(sign, s, fft::strided<From>{from + i, st.in_stride, st.batch.in_stride},
                         fft::strided<To>{to + o, st.out_stride, st.batch.out_stride}, stream);
      });
    };
    if (last == 0) return step(0, source, target);
    step(0, source, middle);
    for (std::size_t j = 1; j < last; ++j) step(j, static_cast<const complex<E>*>(middle), middle);
    step(last, static_cast<const complex<E>*>(middle), target);
  }

  // The output's span in E for the axes between the first and the last of
  // an execution on limb arrays, made on the first.
  complex<E>* converted() {
    if (where == ffft::backend::cpu) {
      if (host_converted.empty()) host_converted.resize(out_span);
      return host_converted.data();
    }
    if (!device_converted) device_converted = fft::make_cuda_memory(out_span * sizeof(complex<E>));
    return static_cast<complex<E>*>(device_converted->data());
  }

  void check_arrays(const void* in, const void* out, std::size_t bytes) const;

  // An execution on arrays of T (complex<E> or limb_complex_of<E>).
  template <class T>
  void execute(direction d, const T* in, T* out, cuda_stream stream);
};

template <class E>
nd_plan<E>::nd_plan(const nd_plan_options& options) : impl_(std::make_unique<impl>()) {
  impl& s = *impl_;
  s.options = fft::checked_nd_options(options);
  const nd_plan_options& o = s.options;
  s.where = fft::resolved_backend(o.backend);
  const ffft::cpu_isa isa = selected_cpu_isa();
  s.in = fft::strides_of(o.input);
  s.out = fft::strides_of(o.output);
  s.in_span = fft::nd_span(o.shape, o.batch, s.in);
  s.out_span = fft::nd_span(o.shape, o.batch, s.out);
  std::uint64_t points = 1;
  for (std::size_t j = o.axes.size(); j-- > 0;) {
    const int axis = o.axes[j];
    points *= o.shape[static_cast<std::size_t>(axis)];
    s.steps.push_back(fft::plan_axis_step(o.shape, o.batch, axis, s.steps.empty() ? s.in : s.out, s.out));
  }
  s.scale = {fft::normalization_scaling<E>(points, o.norm, direction::forward),
             fft::normalization_scaling<E>(points, o.norm, direction::inverse)};
  fft::engine_memory memory;
  memory.own_workspace = false;
  for (const fft::axis_step& st : s.steps) {
    auto [at, added] = s.tables.try_emplace(st.length);
    if (added) {
      at->second = fft::make_transform_tables<E>(
          st.length, o.twiddles, o.threads, isa,
          s.where == ffft::backend::cpu ? fft::table_reader::cpu : fft::table_reader::device);
      s.table_values += fft::held_table_values(at->second, s.where);
    }
    std::unique_ptr<fft::complex_backend<E>>& run = s.backends[{st.length, st.batch.count}];
    if (!run)
      run = s.where == ffft::backend::cpu
                ? fft::make_cpu_complex_backend<E>(at->second, st.batch.count, o.threads, isa, memory)
                : fft::make_cuda_complex_backend<E>(at->second, st.batch.count, memory);
    s.runs.push_back(run.get());
    s.workspace_bytes = std::max(s.workspace_bytes, run->workspace_bytes());
  }
  if (s.where == ffft::backend::cuda && o.host_staging) {
    s.staged_input = fft::make_cuda_memory(s.in_span * sizeof(complex<E>));
    s.staged_output = fft::make_cuda_memory(s.out_span * sizeof(complex<E>));
    s.copies = fft::make_cuda_copies(std::max(s.in_span, s.out_span) * sizeof(complex<E>));
  }
  if (!o.allocate_workspace) return;
  if (s.where == ffft::backend::cpu) {
    s.host_workspace.resize((s.workspace_bytes + sizeof(complex<E>) - 1) / sizeof(complex<E>));
    s.share_workspace(s.host_workspace.data());
  } else {
    s.device_workspace = fft::make_cuda_memory(s.workspace_bytes);
    s.share_workspace(s.device_workspace->data());
  }
}

template <class E>
nd_plan<E>::~nd_plan() = default;
template <class E>
nd_plan<E>::nd_plan(nd_plan&&) noexcept = default;
template <class E>
nd_plan<E>& nd_plan<E>::operator=(nd_plan&&) noexcept = default;

template <class E>
typename nd_plan<E>::impl& nd_plan<E>::state() const {
  if (!impl_)
    throw std::logic_error(
        "ffft: this N-D plan was moved from and holds nothing; make a new plan or assign one to it");
  return *impl_;
}

template <class E>
void nd_plan<E>::impl::check_arrays(const void* in, const void* out, std::size_t bytes) const {
  if (in == nullptr || out == nullptr)
    throw std::invalid_argument("ffft: execute needs non-null input and output pointers");
  if (in == out) {
    if (this->in.axis != this->out.axis || this->in.distance != this->out.distance)
      throw std::invalid_argument(
          "ffft: an in-place transform (in == out) needs the same input and output layouts");
  } else if (fft::spans_overlap(in, in_span * bytes, out, out_span * bytes)) {
    throw std::invalid_argument(
        "ffft: the input and output buffers overlap without being the same; pass the same pointer "
        "for an in-place transform, or separate buffers");
  }
  if (!has_workspace && workspace_bytes > 0)
    throw std::logic_error(std::string("ffft: this N-D plan was made with allocate_workspace = false; call "
                                       "set_workspace with workspace_bytes() of ") +
                           (where == ffft::backend::cpu ? "host" : "device") + " memory first");
  fft::require_reachable(where, in, out);
}

template <class E>
template <class T>
void nd_plan<E>::impl::execute(direction d, const T* in, T* out, cuda_stream stream) {
  check_arrays(in, out, sizeof(T));
  const int sign = static_cast<int>(d);
  const bool in_on_device = where == ffft::backend::cuda && fft::is_device_memory(in);
  const bool out_on_device = where == ffft::backend::cuda && fft::is_device_memory(out);
  const auto run = [&](const T* source, T* target) {
    if constexpr (std::is_same_v<T, complex<E>>) run_steps(sign, source, target, target, stream);
    else run_steps(sign, source, steps.size() > 1 ? converted() : nullptr, target, stream);
  };
  if (where == ffft::backend::cpu || (in_on_device && out_on_device)) return run(in, out);
  // Host data on a CUDA plan: through device copies of the spans, as the
  // 1-D plans stage theirs (engine/staging.hpp). A host output with gaps
  // between its values goes up first, so that the gaps come back unchanged.
  if (!copies)
    throw std::invalid_argument(
        "ffft: this CUDA plan was made with host_staging = false and was given host memory; pass "
        "device pointers, or make the plan with host_staging = true");
  const std::uint64_t in_bytes = in_span * sizeof(T), out_bytes = out_span * sizeof(T);
  const T* source = in;
  if (!in_on_device) {
    copies->upload(staged_input->data(), in, in_bytes, stream);
    source = static_cast<const T*>(staged_input->data());
  }
  T* target = out;
  if (!out_on_device) {
    target = static_cast<T*>(in == out ? staged_input->data() : staged_output->data());
    std::uint64_t dense = options.batch;
    for (std::uint64_t n : options.shape) dense *= n;
    if (in != out && dense != out_span) copies->upload(target, out, out_bytes, stream);
  }
  run(source, target);
  if (!out_on_device) copies->download(out, target, out_bytes, stream);
}

template <class E>
void nd_plan<E>::execute(direction d, const complex<E>* in, complex<E>* out, cuda_stream stream) {
  state().execute(d, in, out, stream);
}

template <class E>
void nd_plan<E>::execute(direction d, const limb_value* in, limb_value* out, cuda_stream stream) {
  using limbs = fft::limb_complex_of<E>;
  static_assert(sizeof(limbs) == sizeof(limb_value) && alignof(limbs) == alignof(limb_value));
  state().execute(d, reinterpret_cast<const limbs*>(in), reinterpret_cast<limbs*>(out), stream);
}

template <class E>
const nd_plan_options& nd_plan<E>::options() const {
  return state().options;
}

template <class E>
backend nd_plan<E>::backend() const {
  return state().where;
}

template <class E>
std::size_t nd_plan<E>::workspace_bytes() const {
  return state().workspace_bytes;
}

template <class E>
void nd_plan<E>::set_workspace(void* memory) {
  impl& s = state();
  fft::check_workspace_memory(s.where, memory, alignof(complex<E>));
  s.share_workspace(memory);
  std::vector<complex<E>>().swap(s.host_workspace);
  s.device_workspace.reset();
}

template <class E>
std::size_t nd_plan<E>::twiddle_bytes() const {
  return state().table_values * sizeof(complex<E>);
}

template class nd_plan<df64>;
template class nd_plan<qf128>;
template class nd_plan<dd128>;

}  // namespace ffft
