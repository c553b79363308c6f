// Loads and stores of one complex value in 16-byte units (one LDG.128 /
// STG.128 per 16 bytes: a df64 complex in one instruction, a qf128 or dd128
// complex in two), instead of one 4- or 8-byte access per limb. Only for
// 16-byte aligned addresses: a value's address is, for every element of a
// strided array, when the array's base is, since every format's complex is a
// multiple of 16 bytes; the executor checks the bases once per launch.
#pragma once

#include <cstring>

#include "ffft/complex.hpp"

namespace ffft::cuda {

template <class E>
inline constexpr int wide_units = sizeof(complex<E>) / 16;
static_assert(sizeof(complex<df64>) % 16 == 0 && sizeof(complex<qf128>) % 16 == 0 &&
              sizeof(complex<dd128>) % 16 == 0);

template <class E>
__device__ __forceinline__ complex<E> load_value(const complex<E>* p, bool wide) {
  if (!wide) return *p;
  complex<E> v;
#pragma unroll
  for (int u = 0; u < wide_units<E>; ++u) {
    const uint4 bits = reinterpret_cast<const uint4*>(p)[u];
    std::memcpy(reinterpret_cast<unsigned char*>(&v) + 16 * u, &bits, 16);
  }
  return v;
}

template <class E>
__device__ __forceinline__ void store_value(complex<E>* p, const complex<E>& v, bool wide) {
  if (!wide) {
    *p = v;
    return;
  }
#pragma unroll
  for (int u = 0; u < wide_units<E>; ++u) {
    uint4 bits;
    std::memcpy(&bits, reinterpret_cast<const unsigned char*>(&v) + 16 * u, 16);
    reinterpret_cast<uint4*>(p)[u] = bits;
  }
}

inline bool is_16_byte_aligned(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0;
}

}  // namespace ffft::cuda
