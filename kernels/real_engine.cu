#include "kernels/real_engine.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <type_traits>

#include "engine/real_runner.hpp"
#include "kernels/cuda_check.hpp"
#include "kernels/cuda_engine.hpp"
#include "kernels/device_buffer.hpp"
#include "kernels/device_query.hpp"
#include "kernels/grid_stride.cuh"
#include "kernels/host_transfer.hpp"
#include "kernels/staged_execution.hpp"

namespace ffft::cuda {

namespace {

using fft::strided;

template <class E, class R>
__global__ void real_pack_kernel(fft::real_shape s, strided<const R> x, std::uint64_t count,
                                 complex<E>* packed, std::uint64_t batch) {
  FFFT_GRID_STRIDE_LOOP(t, batch * s.points)
  packed[t] = fft::real_packed_element<E>(s, x, t / s.points, t % s.points, count);
}

template <class E, class C>
__global__ void real_spectrum_kernel(fft::real_program<E> p, fft::scaling<E> scale,
                                     const complex<E>* packed, strided<C> spectrum,
                                     std::uint64_t batch) {
  const fft::real_shape& s = p.shape;
  const std::uint64_t items = fft::real_step_items(s, s.bins);
  FFFT_GRID_STRIDE_LOOP(t, batch * items) {
    const std::uint64_t b = t / items, k = t % items;
    const complex<E>* z = packed + b * s.points;
    if (!s.halved) {
      spectrum(b, k) = fft::store_complex<E, C>(scale.apply(z[k]));
      continue;
    }
    const fft::value_pair<E> x = fft::real_spectrum_pair(s, z, k, p.w_n, scale);
    spectrum(b, k) = fft::store_complex<E, C>(x.at_k);
    if (fft::mirror_of(s, k) != k) spectrum(b, fft::mirror_of(s, k)) = fft::store_complex<E, C>(x.at_m_minus_k);
  }
}

template <class E, class C>
__global__ void real_unspectrum_kernel(fft::real_program<E> p, strided<const C> spectrum,
                                       complex<E>* packed, std::uint64_t batch) {
  const fft::real_shape& s = p.shape;
  const std::uint64_t items = fft::real_step_items(s, s.points);
  FFFT_GRID_STRIDE_LOOP(t, batch * items) {
    const std::uint64_t b = t / items, k = t % items;
    complex<E>* z = packed + b * s.points;
    if (!s.halved) {
      z[k] = fft::real_hermitian_point<E>(s, spectrum, b, k);
      continue;
    }
    const fft::value_pair<E> v = fft::real_unspectrum_pair<E>(s, spectrum, b, k, p.w_n);
    z[k] = v.at_k;
    if (k != 0 && fft::mirror_of(s, k) != k) z[fft::mirror_of(s, k)] = v.at_m_minus_k;
  }
}

template <class E, class R>
__global__ void real_unpack_kernel(fft::real_shape s, const complex<E>* packed, strided<R> x,
                                   std::uint64_t offset, std::uint64_t count, std::uint64_t batch) {
  FFFT_GRID_STRIDE_LOOP(t, batch * count) {
    const std::uint64_t b = t / count, i = t % count;
    x(b, i) = fft::real_unpacked_element<E, R>(s, packed + b * s.points, offset + i);
  }
}

template <class E>
__global__ void convolve_kernel(fft::convolution_program<E> p, complex<E>* packed, std::uint64_t batch) {
  const fft::real_shape& s = p.transform.shape;
  const std::uint64_t items = fft::convolve_items(s);
  FFFT_GRID_STRIDE_LOOP(t, batch * items)
  fft::convolve_element(s, packed + (t / items) * s.points, p.kernel, t % items, p.transform.w_n);
}

// The real-transform primitives (engine/real_runner.hpp) in stream order.
template <class E>
struct device_real_executor {
  using value = complex<E>;
  cudaStream_t stream;
  fft_engine<E>* inner;
  std::uint64_t points;

  void transform(int sign, const fft::scaling<E>& scale, value* data, std::uint64_t batch) const {
    (void)batch;  // the engine's own
    inner->execute(sign, scale, fft::as_const(fft::dense(data, points)), fft::dense(data, points), stream);
  }

  template <class R>
  void real_pack(const fft::real_shape& s, strided<const R> x, std::uint64_t count, value* packed,
                 std::uint64_t batch) const {
    real_pack_kernel<E><<<elementwise_grid(batch * s.points), elementwise_block, 0, stream>>>(
        s, x, count, packed, batch);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }

