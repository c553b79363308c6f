// The CPU backend of the plans (backend.hpp): the CPU executor's whole
// transform (engine/runner.hpp), and its real steps and convolutions
// (engine/real_runner.hpp), on host memory.
#include <cstdint>
#include <memory>
#include <type_traits>
#include <variant>
#include <vector>

#include "engine/real_runner.hpp"
#include "ffft/aligned_vector.hpp"
#include "engine/runner.hpp"
#include "src/cpu/cpu_executor.hpp"
#include "src/cpu/cpu_real_executor.hpp"
#include "src/cpu/parallel_for.hpp"
#include "src/fft/backend.hpp"
#include "src/fft/normalization.hpp"

namespace ffft::fft {

namespace {

template <class E>
class cpu_complex_backend final : public complex_backend<E> {
 public:
  cpu_complex_backend(const transform_tables<E>& tables, std::uint64_t batch, unsigned threads,
                      cpu_isa isa, const engine_memory& memory)
      : tables_(tables), batch_(batch), threads_(threads), isa_(isa),
        minimal_workspace_(memory.minimal_workspace),
        workspace_values_(workspace_values<E>(program_of(tables), batch, memory.minimal_workspace)) {
    if (memory.own_workspace) {
      own_workspace_.resize(workspace_values_);
      workspace_ = own_workspace_.data();
    }
  }

  void execute(int sign, const scaling<E>& scale, strided<const complex<E>> in, strided<complex<E>> out,
               cuda_stream) override {
    transform(sign, scale, in, out);
  }

  // Limb arrays: each converted value goes through a buffer of E, widened
  // there before the transform, rounded from there after it: the values
  // the GPU's converting loads and stores give, bit for bit.
  void execute(int sign, const scaling<E>& scale, strided<const limb_complex_of<E>> in,
               strided<limb_complex_of<E>> out, cuda_stream) override {
    converting_transform(sign, scale, in, out);
  }
  void execute(int sign, const scaling<E>& scale, strided<const limb_complex_of<E>> in,
               strided<complex<E>> out, cuda_stream) override {
    converting_transform(sign, scale, in, out);
  }
  void execute(int sign, const scaling<E>& scale, strided<const complex<E>> in,
               strided<limb_complex_of<E>> out, cuda_stream) override {
    converting_transform(sign, scale, in, out);
  }

  std::size_t workspace_bytes() const override { return workspace_values_ * sizeof(complex<E>); }

  void set_workspace(void* memory) override {
    workspace_ = static_cast<complex<E>*>(memory);
    aligned_vector<complex<E>>().swap(own_workspace_);
  }

  std::size_t staging_bytes() const override { return 0; }

 private:
  void transform(int sign, const scaling<E>& scale, strided<const complex<E>> in,
                 strided<complex<E>> out) const {
    const cpu_executor<E> ex(threads_, isa_);
    run_transform<E>(ex, sign, scale, program_of(tables_), in, out, workspace_, batch_, minimal_workspace_);
  }

  template <class In, class Out>
  void converting_transform(int sign, const scaling<E>& scale, strided<const In> in, strided<Out> out) {
    const std::uint64_t n = std::visit([](const auto& t) { return t.n; }, tables_);
    const std::uint64_t values = n * batch_;
    if (limb_buffer_.size() < values) limb_buffer_.resize(values);
    const strided<complex<E>> buffer = dense(limb_buffer_.data(), n);
    strided<const complex<E>> source = as_const(buffer);
    if constexpr (std::is_same_v<In, complex<E>>) {
      source = in;
    } else {
      cpu::parallel_for(threads_, values, [&](std::uint64_t t) {
        const std::uint64_t b = t / n, j = t - b * n;
        buffer(b, j) = widen<E>(in(b, j));
      });
    }
    if constexpr (std::is_same_v<Out, complex<E>>) {
      transform(sign, scale, source, out);
    } else {
      transform(sign, scale, source, buffer);
      cpu::parallel_for(threads_, values, [&](std::uint64_t t) {
        const std::uint64_t b = t / n, j = t - b * n;
        out(b, j) = round_to_limb(buffer(b, j));
      });
    }
  }

