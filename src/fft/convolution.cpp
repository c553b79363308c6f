#include "ffft/convolution.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ffft/fft/limb_values.hpp"
#include "ffft/fft/real_steps.hpp"
#include "ffft/fft/schedule.hpp"
#include "src/fft/backend.hpp"
#include "src/fft/layout_checks.hpp"
#include "src/fft/normalization.hpp"
#include "src/fft/plan_checks.hpp"
#include "src/fft/tables.hpp"

namespace ffft {

namespace {

// The transform and the window of results a convolution needs.
struct convolution_geometry {
  std::uint64_t transform_length;
  std::uint64_t output_offset;
  std::uint64_t output_length;
};

convolution_geometry geometry_of(const convolution_options& o, bool real_data) {
  const std::uint64_t n = o.signal_length, k = o.kernel_length;
  if (o.mode == convolution_mode::circular) return {n, 0, n};
  const std::uint64_t linear = n + k - 1;
  // Real data want an even length, so the transform is one of N / 2 points.
  const std::uint64_t length = real_data ? 2 * fft::next_7_smooth((linear + 1) / 2) : fft::next_7_smooth(linear);
  if (o.mode == convolution_mode::full) return {length, 0, linear};
  if (o.mode == convolution_mode::same) return {length, (k - 1) / 2, n};
  return {length, std::min(n, k) - 1, std::max(n, k) - std::min(n, k) + 1};  // valid
}

convolution_options checked_options(convolution_options o, bool real_data) {
  fft::require_baseline_instruction_set();
  if (o.signal_length == 0 || o.kernel_length == 0)
    throw std::invalid_argument("ffft: a convolution needs signal_length and kernel_length of at least 1");
  if (o.batch == 0) throw std::invalid_argument("ffft: batch must be at least 1");
  if (o.signal_length > max_length || o.kernel_length > max_length)
    throw std::invalid_argument("ffft: signal_length and kernel_length must be at most 2^31");
  if (o.mode == convolution_mode::circular && o.kernel_length > o.signal_length)
    throw std::invalid_argument("ffft: a circular convolution needs kernel_length (" +
                                std::to_string(o.kernel_length) + ") <= signal_length (" +
                                std::to_string(o.signal_length) +
                                "); use mode full for a longer kernel");
  const convolution_geometry g = geometry_of(o, real_data);
  if (g.transform_length > max_length)
    throw std::invalid_argument("ffft: the convolution needs a transform of " +
                                std::to_string(g.transform_length) +
                                " points, above the 2^31 a plan supports; split the signal");
  fft::check_transform_length(real_data ? fft::real_shape::of(g.transform_length).points : g.transform_length);
  o.signal = fft::checked_layout("signal", o.signal_length, o.batch, o.signal);
  o.output = fft::checked_layout("output", g.output_length, o.batch, o.output);
  return o;
}

}  // namespace

// What a convolution computes once: the options as checked, the geometry,
// the transform's shape and tables, and the backend that runs it
// (backend.hpp), which keeps the kernel's spectrum.
template <class T>
struct convolution<T>::impl {
  using E = format;
  static constexpr bool real_data = !fft::is_complex_value<T>;

  convolution_options options;
  convolution_geometry geometry{};
  fft::real_shape shape{};
  ffft::backend where = ffft::backend::cpu;
  ffft::cpu_isa isa = ffft::cpu_isa::scalar;
  fft::transform_tables<E> inner;  // of shape.points, kept to transform kernels on the CPU
  std::vector<complex<E>> twiddles;  // w_N^k, k <= N / 2, halved shapes
  bool has_kernel = false;
  std::unique_ptr<fft::real_backend<E>> run;

  template <class K>
  void transform_kernel(const K* values) {
    run->set_kernel_spectrum(
        fft::kernel_spectrum_on_cpu<E>(inner, twiddles, shape, values, options.kernel_length, options.threads, isa));
    has_kernel = true;
  }