  template <class C>
  void real_spectrum(const fft::real_program<E>& p, const fft::scaling<E>& scale, const value* packed,
                     strided<C> spectrum, std::uint64_t batch) const {
    real_spectrum_kernel<E><<<elementwise_grid(batch * fft::real_step_items(p.shape, p.shape.bins)),
                              elementwise_block, 0, stream>>>(
        p, scale, packed, spectrum, batch);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }

  template <class C>
  void real_unspectrum(const fft::real_program<E>& p, strided<const C> spectrum, value* packed,
                       std::uint64_t batch) const {
    real_unspectrum_kernel<E><<<elementwise_grid(batch * fft::real_step_items(p.shape, p.shape.points)),
                                elementwise_block, 0, stream>>>(
        p, spectrum, packed, batch);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }

  template <class R>
  void real_unpack(const fft::real_shape& s, const value* packed, strided<R> x, std::uint64_t offset,
                   std::uint64_t count, std::uint64_t batch) const {
    real_unpack_kernel<E><<<elementwise_grid(batch * count), elementwise_block, 0, stream>>>(
        s, packed, x, offset, count, batch);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }

  // Real data of even n: the fused step of convolution_steps.hpp.
  void convolve(const fft::convolution_program<E>& p, value* packed, std::uint64_t batch) const {
    convolve_kernel<E><<<elementwise_grid(batch * fft::convolve_items(p.transform.shape)),
                         elementwise_block, 0, stream>>>(p, packed, batch);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }
};

}  // namespace

template <class E>
struct real_engine<E>::state {
  fft::real_shape shape;
  std::uint64_t batch;
  std::optional<fft_engine<E>> inner;
  std::optional<detail::device_buffer<complex<E>>> packed, twiddles, kernel;
  // The staging of host arrays: the first for the real values (or a
  // convolution's signals), the second for the spectrum (or its results).
  std::optional<detail::device_buffer<unsigned char>> first_staged, second_staged;
  std::optional<host_transfer> transfer;

  unsigned char* first_stage() const { return first_staged ? first_staged->data() : nullptr; }
  unsigned char* second_stage() const { return second_staged ? second_staged->data() : nullptr; }

