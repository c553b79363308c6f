// The QD baseline (qd_stockham.hpp) compiled once per CPU path of ffft, with
// that path's instruction-set flags (bench/qd_path.cpp), so that each of
// ffft's paths is measured against QD code built for the same instructions:
// scripts/fft_bench.sh cpu runs every path (FFFT_CPU_ISA) against the QD
// baseline of that path.
//
// Both copies compile QD's inline arithmetic (dd_inline.h, qd_inline.h) with
// a hardware FMA for its TwoProd wherever the path has one, as ffft's
// arithmetic does (QD_FMA and QD_FMS, which Debian's qd_config.h leaves
// undefined: without them QD splits both factors, Dekker's way, in 17
// operations), and with -ffp-contract=off, without which GCC may fuse QD's
// error-free transforms.
// The AVX-512 copy is merged and localized as the library's AVX-512 path is
// (cmake/ffft_localized_object.cmake), and the baseline copy too, as it
// defines QD's inline functions differently from the rest of the program.
#pragma once

#include <qd/dd_real.h>
#include <qd/qd_real.h>

#include <cstddef>
#include <memory>

#include "bench/qd_stockham.hpp"
#include "ffft/cpu_isa.hpp"

namespace qd_paths {

// One length's forward and inverse transforms (qd_stockham_fft).
template <class Real>
class transform {
 public:
  virtual ~transform() = default;
  virtual void forward(const qd_complex<Real>* in, qd_complex<Real>* out) = 0;
  virtual void inverse(const qd_complex<Real>* in, qd_complex<Real>* out) = 0;
};

// What one copy offers.
struct path {
  std::unique_ptr<transform<dd_real>> (*make_dd)(std::size_t n);
  std::unique_ptr<transform<qd_real>> (*make_qd)(std::size_t n);
  const char* flags;  // the instruction-set and floating-point flags it was compiled with
};

// The copies: the baseline's flags (ffft's scalar and avx2 paths), and
// AVX-512's where the build has that path.
namespace baseline {
path entry();
}
namespace avx512 {
path entry();
}

// The copy compiled for ffft's CPU path isa.
path for_isa(ffft::cpu_isa isa);

template <class Real>
std::unique_ptr<transform<Real>> make(const path& p, std::size_t n) {
  if constexpr (sizeof(Real) == 2 * sizeof(double)) return p.make_dd(n);
  else return p.make_qd(n);
}

}  // namespace qd_paths