  const transform_tables<E>& tables_;
  std::uint64_t batch_;
  unsigned threads_;
  cpu_isa isa_;
  bool minimal_workspace_;
  std::uint64_t workspace_values_;
  aligned_vector<complex<E>> own_workspace_;
  complex<E>* workspace_ = nullptr;  // own_workspace_'s, or the caller's
  aligned_vector<complex<E>> limb_buffer_;  // executions on limb arrays
};

template <class E>
class cpu_real_backend final : public real_backend<E> {
  using base = real_backend<E>;
  using typename base::limb;
  using typename base::limb_complex;
  using typename base::convolution_window;

 public:
  cpu_real_backend(const transform_tables<E>& inner, const std::vector<complex<E>>& twiddles,
                   real_shape shape, std::uint64_t batch, unsigned threads, cpu_isa isa)
      : inner_(program_of(inner)), twiddles_(twiddles), shape_(shape), batch_(batch), threads_(threads),
        isa_(isa), packed_(shape.points * batch), workspace_(workspace_values<E>(inner_, batch)) {}

  void forward(const scaling<E>& scale, strided<const E> x, strided<complex<E>> spectrum, cuda_stream) override {
    run_real_forward(executor(), program(), scale, x, spectrum, packed_.data(), batch_);
  }
  void forward(const scaling<E>& scale, strided<const limb> x, strided<limb_complex> spectrum,
               cuda_stream) override {
    run_real_forward(executor(), program(), scale, x, spectrum, packed_.data(), batch_);
  }
  void inverse(const scaling<E>& scale, strided<const complex<E>> spectrum, strided<E> x, cuda_stream) override {
    run_real_inverse(executor(), program(), scale, spectrum, x, packed_.data(), batch_);
  }
  void inverse(const scaling<E>& scale, strided<const limb_complex> spectrum, strided<limb> x,
               cuda_stream) override {
    run_real_inverse(executor(), program(), scale, spectrum, x, packed_.data(), batch_);
  }
  void forward(const scaling<E>& scale, strided<const limb> x, strided<complex<E>> spectrum, cuda_stream) override {
    run_real_forward(executor(), program(), scale, x, spectrum, packed_.data(), batch_);
  }
  void inverse(const scaling<E>& scale, strided<const complex<E>> spectrum, strided<limb> x, cuda_stream) override {
    run_real_inverse(executor(), program(), scale, spectrum, x, packed_.data(), batch_);
  }

  void set_kernel_spectrum(std::vector<complex<E>> spectrum) override { kernel_ = std::move(spectrum); }

  void convolve(const convolution_window& w, strided<const E> signal, strided<E> out, cuda_stream) override {
    convolve_on(w, signal, out);
  }
  void convolve(const convolution_window& w, strided<const limb> signal, strided<limb> out, cuda_stream) override {
    convolve_on(w, signal, out);
  }
  void convolve(const convolution_window& w, strided<const complex<E>> signal, strided<complex<E>> out,
                cuda_stream) override {
    convolve_on(w, signal, out);
  }
  void convolve(const convolution_window& w, strided<const limb_complex> signal, strided<limb_complex> out,
                cuda_stream) override {
    convolve_on(w, signal, out);
  }

  std::size_t workspace_bytes() const override {
    return (packed_.size() + workspace_.size()) * sizeof(complex<E>);
  }
  std::size_t staging_bytes() const override { return 0; }

 private:
  cpu_real_executor<E> executor() {
    return cpu_real_executor<E>(threads_, isa_, inner_, shape_.points, workspace_.data());
  }
  real_program<E> program() const { return {shape_, {twiddles_.empty() ? nullptr : twiddles_.data()}}; }

  template <class X>
  void convolve_on(const convolution_window& w, strided<const X> signal, strided<X> out) {
    const convolution_program<E> p{program(), kernel_.data(), w.signal_values, w.output_offset,
                                   w.output_values};
    run_convolution(executor(), p, signal, out, packed_.data(), batch_);
  }

