// W Stockham butterflies at once on the CPU: the W butterflies' inputs are
// gathered into lane vectors (expansion<lane, N>), run through the same dft<>
// and complex multiplication templates as a single butterfly, and scattered
// back. Lanes round exactly as scalars do (simd_lanes.hpp), so the results
// are bit-identical to W calls of stockham_butterfly, which tests check.
#pragma once

#include <cstdint>
#include <cstring>

#include "ffft/fft/stockham_pass.hpp"
#include "ffft/simd_lanes.hpp"

#if FFFT_HAVE_LANES

namespace ffft::fft {

// Lanes per vector: 256 bits of limbs.
template <class E>
inline constexpr int lane_count = 32 / static_cast<int>(sizeof(typename E::limb_type));

template <class E>
using lane_expansion =
    expansion<typename simd::lane_vector<typename E::limb_type, lane_count<E>>::type, E::limbs>;

// W complex values into one lane complex value and back. Whole vectors are
// built from scalar arrays (rather than written lane by lane), which GCC
// compiles to plain loads and stores.
template <class E>
complex<lane_expansion<E>> to_lanes(const complex<E> (&v)[lane_count<E>]) {
  constexpr int W = lane_count<E>;
  using T = typename E::limb_type;
  T re[E::limbs][W], im[E::limbs][W];
  for (int w = 0; w < W; ++w) {
FFFT_UNROLL
    for (int l = 0; l < E::limbs; ++l) re[l][w] = v[w].re[l], im[l][w] = v[w].im[l];
  }
  complex<lane_expansion<E>> x;
  std::memcpy(&x.re.limb, re, sizeof re);
  std::memcpy(&x.im.limb, im, sizeof im);
  return x;
}

template <class E>
void from_lanes(const complex<lane_expansion<E>>& x, complex<E> (&v)[lane_count<E>]) {
  constexpr int W = lane_count<E>;
  using T = typename E::limb_type;
  T re[E::limbs][W], im[E::limbs][W];
  std::memcpy(re, &x.re.limb, sizeof re);
  std::memcpy(im, &x.im.limb, sizeof im);
  for (int w = 0; w < W; ++w) {
FFFT_UNROLL
    for (int l = 0; l < E::limbs; ++l) v[w].re[l] = re[l][w], v[w].im[l] = im[l][w];
  }
}

// The butterflies (b[w], k[w], i[w]), w < lane_count<E>.
template <int R, int Sign, class E>
void stockham_butterfly_lanes(const pass_shape& p, pass_twiddles<E> twiddles,
                              strided<const complex<E>> in, strided<complex<E>> out,
                              const std::uint64_t* b, const std::uint64_t* k,
                              const std::uint64_t* i) {
  constexpr int W = lane_count<E>;
  using L = lane_expansion<E>;
  complex<E> v[W];
  complex<L> x[R];
FFFT_UNROLL
  for (int j = 0; j < R; ++j) {
    for (int w = 0; w < W; ++w) v[w] = in(b[w], i[w] + p.m * (j + R * k[w]));
    x[j] = to_lanes<E>(v);
  }
  dft<R, Sign>(x);
  from_lanes<E>(x[0], v);
  for (int w = 0; w < W; ++w) out(b[w], i[w] + p.m * k[w]) = v[w];
FFFT_UNROLL
  for (int a = 1; a < R; ++a) {
    for (int w = 0; w < W; ++w) v[w] = twiddles.template get<Sign>(p, a, i[w]);
    from_lanes<E>(mul(x[a], to_lanes<E>(v)), v);
    for (int w = 0; w < W; ++w) out(b[w], i[w] + p.m * (k[w] + p.l * a)) = v[w];
  }
}

}  // namespace ffft::fft

#endif
