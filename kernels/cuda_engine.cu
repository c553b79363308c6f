#include "kernels/cuda_engine.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/group_launch.hpp"
#include "engine/pass_groups.hpp"
#include "engine/runner.hpp"
#include "ffft/fft/stockham_group.hpp"
#include "ffft/fft/tile_layout.hpp"
#include "kernels/cuda_check.hpp"
#include "kernels/device_buffer.hpp"
#include "kernels/device_query.hpp"
#include "kernels/factor_tables.hpp"
#include "kernels/grid_stride.cuh"
#include "kernels/group_io.cuh"
#include "kernels/host_transfer.hpp"
#include "kernels/staged_execution.hpp"
#include "kernels/wide_access.cuh"

namespace ffft::cuda {

namespace {

using fft::strided;

// The group kernels' tiles and blocks (engine/group_launch.hpp): two tiles
// of group_tile_entries<E>(g) values each (64 KiB of shared memory, or
// 128 KiB for dd128's 2048-point groups), groups of at most
// group_max_radix_within<E>(the device's opt-in) points, at most
// group_threads<E> threads per block (128 for qf128, whose kernel is bounded
// to 3 blocks of 128 per SM, below).
template <class E>
constexpr unsigned group_threads = fft::group_max_threads<E>;

// The shared memory a block of the current device may opt in to.
std::size_t device_shared_optin() {
  int device = 0;
  int bytes = 0;
  FFFT_CUDA_CHECK(cudaGetDevice(&device));
  FFFT_CUDA_CHECK(cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  return static_cast<std::size_t>(bytes);
}

// A phase on this block: each thread runs its share, then all wait (which
// also keeps the next tile's loads from overwriting values still being
// stored). A struct rather than a lambda, so the call is force-inlined.
struct block_threads {
  template <class Phase>
  __device__ __forceinline__ void operator()(const Phase& phase) const {
    phase(threadIdx.x, blockDim.x);
    __syncthreads();
  }
};

// One group of Stockham passes (stockham_group.hpp) on tiles of `width`
// of the `columns` of a row (group_io.cuh: the block's row of a folded
// batch; a plain batch is one row), one tile per block at a time: load,
// the passes in shared memory, store (scaled: the normalization, or a
// convolution's diagonal, rides on the last group's stores). The butterflies are forward ones; an inverse
// transform swaps on the loads and stores (twiddled_dft.hpp), so one kernel
// serves both directions.
// Twiddles: a transform_twiddles.hpp source (the table, or the factors).
template <class E, class Twiddles>
__device__ __forceinline__ void run_group_tiles(const fft::pass_group& g, const Twiddles& twiddles,
                                                const kernel_source<E>& in, const kernel_target<E>& out,
                                                std::uint64_t columns, std::uint32_t width,
                                                const fft::scaling<E>& scale, bool inverse) {
  extern __shared__ uint4 shared_tiles[];
  // Two tiles, laid out as tile_layout.hpp says (planes for 32-byte values).
  const auto shared = fft::tile_views<E>(reinterpret_cast<complex<E>*>(shared_tiles), fft::group_tile_entries<E>(g));
  const std::uint64_t tiles = (columns + width - 1) / width;
  const kernel_source<E> source = in.row(blockIdx.y);
  const kernel_target<E> target = out.row(blockIdx.y);
  for (std::uint64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    fft::run_tile<E>(
        g, twiddles, fft::group_tile{tile * width, width, columns}, shared.a, shared.b, block_threads{},
        [&](std::uint64_t b, std::uint64_t j) { return source(b, j); },
        [&](std::uint64_t j, const complex<E>& v) { return scale.apply_at(j, v); },
        [&](std::uint64_t b, std::uint64_t j, const complex<E>& v) { target.store(b, j, v); }, inverse);
  }
}

// The kernels differ only in their launch bounds, which set ptxas's register
// budget, measured on the H100:
// - df64 and dd128: a bare bound of 256 threads, under which ptxas takes 80
//   registers for df64 (3 blocks per SM) and 128 for dd128 (2, with 40-48
//   bytes of spills). Told "at least 1 block" instead it takes 134 and 210,
//   one block per SM, and df64 runs 1.6x slower; told "2 blocks" dd128 gets
//   128 registers with more spills and runs 4-5% slower.
// - qf128: 3 blocks of at most 128 threads, so 170 registers where it would
//   take 176 (2 blocks). It is latency-bound (31% issue utilization with 8
//   warps per SM) and runs 1.3-2x faster with 12, despite 64 bytes of spills.
#define FFFT_GROUP_KERNEL_PARAMETERS                                                          \
  fft::pass_group g, Twiddles twiddles, kernel_source<E> in, kernel_target<E> out,            \
      std::uint64_t columns, std::uint32_t width, fft::scaling<E> scale, bool inverse
template <class E, class Twiddles>
__global__ void __launch_bounds__(group_threads<E>) stockham_group_kernel(FFFT_GROUP_KERNEL_PARAMETERS) {
  run_group_tiles<E>(g, twiddles, in, out, columns, width, scale, inverse);
}
template <class Twiddles, class E = qf128>
__global__ void __launch_bounds__(group_threads<E>, 3) stockham_group_kernel_qf128(FFFT_GROUP_KERNEL_PARAMETERS) {
  run_group_tiles<E>(g, twiddles, in, out, columns, width, scale, inverse);
}
#undef FFFT_GROUP_KERNEL_PARAMETERS

template <class E, class Twiddles>
constexpr auto group_kernel() {
  if constexpr (std::is_same_v<E, qf128>) return &stockham_group_kernel_qf128<Twiddles>;
  else return &stockham_group_kernel<E, Twiddles>;
}

// Bluestein's steps, either direction (elementwise_steps.hpp), on the
// block's row of `batch` transforms (group_io.cuh; the dense buffer's rows
// follow one another).
template <class E>
__global__ void bluestein_input_kernel(const complex<E>* chirp, std::uint64_t n,
                                       std::uint64_t padded, kernel_source<E> in,
                                       complex<E>* dense, std::uint64_t batch, bool inverse) {
  const kernel_source<E> source = in.row(blockIdx.y);
  complex<E>* const row = dense + blockIdx.y * batch * padded;
  FFFT_GRID_STRIDE_LOOP(t, batch * padded)
  row[t] = fft::bluestein_input_element(chirp, n, source, t / padded, t % padded, inverse);
}

template <class E>
__global__ void copy_scaled_kernel(fft::scaling<E> scale, strided<const complex<E>> in,
                                   strided<complex<E>> out, std::uint64_t n, std::uint64_t batch) {
  FFFT_GRID_STRIDE_LOOP(t, batch * n) out(t / n, t % n) = scale.apply_at(t % n, in(t / n, t % n));
}

template <class E>
__global__ void bluestein_output_kernel(const complex<E>* chirp, std::uint64_t n,
                                        std::uint64_t padded, fft::scaling<E> scale,
                                        const complex<E>* dense, kernel_target<E> out,
                                        std::uint64_t batch, bool inverse) {
  const kernel_target<E> target = out.row(blockIdx.y);
  const complex<E>* const row = dense + blockIdx.y * batch * padded;
  FFFT_GRID_STRIDE_LOOP(t, batch * n) {
    const std::uint64_t b = t / n, j = t % n;
    target.store(b, j, fft::bluestein_output_element(chirp, row[b * padded + j], j, scale, inverse));
  }
}

// The primitives of fft::cpu_executor, on the device, in stream order, on
// `rows` rows of the batch: a grid row of blocks each (group_io.cuh).
template <class E>
struct device_executor {
  using value = complex<E>;
  cudaStream_t stream;
  const std::vector<fft::pass_group>* groups;  // of the plan's Stockham transform
  unsigned rows;  // 1, or a folded batch's rows

  // A whole Stockham transform, scaled: one kernel per group of passes.
  // In, Out: strided arrays of complex<E> or limb_complex_of<E> (group_io.cuh).
  template <class In, class Out>
  void stockham(int sign, const fft::stockham_program<E>& program, const fft::scaling<E>& scale,
                In in, Out out, value* ws0, value* ws1, std::uint64_t batch) const {
    fft::run_stockham_groups(*this, sign, *groups, program, scale, in, out, ws0, ws1, batch);
  }

  // The twiddles as the program's source says (engine/program.hpp): the
  // arrays; the factors, whose product the kernel makes for each twiddle
  // (transform_twiddle_factors); or a sincos per twiddle
  // (transform_twiddle_direct).
  template <class In, class Out>
  void stockham_group(int sign, const fft::pass_group& g, const fft::stockham_program<E>& program,
                      In in, Out out, std::uint64_t batch, const fft::scaling<E>& scale) const {
    const std::uint64_t per_row = batch / rows;
    const std::uint64_t columns = g.columns(per_row);
    const std::uint32_t width = fft::tile_width<E>(g, fft::group_tile_entries<E>(g), columns);
    const std::uint64_t tiles = (columns + width - 1) / width;
    // One thread per butterfly of the widest pass, in whole warps, at most
    // group_threads (group_launch.hpp).
    const unsigned threads = fft::group_block_threads(g, width, group_threads<E>);
    const dim3 grid(static_cast<unsigned>(std::min<std::uint64_t>(tiles, 1u << 30)), rows);
    const auto launch = [&](auto kernel, const auto& twiddles) {
      const std::size_t shared = fft::group_tile_bytes<E>(g);
      FFFT_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           static_cast<int>(shared)));
      kernel<<<grid, threads, shared, stream>>>(g, twiddles, source_of<E>(in, per_row),
                                                target_of<E>(out, per_row), columns, width, scale, sign > 0);
      FFFT_CUDA_CHECK(cudaGetLastError());
    };
    using table = fft::transform_twiddle_table<E>;
    using factors = fft::transform_twiddle_factors<E>;
    using direct = fft::transform_twiddle_direct<E>;
    switch (program.source) {
      case twiddle_mode::table: return launch(group_kernel<E, table>(), table{program.twiddles});
      case twiddle_mode::computed: return launch(group_kernel<E, factors>(), factors{program.factors});
      case twiddle_mode::direct: return launch(group_kernel<E, direct>(), direct{program.n});
    }
  }