  transform_program<E> inner_;  // over the plan's tables; the executors keep a reference to it
  const std::vector<complex<E>>& twiddles_;
  real_shape shape_;
  std::uint64_t batch_;
  unsigned threads_;
  cpu_isa isa_;
  aligned_vector<complex<E>> packed_;     // the complex transform's data
  aligned_vector<complex<E>> workspace_;  // the complex transform's workspace
  std::vector<complex<E>> kernel_;     // a convolution's kernel spectrum / n
};

}  // namespace

template <class E>
std::unique_ptr<complex_backend<E>> make_cpu_complex_backend(const transform_tables<E>& tables,
                                                             std::uint64_t batch, unsigned threads,
                                                             cpu_isa isa,
                                                             const engine_memory& memory) {
  return std::make_unique<cpu_complex_backend<E>>(tables, batch, threads, isa, memory);
}

template <class E>
std::unique_ptr<real_backend<E>> make_cpu_real_backend(const transform_tables<E>& inner,
                                                       const std::vector<complex<E>>& twiddles,
                                                       real_shape shape, std::uint64_t batch,
                                                       unsigned threads, cpu_isa isa) {
  return std::make_unique<cpu_real_backend<E>>(inner, twiddles, shape, batch, threads, isa);
}

namespace {

// What kernel_spectrum_on_cpu does once the kernel is packed, whatever its
// value type: out of line, so that each format compiles the transform and
// the spectrum's step once rather than once for each of its four types.
template <class E>
[[gnu::noinline]] std::vector<complex<E>> packed_kernel_spectrum(const cpu_real_executor<E>& ex,
                                                                 const std::vector<complex<E>>& twiddles,
                                                                 real_shape shape, std::vector<complex<E>>& data) {
  ex.transform(-1, no_scaling<E>(), data.data(), 1);
  const scaling<E> by_n = normalization_scaling<E>(shape.n, normalization::backward, direction::inverse);
  std::vector<complex<E>> spectrum(shape.halved ? shape.bins : shape.points);
  if (!shape.halved) {
    for (std::uint64_t k = 0; k < spectrum.size(); ++k) spectrum[k] = cpu_real_executor<E>::scaled(by_n, data[k]);
    return spectrum;
  }
  const real_twiddle_array<E> w_n{twiddles.empty() ? nullptr : twiddles.data()};
  for (std::uint64_t k = 0; k < real_step_items(shape, shape.bins); ++k) {
    const value_pair<E> x = cpu_real_executor<E>::spectrum_pair(shape, data.data(), k, w_n, by_n);
    spectrum[k] = x.at_k;
    if (mirror_of(shape, k) != k) spectrum[mirror_of(shape, k)] = x.at_m_minus_k;
  }
  return spectrum;
}

}  // namespace

template <class E, class K>
std::vector<complex<E>> kernel_spectrum_on_cpu(const transform_tables<E>& inner,
                                               const std::vector<complex<E>>& twiddles, real_shape shape,
                                               const K* values, std::uint64_t count, unsigned threads,
                                               cpu_isa isa) {
  const transform_program<E> complex_program = program_of(inner);
  std::vector<complex<E>> data(shape.points), scratch(workspace_values<E>(complex_program, 1));
  const cpu_real_executor<E> ex(threads, isa, complex_program, shape.points, scratch.data());
  ex.real_pack(shape, strided<const K>{values, 1, static_cast<std::int64_t>(count)}, count, data.data(), 1);
  return packed_kernel_spectrum(ex, twiddles, shape, data);
}

#define FFFT_KERNEL_SPECTRUM(E, K)                                                                       \
  template std::vector<complex<E>> kernel_spectrum_on_cpu<E, K>(                                         \
      const transform_tables<E>&, const std::vector<complex<E>>&, real_shape, const K*, std::uint64_t,   \
      unsigned, cpu_isa);
#define FFFT_CPU_BACKENDS(E)                                                                             \
  template std::unique_ptr<complex_backend<E>> make_cpu_complex_backend<E>(                              \
      const transform_tables<E>&, std::uint64_t, unsigned, cpu_isa, const engine_memory&);      \
  template std::unique_ptr<real_backend<E>> make_cpu_real_backend<E>(                                    \
      const transform_tables<E>&, const std::vector<complex<E>>&, real_shape, std::uint64_t, unsigned,   \
      cpu_isa);                                                                                          \
  FFFT_KERNEL_SPECTRUM(E, E)                                                                             \
  FFFT_KERNEL_SPECTRUM(E, typename E::limb_type)                                                         \
  FFFT_KERNEL_SPECTRUM(E, complex<E>)                                                                    \
  FFFT_KERNEL_SPECTRUM(E, limb_complex_of<E>)
FFFT_CPU_BACKENDS(df64)
FFFT_CPU_BACKENDS(qf128)
FFFT_CPU_BACKENDS(dd128)
#undef FFFT_CPU_BACKENDS
#undef FFFT_KERNEL_SPECTRUM

}  // namespace ffft::fft
