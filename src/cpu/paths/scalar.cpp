// The scalar path's Stockham passes, every format: one butterfly at a time,
// on any CPU (the portable path, and FFFT_CPU_ISA=scalar).
#define FFFT_CPU_PATH scalar
#define FFFT_CPU_LANE_BYTES 0
#include "src/cpu/stockham_pass_path.hpp"

FFFT_DEFINE_STOCKHAM_PASS(df64)
FFFT_DEFINE_STOCKHAM_PASS(qf128)
FFFT_DEFINE_STOCKHAM_PASS(dd128)
