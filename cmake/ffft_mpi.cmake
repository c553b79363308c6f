# FFFT_MPI = AUTO builds libffft_mpi (distributed transforms) when an MPI
# library is found, ON requires one, OFF leaves it out; `ffft info` says
# which. The README's commands install Open MPI from Debian's packages.
string(TOUPPER "${FFFT_MPI}" FFFT_MPI)
set(FFFT_WITH_MPI OFF)
if(NOT FFFT_MPI STREQUAL "OFF")
  # The C API from C++, without the deprecated C++ bindings (libmpi_cxx).
  set(MPI_CXX_SKIP_MPICXX ON)
  find_package(MPI COMPONENTS CXX QUIET)
  if(MPI_CXX_FOUND)
    set(FFFT_WITH_MPI ON)
  elseif(FFFT_MPI STREQUAL "ON")
    message(FATAL_ERROR "FFFT_MPI=ON but no MPI library was found: install Open MPI "
                        "(bash scripts/install_dependencies.sh) or configure with -DFFFT_MPI=AUTO or OFF")
  endif()
endif()
message(STATUS "ffft: distributed transforms (MPI) ${FFFT_WITH_MPI} (FFFT_MPI=${FFFT_MPI})")
