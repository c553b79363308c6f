// One entry of a twiddle table, read as the group kernels read it: for the
// two-limb formats in 16-byte units through the read-only data cache, one
// LDG.E.128 per 16 bytes (a df64 complex in one, a dd128 complex in two).
// The plain read of a struct of 4- or 8-byte limbs is one load per limb (4
// for df64 and dd128, 8 for qf128), because nvcc may assume no more than a
// limb's alignment for complex<E>.
//
// Only for tables that are 16-byte aligned and not written while a kernel
// reads them: the plan's own twiddle arrays (table mode), allocated by
// cudaMalloc (256-byte aligned), whose entries are each a multiple of 16
// bytes. On the host, a plain read. The bits are the same either way.
// The computed mode's factor tables are read plainly (factored.hpp says
// why), and so are qf128's tables: its table-mode kernels ran 5-7% slower
// with the 16-byte loads at every N from 2^16 to 2^24 (H200, 1dd0679,
// against 634915f; its computed mode, which reads plainly, ran as before),
// probably because eight limbs arrive at once in a kernel bounded to 170
// registers.
#pragma once

#include "ffft/complex.hpp"

namespace ffft::twiddle {

static_assert(sizeof(complex<df64>) % 16 == 0 && sizeof(complex<qf128>) % 16 == 0 &&
              sizeof(complex<dd128>) % 16 == 0);

template <class E>
inline constexpr bool wide_table_loads = E::limbs == 2;  // df64 and dd128

template <class E>
FFFT_HD complex<E> load_table_entry(const complex<E>* entry) {
#if defined(__CUDA_ARCH__)
  if constexpr (wide_table_loads<E>) {
    // The 2N limbs, real part then imaginary, as float4 or double2 vectors
    // straight into registers (a memcpy of raw 16-byte units into the
    // struct put it on the stack).
    using T = typename E::limb_type;
    constexpr int N = E::limbs;
    T limbs[2 * N];
#pragma unroll
    for (int u = 0; u < static_cast<int>(sizeof(complex<E>) / 16); ++u) {
      if constexpr (sizeof(T) == 4) {
        const float4 q = __ldg(reinterpret_cast<const float4*>(entry) + u);
        limbs[4 * u] = q.x;
        limbs[4 * u + 1] = q.y;
        limbs[4 * u + 2] = q.z;
        limbs[4 * u + 3] = q.w;
      } else {
        const double2 q = __ldg(reinterpret_cast<const double2*>(entry) + u);
        limbs[2 * u] = q.x;
        limbs[2 * u + 1] = q.y;
      }
    }
    complex<E> v;
#pragma unroll
    for (int k = 0; k < N; ++k) {
      v.re.limb[k] = limbs[k];
      v.im.limb[k] = limbs[N + k];
    }
    return v;
  }
#endif
  return *entry;
}

}  // namespace ffft::twiddle
