# Floating-point flags. Error-free transforms are only error-free when every
# operation is rounded exactly once, as written:
#  - no fast math anywhere (config.hpp refuses to compile under it);
#  - host: -ffp-contract=off, so a*b+c is never silently fused (GCC fuses by
#    default in GNU mode). These two travel with ffft::core to every
#    consumer, since the core is header-only;
#  - device: the core uses __fadd_rn / __fmaf_rn / ... which nvcc never
#    contracts; denormals are kept (-ftz=false), division and square root are
#    IEEE (-prec-div=true -prec-sqrt=true).
set(FFFT_HOST_FP_FLAGS
  $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off>
  $<$<COMPILE_LANGUAGE:CXX>:-fno-fast-math>)

# The CPU's instruction sets. On x86-64 (FFFT_SIMD=ON, the default) the
# project is compiled for x86-64-v3 (AVX2 and FMA: hardware fma, 256-bit
# lanes), and the CPU executor's Stockham passes once more for AVX-512
# (FFFT_AVX512_FLAGS, src/cpu/paths/avx512_*.cpp only: 512-bit lanes and
# 32 vector registers, which the radix-8 butterflies need). A plan picks
# the path from the running CPU (ffft/cpu_isa.hpp), so one binary serves
# every x86-64-v3 CPU. FFFT_SIMD=OFF, and other architectures, build the
# portable scalar path alone. Results are bit-identical on every path.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  option(FFFT_SIMD "x86-64: build for x86-64-v3 with AVX2 and AVX-512 paths (OFF: portable, scalar only)" ON)
else()
  set(FFFT_SIMD OFF)
endif()
set(FFFT_BASELINE_ISA_FLAGS "")
set(FFFT_AVX512_FLAGS "")
if(FFFT_SIMD)
  set(FFFT_BASELINE_ISA_FLAGS -mfma -mavx2)
  set(FFFT_AVX512_FLAGS -mavx512f -mavx512vl -mavx512dq)
endif()
if(FFFT_SIMD)
  message(STATUS "ffft: CPU paths scalar, avx2, avx512 (x86-64-v3 baseline)")
else()
  message(STATUS "ffft: CPU path scalar only (portable)")
endif()
# Every target of this project gets the baseline (add_compile_options in
# CMakeLists.txt); the installed ffft::core passes on only the
# floating-point flags: a consumer chooses its own instruction set.
set(FFFT_BASELINE_COMPILE_OPTIONS "")
if(FFFT_SIMD)
  foreach(_flag IN LISTS FFFT_BASELINE_ISA_FLAGS)
    list(APPEND FFFT_BASELINE_COMPILE_OPTIONS $<$<COMPILE_LANGUAGE:CXX>:${_flag}>)
  endforeach()
  list(JOIN FFFT_BASELINE_ISA_FLAGS "," _ffft_isa_list)
  list(APPEND FFFT_BASELINE_COMPILE_OPTIONS $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${_ffft_isa_list}>)
endif()
# Compile time. GCC's value numbering (FRE and PRE, at -O1 and up) asks the
# alias oracle, for every load, whether each store before it may clobber
# it: up to 1000 queries a load by default. In the long straight-line
# bodies of the lane butterflies and their loaders that walk took 37% of
# avx512_qf128.cpp's compile time (71 of 191 s, -ftime-report) and 14-29%
# of the other heavy files'. At 100 queries a load, compiled side by side
# with and without (seconds): avx512_qf128.cpp 194 -> 131,
# avx2_qf128.cpp 108 -> 71, avx512_df64.cpp 67 -> 42, cpu_backend.cpp
# 86 -> 77, test_computed_twiddles.cpp 45 -> 35, test_fft_groups.cpp
# 69 -> 63. The code executes the same instructions within 0.07%
# (ffft_instruction_count: df64, dd128 and qf128 transforms at 2^12, df64
# and dd128 at 2^16, avx512 path) and ran as fast. A limit on an
# optimizer's search, not on what it may do: the floating-point semantics,
# and so the bits, are the same (the paths' bit-identity tests and the
# round-trip errors of scripts/run.sh check). nvcc's host compilations
# gain nothing from it (cuda_engine.cu: 115 s either way: the device code
# is the cost). Every target here, not the installed package's flags.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  list(APPEND FFFT_BASELINE_COMPILE_OPTIONS
       $<$<COMPILE_LANGUAGE:CXX>:--param=sccvn-max-alias-queries-per-access=100>)
endif()
set(FFFT_CUDA_FP_FLAGS
  $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-ffp-contract=off,-fno-fast-math>
  $<$<COMPILE_LANGUAGE:CUDA>:-ftz=false>
  $<$<COMPILE_LANGUAGE:CUDA>:-prec-div=true>
  $<$<COMPILE_LANGUAGE:CUDA>:-prec-sqrt=true>)

set(FFFT_WARNINGS $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>)
