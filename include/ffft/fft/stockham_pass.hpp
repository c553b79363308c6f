// One pass of the Stockham autosort FFT (Van Loan, "Computational Frameworks
// for the FFT", 1.7; Thall's Algorithms 8-10), written once for host and
// device.
//
// n = L r m. Before the pass the data hold L independent DFTs of length r m,
// the k-th contiguous at [k r m, (k + 1) r m). The pass does the first
// (decimation-in-frequency) step of each: for k < L and i < m,
//   t_j = in[i + m (j + r k)],  j < r
//   u   = DFT_r(t)
//   out[i + m (k + L a)] = w_(r m)^(i a) u_a,   a < r
// after which the data hold L r DFTs of length m, the (k + L a)-th for
// frequencies k + L a + L r (...): the digits of the frequency index come out
// in order, so after the last pass (m = 1) the result is in natural order,
// with no bit reversal. w_(r m)^(i a) = w_n^(i a L), so every pass takes its
// twiddles from one source of length n.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/fft/butterflies.hpp"
#include "ffft/fft/twiddled_dft.hpp"

namespace ffft::fft {

struct pass_shape {
  int radix;        // r
  std::uint64_t l;  // L: product of the radices of the earlier passes
  std::uint64_t m;  // n / (L r): product of the radices of the later passes
};

// A 1-D sequence in memory: element j of transform b is at
// data[j * stride + b * distance].
template <class C>
struct strided {
  C* data;
  std::int64_t stride;
  std::int64_t distance;

  FFFT_HD C& operator()(std::uint64_t b, std::uint64_t j) const {
    return data[static_cast<std::int64_t>(j) * stride + static_cast<std::int64_t>(b) * distance];
  }
};

// The twiddles of one pass, w_n^(i a L) for a = 1 .. r-1 and i < m, stored
// forward at [(a - 1) m + i]; an inverse pass uses them too, between swaps
// (twiddled_dft.hpp).
template <class E>
struct pass_twiddles {
  const complex<E>* data;

  FFFT_HD const complex<E>* entry(const pass_shape& p, int a, std::uint64_t i) const {
    return data + static_cast<std::uint64_t>(a - 1) * p.m + i;
  }
  FFFT_HD complex<E> get(const pass_shape& p, int a, std::uint64_t i) const { return *entry(p, a, i); }
};

// Entry e of a pass's twiddle array, from any source of w_n^k (sources.hpp).
// e < (r - 1) m.
template <class E, class Source>
FFFT_HD complex<E> pass_twiddle_entry(const pass_shape& p, std::uint64_t e, const Source& w_n) {
  const std::uint64_t a = e / p.m + 1;
  const std::uint64_t i = e % p.m;
  return w_n(i * a * p.l);
}

// The twiddles of butterfly i of a pass, as twiddled_dft.hpp takes them.
template <class E>
struct butterfly_twiddles {
  pass_twiddles<E> twiddles;
  const pass_shape& pass;
  std::uint64_t i;
  FFFT_HD complex<E> operator()(int a) const { return twiddles.get(pass, a, i); }
};

// The butterfly (k, i) of transform b; forward, or inverse through the
// swaps of twiddled_dft.hpp.
template <int R, class E>
FFFT_HD void stockham_butterfly(const pass_shape& p, pass_twiddles<E> twiddles,
                                strided<const complex<E>> in, strided<complex<E>> out,
                                std::uint64_t b, std::uint64_t k, std::uint64_t i, bool inverse) {
  complex<E> x[R];
  const strided_inputs<E> inputs{&in(b, i + p.m * R * k), static_cast<std::int64_t>(p.m) * in.stride};
  twiddled_dft<R>(x, [&](int j) { return oriented(inputs(j), inverse); },
                  butterfly_twiddles<E>{twiddles, p, i}, p.m > 1);
FFFT_UNROLL
  for (int a = 0; a < R; ++a) out(b, i + p.m * (k + p.l * a)) = oriented(x[a], inverse);
}

}  // namespace ffft::fft
