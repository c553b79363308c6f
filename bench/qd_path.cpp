// One copy of the QD baseline (qd_paths.hpp), compiled with the flags of a
// CPU path: FFFT_QD_PATH names its namespace (baseline or avx512) and
// FFFT_QD_FLAGS the flags (bench/CMakeLists.txt).

// QD's TwoProd with a hardware FMA where the flags give one (qd_config.h
// reads these when defined): fl(a b - p) with p = fl(a b) is exact, as in
// ffft's two_prod. Without one, __builtin_fma would be a library call, and
// QD keeps its own splitting TwoProd, as ffft's scalar code would.
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
#define QD_FMA(a, b, c) __builtin_fma(a, b, c)
#define QD_FMS(a, b, c) __builtin_fma(a, b, -(c))
#define FFFT_QD_TWO_PROD ", QD_FMA and QD_FMS as hardware FMA"
#else
#define FFFT_QD_TWO_PROD ", QD's splitting TwoProd (no hardware FMA)"
#endif

#include "bench/qd_paths.hpp"

namespace qd_paths::FFFT_QD_PATH {

namespace {

template <class Real>
class stockham final : public transform<Real> {
 public:
  explicit stockham(std::size_t n) : fft_(n) {}
  void forward(const qd_complex<Real>* in, qd_complex<Real>* out) override { fft_.forward(in, out); }
  void inverse(const qd_complex<Real>* in, qd_complex<Real>* out) override { fft_.inverse(in, out); }

 private:
  qd_stockham_fft<Real> fft_;
};

std::unique_ptr<transform<dd_real>> make_dd(std::size_t n) { return std::make_unique<stockham<dd_real>>(n); }
std::unique_ptr<transform<qd_real>> make_qd(std::size_t n) { return std::make_unique<stockham<qd_real>>(n); }

}  // namespace

path entry() { return {make_dd, make_qd, FFFT_QD_FLAGS FFFT_QD_TWO_PROD}; }

}  // namespace qd_paths::FFFT_QD_PATH