  fft::real_program<E> program() const {
    return {shape, {twiddles->size() != 0 ? twiddles->data() : nullptr}};
  }
};

template <class E>
real_engine<E>::real_engine(const fft::transform_tables<E>& inner, const std::vector<complex<E>>& twiddles,
                            fft::real_shape shape, std::uint64_t batch, std::uint64_t first_stage_bytes,
                            std::uint64_t second_stage_bytes)
    : state_(std::make_unique<state>()) {
  state& s = *state_;
  s.shape = shape;
  s.batch = batch;
  s.inner.emplace(inner, batch, engine_memory{});
  s.packed.emplace(shape.points * batch);
  s.twiddles.emplace(twiddles.size());
  s.twiddles->upload(twiddles.data());
  if (first_stage_bytes + second_stage_bytes > 0) {
    s.first_staged.emplace(first_stage_bytes);
    s.second_staged.emplace(second_stage_bytes);
    s.transfer.emplace(static_cast<std::size_t>(
        std::min(std::max(first_stage_bytes, second_stage_bytes), max_transfer_chunk)));
  }
  // As fft_engine: the table copies must have landed before any stream's
  // kernels read them.
  FFFT_CUDA_CHECK(cudaDeviceSynchronize());
}

template <class E>
real_engine<E>::~real_engine() = default;

template <class E>
std::size_t real_engine<E>::workspace_bytes() const {
  const state& s = *state_;
  return s.packed->size() * sizeof(complex<E>) + s.inner->workspace_bytes();
}

template <class E>
std::size_t real_engine<E>::staging_bytes() const {
  const state& s = *state_;
  if (!s.first_staged) return 0;
  return s.first_staged->size() + s.second_staged->size();
}

// One execution from in (in_length values per transform) to out: through
// the staging buffers in_stage and out_stage when the arrays are host memory
// (engine/staging.hpp), run(executor, source, target) between the copies.
template <class E>
template <class In, class Out, class Run>
void real_engine<E>::stage_and_run(In in, std::uint64_t in_length, unsigned char* in_stage, Out out,
                                   std::uint64_t out_length, unsigned char* out_stage,
                                   CUstream_st* stream, const Run& run) {
  state& s = *state_;
  const staging_buffers staging{in_stage, out_stage, s.transfer ? &*s.transfer : nullptr};
  run_staged(in, in_length, out, out_length, s.batch, staging, stream, [&](In source, Out target) {
    run(device_real_executor<E>{stream, &*s.inner, s.shape.points}, source, target);
  });
}

template <class E>
template <class In, class Out>
void real_engine<E>::transform(const fft::scaling<E>& scale, In in, Out out, CUstream_st* stream) {
  state& s = *state_;
  using X = std::remove_const_t<std::remove_pointer_t<decltype(in.data)>>;
  const auto run_forward = [&](const auto& ex, auto source, auto target) {
    fft::run_real_forward(ex, s.program(), scale, source, target, s.packed->data(), s.batch);
  };
  const auto run_inverse = [&](const auto& ex, auto source, auto target) {
    fft::run_real_inverse(ex, s.program(), scale, source, target, s.packed->data(), s.batch);
  };
  if constexpr (std::is_same_v<X, E> || std::is_same_v<X, limb>)  // in: real values
    stage_and_run(in, s.shape.n, s.first_stage(), out, s.shape.bins, s.second_stage(), stream, run_forward);
  else
    stage_and_run(in, s.shape.bins, s.second_stage(), out, s.shape.n, s.first_stage(), stream, run_inverse);
}

template <class E>
void real_engine<E>::forward(const fft::scaling<E>& scale, strided<const E> x,
                             strided<complex<E>> spectrum, CUstream_st* stream) {
  transform(scale, x, spectrum, stream);
}

template <class E>
void real_engine<E>::forward(const fft::scaling<E>& scale, strided<const limb> x,
                             strided<fft::limb_complex_of<E>> spectrum, CUstream_st* stream) {
  transform(scale, x, spectrum, stream);
}

template <class E>
void real_engine<E>::inverse(const fft::scaling<E>& scale, strided<const complex<E>> spectrum,
                             strided<E> x, CUstream_st* stream) {
  transform(scale, spectrum, x, stream);
}

template <class E>
void real_engine<E>::inverse(const fft::scaling<E>& scale,
                             strided<const fft::limb_complex_of<E>> spectrum, strided<limb> x,
                             CUstream_st* stream) {
  transform(scale, spectrum, x, stream);
}

template <class E>
void real_engine<E>::forward(const fft::scaling<E>& scale, strided<const limb> x,
                             strided<complex<E>> spectrum, CUstream_st* stream) {
  transform(scale, x, spectrum, stream);
}

template <class E>
void real_engine<E>::inverse(const fft::scaling<E>& scale, strided<const complex<E>> spectrum,
                             strided<limb> x, CUstream_st* stream) {
  transform(scale, spectrum, x, stream);
}

template <class E>
void real_engine<E>::set_kernel_spectrum(const std::vector<complex<E>>& spectrum) {
  state& s = *state_;
  s.kernel.emplace(spectrum.size());
  s.kernel->upload(spectrum.data());
  // Pageable copies may return before they land; the next convolution on
  // any stream must see the whole kernel.
  FFFT_CUDA_CHECK(cudaDeviceSynchronize());
}

template <class E>
template <class X>
void real_engine<E>::convolve_on(const convolution_window& w, strided<const X> signal, strided<X> out,
                                 CUstream_st* stream) {
  state& s = *state_;
  if (!s.kernel) throw std::logic_error("ffft: the convolution has no kernel; call set_kernel first");
  const fft::convolution_program<E> program{s.program(), s.kernel->data(), w.signal_values,
                                            w.output_offset, w.output_values};
  const auto run = [&](const auto& ex, auto source, auto target) {
    fft::run_convolution(ex, program, source, target, s.packed->data(), s.batch);
  };
  stage_and_run(signal, w.signal_values, s.first_stage(), out, w.output_values, s.second_stage(),
                stream, run);
}

template <class E>
void real_engine<E>::convolve(const convolution_window& w, strided<const E> signal, strided<E> out,
                              CUstream_st* stream) {
  convolve_on(w, signal, out, stream);
}
template <class E>
void real_engine<E>::convolve(const convolution_window& w, strided<const limb> signal,
                              strided<limb> out, CUstream_st* stream) {
  convolve_on(w, signal, out, stream);
}
template <class E>
void real_engine<E>::convolve(const convolution_window& w, strided<const complex<E>> signal,
                              strided<complex<E>> out, CUstream_st* stream) {
  convolve_on(w, signal, out, stream);
}
template <class E>
void real_engine<E>::convolve(const convolution_window& w, strided<const fft::limb_complex_of<E>> signal,
                              strided<fft::limb_complex_of<E>> out, CUstream_st* stream) {
  convolve_on(w, signal, out, stream);
}

template class real_engine<df64>;
template class real_engine<qf128>;
template class real_engine<dd128>;

}  // namespace ffft::cuda
