# The GPU architectures the CUDA executor is compiled for, unless the caller
# chose (-DCMAKE_CUDA_ARCHITECTURES, or the environment's
# FFFT_CUDA_ARCHITECTURES or CMake's own CUDAARCHS):
#  - the architectures of the GPUs on this machine (nvidia-smi), so that a
#    user with a GPU waits for one compilation of the kernels, not three;
#  - without a GPU, 90 (the H100): its machine code, and PTX that newer
#    GPUs compile at load time.
# Each architecture costs a full compilation of the kernels (about two
# minutes of one core for kernels/cuda_engine.cu): "80;89;90" triples it.
# Included before the CUDA language is enabled.
if(DEFINED CMAKE_CUDA_ARCHITECTURES OR DEFINED ENV{CUDAARCHS})
  return()
endif()
if(DEFINED ENV{FFFT_CUDA_ARCHITECTURES} AND NOT "$ENV{FFFT_CUDA_ARCHITECTURES}" STREQUAL "")
  set(CMAKE_CUDA_ARCHITECTURES "$ENV{FFFT_CUDA_ARCHITECTURES}" CACHE STRING "GPU architectures")
  return()
endif()
set(_ffft_architectures "")
find_program(FFFT_NVIDIA_SMI nvidia-smi)
mark_as_advanced(FFFT_NVIDIA_SMI)
if(FFFT_NVIDIA_SMI)
  execute_process(COMMAND ${FFFT_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
                  OUTPUT_VARIABLE _ffft_capabilities RESULT_VARIABLE _ffft_smi_result
                  ERROR_QUIET TIMEOUT 20)
  if(_ffft_smi_result EQUAL 0)
    string(REGEX MATCHALL "[0-9]+\\.[0-9]+" _ffft_capabilities "${_ffft_capabilities}")
    foreach(_ffft_capability IN LISTS _ffft_capabilities)
      string(REPLACE "." "" _ffft_architecture "${_ffft_capability}")
      list(APPEND _ffft_architectures ${_ffft_architecture})
    endforeach()
    list(REMOVE_DUPLICATES _ffft_architectures)
  endif()
endif()
if(_ffft_architectures)
  set(_ffft_why "the GPUs found by nvidia-smi")
else()
  set(_ffft_architectures 90)
  set(_ffft_why "no GPU found: the H100's")
endif()
set(CMAKE_CUDA_ARCHITECTURES "${_ffft_architectures}" CACHE STRING "GPU architectures")
message(STATUS "ffft: CUDA architectures ${CMAKE_CUDA_ARCHITECTURES} (${_ffft_why}; "
               "-DCMAKE_CUDA_ARCHITECTURES=... or FFFT_CUDA_ARCHITECTURES chooses others)")