  // out = scale(in), element-wise (a minimal workspace's in-place
  // transforms copy through it, step_buffers.hpp; never on rows).
  void copy_scaled(const fft::scaling<E>& scale, strided<const value> in, strided<value> out,
                   std::uint64_t n, std::uint64_t batch) const {
    if (rows != 1) throw std::logic_error("ffft: internal error: a copy through the workspace on rows");
    copy_scaled_kernel<E><<<elementwise_grid(batch * n), elementwise_block, 0, stream>>>(scale, in, out, n, batch);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }

  template <class In>
  void bluestein_input(int sign, const value* chirp, std::uint64_t n, std::uint64_t padded, In in,
                       value* dense, std::uint64_t batch) const {
    const std::uint64_t per_row = batch / rows;
    const dim3 grid(elementwise_grid(per_row * padded), rows);
    bluestein_input_kernel<E><<<grid, elementwise_block, 0, stream>>>(chirp, n, padded, source_of<E>(in, per_row),
                                                                      dense, per_row, sign > 0);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }

  template <class Out>
  void bluestein_output(int sign, const value* chirp, std::uint64_t n, std::uint64_t padded,
                        const fft::scaling<E>& scale, const value* dense, Out out,
                        std::uint64_t batch) const {
    const std::uint64_t per_row = batch / rows;
    const dim3 grid(elementwise_grid(per_row * n), rows);
    bluestein_output_kernel<E><<<grid, elementwise_block, 0, stream>>>(chirp, n, padded, scale, dense,
                                                                       target_of<E>(out, per_row), per_row,
                                                                       sign > 0);
    FFFT_CUDA_CHECK(cudaGetLastError());
  }
};

template <class T, class Allocator>
void upload(std::optional<detail::device_buffer<T>>& buffer, const std::vector<T, Allocator>& host) {
  buffer.emplace(host.size());
  buffer->upload(host.data());
}

}  // namespace

