// W Stockham butterflies at once on the CPU: the W butterflies' inputs are
// gathered into lane vectors (expansion<lane, N>), run through the same dft<>
// and complex multiplication templates as a single butterfly, and scattered
// back. Lanes round exactly as scalars do (simd_lanes.hpp), so the results
// are bit-identical to W calls of stockham_butterfly, which tests check.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "ffft/fft/stockham_pass.hpp"
#include "ffft/fft/twiddled_dft.hpp"
#include "ffft/simd_lanes.hpp"

namespace ffft::fft {

// Where a lane path's step reads and writes W consecutive values as a
// lane-planar block: the K = 2N limb vectors that load_lanes makes of them
// (re limbs, then im limbs, W lanes each), stored as they are, so that a
// step between two of a tile's buffers moves them with K whole-vector
// loads and stores and none of load_lanes' and store_lanes' rounds of
// two-source permutes. Only the CPU's tile buffers hold such blocks, and
// only between two steps that both take them (stockham_group_path.hpp,
// planar_boundary); every value a transform reads or writes outside them
// is a complex<E> as the API has it. The same values in the same lanes:
// the same bits. A pass's twiddles may be held so too (twiddles_planar):
// a copy of its array, m a multiple of W, in which the W entries from
// each multiple of W are such a block (stockham_group_path.hpp,
// planar_twiddles), so that the rows load a twiddle without permutes.
struct lane_layout {
  bool in_planar = false, out_planar = false, twiddles_planar = false;
};

// The paths whose steps take lane-planar blocks: avx512's. On avx2 the
// loaders' runtime choice cost more than the permutes it saves: dd128's
// four limb vectors of four lanes transpose as a square (transpose_square)
// in few permutes, and with both loaders in each body, on 16 registers, a
// single transform of 2^10 or 2^13 (pass by pass, where no buffer is
// planar) executed 10% more instructions and took 1.07-1.08 of the time,
// batches of them 1.00-1.01 (the Zen 4, best of 5 interleaved runs of
// ffft_transform_loop; callgrind's counts). Elsewhere the flags are never
// set, and the loaders compile as they did without them.
template <int Bytes>
inline constexpr bool takes_lane_planar_blocks = Bytes == 64;

}  // namespace ffft::fft

#if FFFT_HAVE_LANES

