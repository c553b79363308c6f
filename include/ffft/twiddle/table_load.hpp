// One entry of a twiddle table, read as the group kernels read it: in
// 16-byte units through the read-only data cache, one LDG.E.128 per 16
// bytes (a df64 complex in one, a qf128 or dd128 complex in two). The plain
// read of a struct of 4- or 8-byte limbs is one load per limb (4 for df64
// and dd128, 8 for qf128), because nvcc may assume no more than a limb's
// alignment for complex<E>.
//
// Only for tables that are 16-byte aligned and not written while a kernel
// reads them: the plan's own twiddle arrays and factor tables, allocated by
// cudaMalloc (256-byte aligned), whose entries are each a multiple of 16
// bytes. On the host, a plain read. The bits are the same either way.
#pragma once

#include <cstring>

#include "ffft/complex.hpp"

namespace ffft::twiddle {

static_assert(sizeof(complex<df64>) % 16 == 0 && sizeof(complex<qf128>) % 16 == 0 &&
              sizeof(complex<dd128>) % 16 == 0);

template <class E>
FFFT_HD complex<E> load_table_entry(const complex<E>* entry) {
#if defined(__CUDA_ARCH__)
  complex<E> v;
#pragma unroll
  for (unsigned u = 0; u < sizeof(complex<E>) / 16; ++u) {
    const uint4 bits = __ldg(reinterpret_cast<const uint4*>(entry) + u);
    std::memcpy(reinterpret_cast<unsigned char*>(&v) + 16 * u, &bits, 16);
  }
  return v;
#else
  return *entry;
#endif
}

}  // namespace ffft::twiddle
