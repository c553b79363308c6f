// The formats with twiddle generation: the three the FFT computes in.
#pragma once

#include "formats.hpp"

namespace ffft::testing {

using twiddle_formats = ::testing::Types<df64, qf128, dd128>;

}  // namespace ffft::testing
