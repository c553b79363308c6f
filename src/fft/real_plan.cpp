#include "ffft/real_plan.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "src/fft/tables.hpp"
#include "ffft/fft/real_steps.hpp"
#include "src/fft/backend.hpp"
#include "src/fft/layout_checks.hpp"
#include "src/fft/normalization.hpp"
#include "src/fft/plan_checks.hpp"

namespace ffft {

namespace {

real_plan_options checked_options(real_plan_options o) {
  fft::require_baseline_instruction_set();
  if (o.length == 0 || o.length > max_length)
    throw std::invalid_argument("ffft: length " + std::to_string(o.length) +
                                " is out of range; a real plan needs 1 <= length <= 2^31");
  fft::check_transform_length(fft::real_shape::of(o.length).points);
  if (o.batch == 0) throw std::invalid_argument("ffft: batch must be at least 1");
  o.real = fft::checked_layout("real", o.length, o.batch, o.real);
  o.spectrum = fft::checked_layout("spectrum", o.length / 2 + 1, o.batch, o.spectrum);
  return o;
}

}  // namespace

// What a real plan computes once: the options as checked, the shape, the
// complex transform's tables, the twiddles w_n^k (even n), the scaling
// of each direction, and the backend that runs it (backend.hpp).
template <class E>
struct real_plan<E>::impl {
  real_plan_options options;
  fft::real_shape shape{};
  ffft::backend where = ffft::backend::cpu;
  fft::transform_tables<E> inner;    // of shape.points; read by the CPU backend
  std::vector<complex<E>> twiddles;  // w_n^k, k <= n / 2, n even; read by the CPU backend
  std::array<fft::scaling<E>, 2> scale;  // forward, inverse
  std::uint64_t table_values = 0;
  std::vector<int> radices;
  std::unique_ptr<fft::real_backend<E>> run;

