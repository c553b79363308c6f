#include "src/fft/normalization.hpp"

#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "ffft/host/mpfr.hpp"

namespace ffft::fft {
namespace {

// The integer square root of m if m is a perfect square, else 0.
std::uint64_t exact_square_root(std::uint64_t m) {
  __extension__ typedef unsigned __int128 wide;  // (r + 1)^2 may pass 2^64
  auto r = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(m)));
  while (wide{r} * r > m) --r;
  while (wide{r + 1} * (r + 1) <= m) ++r;
  return wide{r} * r == m ? r : 0;
}

// 1 / n^(1/root), correctly rounded to E (host::from_mpfr: limb by limb
// nearest, from a value with 64 bits more than the format holds).
template <class E>
E rounded_reciprocal_root(std::uint64_t n, int root) {
  host::mpfr_value v(host::exact_precision<E>() + 64);
  mpfr_set_ui(v, static_cast<unsigned long>(n), MPFR_RNDN);  // n < 2^64: exact
  if (root == 2) mpfr_rec_sqrt(v, v, MPFR_RNDN);
  else mpfr_ui_div(v, 1, v, MPFR_RNDN);
  return host::from_mpfr<E>(v);
}

}  // namespace

template <class E>
scaling<E> reciprocal_scaling(std::uint64_t n, int root) {
  using kind = typename scaling<E>::kind;
  using T = typename E::limb_type;
  if (root != 1 && root != 2) throw std::logic_error("ffft: reciprocal_scaling takes root 1 or 2");
  if (n == 1) return {kind::none, 0, {}, {}};
  const int twos = std::countr_zero(n);
  const std::uint64_t odd = n >> twos;
  if (twos % root == 0) {
    // n^(1/root) = 2^(twos/root) d, with d = odd^(1/root) when it is an integer.
    const std::uint64_t d = root == 1 ? odd : exact_square_root(odd);
    constexpr std::uint64_t exact_limb_limit = std::uint64_t{1} << std::numeric_limits<T>::digits;
    if (d == 1) return {kind::power_of_two, -twos / root, {}, {}};
    if (d != 0 && E::limbs == 2 && d < exact_limb_limit)
      return {kind::quotient, -twos / root, {}, static_cast<T>(d)};
  }
  return {kind::product, 0, rounded_reciprocal_root<E>(n, root), {}};
}

template scaling<df64> reciprocal_scaling<df64>(std::uint64_t, int);
template scaling<qf128> reciprocal_scaling<qf128>(std::uint64_t, int);
template scaling<dd128> reciprocal_scaling<dd128>(std::uint64_t, int);

}  // namespace ffft::fft
