# Dependencies, found the standard way. The README's commands install them
# from Debian packages: libfftw3-dev libmpfr-dev libgmp-dev libgtest-dev
# libbenchmark-dev libqd-dev pkg-config.
find_package(PkgConfig REQUIRED)

pkg_check_modules(MPFR REQUIRED IMPORTED_TARGET mpfr)
pkg_check_modules(GMP REQUIRED IMPORTED_TARGET gmp)

# Everything in this block serves the programs, tests and benchmarks; the
# library (and the Python module) needs only MPFR and GMP.
if(FFFT_BUILD_PROGRAMS OR FFFT_BUILD_TESTS OR FFFT_BUILD_BENCHMARKS)
  if(NOT FFFT_BUILD_PROGRAMS)
    message(FATAL_ERROR "The tests and benchmarks use the report tools: configure with "
                        "-DFFFT_BUILD_PROGRAMS=ON, or with -DFFFT_BUILD_TESTS=OFF -DFFFT_BUILD_BENCHMARKS=OFF")
  endif()

  # FFTW 3 in all four precisions: the transform's reference.
  pkg_check_modules(FFTW3 REQUIRED IMPORTED_TARGET fftw3)    # double
  pkg_check_modules(FFTW3F REQUIRED IMPORTED_TARGET fftw3f)  # float
  pkg_check_modules(FFTW3L REQUIRED IMPORTED_TARGET fftw3l)  # long double
  pkg_check_modules(FFTW3Q REQUIRED IMPORTED_TARGET fftw3q)  # __float128
  add_library(ffft_fftw INTERFACE)
  target_link_libraries(ffft_fftw INTERFACE
    PkgConfig::FFTW3 PkgConfig::FFTW3F PkgConfig::FFTW3L PkgConfig::FFTW3Q quadmath)

  if(FFFT_BUILD_TESTS)
    find_package(GTest REQUIRED)
  endif()
  if(FFFT_BUILD_BENCHMARKS)
    find_package(benchmark REQUIRED)
  endif()
  if(FFFT_BUILD_TESTS OR FFFT_BUILD_BENCHMARKS)
    # QD's dd_real / qd_real: the classic CPU double-double reference, and the
    # do-it-yourself FFT baseline (bench/qd_stockham.hpp, tested in tests/).
    pkg_check_modules(QD REQUIRED IMPORTED_TARGET qd)
    # Debian's qd.pc (2.3.23) exports -I${libdir}/fortran/$fortran, a
    # directory that does not exist, and CMake refuses imported targets with
    # missing include directories. The headers are in the default path; keep
    # only the directories that exist.
    get_target_property(_qd_includes PkgConfig::QD INTERFACE_INCLUDE_DIRECTORIES)
    if(_qd_includes)
      set(_qd_existing "")
      foreach(_dir IN LISTS _qd_includes)
        if(IS_DIRECTORY "${_dir}")
          list(APPEND _qd_existing "${_dir}")
        endif()
      endforeach()
      set_target_properties(PkgConfig::QD PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_qd_existing}")
    endif()
  endif()

  # Command-line parsing for the programs: CLI11 (Debian libcli11-dev), header
  # only, widely used, and clearer than hand-rolled getopt loops.
  find_package(CLI11 REQUIRED)

  # JSON for the ffft program's --json reports and the benchmarks' results:
  # nlohmann/json (Debian nlohmann-json3-dev), header only and the most used
  # JSON library for C++. The library itself does not need it.
  find_package(nlohmann_json 3 REQUIRED)
endif()

# Static third-party libraries for programs that run elsewhere (off by default).
include(${CMAKE_CURRENT_LIST_DIR}/ffft_static_dependencies.cmake)
