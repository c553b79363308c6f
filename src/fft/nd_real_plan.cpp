#include "ffft/nd_real_plan.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ffft/fft/real_steps.hpp"
#include "src/fft/backend.hpp"
#include "src/fft/nd_axes.hpp"
#include "src/fft/nd_geometry.hpp"
#include "src/fft/normalization.hpp"
#include "src/fft/plan_checks.hpp"
#include "src/fft/tables.hpp"

namespace ffft {

// What an N-D real plan computes once: the checked options, the spectrum's
// shape, the layouts' strides, the halved axis's real transforms (one
// real backend), the complex transforms along the others (on the
// spectrum's layout), the whole transform's scaling, and a CUDA plan's
// staging for host data.
template <class E>
struct nd_real_plan<E>::impl {
  nd_real_plan_options options;
  std::vector<std::uint64_t> spectrum_shape;
  ffft::backend where = ffft::backend::cpu;
  fft::nd_strides real, spectrum;
  std::uint64_t real_span = 0, spectrum_span = 0;  // elements
  bool real_has_gaps = false, spectrum_has_gaps = false;
  bool padded_in_place = false;  // the layouts allow x == spectrum
  // The halved axis: its 1-D real transforms (loops of backend calls; the
  // step's in side is the real array, its out side the spectrum).
  fft::axis_step real_step;
  fft::transform_tables<E> real_inner;      // read by the CPU backend
  std::vector<complex<E>> real_twiddles;    // read by the CPU backend
  std::unique_ptr<fft::real_backend<E>> real_run;
  fft::nd_complex_axes<E> axes;  // the others, on the spectrum's layout
  std::uint64_t table_values = 0;
  std::array<fft::scaling<E>, 2> scale;  // forward, inverse
  fft::scaling<E> unscaled{fft::scaling<E>::kind::none, 0, {}, {}};
  fft::nd_buffer<E> workspace;  // the complex axes'
  // One copy of the spectrum's span in E, made on the first call that
  // needs it.
  fft::nd_buffer<E> middle_values;
  std::unique_ptr<fft::nd_host_staging> staging;

  complex<E>* middle() { return middle_values.get(where, spectrum_span); }

  // The halved axis's transforms, scaled by `s`.
  template <class R, class C>
  void real_forward(const fft::scaling<E>& s, const R* x, C* bins, cuda_stream stream) {
    const fft::axis_step& st = real_step;
    fft::for_each_call(st.loops, [&](std::int64_t i, std::int64_t o) {
      real_run->forward(s, fft::strided<const R>{x + i, st.in_stride, st.batch.in_stride},
                        fft::strided<C>{bins + o, st.out_stride, st.batch.out_stride}, stream);
    });
  }
  template <class C, class R>
  void real_inverse(const fft::scaling<E>& s, const C* bins, R* x, cuda_stream stream) {
    const fft::axis_step& st = real_step;
    fft::for_each_call(st.loops, [&](std::int64_t i, std::int64_t o) {
      real_run->inverse(s, fft::strided<const C>{bins + o, st.out_stride, st.batch.out_stride},
                        fft::strided<R>{x + i, st.in_stride, st.batch.in_stride}, stream);
    });
  }

  // forward and inverse on device (or CPU) memory. R: E or limb; C:
  // complex<E> or limb_complex_of<E>.
  template <class R, class C>
  void run_forward(const R* x, C* bins, cuda_stream stream) {
    const fft::scaling<E>& s = scale[0];
    if (axes.empty()) return real_forward(s, x, bins, stream);
    if constexpr (std::is_same_v<C, complex<E>>) {
      real_forward(unscaled, x, bins, stream);
      axes.run(-1, s, static_cast<const complex<E>*>(bins), bins, bins, stream);
    } else {
      complex<E>* m = middle();
      real_forward(unscaled, x, m, stream);
      axes.run(-1, s, static_cast<const complex<E>*>(m), m, bins, stream);
    }
  }
  template <class C, class R>
  void run_inverse(const C* bins, R* x, cuda_stream stream) {
    const fft::scaling<E>& s = scale[1];
    if (axes.empty()) return real_inverse(s, bins, x, stream);
    complex<E>* m = middle();
    axes.run(+1, unscaled, bins, m, m, stream);
    real_inverse(s, static_cast<const complex<E>*>(m), x, stream);
  }

  void check_arrays(const void* x, std::size_t real_bytes, const void* bins, std::size_t bin_bytes) const;

