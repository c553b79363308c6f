// The CPU executor's instruction-set paths. One library holds them all and
// a plan picks one when it is made: the fastest the running CPU has, or the
// one the environment variable FFFT_CPU_ISA names (avx512, avx2 or scalar;
// for tests and benchmarks). Every path gives bit-identical results: each
// lane operation is the IEEE operation of the scalar one.
#pragma once

#include <vector>

namespace ffft {

enum class cpu_isa {
  scalar,  // one butterfly at a time: any CPU (the only path off x86-64)
  avx2,    // 256-bit lanes: x86-64-v3 (AVX2 and FMA)
  avx512,  // 512-bit lanes: AVX-512 F, VL and DQ
};

// "scalar", "avx2" or "avx512".
const char* to_string(cpu_isa isa);

// True if this build has the path and this CPU runs it.
bool cpu_isa_available(cpu_isa isa);

// The paths this build has and this CPU runs, fastest first (scalar last,
// always there).
std::vector<cpu_isa> available_cpu_isas();

// The path a plan made now would run: FFFT_CPU_ISA if set, else the
// fastest available. Throws std::invalid_argument for an unknown name and
// std::runtime_error for a path this CPU cannot run, as a plan would.
cpu_isa selected_cpu_isa();

}  // namespace ffft