  // The caller's arrays as the steps see them: real values (of E or its
  // limb type) on the real layout, bins (complex<E> or limb_complex_of<E>,
  // layout-compatible with std::complex) on the spectrum's.
  template <class T>
  fft::strided<T> real_array(T* x) const {
    return {x, options.real.stride, options.real.distance};
  }
  template <class T>
  auto spectrum_array(T* bins) const {
    using U = std::conditional_t<std::is_const_v<T>, const fft::limb_complex_of<E>, fft::limb_complex_of<E>>;
    if constexpr (std::is_same_v<std::remove_const_t<T>, complex<E>>)
      return fft::strided<T>{bins, options.spectrum.stride, options.spectrum.distance};
    else
      return fft::strided<U>{reinterpret_cast<U*>(bins), options.spectrum.stride, options.spectrum.distance};
  }
};

template <class E>
real_plan<E>::real_plan(const real_plan_options& options) : impl_(std::make_unique<impl>()) {
  impl& s = *impl_;
  s.options = checked_options(options);
  const real_plan_options& o = s.options;
  s.shape = fft::real_shape::of(o.length);
  s.where = fft::resolved_backend(o.backend);
  const ffft::cpu_isa isa = selected_cpu_isa();
  s.inner = fft::make_transform_tables<E>(
      s.shape.points, o.twiddles, o.threads, isa,
      s.where == ffft::backend::cpu ? fft::table_reader::cpu : fft::table_reader::device);
  if (s.shape.halved) s.twiddles = fft::real_twiddles<E>(o.length, o.twiddles, o.threads);
  s.scale = {fft::normalization_scaling<E>(o.length, o.norm, direction::forward),
             fft::normalization_scaling<E>(o.length, o.norm, direction::inverse)};
  s.table_values = fft::held_table_values(s.inner, s.where) + s.twiddles.size();
  for (const fft::pass_shape& p : fft::stockham_part(s.inner).passes) s.radices.push_back(p.radix);
  if (s.where == ffft::backend::cpu) {
    s.run = fft::make_cpu_real_backend<E>(s.inner, s.twiddles, s.shape, o.batch, o.threads, isa);
    return;
  }
  std::uint64_t real_bytes = 0, spectrum_bytes = 0;
  if (o.host_staging) {
    real_bytes = fft::layout_span(o.length, o.batch, o.real) * sizeof(E);
    spectrum_bytes = fft::layout_span(s.shape.bins, o.batch, o.spectrum) * sizeof(complex<E>);
  }
  s.run = fft::make_cuda_real_backend<E>(s.inner, s.twiddles, s.shape, o.batch, real_bytes, spectrum_bytes);
  // The device has its copies.
  s.inner = fft::transform_tables<E>{};
  std::vector<complex<E>>().swap(s.twiddles);
}

template <class E>
real_plan<E>::~real_plan() = default;
template <class E>
real_plan<E>::real_plan(real_plan&&) noexcept = default;
template <class E>
real_plan<E>& real_plan<E>::operator=(real_plan&&) noexcept = default;

template <class E>
typename real_plan<E>::impl& real_plan<E>::state() const {
  if (!impl_)
    throw std::logic_error(
        "ffft: this real plan was moved from and holds nothing; make a new plan or assign one to it");
  return *impl_;
}

template <class E>
void real_plan<E>::check_arrays(const void* x, std::size_t real_bytes, const void* spectrum,
                                std::size_t bin_bytes) const {
  const impl& s = state();
  const real_plan_options& o = s.options;
  if (x == nullptr || spectrum == nullptr)
    throw std::invalid_argument("ffft: a real transform needs non-null real and spectrum pointers");
  if (fft::spans_overlap(x, fft::layout_span(o.length, o.batch, o.real) * real_bytes, spectrum,
                         fft::layout_span(s.shape.bins, o.batch, o.spectrum) * bin_bytes))
    throw std::invalid_argument(
        "ffft: the real and spectrum arrays overlap; real transforms are out of place, so pass "
        "separate buffers");
  fft::require_reachable(s.where, x, spectrum);
}

template <class E>
void real_plan<E>::forward(const E* x, complex<E>* spectrum, cuda_stream stream) {
  check_arrays(x, sizeof(E), spectrum, sizeof(complex<E>));
  impl& s = state();
  s.run->forward(s.scale[0], s.real_array(x), s.spectrum_array(spectrum), stream);
}

template <class E>
void real_plan<E>::inverse(const complex<E>* spectrum, E* x, cuda_stream stream) {
  check_arrays(x, sizeof(E), spectrum, sizeof(complex<E>));
  impl& s = state();
  s.run->inverse(s.scale[1], s.spectrum_array(spectrum), s.real_array(x), stream);
}

template <class E>
void real_plan<E>::forward(const limb* x, std::complex<limb>* spectrum, cuda_stream stream) {
  static_assert(sizeof(fft::limb_complex_of<E>) == sizeof(std::complex<limb>) &&
                alignof(fft::limb_complex_of<E>) == alignof(std::complex<limb>));
  check_arrays(x, sizeof(limb), spectrum, sizeof(std::complex<limb>));
  impl& s = state();
  s.run->forward(s.scale[0], s.real_array(x), s.spectrum_array(spectrum), stream);
}

template <class E>
void real_plan<E>::inverse(const std::complex<limb>* spectrum, limb* x, cuda_stream stream) {
  check_arrays(x, sizeof(limb), spectrum, sizeof(std::complex<limb>));
  impl& s = state();
  s.run->inverse(s.scale[1], s.spectrum_array(spectrum), s.real_array(x), stream);
}

template <class E>
const real_plan_options& real_plan<E>::options() const {
  return state().options;
}

template <class E>
backend real_plan<E>::backend() const {
  return state().where;
}

template <class E>
std::uint64_t real_plan<E>::spectrum_length() const {
  return state().shape.bins;
}

template <class E>
std::size_t real_plan<E>::workspace_bytes() const {
  return state().run->workspace_bytes();
}

template <class E>
std::size_t real_plan<E>::twiddle_bytes() const {
  return state().table_values * sizeof(complex<E>);
}

template <class E>
std::vector<int> real_plan<E>::radices() const {
  return state().radices;
}

template class real_plan<df64>;
template class real_plan<qf128>;
template class real_plan<dd128>;

}  // namespace ffft
