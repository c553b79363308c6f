// The checked butterflies of the CPU paths, one per format
// (checked_butterflies.hpp).
#include "src/cpu/checked_butterflies.hpp"

namespace ffft::fft {

template void checked_butterfly<df64>(int, complex<df64>*, const complex<df64>*);
template void checked_butterfly<qf128>(int, complex<qf128>*, const complex<qf128>*);
template void checked_butterfly<dd128>(int, complex<dd128>*, const complex<dd128>*);

}  // namespace ffft::fft
