// The CPU backend's primitives: each step of a transform over a batch, in
// host memory, on OpenMP threads. The arithmetic is the shared FFFT_HD code
// (stockham_pass.hpp, elementwise_steps.hpp), so this is the reference the
// CUDA executor is compared with bit for bit. The Stockham passes run on the
// instruction-set path the executor is given (stockham_pass_paths.hpp); the
// element-wise steps are the same scalar code on every path.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/pass_groups.hpp"
#include "engine/program.hpp"
#include "ffft/complex.hpp"
#include "ffft/fft/elementwise_steps.hpp"
#include "ffft/fft/stockham_pass.hpp"
#include "ffft/plan.hpp"

namespace ffft::fft {

template <class E>
class cpu_executor {
 public:
  using value = complex<E>;

  // threads: OpenMP threads (0: one per hardware thread); isa: a path
  // cpu::can_run says this machine runs; cache_bytes: the cache a thread's
  // tiles are sized for (cache_blocking.hpp), 0 for every transform pass by
  // pass; shared_cache_bytes: the last-level cache, within which transforms
  // longer than a tile run pass by pass (0: none). The results are the same
  // bits whatever the four are.
  cpu_executor(unsigned threads, cpu_isa isa, std::size_t cache_bytes,
               std::size_t shared_cache_bytes = 0)
      : threads_(threads), isa_(isa), cache_bytes_(cache_bytes), shared_cache_bytes_(shared_cache_bytes) {}
  // The caches: cpu::per_core_cache_bytes() and cpu::last_level_cache_bytes().
  cpu_executor(unsigned threads, cpu_isa isa);

  // A whole Stockham transform of every transform, then scaled; sign -1
  // forward, +1 inverse: pass by pass where the data fit the cache (for
  // transforms longer than a tile, the last-level cache), else in groups of
  // passes done tile by tile (cache_blocking.hpp). ws0 and ws1
  // hold n * batch values each (as many as stockham_buffers() says are
  // used).
  void stockham(int sign, const stockham_program<E>& program, const scaling<E>& scale,
                strided<const value> in, strided<value> out, value* ws0, value* ws1,
                std::uint64_t batch) const;

  // One Stockham pass of every transform, its outputs multiplied as finish
  // says (the last pass's: the normalization, or a convolution's diagonal).
  void stockham_pass(int sign, const pass_shape& pass, const value* twiddles,
                     strided<const value> in, strided<value> out, std::uint64_t batch,
                     const scaling<E>& finish) const;

  // Whether two passes, first then second, of a batch of `batch`
  // transforms run as one step (stockham_two_passes) on this executor's
  // path, from an input of stride in_stride to an output of stride
  // out_stride (src/cpu/fused_passes.hpp says when; never on the scalar
  // path, the reference that runs every pass alone).
  bool fuses_two_passes(const pass_shape& first, const pass_shape& second, std::int64_t in_stride,
                        std::int64_t out_stride, std::uint64_t batch) const;

  // Two passes of every transform as one step, from in to out (which must
  // not overlap): the bits of stockham_pass for each in turn, the second's
  // outputs multiplied as finish says.
  void stockham_two_passes(int sign, const pass_shape& first, const pass_shape& second,
                           const value* first_twiddles, const value* second_twiddles,
                           strided<const value> in, strided<value> out, std::uint64_t batch,
                           const scaling<E>& finish) const;

  // One group of passes of every transform (run_stockham_groups calls it),
  // its outputs multiplied as finish says.
  void stockham_group(int sign, const pass_group& group, const stockham_program<E>& program,
                      strided<const value> in, strided<value> out, std::uint64_t batch,
                      const scaling<E>& finish) const;

  // out = scale(in), element-wise (in == out allowed).
  void copy_scaled(const scaling<E>& scale, strided<const value> in, strided<value> out,
                   std::uint64_t n, std::uint64_t batch) const;

  // Bluestein's first step: dense[b padded + k] = chirped input, k < padded.
  void bluestein_input(int sign, const value* chirp, std::uint64_t n, std::uint64_t padded,
                       strided<const value> in, value* dense, std::uint64_t batch) const;

  // Bluestein's last step: out(b, j) = scaled (conj) chirp_j dense[b padded + j], j < n.
  void bluestein_output(int sign, const value* chirp, std::uint64_t n, std::uint64_t padded,
                        const scaling<E>& scale, const value* dense, strided<value> out,
                        std::uint64_t batch) const;

  cpu_isa isa() const { return isa_; }

 private:
  unsigned threads_;
  cpu_isa isa_;
  std::size_t cache_bytes_;
  std::size_t shared_cache_bytes_;
};

extern template class cpu_executor<df64>;
extern template class cpu_executor<qf128>;
extern template class cpu_executor<dd128>;

}  // namespace ffft::fft
