#include "ffft/plan.hpp"

#include <optional>
#include <stdexcept>
#include <string>

#include "fft/cpu_executor.hpp"
#include "fft/layout_checks.hpp"
#include "fft/normalization.hpp"
#include "fft/runner.hpp"
#include "fft/tables.hpp"
#include "ffft/fft/schedule.hpp"

#if FFFT_HAVE_CUDA
#include "fft/cuda_engine.hpp"
#include "elementwise_kernels.hpp"
#endif

namespace ffft {

namespace {

// Bluestein pads to a 7-smooth length >= 2n - 1, which must stay below the
// 2^32 of the computed twiddles and the chirp index.
constexpr std::uint64_t max_bluestein_length = std::uint64_t{1} << 30;

// The library is compiled for one host instruction set (FFFT_HOST_ISA in
// cmake/ffft_flags.cmake); on a CPU without it the first lane instruction
// would kill the process with SIGILL. Say so instead, before any of it runs.
void require_host_instruction_set() {
#if defined(__x86_64__) && defined(__GNUC__)
#if defined(__AVX512F__)
  const bool supported = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                         __builtin_cpu_supports("avx512dq");
  const char* isa = "AVX-512 (F, VL, DQ)";
#else
  const bool supported = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  const char* isa = "AVX2 and FMA";
#endif
  if (!supported)
    throw std::runtime_error(std::string("ffft: this build runs ") + isa +
                             " instructions, which this CPU lacks; rebuild with "
                             "-DFFFT_HOST_ISA=avx2 (or auto) on a machine of this kind");
#endif
}

plan_options checked_options(plan_options o) {
  require_host_instruction_set();
  if (o.length == 0 || o.length > max_length)
    throw std::invalid_argument("ffft: length " + std::to_string(o.length) +
                                " is out of range; a plan needs 1 <= length <= 2^31");
  if (!fft::is_7_smooth(o.length) && o.length > max_bluestein_length)
    throw std::invalid_argument(
        "ffft: length " + std::to_string(o.length) +
        " has a prime factor above 7 and is above 2^30, the largest length Bluestein's "
        "algorithm supports; choose a length of the form 2^a 3^b 5^c 7^d");
  if (o.batch == 0) throw std::invalid_argument("ffft: batch must be at least 1");
  o.input = fft::checked_layout("input", o.length, o.batch, o.input);
  o.output = fft::checked_layout("output", o.length, o.batch, o.output);
  return o;
}

backend resolved_backend(backend requested) {
#if FFFT_HAVE_CUDA
  const bool device_present = cuda::device_count() > 0;
#else
  const bool device_present = false;
#endif
  if (requested == backend::cpu) return backend::cpu;
  if (requested == backend::automatic) return device_present ? backend::cuda : backend::cpu;
#if FFFT_HAVE_CUDA
  if (!device_present)
    throw std::runtime_error(
        "ffft: the CUDA backend was requested but no CUDA device is present; use backend::cpu or "
        "backend::automatic");
  return backend::cuda;
#else
  throw std::runtime_error(
      "ffft: the CUDA backend was requested but this ffft was built without CUDA; rebuild with "
      "-DFFFT_CUDA=ON or use backend::cpu");
#endif
}

bool is_device_memory([[maybe_unused]] const void* p) {
#if FFFT_HAVE_CUDA
  return cuda::is_device_pointer(p);
#else
  return false;
#endif
}

}  // namespace

template <class E>
struct plan<E>::impl {
  plan_options options;
  ffft::backend where = ffft::backend::cpu;
  std::optional<fft::stockham_tables<E>> stockham;
  std::optional<fft::bluestein_tables<E>> bluestein;
  std::vector<complex<E>> workspace;  // CPU backend
#if FFFT_HAVE_CUDA
  std::unique_ptr<cuda::fft_engine<E>> device;
#endif

  std::uint64_t transform_length() const {
    return stockham ? stockham->n : bluestein->padded;
  }
  int workspace_buffers() const {
    return fft::workspace_buffers(stockham ? stockham->passes.size() : 0, bluestein.has_value());
  }

