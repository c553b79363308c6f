// The multi-limb floating-point value: an unevaluated sum of N limbs of type
// T (float or double), largest first. Normalized values satisfy
// |limb[i+1]| <= ulp(limb[i]) (ulp-nonoverlapping, what CAMPARY's
// renormalization guarantees; the 2-limb algorithms end in a Fast2Sum and
// meet the tighter ulp(limb[i]) / 2), so a zero limb is followed only by
// zeros and the limbs decrease in magnitude; every operation expects
// normalized operands and returns normalized results. The bound allows a
// limb of exactly +-ulp, so 4-limb representations are not unique: equal
// values may differ limb by limb (compare values, never limbs). A non-finite
// value has a non-finite leading limb and zeros below it.
#pragma once

#include <limits>
#include <type_traits>

#include "ffft/config.hpp"
#include "ffft/simd_lanes.hpp"

namespace ffft {

template <class T, int N>
struct expansion {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>
#if FFFT_HAVE_LANES
                    || simd::is_lane_vector<T>
#endif
                ,
                "limbs are float or double (or, on the host, lane vectors of them)");
  static_assert(N == 2 || N == 4, "ffft implements 2- and 4-limb expansions");
  using limb_type = T;
  static constexpr int limbs = N;

  // No constructors: the type stays an aggregate, trivially copyable and
  // trivially default-constructible, so it can live in __shared__ arrays.
  T limb[N];

  FFFT_HD T& operator[](int i) { return limb[i]; }
  FFFT_HD const T& operator[](int i) const { return limb[i]; }
};

using df64 = expansion<float, 2>;    // about 48 bits of significand
using qf128 = expansion<float, 4>;   // about 96 bits
using dd128 = expansion<double, 2>;  // about 106 bits
using qd256 = expansion<double, 4>;  // about 212 bits

static_assert(std::is_trivially_copyable_v<df64> && std::is_trivial_v<qf128>);
static_assert(sizeof(df64) == 8 && sizeof(qf128) == 16 && sizeof(dd128) == 16);

// Properties of a format, in terms of the limb's unit roundoff u = 2^-p.
template <class E>
struct format_traits;

template <class T, int N>
struct format_traits<expansion<T, N>> {
  // Bits of one limb's significand (24 for float, 53 for double).
  static constexpr int limb_precision = std::numeric_limits<T>::digits;
  // Unit roundoff u of one limb: 2^-p.
  static constexpr T unit_roundoff = std::numeric_limits<T>::epsilon() / 2;
  // Nominal significand bits of the format: N * p; its last bit is 2^-precision.
  static constexpr int precision = N * limb_precision;
  static constexpr const char* name = std::is_same_v<T, float> ? (N == 2 ? "df64" : "qf128")
                                                               : (N == 2 ? "dd128" : "qd256");
};

template <class T, int N>
FFFT_HD constexpr expansion<T, N> from_limb(T x) {
  expansion<T, N> r{};
  r[0] = x;
  return r;
}

}  // namespace ffft
