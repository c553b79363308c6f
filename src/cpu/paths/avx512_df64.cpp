// The avx512 path's Stockham passes for df64: 512-bit lanes, compiled with
// -mavx512f -mavx512vl -mavx512dq. One translation unit per format and path, so they compile in
// parallel.
#define FFFT_CPU_PATH avx512
#define FFFT_CPU_LANE_BYTES 64
#include "src/cpu/stockham_group_path.hpp"

FFFT_DEFINE_STOCKHAM_PASS(df64)
FFFT_DEFINE_STOCKHAM_GROUP(df64)
FFFT_DEFINE_STOCKHAM_TWO_PASSES(df64)
