// Conversions of whole arrays between user data, std::complex<float> and
// std::complex<double> (numpy complex64 and complex128, FFTW's and cuFFT's
// layouts), and ffft's complex expansions. Host only.
//
// To a format: each part is rounded to nearest in the format (conversions.hpp),
// so complex<float> is exact in every format and complex<double> is exact in
// qf128 and dd128 (and rounded to 48 bits in df64), as long as the values lie
// in the limb's exponent range (float: about 1e-38 to 3e38; larger
// magnitudes become infinite). From a format: each part is rounded to the
// nearest double, or to the nearest float (conversions.hpp), so a value that
// came from complex<float> or complex<double> comes back unchanged.
#pragma once

#include <complex>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>

#include "ffft/complex.hpp"
#include "ffft/conversions.hpp"

namespace ffft {

namespace detail {
inline void require_equal_sizes(std::size_t from, std::size_t to) {
  if (from != to)
    throw std::invalid_argument("ffft::convert: the source has " + std::to_string(from) +
                                " values but the target has room for " + std::to_string(to) +
                                "; pass spans of equal size");
}
}  // namespace detail

template <class E>
void convert(std::span<const std::complex<double>> from, std::span<complex<E>> to) {
  detail::require_equal_sizes(from.size(), to.size());
  for (std::size_t j = 0; j < from.size(); ++j)
    to[j] = {from_double<E>(from[j].real()), from_double<E>(from[j].imag())};
}

template <class E>
void convert(std::span<const std::complex<float>> from, std::span<complex<E>> to) {
  detail::require_equal_sizes(from.size(), to.size());
  for (std::size_t j = 0; j < from.size(); ++j)
    to[j] = {from_float<E>(from[j].real()), from_float<E>(from[j].imag())};
}

template <class E>
void convert(std::span<const complex<E>> from, std::span<std::complex<double>> to) {
  detail::require_equal_sizes(from.size(), to.size());
  for (std::size_t j = 0; j < from.size(); ++j) to[j] = {to_double(from[j].re), to_double(from[j].im)};
}

template <class E>
void convert(std::span<const complex<E>> from, std::span<std::complex<float>> to) {
  detail::require_equal_sizes(from.size(), to.size());
  for (std::size_t j = 0; j < from.size(); ++j) to[j] = {to_float(from[j].re), to_float(from[j].im)};
}

}  // namespace ffft
