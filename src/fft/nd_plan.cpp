#include "ffft/nd_plan.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "src/fft/backend.hpp"
#include "src/fft/nd_axes.hpp"
#include "src/fft/nd_geometry.hpp"
#include "src/fft/normalization.hpp"
#include "src/fft/plan_checks.hpp"

namespace ffft {

// What an N-D plan computes once: the checked options, the layouts'
// strides, the transforms along its axes (the last listed first), the
// whole transform's scaling (applied by the last axis), the workspace the
// axes share, and a CUDA plan's staging for host data.
template <class E>
struct nd_plan<E>::impl {
  nd_plan_options options;
  ffft::backend where = ffft::backend::cpu;
  fft::nd_strides in, out;
  std::uint64_t in_span = 0, out_span = 0;  // elements
  bool out_has_gaps = false;                // the output's span holds more than its values
  fft::nd_complex_axes<E> axes;
  std::array<fft::scaling<E>, 2> scale;  // forward, inverse
  fft::nd_buffer<E> workspace;  // the plan's own, unless set_workspace gave one
  std::unique_ptr<fft::nd_host_staging> staging;
  bool has_workspace = false;
  // The output's span in E for the axes between the first and the last of
  // an execution on limb arrays, made on the first.
  fft::nd_buffer<E> converted;

  void share_workspace(void* memory) {
    axes.share_workspace(memory);
    has_workspace = true;
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
  s.in = fft::strides_of(o.input);
  s.out = fft::strides_of(o.output);
  s.in_span = fft::nd_span(o.shape, o.batch, s.in);
  s.out_span = fft::nd_span(o.shape, o.batch, s.out);
  s.out_has_gaps = fft::nd_values(o.shape, o.batch) != s.out_span;
  std::uint64_t points = 1;
  std::vector<fft::axis_step> steps;
  for (std::size_t j = o.axes.size(); j-- > 0;) {
    const int axis = o.axes[j];
    points *= o.shape[static_cast<std::size_t>(axis)];
    steps.push_back(fft::plan_axis_step(o.shape, o.batch, axis, steps.empty() ? s.in : s.out, s.out));
  }
  s.axes = fft::nd_complex_axes<E>(std::move(steps), o.twiddles, o.threads, s.where);
  s.scale = {fft::normalization_scaling<E>(points, o.norm, direction::forward),
             fft::normalization_scaling<E>(points, o.norm, direction::inverse)};
  if (s.where == ffft::backend::cuda && o.host_staging)
    s.staging = std::make_unique<fft::nd_host_staging>(std::max(s.in_span, s.out_span) * sizeof(complex<E>));
  if (!o.allocate_workspace) return;
  const std::size_t values = (s.axes.workspace_bytes() + sizeof(complex<E>) - 1) / sizeof(complex<E>);
  s.share_workspace(s.workspace.get(s.where, values));
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
  if (!has_workspace && axes.workspace_bytes() > 0)
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
  const fft::scaling<E>& s = scale[sign < 0 ? 0 : 1];
  const auto run = [&](const T* source, T* target) {
    if constexpr (std::is_same_v<T, complex<E>>) axes.run(sign, s, source, target, target, stream);
    else axes.run(sign, s, source, options.axes.size() > 1 ? converted.get(where, out_span) : nullptr, target, stream);
  };
  fft::run_in_backend_memory(where, staging.get(), in, in_span * sizeof(T), out, out_span * sizeof(T), out_has_gaps,
                             stream, run);
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
  return state().axes.workspace_bytes();
}

template <class E>
void nd_plan<E>::set_workspace(void* memory) {
  impl& s = state();
  fft::check_workspace_memory(s.where, memory, alignof(complex<E>));
  s.share_workspace(memory);
  s.workspace.release();
}

template <class E>
std::size_t nd_plan<E>::twiddle_bytes() const {
  return state().axes.table_values() * sizeof(complex<E>);
}

template class nd_plan<df64>;
template class nd_plan<qf128>;
template class nd_plan<dd128>;

}  // namespace ffft
