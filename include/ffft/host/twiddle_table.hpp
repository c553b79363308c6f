// The `table` twiddle mode's data: for a transform of length n, the
// first-octant values cos and sin of (pi/4)(j g / n), g = gcd(n, 8),
// j = 0 .. n / g (twiddle::octant_table_size(n) entries, about n / 8), each
// the nearest value of the format to the exact one. Every twiddle
// w_n^k, k in [0, n), is one of them swapped and negated (table_twiddles),
// so every twiddle is the nearest value too, and only about n / 8 values are
// computed in high precision.
//
// Each value is computed with MPFR at a working precision p about 32 bits
// beyond the format's, with an error below 2^-p, and rounded limb by limb.
// Ziv's strategy makes the rounding certain: if the remainder after the
// last limb is within 2^-p of half that limb's ulp, the value is computed
// again at twice the precision. Built once per plan, on all hardware
// threads, and reusable by any number of executions.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "ffft/complex.hpp"
#include "ffft/twiddle/sources.hpp"

namespace ffft::host {

template <class E>
class twiddle_table {
 public:
  // Throws std::invalid_argument unless 0 < n < 2^61. threads = 0 means one
  // per hardware thread (small tables use one).
  explicit twiddle_table(std::uint64_t n, unsigned threads = 0);

  std::uint64_t length() const { return n_; }

  // The first-octant entries, (cos, sin) in (re, im): what a device copy needs.
  const std::vector<complex<E>>& octant_entries() const { return entries_; }

  // The lookup functor over this table's host memory.
  table_twiddles<E> view() const { return {entries_.data(), n_, step_log2_}; }

  // w_n^k = exp(-2 pi i k / n), any k.
  complex<E> operator()(std::uint64_t k) const { return view()(k); }

  // Entries whose rounding needed a second, more precise evaluation.
  std::uint64_t reevaluations() const { return reevaluations_; }

 private:
  std::uint64_t n_;
  unsigned step_log2_;
  std::vector<complex<E>> entries_;
  std::uint64_t reevaluations_ = 0;
};

// w_n^index(j) = exp(-2 pi i index(j) / n) into out[j] for j < count, each
// the nearest value of the format: the very values a twiddle_table(n) gives,
// without its O(n) entries. For twiddles scattered over [0, n) with no
// symmetry to share, as one rank's block of a distributed transform's
// twiddle step (n / ranks of them). index(j) is reduced modulo n; it is
// called from `threads` threads at once (0: one per hardware thread).
// Throws std::invalid_argument unless 0 < n < 2^61.
template <class E>
void nearest_twiddles(std::uint64_t n, std::uint64_t count,
                      const std::function<std::uint64_t(std::uint64_t)>& index, complex<E>* out,
                      unsigned threads = 0);

extern template class twiddle_table<df64>;
extern template class twiddle_table<qf128>;
extern template class twiddle_table<dd128>;
extern template class twiddle_table<qd256>;

}  // namespace ffft::host
