#include "src/cpu/cpu_executor.hpp"

#include <stdexcept>
#include <string>

#include "engine/runner.hpp"
#include "src/cpu/cache_blocking.hpp"
#include "src/cpu/fused_passes.hpp"
#include "src/cpu/parallel_for.hpp"
#include "src/cpu/stockham_pass_paths.hpp"

namespace ffft::fft {

using cpu::parallel_for;

template <class E>
cpu_executor<E>::cpu_executor(unsigned threads, cpu_isa isa)
    : cpu_executor(threads, isa, cpu::per_core_cache_bytes(), cpu::last_level_cache_bytes()) {}

template <class E>
void cpu_executor<E>::stockham(int sign, const stockham_program<E>& program,
                               const scaling<E>& scale, strided<const value> in,
                               strided<value> out, value* ws0, value* ws1,
                               std::uint64_t batch) const {
  // The tiles load and store whole lane vectors along the data: unit stride.
  const bool unit_stride = in.stride == 1 && out.stride == 1;
  const std::vector<pass_group> groups =
      unit_stride ? cpu::blocked_groups(*program.passes, *program.offsets, program.n, batch, sizeof(value),
                                        cpu::path_lanes<E>(isa_), cache_bytes_,
                                        cpu::team_size(threads_), shared_cache_bytes_,
                                        cpu::tiles_transforms_in_last_level<E>)
                  : std::vector<pass_group>{};
  if (groups.empty()) run_stockham_passes(*this, sign, program, scale, in, out, ws0, ws1, batch);
  else run_stockham_groups(*this, sign, groups, program, scale, in, out, ws0, ws1, batch);
}

template <class E>
void cpu_executor<E>::stockham_group(int sign, const pass_group& group,
                                     const stockham_program<E>& program, strided<const value> in,
                                     strided<value> out, std::uint64_t batch,
                                     const scaling<E>& finish) const {
  const std::uint32_t points = cpu::tile_points(cache_bytes_, sizeof(value));
  switch (isa_) {
#if FFFT_CPU_HAVE_X86_PATHS
    case cpu_isa::avx2:
      return cpu::avx2::stockham_group(threads_, sign, group, program.twiddles, in, out, batch, finish, points);
    case cpu_isa::avx512:
      return cpu::avx512::stockham_group(threads_, sign, group, program.twiddles, in, out, batch, finish, points);
#endif
    default:
      break;
  }
  (void)points;
  throw std::logic_error("ffft: no blocked schedule on the CPU path " + std::string(to_string(isa_)));
}

template <class E>
void cpu_executor<E>::stockham_pass(int sign, const pass_shape& pass, const value* twiddles,
                                    strided<const value> in, strided<value> out,
                                    std::uint64_t batch, const scaling<E>& finish) const {
  const bool prefetch =
      cpu::prefetches_next_operands<E>(batch * pass.l * pass.m * static_cast<std::uint64_t>(pass.radix), cache_bytes_);
  switch (isa_) {
    case cpu_isa::scalar:
      return cpu::scalar::stockham_pass(threads_, sign, pass, twiddles, in, out, batch, finish, false);
#if FFFT_CPU_HAVE_X86_PATHS
    case cpu_isa::avx2:
      return cpu::avx2::stockham_pass(threads_, sign, pass, twiddles, in, out, batch, finish, prefetch);
    case cpu_isa::avx512:
      return cpu::avx512::stockham_pass(threads_, sign, pass, twiddles, in, out, batch, finish, prefetch);
#endif
    default:
      break;
  }
  throw std::logic_error("ffft: this build has no CPU path " + std::string(to_string(isa_)));
}

template <class E>
bool cpu_executor<E>::fuses_two_passes(const pass_shape& first, const pass_shape& second,
                                       std::int64_t in_stride, std::int64_t out_stride, std::uint64_t batch) const {
  const std::uint64_t data_bytes = batch * first.l * first.m * static_cast<std::uint64_t>(first.radix) * sizeof(value);
  return isa_ != cpu_isa::scalar &&
         cpu::fuses_two_passes<E>(first, second, cpu::path_lanes<E>(isa_), in_stride, out_stride, data_bytes,
                                  cache_bytes_);
}

template <class E>
void cpu_executor<E>::stockham_two_passes(int sign, const pass_shape& first, const pass_shape& second,
                                          const value* first_twiddles, const value* second_twiddles,
                                          strided<const value> in, strided<value> out,
                                          std::uint64_t batch, const scaling<E>& finish) const {
  if constexpr (cpu::fuses_passes_of<E>) {
    switch (isa_) {
#if FFFT_CPU_HAVE_X86_PATHS
      case cpu_isa::avx2:
        return cpu::avx2::stockham_two_passes(threads_, sign, first, second, first_twiddles, second_twiddles,
                                               in, out, batch, finish);
      case cpu_isa::avx512:
        return cpu::avx512::stockham_two_passes(threads_, sign, first, second, first_twiddles, second_twiddles,
                                                 in, out, batch, finish);
#endif
      default:
        break;
    }
  }
  throw std::logic_error("ffft: no fused passes for this format on the CPU path " + std::string(to_string(isa_)));
}

template <class E>
void cpu_executor<E>::copy_scaled(const scaling<E>& scale, strided<const value> in,
                                  strided<value> out, std::uint64_t n, std::uint64_t batch) const {
  parallel_for(threads_, batch * n, [&](std::uint64_t t) {
    out(t / n, t % n) = scale.apply_at(t % n, in(t / n, t % n));
  });
}

template <class E>
void cpu_executor<E>::bluestein_input(int sign, const value* chirp, std::uint64_t n,
                                      std::uint64_t padded, strided<const value> in, value* dense,
                                      std::uint64_t batch) const {
  parallel_for(threads_, batch * padded, [&](std::uint64_t t) {
    const std::uint64_t b = t / padded, k = t % padded;
    dense[t] = bluestein_input_element(chirp, n, in, b, k, sign > 0);
  });
}

template <class E>
void cpu_executor<E>::bluestein_output(int sign, const value* chirp, std::uint64_t n,
                                       std::uint64_t padded, const scaling<E>& scale,
                                       const value* dense, strided<value> out,
                                       std::uint64_t batch) const {
  parallel_for(threads_, batch * n, [&](std::uint64_t t) {
    const std::uint64_t b = t / n, j = t % n;
    const value c = dense[b * padded + j];
    out(b, j) = bluestein_output_element(chirp, c, j, scale, sign > 0);
  });
}

template class cpu_executor<df64>;
template class cpu_executor<qf128>;
template class cpu_executor<dd128>;

}  // namespace ffft::fft
