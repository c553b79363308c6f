# FFFT_VKFFT = AUTO builds the GPU benchmark contender ffft_bench_vkfft
# (bench/vkfft_side_by_side.cpp: VkFFT's double-double beside ffft's dd128)
# when CUDA is built and VkFFT's headers are found; ON requires them; OFF
# skips it. The headers come from scripts/install_vkfft.sh (pyvkfft 2025.1.1,
# sha256-pinned), in ${FFFT_DEPS_DIR:-$HOME/.cache/ffft}/vkfft-2025.1.1/include,
# or from the folder VKFFT_INCLUDE_DIR names. Without them the rest of the
# build is unchanged: one line says the contender is not built and how to
# get it.
set(FFFT_VKFFT AUTO CACHE STRING "Build ffft_bench_vkfft, VkFFT's double-double beside ffft: AUTO (if CUDA and VkFFT's headers are found), ON or OFF")
set_property(CACHE FFFT_VKFFT PROPERTY STRINGS AUTO ON OFF)
string(TOUPPER "${FFFT_VKFFT}" FFFT_VKFFT)
set(FFFT_WITH_VKFFT OFF)
if(NOT FFFT_VKFFT STREQUAL "OFF")
  if(DEFINED ENV{FFFT_DEPS_DIR})
    set(_ffft_deps "$ENV{FFFT_DEPS_DIR}")
  else()
    set(_ffft_deps "$ENV{HOME}/.cache/ffft")
  endif()
  find_path(VKFFT_INCLUDE_DIR vkFFT.h HINTS "${_ffft_deps}/vkfft-2025.1.1/include" NO_DEFAULT_PATH
            DOC "VkFFT's headers (vkFFT.h and vkFFT/): scripts/install_vkfft.sh")
  set(_ffft_vkfft_missing "")
  if(NOT FFFT_WITH_CUDA)
    set(_ffft_vkfft_missing "no CUDA build")
  elseif(NOT VKFFT_INCLUDE_DIR)
    set(_ffft_vkfft_missing "VkFFT's headers not found (bash scripts/install_vkfft.sh, or -DVKFFT_INCLUDE_DIR=...)")
  elseif(NOT TARGET CUDA::nvrtc OR NOT TARGET CUDA::cuda_driver)
    set(_ffft_vkfft_missing "the CUDA toolkit has no NVRTC or driver library")
  endif()
  if(_ffft_vkfft_missing STREQUAL "")
    set(FFFT_WITH_VKFFT ON)
  elseif(FFFT_VKFFT STREQUAL "ON")
    message(FATAL_ERROR "FFFT_VKFFT=ON: ${_ffft_vkfft_missing}")
  endif()
endif()
if(FFFT_WITH_VKFFT)
  message(STATUS "ffft: VkFFT contender ON (${VKFFT_INCLUDE_DIR})")
elseif(NOT FFFT_VKFFT STREQUAL "OFF")
  message(STATUS "ffft: VkFFT contender not built: ${_ffft_vkfft_missing}")
endif()
