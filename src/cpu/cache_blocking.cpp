#include "src/cpu/cache_blocking.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace ffft::cpu {

namespace {

std::size_t detected_l2_bytes() {
  static const std::size_t bytes = [] {
    const long reported = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return reported >= (64 << 10) ? static_cast<std::size_t>(reported) : std::size_t{512} << 10;
  }();
  return bytes;
}

}  // namespace

// FFFT_CPU_CACHE_BYTES overrides the detected size (0: pass by pass
// always), to compare the two schedules or to size tiles for a cache the
// C library misreports.
std::size_t per_core_cache_bytes() {
  const char* forced = std::getenv("FFFT_CPU_CACHE_BYTES");
  if (forced == nullptr || *forced == '\0') return detected_l2_bytes();
  char* end = nullptr;
  errno = 0;
  const unsigned long long bytes = std::strtoull(forced, &end, 10);
  if (*end != '\0' || errno != 0 || *forced == '-')
    throw std::invalid_argument(std::string("ffft: FFFT_CPU_CACHE_BYTES=") + forced +
                                " is not a byte count; set it to a whole number (0: no cache blocking) or unset it");
  return static_cast<std::size_t>(bytes);
}

}  // namespace ffft::cpu
