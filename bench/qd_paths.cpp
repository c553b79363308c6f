// The choice among the QD baseline's copies (qd_paths.hpp).
#include "bench/qd_paths.hpp"

namespace qd_paths {

path for_isa(ffft::cpu_isa isa) {
#if FFFT_QD_HAVE_AVX512
  if (isa == ffft::cpu_isa::avx512) return avx512::entry();
#else
  (void)isa;
#endif
  return baseline::entry();
}

}  // namespace qd_paths
