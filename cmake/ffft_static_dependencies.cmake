# FFFT_STATIC_DEPENDENCIES=ON: programs that run on a machine without this
# one's libraries (a GPU machine: CUDA, but no FFTW, MPFR, GMP, QD,
# GoogleTest or Google Benchmark). scripts/gpu_bundle.sh builds with it and
# gathers the programs and the few shared libraries below into one folder.
#
#  - static: FFTW (four precisions and their threads libraries), MPFR, GMP,
#    QD, libquadmath (Debian ships the .a files; GoogleTest has only those);
#  - shared, to be copied beside the programs (scripts/gpu_bundle.sh):
#    Google Benchmark (Debian ships no libbenchmark.a), libstdc++, libgcc_s,
#    libgomp (one copy of each in the process, shared with libbenchmark) and
#    the CUDA runtime libcudart;
#  - from the GPU machine: glibc, the CUDA driver (libcuda) and cuFFT
#    (libcufft, 280 MB: too large to carry).
# The programs get an RPATH (DT_RPATH, which also serves their libraries'
# dependencies) of $ORIGIN/../lib (the bundle's lib/ beside its bin/), then
# the CUDA toolkit's library folder. Included at the end of
# ffft_dependencies.cmake, after the imported targets exist; it rewires them.
option(FFFT_STATIC_DEPENDENCIES
       "Link FFTW, MPFR, GMP, QD and libquadmath statically and set an RPATH of $ORIGIN/../lib (scripts/gpu_bundle.sh)"
       OFF)
if(NOT FFFT_STATIC_DEPENDENCIES)
  return()
endif()

# The .a file of library `name`, in the folders pkg-config named or the
# compiler's own (libquadmath.a is in gcc's folder).
function(_ffft_static_archive variable name)
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=lib${name}.a
                  OUTPUT_VARIABLE _compiler_file OUTPUT_STRIP_TRAILING_WHITESPACE)
  get_filename_component(_compiler_dir "${_compiler_file}" DIRECTORY)
  find_library(FFFT_STATIC_${name} NAMES lib${name}.a
               HINTS ${MPFR_LIBRARY_DIRS} ${GMP_LIBRARY_DIRS} ${FFTW3_LIBRARY_DIRS} ${QD_LIBRARY_DIRS}
                     ${_compiler_dir})
  if(NOT FFFT_STATIC_${name})
    message(FATAL_ERROR "FFFT_STATIC_DEPENDENCIES: lib${name}.a not found (Debian ships it in the "
                        "-dev package of ${name})")
  endif()
  set(${variable} "${FFFT_STATIC_${name}}" PARENT_SCOPE)
endfunction()

# Imported target ffft_static_<name> for lib<name>.a, linked before `deps`
# (CMake then orders an archive before the archives it needs), and the
# pkg-config target `target`, when given, rewired to it.
function(_ffft_static_target name target)
  _ffft_static_archive(_archive ${name})
  add_library(ffft_static_${name} STATIC IMPORTED GLOBAL)
  set_target_properties(ffft_static_${name} PROPERTIES
    IMPORTED_LOCATION "${_archive}"
    INTERFACE_LINK_LIBRARIES "${ARGN}")
  if(target)
    set_target_properties(${target} PROPERTIES
      INTERFACE_LINK_LIBRARIES ffft_static_${name}
      INTERFACE_LINK_DIRECTORIES ""
      INTERFACE_LINK_OPTIONS "")
  endif()
endfunction()

find_package(Threads REQUIRED)

# libquadmath: the targets name it as a plain `quadmath`; a target of that
# name takes precedence over -lquadmath.
_ffft_static_target(quadmath "" m)
add_library(quadmath INTERFACE IMPORTED GLOBAL)
set_target_properties(quadmath PROPERTIES INTERFACE_LINK_LIBRARIES ffft_static_quadmath)

_ffft_static_target(gmp PkgConfig::GMP)
_ffft_static_target(mpfr PkgConfig::MPFR ffft_static_gmp)

_ffft_static_target(fftw3 PkgConfig::FFTW3 m)
_ffft_static_target(fftw3f PkgConfig::FFTW3F m)
_ffft_static_target(fftw3l PkgConfig::FFTW3L m)
_ffft_static_target(fftw3q PkgConfig::FFTW3Q quadmath m)
# The threads libraries, named as plain fftw3*_threads by bench/: targets of
# those names, each before its precision's library.
foreach(_precision IN ITEMS "" f l q)
  _ffft_static_target(fftw3${_precision}_threads "" ffft_static_fftw3${_precision} Threads::Threads)
  add_library(fftw3${_precision}_threads INTERFACE IMPORTED GLOBAL)
  set_target_properties(fftw3${_precision}_threads PROPERTIES
    INTERFACE_LINK_LIBRARIES ffft_static_fftw3${_precision}_threads)
endforeach()

if(TARGET PkgConfig::QD)
  _ffft_static_target(qd PkgConfig::QD m)
endif()

# GoogleTest: Debian ships only libgtest.a, static already. Google Benchmark
# stays shared (no .a); gpu_bundle.sh copies it.

# Where the programs find the shared libraries: the bundle's lib/ (one
# level up from its bin/), then the CUDA toolkit's (libcufft on the GPU
# machine). In the build tree $ORIGIN/../lib does not exist and the system's
# libraries are found as usual.
set(CMAKE_BUILD_RPATH "\$ORIGIN/../lib;/usr/local/cuda/lib64;/usr/local/cuda/targets/x86_64-linux/lib")
add_link_options(LINKER:--disable-new-dtags)
message(STATUS "ffft: static FFTW, MPFR, GMP, QD, libquadmath; RPATH ${CMAKE_BUILD_RPATH}")
