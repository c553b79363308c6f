// What an executor is given to run: a Stockham transform's passes and
// twiddles, or a Bluestein transform's, in the executor's memory, and the
// workspace layout they need.
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "ffft/complex.hpp"
#include "ffft/fft/stockham_pass.hpp"
#include "ffft/twiddle/factored.hpp"
#include "ffft/twiddle/sources.hpp"

namespace ffft::fft {

// A Stockham transform as an executor sees it: the passes, and their
// twiddles in the executor's memory. The CPU executor always has the
// passes' arrays. A GPU's kernels take them as `source` says: table: the
// arrays; computed: only the two base tables of twiddle/factored.hpp, from
// which they make the arrays' values; direct: nothing, each twiddle is
// evaluated by sincos where it is used (transform_twiddles.hpp).
template <class E>
struct stockham_program {
  std::uint64_t n;
  const std::vector<pass_shape>* passes;
  const std::vector<std::uint64_t>* offsets;
  const complex<E>* twiddles;                 // nullptr where the executor holds no arrays
  twiddle::factored_twiddles<E> factors{};    // computed mode: coarse and fine, else null
  twiddle_mode source = twiddle_mode::table;  // what a GPU's kernels read
};

template <class E>
struct bluestein_program {
  std::uint64_t n;
  std::uint64_t padded;
  stockham_program<E> padded_fft;
  const complex<E>* chirp;
  const complex<E>* kernel;
};

// A whole transform: one of the two algorithms, chosen once, at plan time
// (Stockham for 7-smooth lengths, Bluestein for the others).
template <class E>
using transform_program = std::variant<stockham_program<E>, bluestein_program<E>>;

// The Stockham transform a program runs: its own, or Bluestein's padded one.
template <class E>
const stockham_program<E>& stockham_part(const transform_program<E>& p) {
  if (const auto* b = std::get_if<bluestein_program<E>>(&p)) return b->padded_fft;
  return std::get<stockham_program<E>>(p);
}

template <class C>
strided<C> dense(C* data, std::uint64_t n) {
  return {data, 1, static_cast<std::int64_t>(n)};
}

template <class C>
strided<const C> as_const(strided<C> s) {
  return {s.data, s.stride, s.distance};
}

// Workspace buffers (of n * batch values each) a Stockham transform needs:
// pass (or group of passes) j writes to buffer j mod 2 except the last,
// which writes to out. Grouping passes never needs more.
inline int stockham_buffers(std::size_t passes) { return passes >= 3 ? 2 : passes == 2 ? 1 : 0; }

}  // namespace ffft::fft