namespace ffft::fft {

// Lanes per vector of Bytes bytes: 64 (AVX-512) or 32 (AVX2). Every
// function here takes the vector width as its first template argument, so
// the AVX2 and AVX-512 paths instantiate differently named functions
// (stockham_pass_paths.hpp) and the linker can never merge one into the other.
template <class E, int Bytes>
inline constexpr int lane_count = Bytes / static_cast<int>(sizeof(typename E::limb_type));

template <class E, int Bytes>
using lane_expansion =
    expansion<typename simd::lane_vector<typename E::limb_type, lane_count<E, Bytes>>::type,
              E::limbs>;

// W complex values into one lane complex value and back. Whole vectors are
// built from scalar arrays (rather than written lane by lane), which GCC
// compiles to plain loads and stores.
template <int Bytes, class E>
FFFT_HD complex<lane_expansion<E, Bytes>> to_lanes(const complex<E> (&v)[lane_count<E, Bytes>]) {
  constexpr int W = lane_count<E, Bytes>;
  using T = typename E::limb_type;
  T re[E::limbs][W], im[E::limbs][W];
  for (int w = 0; w < W; ++w) {
FFFT_UNROLL
    for (int l = 0; l < E::limbs; ++l) re[l][w] = v[w].re[l], im[l][w] = v[w].im[l];
  }
  complex<lane_expansion<E, Bytes>> x;
  std::memcpy(&x.re.limb, re, sizeof re);
  std::memcpy(&x.im.limb, im, sizeof im);
  return x;
}

template <int Bytes, class E>
FFFT_HD void from_lanes(const complex<lane_expansion<E, Bytes>>& x, complex<E> (&v)[lane_count<E, Bytes>]) {
  constexpr int W = lane_count<E, Bytes>;
  using T = typename E::limb_type;
  T re[E::limbs][W], im[E::limbs][W];
  std::memcpy(re, &x.re.limb, sizeof re);
  std::memcpy(im, &x.im.limb, sizeof im);
  for (int w = 0; w < W; ++w) {
FFFT_UNROLL
    for (int l = 0; l < E::limbs; ++l) v[w].re[l] = re[l][w], v[w].im[l] = im[l][w];
  }
}

// One complex value in every lane: each limb broadcast, bit for bit.
template <int Bytes, class E>
FFFT_HD complex<lane_expansion<E, Bytes>> broadcast_lanes(const complex<E>& v) {
  using V = typename lane_expansion<E, Bytes>::limb_type;
  complex<lane_expansion<E, Bytes>> x;
FFFT_UNROLL
  for (int l = 0; l < E::limbs; ++l) {
    // Lane 0's value shuffled into every lane: one broadcast of each limb.
    // Set lane by lane, GCC 12 inserted the lanes one masked broadcast at
    // a time (16 for df64 on avx512), or through the stack.
    using lane_indices = decltype(V{} < V{});
    x.re[l] = __builtin_shuffle(V{v.re[l]}, lane_indices{});
    x.im[l] = __builtin_shuffle(V{v.im[l]}, lane_indices{});
  }
  return x;
}

// W consecutive complex values in memory <-> lanes, without going through
// scalars: the K = 2N limbs of W values are K whole vectors, where lane w of
// component c (re limbs, then im limbs) is scalar w K + c. log2(K) rounds
// of "unzip" (evens of each vector pair, then odds) take the K vectors to
// that transposed form; the rounds of "zip" undo it. Where K = W, a square
// transpose does it in fewer instructions (transpose_square). Each round is K
// two-source permutes (vpermt2ps/pd), against W K scalar moves through
// the stack, whose narrow stores then stall the wide loads that follow.
namespace lane_shuffle {

template <class V>
using index_vector = typename limb::integer_type<V>::type;  // integers of the limb width

template <class V, int W>
inline index_vector<V> unzip_mask(int parity) {
  index_vector<V> m{};
  for (int w = 0; w < W; ++w) m[w] = 2 * w + parity;
  return m;
}

// The even (parity 0) or odd chunks of Chunk lanes of a vector pair: with
// Chunk 1, unzip_mask.
template <class V, int W, int Chunk>
inline index_vector<V> unzip_chunks_mask(int parity) {
  index_vector<V> m{};
  for (int w = 0; w < W; ++w) m[w] = 2 * Chunk * (w / Chunk) + parity * Chunk + w % Chunk;
  return m;
}

template <class V, int W>
inline index_vector<V> zip_mask(int half) {
  index_vector<V> m{};
  for (int w = 0; w < W; ++w) m[w] = (w % 2) * W + half * (W / 2) + w / 2;
  return m;
}

// log2(Count) rounds of unzipping Count vectors in place: each round puts
// the `even` shuffle of every vector pair first, then their `odd` one.
// With unzip_mask, lane w of vector c ends up as scalar w Count + c of the
// vectors as they were; with unzip_chunks_mask, the same in chunks.
template <class V, int Count>
[[gnu::always_inline]] inline void unzip_rounds(V (&v)[Count], const index_vector<V>& even,
                                                const index_vector<V>& odd) {
  for (int round = 1; round < Count; round *= 2) {
    V u[Count];
FFFT_UNROLL
    for (int j = 0; j < Count / 2; ++j) {
      u[j] = __builtin_shuffle(v[2 * j], v[2 * j + 1], even);
      u[Count / 2 + j] = __builtin_shuffle(v[2 * j], v[2 * j + 1], odd);
    }
FFFT_UNROLL
    for (int k = 0; k < Count; ++k) v[k] = u[k];
  }
}

// The transpose of W vectors of W lanes (K = W: each value is one whole
// vector, as dd128's and qf128's are on the avx2 path), in place: log2 W
// rounds, each swapping the off-diagonal blocks of S x S lanes within
// every 2S x 2S block (Eklundh's transposition), S = 1, 2, ... W / 2. A
// round's shuffle keeps to one AVX2 instruction where one exists
// (unpcklpd and unpckhpd, vperm2f128), where an unzip across a whole
// vector takes two (a permute across the 128-bit halves besides).
template <class V, int W, int S = 1>
inline void transpose_square(V (&v)[W]) {
  if constexpr (S < W) {
    index_vector<V> low{}, high{};
    for (int j = 0; j < W; ++j) {
      low[j] = (j & S) ? W + j - S : j;  // rows i: their own lanes, or row i + S's
      high[j] = (j & S) ? W + j : j + S;  // rows i + S: row i's lanes, or their own
    }
    V u[W];
FFFT_UNROLL
    for (int i = 0; i < W; ++i) {
      if (i & S) continue;
      u[i] = __builtin_shuffle(v[i], v[i + S], low);
      u[i + S] = __builtin_shuffle(v[i], v[i + S], high);
    }
FFFT_UNROLL
    for (int i = 0; i < W; ++i) v[i] = u[i];
    transpose_square<V, W, 2 * S>(v);
  }
}

// Vector k of the limbs from p, and back: one whole-vector move each, not a
// copy of all K vectors through an array on the stack (which GCC made of
// 16-byte moves, so that each 32-byte read of it waited for two stores to
// retire: the loads and stores then took twice the arithmetic's time).
template <class V, class C>
inline V load(const C* p, int k) {
  V v;
  __builtin_memcpy(&v, reinterpret_cast<const char*>(p) + k * sizeof(V), sizeof(V));
  return v;
}

template <class V, class C>
inline void store(C* p, int k, V v) {
  __builtin_memcpy(reinterpret_cast<char*>(p) + k * sizeof(V), &v, sizeof(V));
}

}  // namespace lane_shuffle

template <int Bytes, class E>
FFFT_HD complex<lane_expansion<E, Bytes>> load_lanes(const complex<E>* source) {
  using V = typename lane_expansion<E, Bytes>::limb_type;
  constexpr int W = lane_count<E, Bytes>, N = E::limbs, K = 2 * N;
  const auto even = lane_shuffle::unzip_mask<V, W>(0), odd = lane_shuffle::unzip_mask<V, W>(1);
  V v[K];
FFFT_UNROLL
  for (int k = 0; k < K; ++k) v[k] = lane_shuffle::load<V>(source, k);
  if constexpr (K == W) lane_shuffle::transpose_square<V, W>(v);
  else lane_shuffle::unzip_rounds<V, K>(v, even, odd);
  complex<lane_expansion<E, Bytes>> x;
FFFT_UNROLL
  for (int l = 0; l < N; ++l) x.re[l] = v[l], x.im[l] = v[N + l];
  return x;
}

template <int Bytes, class E>
FFFT_HD void store_lanes(const complex<lane_expansion<E, Bytes>>& x, complex<E>* target) {
  using V = typename lane_expansion<E, Bytes>::limb_type;
  constexpr int W = lane_count<E, Bytes>, N = E::limbs, K = 2 * N;
  const auto low = lane_shuffle::zip_mask<V, W>(0), high = lane_shuffle::zip_mask<V, W>(1);
  V v[K];
FFFT_UNROLL
  for (int l = 0; l < N; ++l) v[l] = x.re[l], v[N + l] = x.im[l];
  if constexpr (K == W) {
    lane_shuffle::transpose_square<V, W>(v);
  } else {
    for (int round = 1; round < K; round *= 2) {
      V u[K];
FFFT_UNROLL
      for (int j = 0; j < K / 2; ++j) {
        u[2 * j] = __builtin_shuffle(v[j], v[K / 2 + j], low);
        u[2 * j + 1] = __builtin_shuffle(v[j], v[K / 2 + j], high);
      }
FFFT_UNROLL
      for (int k = 0; k < K; ++k) v[k] = u[k];
    }
  }
FFFT_UNROLL
  for (int k = 0; k < K; ++k) lane_shuffle::store(target, k, v[k]);
}

// W consecutive values in a lane-planar block (lane_layout): the K limb
// vectors that load_lanes makes of them, stored as they are.
template <int Bytes, class E>
FFFT_HD complex<lane_expansion<E, Bytes>> load_planar(const complex<E>* block) {
  complex<lane_expansion<E, Bytes>> x;
  using V = typename lane_expansion<E, Bytes>::limb_type;
FFFT_UNROLL
  for (int l = 0; l < E::limbs; ++l) {
    x.re[l] = lane_shuffle::load<V>(block, l);
    x.im[l] = lane_shuffle::load<V>(block, E::limbs + l);
  }
  return x;
}

template <int Bytes, class E>
FFFT_HD void store_planar(const complex<lane_expansion<E, Bytes>>& x, complex<E>* block) {
FFFT_UNROLL
  for (int l = 0; l < E::limbs; ++l) {
    lane_shuffle::store(block, l, x.re[l]);
    lane_shuffle::store(block, E::limbs + l, x.im[l]);
  }
}

template <int Bytes, class E>
FFFT_HD complex<lane_expansion<E, Bytes>> load_lanes(const complex<E>* source, bool planar) {
  if constexpr (takes_lane_planar_blocks<Bytes>)
    if (planar) return load_planar<Bytes, E>(source);
  return load_lanes<Bytes, E>(source);
}

template <int Bytes, class E>
FFFT_HD void store_lanes(const complex<lane_expansion<E, Bytes>>& x, complex<E>* target, bool planar) {
  if constexpr (takes_lane_planar_blocks<Bytes>) {
    if (planar) {
      store_planar<Bytes, E>(x, target);
      return;
    }
  }
  store_lanes<Bytes, E>(x, target);
}

// Lane w's value of the block at `block` (W values from there), in either
// layout: for the scalar checked butterfly that redoes a lane.
template <int Bytes, class E>
complex<E> lane_value(const complex<E>* block, int w, bool planar) {
  if (!takes_lane_planar_blocks<Bytes> || !planar) return block[w];
  constexpr int W = lane_count<E, Bytes>;
  using T = typename E::limb_type;
  T limbs[2 * E::limbs];
FFFT_UNROLL
  for (int c = 0; c < 2 * E::limbs; ++c)
    std::memcpy(&limbs[c], reinterpret_cast<const char*>(block) + (c * W + w) * sizeof(T), sizeof(T));
  complex<E> v;
FFFT_UNROLL
  for (int l = 0; l < E::limbs; ++l) v.re[l] = limbs[l], v.im[l] = limbs[E::limbs + l];
  return v;
}

template <int Bytes, class E>
void set_lane_value(complex<E>* block, int w, const complex<E>& v, bool planar) {
  if (!takes_lane_planar_blocks<Bytes> || !planar) {
    block[w] = v;
    return;
  }
  constexpr int W = lane_count<E, Bytes>;
  using T = typename E::limb_type;
FFFT_UNROLL
  for (int l = 0; l < E::limbs; ++l) {
    std::memcpy(reinterpret_cast<char*>(block) + (l * W + w) * sizeof(T), &v.re[l], sizeof(T));
    std::memcpy(reinterpret_cast<char*>(block) + ((E::limbs + l) * W + w) * sizeof(T), &v.im[l], sizeof(T));
  }
}

// The arithmetic of W butterflies in lanes: the radix-R DFT of x, then
// output a >= 1 times its twiddle w[a - 1] (forward: an inverse butterfly
// swaps the real and imaginary parts of x before and after,
// twiddled_dft.hpp), as twiddled_dft.hpp does it: unchecked first, and each
// lane whose outputs are not all finite again through the scalar checked
// butterfly, the one stockham_butterfly runs, so every lane decides and
// computes as a single butterfly does. Out of line, so that each radix
// instantiates the expansion arithmetic once, however its operands were
// loaded and in either direction: inlined into every way of loading them,
// the qf128 DFTs alone took minutes to compile per path. The call costs
// 2R - 1 lane values through the stack, against the hundreds of operations
// of the expansion arithmetic. `twiddled` false (a pass with m = 1): every
// twiddle is 1 and w is not read (twiddled_dft.hpp).
template <int Bytes, int R, class E>
[[gnu::noinline]] void lane_butterfly_arithmetic(complex<lane_expansion<E, Bytes>> (&x)[R],
                                                 const complex<lane_expansion<E, Bytes>> (&w)[R - 1],
                                                 bool inverse, bool twiddled) {
  using L = lane_expansion<E, Bytes>;
  if (inverse)
    for (int j = 0; j < R; ++j) x[j] = swapped(x[j]);
  complex<unchecked<L>> fast[R];
  const auto finite = twiddled_dft_unchecked<R, -1>(fast, [&](int j) { return x[j]; },
                                                    [&](int a) { return w[a - 1]; }, twiddled);
  if (!limb::all_lanes(finite)) [[unlikely]] {
    for (int lane = 0; lane < lane_count<E, Bytes>; ++lane) {
      if (finite[lane]) continue;
      const auto scalar = [&](const complex<L>& v) {
        complex<E> s;
        for (int l = 0; l < E::limbs; ++l) s.re[l] = v.re[l][lane], s.im[l] = v.im[l][lane];
        return s;
      };
      complex<E> y[R], t[R - 1];
      for (int j = 0; j < R; ++j) y[j] = scalar(x[j]);
      if (twiddled)
        for (int a = 1; a < R; ++a) t[a - 1] = scalar(w[a - 1]);
      checked_butterfly<E>(R, y, twiddled ? t : nullptr);
      for (int a = 0; a < R; ++a)
        for (int l = 0; l < E::limbs; ++l) fast[a].re[l][lane] = y[a].re[l], fast[a].im[l][lane] = y[a].im[l];
    }
  }
FFFT_UNROLL
  for (int a = 0; a < R; ++a) x[a] = inverse ? swapped(value_of(fast[a])) : value_of(fast[a]);
}

// Whether R rows of W values from `in` (rows in_step apart) and R rows from
// `out` (out_step apart) lie in disjoint spans of memory: a butterfly that
// stores its outputs as it makes them must not overwrite inputs it has yet
// to read, or that its non-finite lanes read again. The passes read one
// buffer and write another (engine/step_buffers.hpp), so this holds for
// every group but where a caller passes one buffer as both.
template <class C>
inline bool rows_apart(const C* in, std::int64_t in_step, const C* out, std::int64_t out_step, int rows, int width) {
  const auto span = [&](const C* first, std::int64_t step) {
    const auto begin = reinterpret_cast<std::uintptr_t>(first);
    const auto last = begin + static_cast<std::uintptr_t>((rows - 1) * step + width) * sizeof(C);
    return std::pair{begin, last};
  };
  const auto [in_begin, in_end] = span(in, in_step);
  const auto [out_begin, out_end] = span(out, out_step);
  return in_end <= out_begin || out_end <= in_begin;
}

// Whether E's radix-R lane butterflies on rows of values in memory run
// through lane_butterfly_rows: the renormalizing radices (2, 4, 8) of the
// two-limb formats, whose passes cost up to twice their arithmetic.
// qf128's arithmetic, ten times theirs a value, hides its loads and stores
// (2-3% in the same test), and every radix more is a compiled body.
template <class E, int R>
inline constexpr bool rows_arithmetic = E::limbs == 2 && defers_renormalization<E, R>;

// W butterflies whose operands are rows of W consecutive values in memory:
// input j at in + j in_step, twiddle a at w + (a - 1) w_step (not read
// unless twiddled), output a at out + a out_step, which must not overlap
// the inputs. The same arithmetic
// as lane_butterfly_arithmetic on the same values (the same bits), with
// the loads and stores in its own body: each input loaded where the DFT
// takes it, each twiddle where its product needs it, each output stored
// as soon as it is made. Through lane_butterfly_arithmetic's arrays, a
// radix-8 dd128 lane group stored its 15 operands to the stack for the
// call and its 8 outputs twice, beside its spills: on the Zen 4, whose
// 512-bit stores take 2 cycles each, an extra store there cost a pass its
// full 2 cycles, and these rows took 0.72-0.88 of a pass's time in
// isolation (docs/performance.md). Lanes whose outputs are not all finite
// are computed again from the inputs in memory by the scalar checked
// butterfly and stored over their unchecked outputs, as
// lane_butterfly_arithmetic does. With SharedTwiddles, twiddle a is the
// one value w[(a - 1) w_step] for every lane (the tiles whose lanes run
// across columns of one butterfly index, stockham_group_path.hpp),
// broadcast where its product needs it.
template <int Bytes, int R, class E, bool SharedTwiddles = false>
[[gnu::noinline]] void lane_butterfly_rows(const complex<E>* in, std::int64_t in_step, const complex<E>* w,
                                           std::int64_t w_step, complex<E>* out, std::int64_t out_step,
                                           bool inverse, bool twiddled, lane_layout layout = {}) {
  using L = lane_expansion<E, Bytes>;
  detail::outputs_finite_sum<L> sum;
  twiddled_dft_unchecked_each<R, -1, L>(
      [&](int j) { return oriented(load_lanes<Bytes, E>(in + j * in_step, layout.in_planar), inverse); },
      [&](int a) {
        if constexpr (SharedTwiddles) return broadcast_lanes<Bytes, E>(w[(a - 1) * w_step]);
        else return load_lanes<Bytes, E>(w + (a - 1) * w_step, layout.twiddles_planar);
      },
      twiddled,
      [&](int a, const complex<unchecked<L>>& y) {
        sum.add(a, y);
        store_lanes<Bytes, E>(oriented(value_of(y), inverse), out + a * out_step, layout.out_planar);
      });
  const auto finite = sum.finite();
  if (!limb::all_lanes(finite)) [[unlikely]] {
    for (int lane = 0; lane < lane_count<E, Bytes>; ++lane) {
      if (finite[lane]) continue;
      complex<E> y[R], t[R - 1];
      for (int j = 0; j < R; ++j) y[j] = oriented(lane_value<Bytes>(in + j * in_step, lane, layout.in_planar), inverse);
      if (twiddled)
        for (int a = 1; a < R; ++a)
          t[a - 1] = SharedTwiddles ? w[(a - 1) * w_step]
                                    : lane_value<Bytes>(w + (a - 1) * w_step, lane, layout.twiddles_planar);
      checked_butterfly<E>(R, y, twiddled ? t : nullptr);
      for (int a = 0; a < R; ++a) set_lane_value<Bytes>(out + a * out_step, lane, oriented(y[a], inverse), layout.out_planar);
    }
  }
}

// The cache lines of the W consecutive values from p, asked for ahead of
// their loads (prefetcht0): a hint, which never faults, so p may be the
// data's end (the next group of the last one).
template <int Bytes, class E>
[[gnu::always_inline]] inline void prefetch_lanes(const complex<E>* p) {
  constexpr std::size_t bytes = lane_count<E, Bytes> * sizeof(complex<E>);
FFFT_UNROLL
  for (std::size_t line = 0; line < bytes; line += 64)
    __builtin_prefetch(reinterpret_cast<const char*>(p) + line, 0, 3);
}

// The butterflies (b, k, i0 + w), w < lane_count<E, Bytes>, of a pass with m a
// multiple of the lane count, on unit-stride data: every operand is W
// consecutive values in memory. With prefetch_next, the next group's
// inputs and twiddles (i0 + W) are asked for before this group's
// arithmetic, which then hides their trip from the next cache level
// (cache_blocking.hpp, prefetches_next_operands, says when and why).
template <int Bytes, int R, class E>
[[gnu::always_inline]] inline void stockham_butterfly_consecutive(
    const pass_shape& p, pass_twiddles<E> twiddles, strided<const complex<E>> in,
    strided<complex<E>> out, std::uint64_t b, std::uint64_t k, std::uint64_t i0, bool inverse,
    bool prefetch_next, lane_layout layout = {}) {
  using L = lane_expansion<E, Bytes>;
  if (prefetch_next) {
    const std::uint64_t next = i0 + lane_count<E, Bytes>;
FFFT_UNROLL
    for (int j = 0; j < R; ++j) prefetch_lanes<Bytes, E>(&in(b, next + p.m * (j + R * k)));
FFFT_UNROLL
    for (int a = 1; a < R; ++a)
      prefetch_lanes<Bytes, E>(twiddles.entry(p, a, next));
  }
  const complex<E>* first_input = &in(b, i0 + p.m * R * k);
  complex<E>* first_output = &out(b, i0 + p.m * k);
  const auto in_step = static_cast<std::int64_t>(p.m), out_step = static_cast<std::int64_t>(p.m * p.l);
  if constexpr (rows_arithmetic<E, R>) {
    // m > 1 here (a multiple of W), so every twiddle is multiplied.
    if (rows_apart(first_input, in_step, static_cast<const complex<E>*>(first_output), out_step, R,
                   lane_count<E, Bytes>))
      return lane_butterfly_rows<Bytes, R, E>(first_input, in_step, twiddles.entry(p, 1, i0),
                                              static_cast<std::int64_t>(p.m), first_output, out_step, inverse, true,
                                              layout);
  }
  complex<L> x[R], w[R - 1];
FFFT_UNROLL
  for (int j = 0; j < R; ++j) x[j] = load_lanes<Bytes, E>(first_input + j * in_step, layout.in_planar);
FFFT_UNROLL
  for (int a = 1; a < R; ++a)
    w[a - 1] = load_lanes<Bytes, E>(twiddles.entry(p, a, i0), layout.twiddles_planar);
  lane_butterfly_arithmetic<Bytes, R, E>(x, w, inverse, p.m > 1);
FFFT_UNROLL
  for (int a = 0; a < R; ++a) store_lanes<Bytes, E>(x[a], first_output + a * out_step, layout.out_planar);
}

// The butterflies t0 + w (w < W) of transform b in a pass with m < W, m a
// divisor of W (the last pass, m = 1, and those just before it), radix R
// a power of 2, on unit-stride data: their R W inputs are the consecutive
// values from m R k0 (k0 = t0 / m, t0 a multiple of W), and, in chunks of
// m values, chunk R (w / m) + j holds lane w's input j. Loaded as R whole
// lane vectors (load_lanes), log2 R rounds of unzipping chunks of m lanes
// deinterleave them (the even chunks of each vector pair, then the odd
// ones, as load_lanes unzips limbs): vector j then holds chunks j, j + R,
// ..., lane w's input j. The outputs i + m (k + L a) = t0 + w + m L a are
// consecutive. The same values in the same lanes as the gathering loader,
// with whole-vector loads instead of W R single values through the stack.
template <int Bytes, int R, int M, class E>
[[gnu::always_inline]] inline void stockham_butterfly_short(
    const pass_shape& p, pass_twiddles<E> twiddles, strided<const complex<E>> in,
    strided<complex<E>> out, std::uint64_t b, std::uint64_t t0, bool inverse, lane_layout layout = {}) {
  using L = lane_expansion<E, Bytes>;
  using V = typename L::limb_type;
  constexpr int W = lane_count<E, Bytes>;
  static_assert((R & (R - 1)) == 0 && M < W && W % M == 0, "R a power of 2, M a proper divisor of W");
  const std::uint64_t first = M * R * (t0 / M);
  complex<L> x[R], w[R - 1];
FFFT_UNROLL
  for (int q = 0; q < R; ++q)
    x[q] = load_lanes<Bytes, E>(&in(b, first + static_cast<std::uint64_t>(W * q)), layout.in_planar);
  const auto even = lane_shuffle::unzip_chunks_mask<V, W, M>(0);
  const auto odd = lane_shuffle::unzip_chunks_mask<V, W, M>(1);
  const auto deinterleave = [&](auto component) __attribute__((always_inline)) {
    V v[R];
FFFT_UNROLL
    for (int q = 0; q < R; ++q) v[q] = component(x[q]);
    lane_shuffle::unzip_rounds<V, R>(v, even, odd);
FFFT_UNROLL
    for (int j = 0; j < R; ++j) component(x[j]) = v[j];
  };
FFFT_UNROLL
  for (int l = 0; l < E::limbs; ++l) {
    deinterleave([l](complex<L>& c) -> V& { return c.re[l]; });
    deinterleave([l](complex<L>& c) -> V& { return c.im[l]; });
  }
  // Lane w's twiddles: entry (a - 1) m + w % m; none where m = 1, whose
  // twiddles are all 1.
  if constexpr (M > 1) {
    complex<E> v[W];
FFFT_UNROLL
    for (int a = 1; a < R; ++a) {
      for (int u = 0; u < W; ++u) v[u] = twiddles.data[static_cast<std::uint64_t>((a - 1) * M + u % M)];
      w[a - 1] = to_lanes<Bytes, E>(v);
    }
  }
  lane_butterfly_arithmetic<Bytes, R, E>(x, w, inverse, M > 1);
FFFT_UNROLL
  for (int a = 0; a < R; ++a)
    store_lanes<Bytes, E>(x[a], &out(b, t0 + p.m * p.l * static_cast<std::uint64_t>(a)), layout.out_planar);
}

// The last two passes of transform b at once, for the W columns k0 + w of
// the first (k0 a multiple of W): radix R1 at m = R2, then radix R2 at
// m = 1 (fused_passes.hpp says when). Butterfly (k, i) of the first reads
// x_j = in(i + R2 (j + R1 k)), j < R1 (over i < R2, the R1 R2 consecutive
// values from R1 R2 k) and writes its output a to i + R2 (k + L1 a);
// butterfly k + L1 a of the second reads those R2 values, i = 0 .. R2 - 1,
// and writes its output a2 to k + L1 a + L2 a2. So lane w's R1 R2 inputs
// are consecutive, all W lanes' are whole vectors, which a transpose
// leaves as lane w's input c in lane vector c; the second pass's inputs
// are the first's outputs, in registers and on the stack rather than a
// trip through memory; and each output of the second is W consecutive
// values. twiddles_1[i][a - 1] is the first pass's twiddles, one for all
// the lanes (i, not the column, indexes them); the second's, at m = 1, are
// all 1 and not multiplied (twiddled_dft.hpp). The same butterflies on the
// same values with the same twiddles as the two passes one after the
// other: the same bits.
template <int Bytes, int R1, int R2, class E>
[[gnu::always_inline]] inline void stockham_last_two_butterflies(
    const complex<lane_expansion<E, Bytes>> (&twiddles_1)[R2][R1 - 1], std::uint64_t l1,
    strided<const complex<E>> in, strided<complex<E>> out, std::uint64_t b, std::uint64_t k0, bool inverse) {
  using L = lane_expansion<E, Bytes>;
  using V = typename L::limb_type;
  constexpr int W = lane_count<E, Bytes>, R = R1 * R2;
  static_assert((R & (R - 1)) == 0, "R1 and R2 powers of 2");
  // Lane w's R inputs are the R K scalars from R K w on (K = 2N limbs a
  // value, re then im): the rows of a W x R K matrix held in order by the
  // R K whole vectors from R k0. Vector c of its transpose (lane w:
  // component c % K of input c / K) takes lane c % W of the vectors
  // c / W + (R K / W) w, w < W: R K / W square transposes of W vectors
  // (transpose_square), log2 W rounds of shuffles, where load_lanes and
  // unzipping the R inputs would take log2 K + log2 R.
  constexpr int K = 2 * E::limbs, S = R * K / W;
  static_assert(R * K % W == 0, "whole blocks of W vectors");
  const complex<E>* source = &in(b, static_cast<std::uint64_t>(R) * k0);
  complex<L> x[R];
FFFT_UNROLL
  for (int g = 0; g < S; ++g) {
    V block[W];
FFFT_UNROLL
    for (int w = 0; w < W; ++w) block[w] = lane_shuffle::load<V>(source, g + S * w);
    lane_shuffle::transpose_square<V, W>(block);
FFFT_UNROLL
    for (int d = 0; d < W; ++d) {
      const int c = g * W + d, limb = c % K;
      (limb < E::limbs ? x[c / K].re[limb] : x[c / K].im[limb - E::limbs]) = block[d];
    }
  }
  // The first pass: butterfly i's input j is x[i + R2 j], and its output a
  // goes back to the same place.
FFFT_UNROLL
  for (int i = 0; i < R2; ++i) {
    complex<L> u[R1];
FFFT_UNROLL
    for (int j = 0; j < R1; ++j) u[j] = x[i + R2 * j];
    lane_butterfly_arithmetic<Bytes, R1, E>(u, twiddles_1[i], inverse, true);
FFFT_UNROLL
    for (int a = 0; a < R1; ++a) x[i + R2 * a] = u[a];
  }
  // The second: butterfly k0 + w + L1 a's input i is x[i + R2 a].
  const std::uint64_t l2 = l1 * R1;
  const complex<L> unit_twiddles[R2 - 1]{};  // not read
FFFT_UNROLL
  for (int a = 0; a < R1; ++a) {
    complex<L> u[R2];
FFFT_UNROLL
    for (int i = 0; i < R2; ++i) u[i] = x[i + R2 * a];
    lane_butterfly_arithmetic<Bytes, R2, E>(u, unit_twiddles, inverse, false);
FFFT_UNROLL
    for (int a2 = 0; a2 < R2; ++a2)
      store_lanes<Bytes, E>(u[a2], &out(b, k0 + l1 * static_cast<std::uint64_t>(a) + l2 * static_cast<std::uint64_t>(a2)));
  }
}

// Two consecutive passes at once: radix R1 at (L1, m1), then radix R2 at
// (L1 R1, m2), m1 = R2 m2, for the W columns i0 + w (i0 a multiple of W,
// m2 a multiple of W) of one k of the first, on unit-stride data. Butterfly
// (k, i0 + w + m2 c) of the first, c < R2, writes its output a to
// i0 + w + m2 c + m1 (k + L1 a), which butterfly (k + L1 a, i0 + w) of
// the second reads as its input c (stockham_pass.hpp's indices). So the R1
// R2 values of the W lanes are closed under the two passes: the first's R2
// butterflies leave their outputs in lanes, the second's R1 butterflies
// take them from there, without the store and load of a trip through the
// data; and the second's twiddles, entries (a2 - 1) m2 + i0 + w, are the
// same for its R1 butterflies. The same butterflies on the same values with
// the same twiddles as the two passes one after the other: the same bits.
template <int Bytes, int R1, int R2, class E>
[[gnu::always_inline]] inline void stockham_two_butterflies_consecutive(
    const pass_shape& p1, pass_twiddles<E> twiddles_1, pass_twiddles<E> twiddles_2,
    strided<const complex<E>> in, strided<complex<E>> out, std::uint64_t b, std::uint64_t k,
    std::uint64_t i0, bool inverse) {
  using L = lane_expansion<E, Bytes>;
  const std::uint64_t m1 = p1.m, m2 = m1 / R2, l2 = p1.l * R1;
  complex<L> y[R2][R1];
FFFT_UNROLL
  for (int c = 0; c < R2; ++c) {
    const std::uint64_t i = i0 + m2 * static_cast<std::uint64_t>(c);
    complex<L> w[R1 - 1];
FFFT_UNROLL
    for (int j = 0; j < R1; ++j) y[c][j] = load_lanes<Bytes, E>(&in(b, i + m1 * (j + R1 * k)));
FFFT_UNROLL
    for (int a = 1; a < R1; ++a)
      w[a - 1] = load_lanes<Bytes, E>(twiddles_1.data + static_cast<std::uint64_t>(a - 1) * m1 + i);
    lane_butterfly_arithmetic<Bytes, R1, E>(y[c], w, inverse, m1 > 1);
  }
  complex<L> w[R2 - 1];
FFFT_UNROLL
  for (int a2 = 1; a2 < R2; ++a2)
    w[a2 - 1] = load_lanes<Bytes, E>(twiddles_2.data + static_cast<std::uint64_t>(a2 - 1) * m2 + i0);
FFFT_UNROLL
  for (int a = 0; a < R1; ++a) {
    complex<L> x[R2];
FFFT_UNROLL
    for (int c = 0; c < R2; ++c) x[c] = y[c][a];
    lane_butterfly_arithmetic<Bytes, R2, E>(x, w, inverse, m2 > 1);
    const std::uint64_t k2 = k + p1.l * static_cast<std::uint64_t>(a);
FFFT_UNROLL
    for (int a2 = 0; a2 < R2; ++a2)
      store_lanes<Bytes, E>(x[a2], &out(b, i0 + m2 * (k2 + l2 * static_cast<std::uint64_t>(a2))));
  }
}

// The butterflies (b[w], k[w], i[w]), w < lanes <= lane_count<E, Bytes>,
// gathered one value at a time; the lanes past `lanes` repeat the last
// butterfly and are not written. With consecutive_output (all W lanes), the
// W outputs of each a are consecutive in memory, from lane 0's: either the
// lanes are consecutive butterflies of one transform (t = k m + i counts up
// by one), whose outputs i + m (k + L a) = t + m L a are consecutive even
// when their inputs are not (m < W), or they are one butterfly of
// consecutive transforms of an output of distance 1.
// Both loaders are inlined into the pass's loop body (stockham_pass_path.hpp;
// this one also into the body of a pass over columns, whose lanes run
// across the batch): per radix, format and path the library then compiles
// those two bodies and the arithmetic, nothing else.
template <int Bytes, int R, class E>
[[gnu::always_inline]] inline void stockham_butterfly_lanes(
    const pass_shape& p, pass_twiddles<E> twiddles, strided<const complex<E>> in,
    strided<complex<E>> out, const std::uint64_t* b, const std::uint64_t* k, const std::uint64_t* i,
    bool inverse, bool consecutive_output, int lanes = lane_count<E, Bytes>) {
  constexpr int W = lane_count<E, Bytes>;
  using L = lane_expansion<E, Bytes>;
  std::uint64_t source[W], twiddle[W];  // per lane: input offset of j = 0, twiddle index
  for (int w = 0; w < W; ++w) {
    const int u = w < lanes ? w : lanes - 1;
    source[w] = i[u] + p.m * R * k[u];
    twiddle[w] = i[u];
  }
  complex<E> v[W];
  complex<L> x[R], t[R - 1];
FFFT_UNROLL
  for (int j = 0; j < R; ++j) {
    for (int w = 0; w < W; ++w) v[w] = in(b[w < lanes ? w : lanes - 1], source[w] + p.m * j);
    x[j] = to_lanes<Bytes, E>(v);
  }
  const bool twiddled = p.m > 1;  // at m = 1 every twiddle is 1
  if (twiddled)
FFFT_UNROLL
    for (int a = 1; a < R; ++a) {
      for (int w = 0; w < W; ++w) v[w] = twiddles.data[static_cast<std::uint64_t>(a - 1) * p.m + twiddle[w]];
      t[a - 1] = to_lanes<Bytes, E>(v);
    }
  lane_butterfly_arithmetic<Bytes, R, E>(x, t, inverse, twiddled);
FFFT_UNROLL
  for (int a = 0; a < R; ++a) {
    if (consecutive_output) {
      store_lanes<Bytes, E>(x[a], &out(b[0], i[0] + p.m * (k[0] + p.l * static_cast<std::uint64_t>(a))));
    } else {
      from_lanes<Bytes, E>(x[a], v);
      for (int w = 0; w < lanes; ++w) out(b[w], i[w] + p.m * (k[w] + p.l * a)) = v[w];
    }
  }
}

// The explicit instantiations of the lane arithmetic for one lane width
// and format, every radix: `FFFT_LANE_ARITHMETIC(template, 32, df64)`
// defines them (the path's translation unit), `FFFT_LANE_ARITHMETIC(extern
// template, 32, df64)` declares them, so that code elsewhere (the tests)
// calls the library's copies instead of compiling its own.
#define FFFT_LANE_ARITHMETIC_FOR(what, Bytes, R, E)                                       \
  what void lane_butterfly_arithmetic<Bytes, R, E>(complex<lane_expansion<E, Bytes>>(&)[R], \
                                                   const complex<lane_expansion<E, Bytes>>(&)[R - 1], bool, bool);
#define FFFT_LANE_ARITHMETIC(what, Bytes, E)   \
  FFFT_LANE_ARITHMETIC_FOR(what, Bytes, 2, E) \
  FFFT_LANE_ARITHMETIC_FOR(what, Bytes, 3, E) \
  FFFT_LANE_ARITHMETIC_FOR(what, Bytes, 4, E) \
  FFFT_LANE_ARITHMETIC_FOR(what, Bytes, 5, E) \
  FFFT_LANE_ARITHMETIC_FOR(what, Bytes, 7, E) \
  FFFT_LANE_ARITHMETIC_FOR(what, Bytes, 8, E)

}  // namespace ffft::fft

#endif