  template <class X>
  void convolve(const X* signals, X* out, cuda_stream stream) {
    if (signals == nullptr || out == nullptr)
      throw std::invalid_argument("ffft: execute needs non-null signal and output pointers");
    if (!has_kernel)
      throw std::logic_error("ffft: the convolution has no kernel; call set_kernel before execute");
    const convolution_options& o = options;
    if (fft::spans_overlap(signals, fft::layout_span(o.signal_length, o.batch, o.signal) * sizeof(X), out,
                           fft::layout_span(geometry.output_length, o.batch, o.output) * sizeof(X)))
      throw std::invalid_argument(
          "ffft: the signal and output arrays overlap; a convolution is out of place, so pass "
          "separate buffers");
    fft::require_reachable(where, signals, out);
    // The standard types' arrays as the engine's (layout-compatible) ones.
    using Y = std::conditional_t<std::is_same_v<X, std::complex<typename E::limb_type>>,
                                 fft::limb_complex_of<E>, X>;
    const fft::strided<const Y> source{reinterpret_cast<const Y*>(signals), o.signal.stride, o.signal.distance};
    const fft::strided<Y> target{reinterpret_cast<Y*>(out), o.output.stride, o.output.distance};
    run->convolve({o.signal_length, geometry.output_offset, geometry.output_length}, source, target, stream);
  }
};

template <class T>
convolution<T>::convolution(const convolution_options& options) : impl_(std::make_unique<impl>()) {
  impl& s = *impl_;
  s.options = checked_options(options, impl::real_data);
  const convolution_options& o = s.options;
  s.geometry = geometry_of(o, impl::real_data);
  const std::uint64_t n = s.geometry.transform_length;
  s.shape = impl::real_data ? fft::real_shape::of(n) : fft::real_shape{n, n, n / 2 + 1, false};
  s.where = fft::resolved_backend(o.backend);
  s.isa = selected_cpu_isa();
  s.inner = fft::make_transform_tables<format>(s.shape.points, o.twiddles, o.threads, s.isa);
  if (s.shape.halved) s.twiddles = fft::real_twiddles<format>(n, o.twiddles, o.threads);
  if (s.where == ffft::backend::cpu) {
    s.run = fft::make_cpu_real_backend<format>(s.inner, s.twiddles, s.shape, o.batch, o.threads, s.isa);
    return;
  }
  std::uint64_t signal_bytes = 0, output_bytes = 0;
  if (o.host_staging) {
    signal_bytes = fft::layout_span(o.signal_length, o.batch, o.signal) * sizeof(T);
    output_bytes = fft::layout_span(s.geometry.output_length, o.batch, o.output) * sizeof(T);
  }
  s.run = fft::make_cuda_real_backend<format>(s.inner, s.twiddles, s.shape, o.batch, signal_bytes, output_bytes);
}

template <class T>
convolution<T>::~convolution() = default;
template <class T>
convolution<T>::convolution(convolution&&) noexcept = default;
template <class T>
convolution<T>& convolution<T>::operator=(convolution&&) noexcept = default;

template <class T>
typename convolution<T>::impl& convolution<T>::state() const {
  if (!impl_)
    throw std::logic_error(
        "ffft: this convolution was moved from and holds nothing; make a new one or assign one to it");
  return *impl_;
}

template <class T>
void convolution<T>::set_kernel(const T* kernel) {
  impl& s = state();
  if (kernel == nullptr) throw std::invalid_argument("ffft: set_kernel needs a non-null pointer");
  if (fft::is_device_memory(kernel))
    throw std::invalid_argument("ffft: set_kernel takes the kernel in host memory; copy it to the host first");
  s.transform_kernel(kernel);
}

template <class T>
void convolution<T>::set_kernel(const limb_value* kernel) {
  impl& s = state();
  if (kernel == nullptr) throw std::invalid_argument("ffft: set_kernel needs a non-null pointer");
  if (fft::is_device_memory(kernel))
    throw std::invalid_argument("ffft: set_kernel takes the kernel in host memory; copy it to the host first");
  if constexpr (impl::real_data) {
    s.transform_kernel(kernel);
  } else {
    s.transform_kernel(reinterpret_cast<const fft::limb_complex_of<format>*>(kernel));
  }
}

template <class T>
void convolution<T>::execute(const T* signals, T* out, cuda_stream stream) {
  state().convolve(signals, out, stream);
}

template <class T>
void convolution<T>::execute(const limb_value* signals, limb_value* out, cuda_stream stream) {
  state().convolve(signals, out, stream);
}

template <class T>
const convolution_options& convolution<T>::options() const {
  return state().options;
}

template <class T>
backend convolution<T>::backend() const {
  return state().where;
}

template <class T>
std::uint64_t convolution<T>::output_length() const {
  return state().geometry.output_length;
}

template <class T>
std::uint64_t convolution<T>::transform_length() const {
  return state().geometry.transform_length;
}

template <class T>
std::size_t convolution<T>::workspace_bytes() const {
  return state().run->workspace_bytes();
}

template class convolution<df64>;
template class convolution<qf128>;
template class convolution<dd128>;
template class convolution<complex<df64>>;
template class convolution<complex<qf128>>;
template class convolution<complex<dd128>>;

}  // namespace ffft
