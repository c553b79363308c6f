# FFFT_AUDIO = AUTO lets the ffft program read audio files (WAV, FLAC, AIFF)
# when libsndfile is found (Debian libsndfile1-dev, which the README's
# commands install), ON requires it, OFF leaves it out; `ffft info` says
# which. Only the program uses it, never the library.
string(TOUPPER "${FFFT_AUDIO}" FFFT_AUDIO)
set(FFFT_WITH_AUDIO OFF)
if(NOT FFFT_AUDIO STREQUAL "OFF")
  pkg_check_modules(SNDFILE QUIET IMPORTED_TARGET sndfile)
  if(SNDFILE_FOUND)
    set(FFFT_WITH_AUDIO ON)
  elseif(FFFT_AUDIO STREQUAL "ON")
    message(FATAL_ERROR "FFFT_AUDIO=ON but libsndfile was not found: install it "
                        "(bash scripts/install_dependencies.sh) or configure with -DFFFT_AUDIO=AUTO or OFF")
  endif()
endif()
message(STATUS "ffft: audio input (libsndfile) ${FFFT_WITH_AUDIO} (FFFT_AUDIO=${FFFT_AUDIO})")
