#include "kernels/real_engine.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <type_traits>

#include "engine/real_runner.hpp"
#include "engine/staging.hpp"
#include "ffft/twiddle/octant.hpp"
#include "kernels/cuda_check.hpp"
#include "kernels/cuda_engine.hpp"
#include "kernels/device_buffer.hpp"
#include "kernels/device_query.hpp"
#include "kernels/grid_stride.cuh"
#include "kernels/host_transfer.hpp"

namespace ffft::cuda {

namespace {

using fft::strided;

template <class E, class R>
__global__ void real_pack_kernel(fft::real_shape s, strided<const R> x, complex<E>* packed,
                                 std::uint64_t batch) {
  FFFT_GRID_STRIDE_LOOP(t, batch * s.points)
  packed[t] = fft::real_packed_element<E>(s, x, t / s.points, t % s.points);
}

template <class E, class C>
__global__ void real_spectrum_kernel(fft::real_program<E> p, fft::scaling<E> scale,
                                     const complex<E>* packed, strided<C> spectrum,
                                     std::uint64_t batch) {
  const fft::real_shape& s = p.shape;
  FFFT_GRID_STRIDE_LOOP(t, batch * s.bins) {
    const std::uint64_t b = t / s.bins, k = t % s.bins;
    spectrum(b, k) =
        fft::store_complex<E, C>(fft::real_spectrum_element(s, packed + b * s.points, k, p.w_n, scale));
  }
}

template <class E, class C>
__global__ void real_unspectrum_kernel(fft::real_program<E> p, strided<const C> spectrum,
                                       complex<E>* packed, std::uint64_t batch) {
  const fft::real_shape& s = p.shape;
  FFFT_GRID_STRIDE_LOOP(t, batch * s.points)
  packed[t] = fft::real_unspectrum_element<E>(s, spectrum, t / s.points, t % s.points, p.w_n);
}

template <class E, class R>
__global__ void real_unpack_kernel(fft::real_shape s, const complex<E>* packed, strided<R> x,
                                   std::uint64_t batch) {
  FFFT_GRID_STRIDE_LOOP(t, batch * s.n) {
    const std::uint64_t b = t / s.n, j = t % s.n;
    x(b, j) = fft::store_real<E, R>(fft::real_unpacked_element(s, packed + b * s.points, j));
  }
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
  void real_pack(const fft::real_shape& s, strided<const R> x, value* packed, std::uint64_t batch) const {
    real_pack_kernel<E><<<elementwise_grid(batch * s.points), elementwise_block, 0, stream>>>(s, x, packed, batch);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }

  template <class C>
  void real_spectrum(const fft::real_program<E>& p, const fft::scaling<E>& scale, const value* packed,
                     strided<C> spectrum, std::uint64_t batch) const {
    real_spectrum_kernel<E><<<elementwise_grid(batch * p.shape.bins), elementwise_block, 0, stream>>>(
        p, scale, packed, spectrum, batch);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }

  template <class C>
  void real_unspectrum(const fft::real_program<E>& p, strided<const C> spectrum, value* packed,
                       std::uint64_t batch) const {
    real_unspectrum_kernel<E><<<elementwise_grid(batch * p.shape.points), elementwise_block, 0, stream>>>(
        p, spectrum, packed, batch);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }

  template <class R>
  void real_unpack(const fft::real_shape& s, const value* packed, strided<R> x, std::uint64_t batch) const {
    real_unpack_kernel<E><<<elementwise_grid(batch * s.n), elementwise_block, 0, stream>>>(s, packed, x, batch);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }
};

constexpr std::uint64_t max_transfer_chunk = std::uint64_t{4} << 20;

}  // namespace

template <class E>
struct real_engine<E>::state {
  fft::real_shape shape;
  std::uint64_t batch;
  std::optional<fft_engine<E>> inner;
  std::optional<detail::device_buffer<complex<E>>> packed, octant;
  unsigned octant_step_log2 = 0;
  std::optional<detail::device_buffer<unsigned char>> staged_real, staged_spectrum;
  std::optional<host_transfer> transfer;

