// The CPU's one copy per format of the checked butterfly (twiddled_dft.hpp):
// every instruction-set path calls it for the rare butterfly whose unchecked
// outputs were not all finite, so it is compiled once, with the baseline
// flags (checked_butterflies.cpp), instead of once per path.
#pragma once

#include "ffft/fft/twiddled_dft.hpp"

namespace ffft::fft {

extern template void checked_butterfly<df64>(int, complex<df64>*, const complex<df64>*);
extern template void checked_butterfly<qf128>(int, complex<qf128>*, const complex<qf128>*);
extern template void checked_butterfly<dd128>(int, complex<dd128>*, const complex<dd128>*);

}  // namespace ffft::fft
