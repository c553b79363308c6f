// The do-it-yourself baseline of the FFT benchmark: "a plain radix-2 Stockham FFT over
// QD's dd_real and qd_real". It is what a user who needs more than double
// would write by hand instead of using ffft: the textbook radix-2 Stockham
// autosort FFT (Stockham 1966; Van Loan, "Computational Frameworks for the
// FFT", 1.7) on top of QD's scalar types, so the benchmark can say how much
// ffft buys over the obvious alternative, not only over FFTW. It is kept
// deliberately plain (scalar code, radix 2, one butterfly at a time) but not
// careless: the twiddles are computed once, in Real, and transform() only
// reads them and ping-pongs between two preallocated buffers, so its time is
// the arithmetic and the memory traffic of the algorithm, nothing else.
//
// QD's error-free transforms assume every double operation is rounded once
// to double. On x86-64 that holds by default (SSE2, no x87 extended
// precision), so there is no fpu_fix_start() to call. The compiled parts of
// QD (sincos, the slower operations) are built by Debian with its own flags,
// but its inline arithmetic (dd_inline.h, qd_inline.h) is compiled with the
// includer's: with FMA enabled (-mfma, -march=native) the includer must
// also pass -ffp-contract=off, or GCC may fuse the products in QD's split()
// and two_prod() into the additions that follow, which are then no longer
// error-free (GCC 12, -O3 -march=native: dd_real's transform error 1e-16
// instead of 4e-32). The ffft targets pass it (FFFT_HOST_FP_FLAGS).
#pragma once

#include <qd/dd_real.h>
#include <qd/qd_real.h>

#include <cstddef>
#include <stdexcept>
#include <vector>

template <class Real>
struct qd_complex {
  Real re, im;
};

// Forward (sign -1, FFTW_FORWARD) and inverse (sign +1, FFTW_BACKWARD,
// unnormalized) complex transforms of one length n = 2^k, out of place.
// Real is dd_real or qd_real. One object serves one thread at a time (the
// workspace is shared by its calls).
template <class Real>
class qd_stockham_fft {
 public:
  explicit qd_stockham_fft(std::size_t n) : n_(checked_length(n)), work_(n) {
    while ((std::size_t{1} << log2n_) < n) ++log2n_;
    // w_n^k for k < n/2 from QD's own sincos, each from its own angle (no
    // recurrence, whose error would grow with k). k / n is exact in double.
    twiddles_.resize(n / 2);
    for (std::size_t k = 0; k < n / 2; ++k) {
      const Real angle = Real::_2pi * (static_cast<double>(k) / static_cast<double>(n));
      Real s, c;
      sincos(angle, s, c);
      twiddles_[k] = {c, -s};
    }
  }

  std::size_t size() const { return n_; }

  // in and out hold n values each and must not overlap: in is read by the
  // first pass and out written by the last, with no copy in between.
  void forward(const qd_complex<Real>* in, qd_complex<Real>* out) { transform<-1>(in, out); }
  void inverse(const qd_complex<Real>* in, qd_complex<Real>* out) { transform<+1>(in, out); }

 private:
  static std::size_t checked_length(std::size_t n) {
    if (n == 0 || (n & (n - 1)) != 0)
      throw std::invalid_argument("qd_stockham_fft: the length must be a power of two");
    return n;
  }

  // log2 n passes, each from one buffer into the other. Pass p writes out
  // when log2 n - 1 - p is even, so the last one does and the first one
  // reads in directly.
  template <int Sign>
  void transform(const qd_complex<Real>* in, qd_complex<Real>* out) {
    if (n_ == 1) {
      out[0] = in[0];
      return;
    }
    const qd_complex<Real>* src = in;
    std::size_t l = 1, m = n_ / 2;
    for (int p = 0; p < log2n_; ++p) {
      qd_complex<Real>* dst = (log2n_ - 1 - p) % 2 == 0 ? out : work_.data();
      pass<Sign>(src, dst, l, m);
      src = dst;
      l *= 2;
      m /= 2;
    }
  }

  // n = 2 L m. Before the pass the data hold L DFTs of length 2m, the k-th
  // contiguous at [2km, 2(k+1)m); the decimation-in-frequency butterfly
  // splits each into its even and odd frequencies, which the autosort
  // indexing stores as DFTs k and k + L of length m, so after the last pass
  // (m = 1) the result is in natural order without a bit reversal.
  // w_(2m)^i = w_n^(iL), so every pass reads the one table of length n/2.
  template <int Sign>
  void pass(const qd_complex<Real>* src, qd_complex<Real>* dst, std::size_t l, std::size_t m) {
    for (std::size_t k = 0; k < l; ++k) {
      for (std::size_t i = 0; i < m; ++i) {
        const qd_complex<Real>& a = src[i + 2 * k * m];
        const qd_complex<Real>& b = src[i + (2 * k + 1) * m];
        const qd_complex<Real>& w = twiddles_[i * l];
        const Real dre = a.re - b.re, dim = a.im - b.im;
        dst[i + k * m] = {a.re + b.re, a.im + b.im};
        // The inverse's twiddle is the conjugate, folded into the signs.
        if constexpr (Sign < 0)
          dst[i + (k + l) * m] = {dre * w.re - dim * w.im, dre * w.im + dim * w.re};
        else
          dst[i + (k + l) * m] = {dre * w.re + dim * w.im, dim * w.re - dre * w.im};
      }
    }
  }

  std::size_t n_;
  int log2n_ = 0;
  std::vector<qd_complex<Real>> twiddles_;  // w_n^k, k < n/2, forward sign
  std::vector<qd_complex<Real>> work_;      // the other ping-pong buffer
};