template <class E>
struct fft_engine<E>::state {
  std::uint64_t batch;
  std::uint64_t n;  // of the user's transform
  bool bluestein;
  std::uint64_t padded;  // Bluestein's padded length
  std::vector<fft::pass_shape> passes;
  std::vector<std::uint64_t> offsets;
  std::vector<fft::pass_group> groups;  // the passes in groups the device's shared memory holds
  twiddle_mode mode;
  // The passes' twiddle arrays (table mode), or their factors (computed
  // mode: coarse then fine, made on the device); neither in direct mode.
  std::optional<detail::device_buffer<complex<E>>> twiddles, factors, chirp, kernel;
  std::optional<detail::device_buffer<complex<E>>> own_workspace;  // unless the caller gives one
  complex<E>* workspace = nullptr;                                 // own_workspace's, or the caller's
  std::uint64_t workspace_values = 0;
  bool minimal_workspace = false;
  std::optional<detail::device_buffer<complex<E>>> staged_input, staged_output;
  std::optional<host_transfer> transfer;

  // The program over the device's copies of the tables.
  fft::transform_program<E> program() const {
    const std::uint64_t points = bluestein ? padded : n;
    fft::stockham_program<E> stockham{points, &passes, &offsets, nullptr};
    stockham.source = mode;
    if (twiddles) stockham.twiddles = twiddles->data();
    if (factors) stockham.factors = twiddle::factor_tables_shape::of(points).over(factors->data());
    if (!bluestein) return stockham;
    return fft::bluestein_program<E>{n, padded, stockham, chirp->data(), kernel->data()};
  }
};

