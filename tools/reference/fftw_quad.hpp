// FFTW's __float128 transforms: the reference that the accuracy report, the
// program's round trip, the benchmarks and the tests measure ffft against
// (its error, near 1e-34, lies below every format's). Unnormalized, like
// FFTW; every plan is FFTW_ESTIMATE, so a transform of the same values gives
// the same bits in every program (a measured plan could differ run to run,
// and would cost more time than the transform).
//
// FFTW's planner is not thread-safe (only fftwq_execute is): call these from
// one thread at a time, as every caller does. A program that links FFTW's
// threads library and plans fftwq on several threads elsewhere (the
// benchmark) sets one planning thread before calling them.
#pragma once

#include <fftw3.h>

#include <cstdint>
#include <span>
#include <vector>

#include "tools/reference/complex_quad.hpp"

namespace ffft::tools {

// Where FFTW writes a complex transform. In place and out of place are
// different problems to FFTW's planner, which may pick different algorithms
// (and so round differently) for them: each caller keeps the placement its
// reference values were made with. In place needs one buffer instead of two
// (the program's large inputs).
enum class fftw_placement { out_of_place, in_place };

// The batch x: x.size() / length transforms of `length` contiguous values,
// each transformed with sign FFTW_FORWARD (exp(-2 pi i jk / n)) or
// FFTW_BACKWARD. Planned through the guru64 interface, for sizes beyond int.
// Throws std::invalid_argument unless length divides x.size(), and
// std::runtime_error if FFTW cannot allocate or plan.
std::vector<complex_quad> fftw_quad_dft(std::span<const complex_quad> x, std::uint64_t length, int sign,
                                        fftw_placement placement);

// One out-of-place transform of all of x.
inline std::vector<complex_quad> fftw_quad_dft(std::span<const complex_quad> x, int sign) {
  return fftw_quad_dft(x, x.size(), sign, fftw_placement::out_of_place);
}

// The transform of the dense array x (C order, shape) along `axes` (each
// once), out of place, unnormalized: fftwq_plan_guru64_dft with the axes as
// its dimensions and the other axes as its loops.
std::vector<complex_quad> fftw_quad_dft_nd(std::span<const complex_quad> x, std::span<const std::uint64_t> shape,
                                           std::span<const int> axes, int sign);

// The n / 2 + 1 bins of the n real values x (fftwq_plan_dft_r2c_1d, out of
// place).
std::vector<complex_quad> fftw_quad_r2c(std::span<const __float128> x);

// The n real values whose bins are `bins` (n / 2 + 1 of them; the imaginary
// parts of bin 0 and, n even, bin n / 2 are ignored), by
// fftwq_plan_dft_c2r_1d out of place.
std::vector<__float128> fftw_quad_c2r(std::span<const complex_quad> bins, std::uint64_t n);

// The real transforms of the dense real array x (C order, shape) along
// `axes` (each once; the last listed is halved to n / 2 + 1 bins, as
// numpy's rfftn), unnormalized, out of place: fftwq_plan_guru64_dft_r2c,
// and its inverse fftwq_plan_guru64_dft_c2r from the dense spectrum.
std::vector<complex_quad> fftw_quad_r2c_nd(std::span<const __float128> x, std::span<const std::uint64_t> shape,
                                           std::span<const int> axes);
std::vector<__float128> fftw_quad_c2r_nd(std::span<const complex_quad> bins, std::span<const std::uint64_t> shape,
                                         std::span<const int> axes);

}  // namespace ffft::tools
