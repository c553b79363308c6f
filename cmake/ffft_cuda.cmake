# FFFT_CUDA = AUTO builds the CUDA code when nvcc is found, ON requires it,
# OFF skips it. No GPU is needed to build: tests that need one skip at run time.
string(TOUPPER "${FFFT_CUDA}" FFFT_CUDA)
set(FFFT_WITH_CUDA OFF)
if(NOT FFFT_CUDA STREQUAL "OFF")
  if(NOT CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    enable_language(CUDA)
    # CMake < 3.26 knows no C++20 flag for nvcc and refuses CMAKE_CUDA_STANDARD
    # 20; nvcc has accepted -std=c++20 since CUDA 12.0.
    if(NOT DEFINED CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
      set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
      set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    endif()
    find_package(CUDAToolkit REQUIRED)
    set(CMAKE_CUDA_STANDARD 20)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    set(FFFT_WITH_CUDA ON)
  elseif(FFFT_CUDA STREQUAL "ON")
    message(FATAL_ERROR "FFFT_CUDA=ON but no CUDA compiler was found: install the CUDA "
                        "toolkit (/usr/local/cuda) or configure with -DFFFT_CUDA=AUTO or OFF")
  endif()
endif()
message(STATUS "ffft: CUDA code ${FFFT_WITH_CUDA} (FFFT_CUDA=${FFFT_CUDA}, architectures ${CMAKE_CUDA_ARCHITECTURES})")