template <class E>
fft_engine<E>::fft_engine(const fft::transform_tables<E>& tables, std::uint64_t batch,
                          const engine_memory& memory)
    : state_(std::make_unique<state>()) {
  state& s = *state_;
  const fft::stockham_tables<E>& t = fft::stockham_part(tables);
  const auto* b = std::get_if<fft::bluestein_tables<E>>(&tables);
  s.batch = batch;
  s.bluestein = b != nullptr;
  s.n = s.bluestein ? b->n : t.n;
  s.padded = s.bluestein ? b->padded : 0;
  s.passes = t.passes;
  s.offsets = t.offsets;
  s.groups = fft::group_passes(s.passes, s.offsets, fft::group_max_radix_within<E>(device_shared_optin()));
  s.mode = t.mode;
  if (t.passes.empty()) s.mode = twiddle_mode::table;  // n = 1: no pass reads twiddles
  if (s.mode == twiddle_mode::table) {
    upload(s.twiddles, t.twiddles);
  } else if (s.mode == twiddle_mode::computed) {
    // Made here whatever the host holds (a Bluestein plan's padded tables
    // are the CPU's): the same bits (factor_tables.hpp).
    const twiddle::factor_tables_shape shape = twiddle::factor_tables_shape::of(t.n);
    s.factors.emplace(shape.size());
    make_factor_tables<E>(shape, s.factors->data(), nullptr);
  }
  if (s.bluestein) {
    upload(s.chirp, b->chirp);
    upload(s.kernel, b->kernel);
  }
  s.minimal_workspace = memory.minimal_workspace;
  s.workspace_values = fft::workspace_values<E>(s.program(), batch, s.minimal_workspace);
  if (memory.own_workspace) {
    s.own_workspace.emplace(s.workspace_values);
    s.workspace = s.own_workspace->data();
  }
  if (memory.staged_input_values + memory.staged_output_values > 0) {
    s.staged_input.emplace(memory.staged_input_values);
    s.staged_output.emplace(memory.staged_output_values);
    const std::uint64_t largest =
        std::max(memory.staged_input_values, memory.staged_output_values) * sizeof(complex<E>);
    s.transfer.emplace(static_cast<std::size_t>(std::min(largest, max_transfer_chunk)));
  }
  // cudaMemcpy from pageable memory may return before its copy has landed;
  // the tables must be complete before a kernel on any stream (a
  // non-blocking one included) can read them.
  FFFT_CUDA_CHECK(cudaDeviceSynchronize());
}

template <class E>
fft_engine<E>::~fft_engine() = default;

template <class E>
std::size_t fft_engine<E>::workspace_bytes() const {
  return state_->workspace_values * sizeof(complex<E>);
}

