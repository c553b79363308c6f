# cmake --install: the public headers, libffft (static, or shared with
# BUILD_SHARED_LIBS=ON), the ffft program, a CMake package
# (find_package(ffft CONFIG) gives ffft::ffft) and ffft.pc for pkg-config.
include(CMakePackageConfigHelpers)

set(FFFT_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/ffft)

set(_ffft_installed_libraries ffft ffft_core)
if(FFFT_WITH_MPI)
  list(APPEND _ffft_installed_libraries ffft_mpi)  # ffft::mpi
endif()
install(TARGETS ${_ffft_installed_libraries}
  EXPORT ffftTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET ffft_cli)
  install(TARGETS ffft_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
# The public headers: the API's and everything they include, found by
# following their #include "ffft/..." lines. The engine's building blocks
# (ffft/fft/ butterflies and passes, ffft/host/ MPFR helpers) stay in the
# source tree: they are shared by the executors, tests and tools, not
# promised to users.
set(_ffft_public_roots ffft.hpp plan.hpp nd_plan.hpp nd_real_plan.hpp real_plan.hpp convolution.hpp convert.hpp names.hpp
  devices.hpp cpu_isa.hpp distributed_layout.hpp aligned_vector.hpp)
if(FFFT_WITH_MPI)
  list(APPEND _ffft_public_roots distributed_plan.hpp)
endif()
set(_ffft_public_headers "")
set(_ffft_pending ${_ffft_public_roots})
while(_ffft_pending)
  list(POP_FRONT _ffft_pending _header)
  if(_header IN_LIST _ffft_public_headers OR _header STREQUAL "version.hpp")
    continue()
  endif()
  list(APPEND _ffft_public_headers ${_header})
  file(STRINGS ${PROJECT_SOURCE_DIR}/include/ffft/${_header} _includes REGEX "^#include \"ffft/")
  foreach(_line IN LISTS _includes)
    string(REGEX REPLACE "^#include \"ffft/([^\"]+)\".*" "\\1" _included "${_line}")
    list(APPEND _ffft_pending ${_included})
  endforeach()
endwhile()
foreach(_header IN LISTS _ffft_public_headers)
  get_filename_component(_subdir ${_header} DIRECTORY)
  install(FILES include/ffft/${_header} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ffft/${_subdir})
endforeach()
install(FILES ${PROJECT_BINARY_DIR}/include/ffft/version.hpp
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ffft)

install(EXPORT ffftTargets NAMESPACE ffft:: DESTINATION ${FFFT_INSTALL_CMAKEDIR})
# The same package in the build folder itself (find_package(ffft PATHS
# build)): the Python module built against this build's library.
export(EXPORT ffftTargets NAMESPACE ffft:: FILE ${PROJECT_BINARY_DIR}/ffftTargets.cmake)
configure_package_config_file(cmake/ffftConfig.cmake.in
  ${PROJECT_BINARY_DIR}/ffftConfig.cmake
  INSTALL_DESTINATION ${FFFT_INSTALL_CMAKEDIR})
# 0.x: a minor version may change the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ffftConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ffftConfig.cmake ${PROJECT_BINARY_DIR}/ffftConfigVersion.cmake
  DESTINATION ${FFFT_INSTALL_CMAKEDIR})

# pkg-config: a static libffft needs its dependencies on the link line
# (pkg-config --static); a shared one carries them.
set(FFFT_PC_LIBS_PRIVATE "${OpenMP_CXX_FLAGS} -lpthread")
set(FFFT_PC_REQUIRES_PRIVATE "mpfr gmp")
if(FFFT_WITH_CUDA)
  string(APPEND FFFT_PC_LIBS_PRIVATE " -L${CUDAToolkit_LIBRARY_DIR} -lcudart")
endif()
file(RELATIVE_PATH FFFT_PC_PREFIX_FROM_PCDIR "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" FFFT_PC_PREFIX_FROM_PCDIR "${FFFT_PC_PREFIX_FROM_PCDIR}")
configure_file(cmake/ffft.pc.in ${PROJECT_BINARY_DIR}/ffft.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/ffft.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