  fft::real_program<E> program() const {
    return {shape, {octant->size() != 0 ? octant->data() : nullptr, shape.n, octant_step_log2}};
  }
};

template <class E>
real_engine<E>::real_engine(const fft::transform_tables<E>& inner, const std::vector<complex<E>>& octant,
                            fft::real_shape shape, std::uint64_t batch, std::uint64_t staged_real_bytes,
                            std::uint64_t staged_spectrum_bytes)
    : state_(std::make_unique<state>()) {
  state& s = *state_;
  s.shape = shape;
  s.batch = batch;
  s.inner.emplace(inner, batch, engine_memory{});
  s.packed.emplace(shape.points * batch);
  s.octant.emplace(octant.size());
  s.octant->upload(octant.data());
  s.octant_step_log2 = shape.halved ? twiddle::octant_table_step_log2(shape.n) : 0;
  if (staged_real_bytes + staged_spectrum_bytes > 0) {
    s.staged_real.emplace(staged_real_bytes);
    s.staged_spectrum.emplace(staged_spectrum_bytes);
    s.transfer.emplace(static_cast<std::size_t>(
        std::min(std::max(staged_real_bytes, staged_spectrum_bytes), max_transfer_chunk)));
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
  if (!s.staged_real) return 0;
  return s.staged_real->size() + s.staged_spectrum->size();
}

// One execution: in and out strided arrays of the caller's (real values
// and bins, one way or the other), staged as engine/staging.hpp says.
template <class E>
template <class In, class Out>
void real_engine<E>::execute(const fft::scaling<E>& scale, In in, Out out, CUstream_st* stream) {
  state& s = *state_;
  using X = std::remove_const_t<std::remove_pointer_t<decltype(in.data)>>;
  using Y = std::remove_pointer_t<decltype(out.data)>;
  constexpr bool forward = std::is_same_v<X, E> || std::is_same_v<X, limb>;  // in: real values
  const std::uint64_t in_length = forward ? s.shape.n : s.shape.bins;
  const std::uint64_t out_length = forward ? s.shape.bins : s.shape.n;
  const auto span = [&](std::uint64_t length, std::int64_t stride, std::int64_t distance) {
    return static_cast<std::uint64_t>(1 + (length - 1) * stride + (s.batch - 1) * distance);
  };
  const bool out_dense =
      out.stride == 1 && (s.batch == 1 || out.distance == static_cast<std::int64_t>(out_length));
  const fft::staging_route route =
      fft::route_for(is_device_pointer(in.data), is_device_pointer(out.data), false, out_dense);
  if (route.uses_staging() && !s.transfer)
    throw std::invalid_argument(
        "ffft: this CUDA real plan was made with host_staging = false and was given host memory; "
        "pass device pointers, or make the plan with host_staging = true");

  unsigned char* const real_stage = s.staged_real ? s.staged_real->data() : nullptr;
  unsigned char* const spectrum_stage = s.staged_spectrum ? s.staged_spectrum->data() : nullptr;
  X* const staged_in = reinterpret_cast<X*>(forward ? real_stage : spectrum_stage);
  Y* const staged_out = reinterpret_cast<Y*>(forward ? spectrum_stage : real_stage);
  const std::uint64_t in_bytes = span(in_length, in.stride, in.distance) * sizeof(X);
  const std::uint64_t out_bytes = span(out_length, out.stride, out.distance) * sizeof(Y);
  if (route.upload_input) s.transfer->upload(staged_in, in.data, in_bytes, stream);
  if (route.upload_output_gaps) s.transfer->upload(staged_out, out.data, out_bytes, stream);
  Y* const result = route.download_output ? staged_out : out.data;
  const In source{route.upload_input ? staged_in : in.data, in.stride, in.distance};
  const Out target{result, out.stride, out.distance};

  const device_real_executor<E> ex{stream, &*s.inner, s.shape.points};
  if constexpr (forward)
    fft::run_real_forward(ex, s.program(), scale, source, target, s.packed->data(), s.batch);
  else
    fft::run_real_inverse(ex, s.program(), scale, source, target, s.packed->data(), s.batch);
  if (route.download_output) s.transfer->download(out.data, result, out_bytes, stream);
}

template <class E>
void real_engine<E>::forward(const fft::scaling<E>& scale, strided<const E> x,
                             strided<complex<E>> spectrum, CUstream_st* stream) {
  execute(scale, x, spectrum, stream);
}

template <class E>
void real_engine<E>::forward(const fft::scaling<E>& scale, strided<const limb> x,
                             strided<fft::limb_complex_of<E>> spectrum, CUstream_st* stream) {
  execute(scale, x, spectrum, stream);
}

template <class E>
void real_engine<E>::inverse(const fft::scaling<E>& scale, strided<const complex<E>> spectrum,
                             strided<E> x, CUstream_st* stream) {
  execute(scale, spectrum, x, stream);
}

template <class E>
void real_engine<E>::inverse(const fft::scaling<E>& scale,
                             strided<const fft::limb_complex_of<E>> spectrum, strided<limb> x,
                             CUstream_st* stream) {
  execute(scale, spectrum, x, stream);
}

template class real_engine<df64>;
template class real_engine<qf128>;
template class real_engine<dd128>;

}  // namespace ffft::cuda
