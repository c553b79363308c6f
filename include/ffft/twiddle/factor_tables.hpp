// The computed mode's two base tables (factored.hpp) as one array, coarse
// then fine, and the one definition of its entries: sincos_2pi at the
// entry's exponent. The host (src/fft/tables.cpp, for the CPU executor's
// pass arrays) and the device (kernels/factor_tables.cu, for the GPU's
// kernels) both fill the array from factor_table_entry, so the tables, and
// every twiddle made from them, are the same bits wherever they are made.
#pragma once

#include <cstdint>

#include "ffft/complex.hpp"
#include "ffft/twiddle/factored.hpp"
#include "ffft/twiddle/sources.hpp"

namespace ffft::twiddle {

struct factor_tables_shape {
  std::uint64_t n;            // the transform length, 0 < n < 2^32
  unsigned fine_log2;         // M = 2^fine_log2, M^2 >= n
  std::uint64_t coarse_size;  // ceil(n / M): w_n^(M q), q < coarse_size
  std::uint64_t fine_size;    // M: w_n^r, r < M

  static constexpr factor_tables_shape of(std::uint64_t n) {
    const unsigned s = factored_fine_log2(n);
    return {n, s, factored_coarse_size(n), std::uint64_t{1} << s};
  }
  FFFT_HD constexpr std::uint64_t size() const { return coarse_size + fine_size; }

  // The exponent k of entry j: w_n^k is the entry.
  FFFT_HD constexpr std::uint64_t exponent(std::uint64_t j) const {
    return j < coarse_size ? j << fine_log2 : j - coarse_size;
  }

  // The twiddle source over an array of size() entries laid out this way.
  template <class E>
  FFFT_HD factored_twiddles<E> over(const complex<E>* entries) const {
    return {entries, entries + coarse_size, fine_log2};
  }
};

// Entry j < s.size() of the array: w_n^k (forward sign), k = s.exponent(j).
template <class E>
FFFT_HD complex<E> factor_table_entry(const factor_tables_shape& s, std::uint64_t j) {
  return computed_twiddles<E>{s.n}(s.exponent(j));
}

}  // namespace ffft::twiddle