template <class E>
std::size_t fft_engine<E>::staging_bytes() const {
  const state& s = *state_;
  if (!s.staged_input) return 0;
  return (s.staged_input->size() + s.staged_output->size()) * sizeof(complex<E>);
}

template <class E>
void fft_engine<E>::set_workspace(void* device_memory) {
  state& s = *state_;
  s.workspace = static_cast<complex<E>*>(device_memory);
  s.own_workspace.reset();
}

// One execution on arrays of complex<E>, or limb_complex_of<E> (the
// kernels convert on the first loads and the last stores): strided ones,
// whose host data go through the staging buffers (which hold complex<E>
// spans, so also the smaller limb spans), or folded batches on the device.
template <class E>
template <class In, class Out>
void fft_engine<E>::execute_on(int sign, const fft::scaling<E>& scale, In in, Out out, CUstream_st* stream) {
  state& s = *state_;
  using Y = std::remove_pointer_t<decltype(out.data)>;
  if constexpr (!std::is_same_v<Y, complex<E>>) {
    if (s.minimal_workspace && !s.bluestein && s.groups.size() >= 3)
      throw std::invalid_argument(
          "ffft: this CUDA plan was made with minimal_workspace, so its output must hold the "
          "format's values, which std::complex arrays do not; pass complex<E> arrays, or make the "
          "plan without minimal_workspace");
  }
  unsigned rows = 1;
  if constexpr (fft::is_folded<In>) {
    if (in.inner != out.inner || in.inner == 0 || s.batch % in.inner != 0 || s.batch / in.inner > fft::max_folded_rows)
      throw std::logic_error("ffft: internal error: a folded batch that does not match the plan's");
    rows = static_cast<unsigned>(s.batch / in.inner);
  }
  const auto run = [&](auto source, auto target) {
    const device_executor<E> ex{stream, &s.groups, rows};
    fft::run_transform<E>(ex, sign, scale, s.program(), source, target, s.workspace, s.batch,
                          s.minimal_workspace);
  };
  if constexpr (fft::is_folded<In>) {
    if (!is_device_pointer(in.data) || !is_device_pointer(out.data) || s.minimal_workspace)
      throw std::logic_error("ffft: a folded batch needs device memory and a full workspace");
    run(in, out);
  } else {
    const staging_buffers staging{
        s.staged_input ? reinterpret_cast<unsigned char*>(s.staged_input->data()) : nullptr,
        s.staged_output ? reinterpret_cast<unsigned char*>(s.staged_output->data()) : nullptr,
        s.transfer ? &*s.transfer : nullptr};
    run_staged(in, s.n, out, s.n, s.batch, staging, stream, run);
  }
}

// Every pairing of complex<E> and limb_complex_of<E> arrays, strided or folded.
#define FFFT_ENGINE_EXECUTE(Array, X, Y)                                                             \
  template <class E>                                                                                 \
  void fft_engine<E>::execute(int sign, const fft::scaling<E>& scale, fft::Array<const X> in,        \
                              fft::Array<Y> out, CUstream_st* stream) {                              \
    execute_on(sign, scale, in, out, stream);                                                        \
  }
FFFT_ENGINE_EXECUTE(strided, complex<E>, complex<E>)
FFFT_ENGINE_EXECUTE(strided, fft::limb_complex_of<E>, fft::limb_complex_of<E>)
FFFT_ENGINE_EXECUTE(strided, fft::limb_complex_of<E>, complex<E>)
FFFT_ENGINE_EXECUTE(strided, complex<E>, fft::limb_complex_of<E>)
FFFT_ENGINE_EXECUTE(folded, complex<E>, complex<E>)
FFFT_ENGINE_EXECUTE(folded, fft::limb_complex_of<E>, fft::limb_complex_of<E>)
FFFT_ENGINE_EXECUTE(folded, fft::limb_complex_of<E>, complex<E>)
FFFT_ENGINE_EXECUTE(folded, complex<E>, fft::limb_complex_of<E>)
#undef FFFT_ENGINE_EXECUTE

template class fft_engine<df64>;
template class fft_engine<qf128>;
template class fft_engine<dd128>;

}  // namespace ffft::cuda
