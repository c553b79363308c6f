#include "src/cpu/cache_blocking.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
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

// The size of the level-3 cache that processor 0 shares, as the kernel
// reports it (sysfs, from the CPUID cache leaves), or 0 where it reports
// none.
std::size_t kernel_l3_bytes() {
  for (int index = 0; index < 16; ++index) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
    std::ifstream level_file(dir + "level");
    int level = 0;
    if (!(level_file >> level)) return 0;
    if (level != 3) continue;
    std::ifstream size_file(dir + "size");
    std::string size;
    return size_file >> size ? cache_size_bytes(size) : 0;
  }
  return 0;
}

// The L3 the kernel reports, else the C library's. They can differ: on
// the Zen 4 VM the kernel reports the 32 MiB that its cores share, glibc
// 320 MiB, the host's ten of them.
std::size_t detected_l3_bytes() {
  static const std::size_t bytes = [] {
    const std::size_t kernel = kernel_l3_bytes();
    const long reported = kernel > 0 ? static_cast<long>(kernel) : sysconf(_SC_LEVEL3_CACHE_SIZE);
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return reported > 0 ? usable_last_level_bytes(static_cast<std::size_t>(reported),
                                                  cores > 0 ? static_cast<std::size_t>(cores) : 1)
                        : std::size_t{0};
  }();
  return bytes;
}

// The byte count in environment variable `name`, else `detected`; 0 means
// what `zero_means` says.
std::size_t bytes_from_environment(const char* name, std::size_t detected, const char* zero_means) {
  const char* forced = std::getenv(name);
  if (forced == nullptr || *forced == '\0') return detected;
  char* end = nullptr;
  errno = 0;
  const unsigned long long bytes = std::strtoull(forced, &end, 10);
  if (*end != '\0' || errno != 0 || *forced == '-')
    throw std::invalid_argument(std::string("ffft: ") + name + "=" + forced +
                                " is not a byte count; set it to a whole number (0: " +
                                zero_means + ") or unset it");
  return static_cast<std::size_t>(bytes);
}

}  // namespace

// FFFT_CPU_CACHE_BYTES overrides the detected size (0: pass by pass
// always), to compare the two schedules or to size tiles for a cache the
// C library misreports.
std::size_t per_core_cache_bytes() {
  return bytes_from_environment("FFFT_CPU_CACHE_BYTES", detected_l2_bytes(), "no cache blocking");
}

// FFFT_CPU_SHARED_CACHE_BYTES overrides the detected size (0: block every
// transform whose data exceed the per-core cache).
std::size_t last_level_cache_bytes() {
  return bytes_from_environment("FFFT_CPU_SHARED_CACHE_BYTES", detected_l3_bytes(),
                                "no such limit");
}

}  // namespace ffft::cpu