  template <class R, class C>
  void forward(const R* x, C* bins, cuda_stream stream) {
    check_arrays(x, sizeof(R), bins, sizeof(C));
    const auto run = [&](const R* source, C* target) { run_forward(source, target, stream); };
    fft::run_in_backend_memory(where, staging.get(), x, real_span * sizeof(R), bins, spectrum_span * sizeof(C),
                               spectrum_has_gaps, stream, run);
  }
  template <class C, class R>
  void inverse(const C* bins, R* x, cuda_stream stream) {
    check_arrays(x, sizeof(R), bins, sizeof(C));
    const auto run = [&](const C* source, R* target) { run_inverse(source, target, stream); };
    fft::run_in_backend_memory(where, staging.get(), bins, spectrum_span * sizeof(C), x, real_span * sizeof(R),
                               real_has_gaps, stream, run);
  }
};

namespace {

// The checked options: shape and axes as nd_plan's, the halved axis's
// length as real_plan's, each layout over its own shape.
nd_real_plan_options checked_options(nd_real_plan_options o, std::vector<std::uint64_t>& spectrum_shape) {
  o.axes = fft::checked_shape_and_axes(o.shape, o.batch, std::move(o.axes));
  const auto halved = static_cast<std::size_t>(o.axes.back());
  for (int a : o.axes) {
    const auto k = static_cast<std::size_t>(a);
    try {
      fft::check_transform_length(k == halved ? fft::real_shape::of(o.shape[k]).points : o.shape[k]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("ffft: shape[" + std::to_string(k) + "]: " + e.what());
    }
  }
  spectrum_shape = o.shape;
  spectrum_shape[halved] = o.shape[halved] / 2 + 1;
  o.real = fft::checked_nd_layout("real", o.shape, o.batch, o.real);
  o.spectrum = fft::checked_nd_layout("spectrum", spectrum_shape, o.batch, o.spectrum);
  return o;
}

// Whether x == spectrum is FFTW's padded in-place layout: each real row
// (along the last axis, the halved one) starts where its spectrum row
// does, in units of one real value, so that the rows of one call of the
// real backend, which it reads whole before it writes, are disjoint from
// every other call's.
bool padded_in_place(const nd_real_plan_options& o, const fft::nd_strides& real, const fft::nd_strides& spectrum) {
  const std::size_t rank = o.shape.size();
  if (static_cast<std::size_t>(o.axes.back()) != rank - 1 || o.real.stride != 1 || o.spectrum.stride != 1)
    return false;
  for (std::size_t k = 0; k + 1 < rank; ++k)
    if (real.axis[k] != 2 * spectrum.axis[k]) return false;
  return o.batch == 1 || real.distance == 2 * spectrum.distance;
}

}  // namespace

template <class E>
nd_real_plan<E>::nd_real_plan(const nd_real_plan_options& options) : impl_(std::make_unique<impl>()) {
  impl& s = *impl_;
  s.options = checked_options(options, s.spectrum_shape);
  const nd_real_plan_options& o = s.options;
  s.where = fft::resolved_backend(o.backend);
  const ffft::cpu_isa isa = selected_cpu_isa();
  s.real = fft::strides_of(o.real);
  s.spectrum = fft::strides_of(o.spectrum);
  s.real_span = fft::nd_span(o.shape, o.batch, s.real);
  s.spectrum_span = fft::nd_span(s.spectrum_shape, o.batch, s.spectrum);
  s.real_has_gaps = fft::nd_values(o.shape, o.batch) != s.real_span;
  s.spectrum_has_gaps = fft::nd_values(s.spectrum_shape, o.batch) != s.spectrum_span;
  s.padded_in_place = padded_in_place(o, s.real, s.spectrum);

  const int halved = o.axes.back();
  const std::uint64_t n = o.shape[static_cast<std::size_t>(halved)];
  // plan_axis_step reads only the other axes' lengths, which the shapes share.
  s.real_step = fft::plan_axis_step(o.shape, o.batch, halved, s.real, s.spectrum);
  const fft::real_shape shape = fft::real_shape::of(n);
  s.real_inner = fft::make_transform_tables<E>(
      shape.points, o.twiddles, o.threads, isa,
      s.where == ffft::backend::cpu ? fft::table_reader::cpu : fft::table_reader::device);
  if (shape.halved) s.real_twiddles = fft::real_twiddles<E>(n, o.twiddles, o.threads);
  s.table_values = fft::held_table_values(s.real_inner, s.where) + s.real_twiddles.size();
  const std::uint64_t batch = s.real_step.batch.count;
  if (s.where == ffft::backend::cpu) {
    s.real_run = fft::make_cpu_real_backend<E>(s.real_inner, s.real_twiddles, shape, batch, o.threads, isa);
  } else {
    s.real_run = fft::make_cuda_real_backend<E>(s.real_inner, s.real_twiddles, shape, batch, 0, 0);
    s.real_inner = fft::transform_tables<E>{};  // the device has its copies
    std::vector<complex<E>>().swap(s.real_twiddles);
  }

  std::uint64_t points = n;
  std::vector<fft::axis_step> steps;
  for (std::size_t j = o.axes.size() - 1; j-- > 0;) {
    const int axis = o.axes[j];
    points *= o.shape[static_cast<std::size_t>(axis)];
    steps.push_back(fft::plan_axis_step(s.spectrum_shape, o.batch, axis, s.spectrum, s.spectrum));
  }
  s.axes = fft::nd_complex_axes<E>(std::move(steps), o.twiddles, o.threads, s.where);
  s.table_values += s.axes.table_values();
  s.scale = {fft::normalization_scaling<E>(points, o.norm, direction::forward),
             fft::normalization_scaling<E>(points, o.norm, direction::inverse)};
  const std::size_t values = (s.axes.workspace_bytes() + sizeof(complex<E>) - 1) / sizeof(complex<E>);
  s.axes.share_workspace(s.workspace.get(s.where, values));
  if (s.where == ffft::backend::cuda && o.host_staging)
    s.staging = std::make_unique<fft::nd_host_staging>(
        std::max(s.real_span * sizeof(E), s.spectrum_span * sizeof(complex<E>)));
}

template <class E>
nd_real_plan<E>::~nd_real_plan() = default;
template <class E>
nd_real_plan<E>::nd_real_plan(nd_real_plan&&) noexcept = default;
template <class E>
nd_real_plan<E>& nd_real_plan<E>::operator=(nd_real_plan&&) noexcept = default;

template <class E>
typename nd_real_plan<E>::impl& nd_real_plan<E>::state() const {
  if (!impl_)
    throw std::logic_error(
        "ffft: this N-D real plan was moved from and holds nothing; make a new plan or assign one to it");
  return *impl_;
}

template <class E>
void nd_real_plan<E>::impl::check_arrays(const void* x, std::size_t real_bytes, const void* bins,
                                         std::size_t bin_bytes) const {
  if (x == nullptr || bins == nullptr)
    throw std::invalid_argument("ffft: a real transform needs non-null real and spectrum pointers");
  if (x == bins) {
    if (!padded_in_place)
      throw std::invalid_argument(
          "ffft: an in-place N-D real transform (x == spectrum) needs FFTW's padded layout: the halved "
          "axis last, strides 1, and real.embed's last length 2 * (n / 2 + 1) with the other lengths and "
          "the distance as the spectrum's; pass separate buffers otherwise");
  } else if (fft::spans_overlap(x, real_span * real_bytes, bins, spectrum_span * bin_bytes)) {
    throw std::invalid_argument(
        "ffft: the real and spectrum arrays overlap without being the same; pass separate buffers, or "
        "the same pointer with the padded in-place layout");
  }
  fft::require_reachable(where, x, bins);
}

template <class E>
void nd_real_plan<E>::forward(const E* x, complex<E>* spectrum, cuda_stream stream) {
  state().forward(x, spectrum, stream);
}

template <class E>
void nd_real_plan<E>::inverse(const complex<E>* spectrum, E* x, cuda_stream stream) {
  state().inverse(spectrum, x, stream);
}

template <class E>
void nd_real_plan<E>::forward(const limb* x, std::complex<limb>* spectrum, cuda_stream stream) {
  using limbs = fft::limb_complex_of<E>;
  static_assert(sizeof(limbs) == sizeof(std::complex<limb>) && alignof(limbs) == alignof(std::complex<limb>));
  state().forward(x, reinterpret_cast<limbs*>(spectrum), stream);
}

template <class E>
void nd_real_plan<E>::inverse(const std::complex<limb>* spectrum, limb* x, cuda_stream stream) {
  using limbs = fft::limb_complex_of<E>;
  state().inverse(reinterpret_cast<const limbs*>(spectrum), x, stream);
}

template <class E>
const nd_real_plan_options& nd_real_plan<E>::options() const {
  return state().options;
}

template <class E>
backend nd_real_plan<E>::backend() const {
  return state().where;
}

template <class E>
const std::vector<std::uint64_t>& nd_real_plan<E>::spectrum_shape() const {
  return state().spectrum_shape;
}

template <class E>
std::size_t nd_real_plan<E>::workspace_bytes() const {
  const impl& s = state();
  const std::size_t middle = s.axes.empty() ? 0 : s.spectrum_span * sizeof(complex<E>);
  return s.real_run->workspace_bytes() + s.axes.workspace_bytes() + middle;
}

template <class E>
std::size_t nd_real_plan<E>::twiddle_bytes() const {
  return state().table_values * sizeof(complex<E>);
}

template class nd_real_plan<df64>;
template class nd_real_plan<qf128>;
template class nd_real_plan<dd128>;

}  // namespace ffft
