// SIMD lane types for the CPU executor: GCC vector extensions of float and
// double, so that expansion<lane, N> runs W independent values through the
// very same arithmetic templates as expansion<float or double, N>. Every
// lane operation is the IEEE operation of the scalar one (vector add, mul,
// div and fma round each lane exactly as the scalar instruction does, and
// -ffp-contract=off applies to vectors too), so lane results are
// bit-identical to scalar ones. Host only; not seen by nvcc.
#pragma once

#if !defined(__CUDACC__) && defined(__GNUC__) && defined(__AVX2__) && defined(__FMA__)
#define FFFT_HAVE_LANES 1

#include <immintrin.h>

#include <type_traits>

namespace ffft::simd {

typedef float f32x8 __attribute__((vector_size(32)));
typedef double f64x4 __attribute__((vector_size(32)));
typedef float f32x16 __attribute__((vector_size(64)));
typedef double f64x8 __attribute__((vector_size(64)));

template <class V>
inline constexpr bool is_lane_vector =
    std::is_same_v<V, f32x8> || std::is_same_v<V, f64x4> || std::is_same_v<V, f32x16> ||
    std::is_same_v<V, f64x8>;

// The lane vector of W limbs of type T.
template <class T, int W>
struct lane_vector;
template <>
struct lane_vector<float, 8> {
  using type = f32x8;
};
template <>
struct lane_vector<double, 4> {
  using type = f64x4;
};
template <>
struct lane_vector<float, 16> {
  using type = f32x16;
};
template <>
struct lane_vector<double, 8> {
  using type = f64x8;
};

// The scalar limb type of a lane vector.
template <class V>
using scalar_of = std::remove_cvref_t<decltype(V{}[0])>;

}  // namespace ffft::simd

#else
#define FFFT_HAVE_LANES 0
#endif
