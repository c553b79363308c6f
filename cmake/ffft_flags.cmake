# Floating-point flags. Error-free transforms are only error-free when every
# operation is rounded exactly once, as written:
#  - no fast math anywhere (config.hpp refuses to compile under it);
#  - host: -ffp-contract=off, so a*b+c is never silently fused, and hardware
#    FMA (-mfma) so that std::fma is one instruction rather than a libm call;
#  - device: the core uses __fadd_rn / __fmaf_rn / ... which nvcc never
#    contracts; denormals are kept (-ftz=false), division and square root are
#    IEEE (-prec-div=true -prec-sqrt=true).
set(FFFT_HOST_FP_FLAGS
  $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off>
  $<$<COMPILE_LANGUAGE:CXX>:-fno-fast-math>)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  # The host instruction set, fixed at configure time (no runtime dispatch:
  # the arithmetic templates are shared by every translation unit, and
  # copies compiled for two ISAs would be merged by the linker):
  #  - avx2: AVX2 with FMA (x86-64-v3): hardware fma and 256-bit lanes;
  #  - avx512: AVX-512 F/VL/DQ: 512-bit lanes and 32 vector registers, which
  #    the radix-8 butterflies need (dd128 1.9x, qf128 1.5x faster on Zen 4);
  #  - auto (default): avx512 when the configuring machine runs it, else avx2.
  # Results are bit-identical whichever is chosen (every lane operation is
  # the IEEE scalar one). A build for avx512 refuses to plan a transform on a
  # CPU without it (plan.cpp), rather than dying of an illegal instruction.
  set(FFFT_HOST_ISA "auto" CACHE STRING "Host instruction set: auto, avx2 or avx512")
  set_property(CACHE FFFT_HOST_ISA PROPERTY STRINGS auto avx2 avx512)
  set(_ffft_avx512_flags -mavx512f -mavx512vl -mavx512dq)
  if(FFFT_HOST_ISA STREQUAL "auto")
    include(CheckCXXSourceRuns)
    set(CMAKE_REQUIRED_FLAGS "-mfma -mavx2 -mavx512f -mavx512vl -mavx512dq")
    check_cxx_source_runs("
      #include <immintrin.h>
      int main() {
        volatile double x = 1.0;
        __m512d v = _mm512_set1_pd(x);
        v = _mm512_fmadd_pd(v, v, v);
        return __builtin_cpu_supports(\"avx512f\") && _mm512_reduce_add_pd(v) == 16.0 ? 0 : 1;
      }" FFFT_BUILD_MACHINE_RUNS_AVX512)
    unset(CMAKE_REQUIRED_FLAGS)
    set(_ffft_isa avx2)
    if(FFFT_BUILD_MACHINE_RUNS_AVX512)
      set(_ffft_isa avx512)
    endif()
  elseif(FFFT_HOST_ISA MATCHES "^(avx2|avx512)$")
    set(_ffft_isa ${FFFT_HOST_ISA})
  else()
    message(FATAL_ERROR "FFFT_HOST_ISA must be auto, avx2 or avx512, not '${FFFT_HOST_ISA}'")
  endif()
  message(STATUS "ffft host instruction set: ${_ffft_isa}")
  set(FFFT_HOST_ISA_RESOLVED ${_ffft_isa})
  set(_ffft_isa_flags -mfma -mavx2)
  if(_ffft_isa STREQUAL "avx512")
    list(APPEND _ffft_isa_flags ${_ffft_avx512_flags})
  endif()
  foreach(_flag IN LISTS _ffft_isa_flags)
    list(APPEND FFFT_HOST_FP_FLAGS $<$<COMPILE_LANGUAGE:CXX>:${_flag}>)
  endforeach()
  list(JOIN _ffft_isa_flags "," _ffft_isa_list)
  set(FFFT_NVCC_HOST_FLAGS "-ffp-contract=off,-fno-fast-math,${_ffft_isa_list}")
else()
  set(FFFT_HOST_ISA_RESOLVED generic)
  set(FFFT_NVCC_HOST_FLAGS "-ffp-contract=off,-fno-fast-math")
endif()
set(FFFT_CUDA_FP_FLAGS
  $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${FFFT_NVCC_HOST_FLAGS}>
  $<$<COMPILE_LANGUAGE:CUDA>:-ftz=false>
  $<$<COMPILE_LANGUAGE:CUDA>:-prec-div=true>
  $<$<COMPILE_LANGUAGE:CUDA>:-prec-sqrt=true>)

set(FFFT_WARNINGS $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>)
