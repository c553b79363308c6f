// The avx2 path's Stockham passes for df64: 256-bit lanes, compiled with
// -mavx2 -mfma. One translation unit per format and path, so they compile in
// parallel.
#define FFFT_CPU_PATH avx2
#define FFFT_CPU_LANE_BYTES 32
#include "src/cpu/stockham_group_path.hpp"

FFFT_DEFINE_STOCKHAM_PASS(df64)
FFFT_DEFINE_STOCKHAM_GROUP(df64)
FFFT_DEFINE_STOCKHAM_TWO_PASSES(df64)

// The tests call these copies (src/cpu/avx2_lane_arithmetic.hpp).
namespace ffft::fft {
FFFT_LANE_ARITHMETIC(template, 32, df64)
}
