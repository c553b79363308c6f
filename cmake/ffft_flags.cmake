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
  # AVX2 with FMA (x86-64-v3): hardware fma, and the 256-bit lanes the CPU
  # executor vectorizes over (ffft/simd_lanes.hpp).
  list(APPEND FFFT_HOST_FP_FLAGS $<$<COMPILE_LANGUAGE:CXX>:-mfma> $<$<COMPILE_LANGUAGE:CXX>:-mavx2>)
  set(FFFT_NVCC_HOST_FLAGS "-ffp-contract=off,-fno-fast-math,-mfma,-mavx2")
else()
  set(FFFT_NVCC_HOST_FLAGS "-ffp-contract=off,-fno-fast-math")
endif()
set(FFFT_CUDA_FP_FLAGS
  $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${FFFT_NVCC_HOST_FLAGS}>
  $<$<COMPILE_LANGUAGE:CUDA>:-ftz=false>
  $<$<COMPILE_LANGUAGE:CUDA>:-prec-div=true>
  $<$<COMPILE_LANGUAGE:CUDA>:-prec-sqrt=true>)

set(FFFT_WARNINGS $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>)