  void run_on_cpu(int sign, const fft::scaling<E>& scale, fft::strided<const complex<E>> in,
                  fft::strided<complex<E>> out) {
    const fft::cpu_executor<E> ex(options.threads);
    if (stockham) {
      const fft::stockham_program<E> program{stockham->n, &stockham->passes, &stockham->offsets,
                                             stockham->twiddles.data()};
      fft::run_transform<E>(ex, sign, scale, &program, nullptr, in, out, workspace.data(),
                            options.batch);
    } else {
      const auto& t = *bluestein;
      const fft::bluestein_program<E> program{
          t.n, t.padded,
          {t.padded, &t.padded_fft.passes, &t.padded_fft.offsets, t.padded_fft.twiddles.data()},
          t.chirp.data(), t.kernel.data()};
      fft::run_transform<E>(ex, sign, scale, nullptr, &program, in, out, workspace.data(),
                            options.batch);
    }
  }
};

template <class E>
plan<E>::plan(const plan_options& options) : impl_(std::make_unique<impl>()) {
  impl_->options = checked_options(options);
  impl_->where = resolved_backend(options.backend);
  const plan_options& o = impl_->options;
  if (fft::is_7_smooth(o.length))
    impl_->stockham = fft::make_stockham_tables<E>(o.length, o.twiddles, o.threads);
  else
    impl_->bluestein = fft::make_bluestein_tables<E>(o.length, o.twiddles, o.threads);
  if (impl_->where == ffft::backend::cpu) {
    impl_->workspace.resize(static_cast<std::size_t>(impl_->workspace_buffers()) *
                            impl_->transform_length() * o.batch);
  } else {
#if FFFT_HAVE_CUDA
    impl_->device = std::make_unique<cuda::fft_engine<E>>(
        impl_->stockham ? &*impl_->stockham : nullptr,
        impl_->bluestein ? &*impl_->bluestein : nullptr, o.batch);
    // The device has its copies; the host tables are kept only for the
    // radices and sizes the plan reports.
    if (impl_->stockham) std::vector<complex<E>>().swap(impl_->stockham->twiddles);
    if (impl_->bluestein) {
      std::vector<complex<E>>().swap(impl_->bluestein->padded_fft.twiddles);
      std::vector<complex<E>>().swap(impl_->bluestein->chirp);
      std::vector<complex<E>>().swap(impl_->bluestein->kernel);
    }
#endif
  }
}

template <class E>
plan<E>::~plan() = default;
template <class E>
plan<E>::plan(plan&&) noexcept = default;
template <class E>
plan<E>& plan<E>::operator=(plan&&) noexcept = default;

template <class E>
void plan<E>::execute(direction d, const complex<E>* in, complex<E>* out, cuda_stream stream) {
  const plan_options& o = impl_->options;
  if (in == nullptr || out == nullptr)
    throw std::invalid_argument("ffft: execute needs non-null input and output pointers");
  const std::uint64_t in_span = fft::layout_span(o.length, o.batch, o.input);
  const std::uint64_t out_span = fft::layout_span(o.length, o.batch, o.output);
  const auto in_begin = reinterpret_cast<std::uintptr_t>(in);
  const auto out_begin = reinterpret_cast<std::uintptr_t>(out);
  if (in == out) {
    if (o.input.stride != o.output.stride || o.input.distance != o.output.distance)
      throw std::invalid_argument(
          "ffft: an in-place transform (in == out) needs the same input and output layouts");
  } else if (in_begin < out_begin + out_span * sizeof(complex<E>) &&
             out_begin < in_begin + in_span * sizeof(complex<E>)) {
    throw std::invalid_argument(
        "ffft: the input and output buffers overlap without being the same; pass the same "
        "pointer for an in-place transform, or separate buffers");
  }
  const int sign = static_cast<int>(d);
  const fft::scaling<E> scale = fft::normalization_scaling<E>(o.length, o.norm, d);
  const fft::strided<const complex<E>> source{in, o.input.stride, o.input.distance};
  const fft::strided<complex<E>> target{out, o.output.stride, o.output.distance};
  if (impl_->where == ffft::backend::cpu) {
    if (is_device_memory(in) || is_device_memory(out))
      throw std::invalid_argument(
          "ffft: a CPU plan was given device memory; use a plan with backend::cuda or copy the "
          "data to the host");
    impl_->run_on_cpu(sign, scale, source, target);
    return;
  }
#if FFFT_HAVE_CUDA
  impl_->device->execute(sign, scale, source, target, stream);
#else
  (void)stream;
#endif
}

template <class E>
const plan_options& plan<E>::options() const {
  return impl_->options;
}

template <class E>
backend plan<E>::backend() const {
  return impl_->where;
}

template <class E>
std::size_t plan<E>::workspace_bytes() const {
#if FFFT_HAVE_CUDA
  if (impl_->device) return impl_->device->workspace_bytes();
#endif
  return impl_->workspace.size() * sizeof(complex<E>);
}

template <class E>
std::size_t plan<E>::twiddle_bytes() const {
  std::uint64_t values = 0;
  if (impl_->stockham) values = fft::twiddle_count(impl_->stockham->passes);
  if (impl_->bluestein)
    values = fft::twiddle_count(impl_->bluestein->padded_fft.passes) + impl_->bluestein->n +
             impl_->bluestein->padded;
  return values * sizeof(complex<E>);
}

template <class E>
std::vector<int> plan<E>::radices() const {
  const auto& passes = impl_->stockham ? impl_->stockham->passes : impl_->bluestein->padded_fft.passes;
  std::vector<int> r;
  for (const fft::pass_shape& p : passes) r.push_back(p.radix);
  return r;
}

template <class E>
std::uint64_t plan<E>::bluestein_length() const {
  return impl_->bluestein ? impl_->bluestein->padded : 0;
}

template class plan<df64>;
template class plan<qf128>;
template class plan<dd128>;

}  // namespace ffft
