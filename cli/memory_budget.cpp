#include "cli/memory_budget.hpp"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>

#include "cli/errors.hpp"

namespace ffft::cli {

namespace {

std::string gibibytes(std::uint64_t bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g GiB", static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0));
  return buf;
}

}  // namespace

std::uint64_t saturating_multiply(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::uint64_t>::max() : r;
}

std::uint64_t available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);) {
    std::istringstream fields(line);
    std::string key;
    std::uint64_t kib = 0;
    if (fields >> key >> kib && key == "MemAvailable:") return kib * 1024;
  }
  const long pages = ::sysconf(_SC_AVPHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page)
                               : std::numeric_limits<std::uint64_t>::max();
}

void require_memory(std::uint64_t bytes, const std::string& what) {
  const std::uint64_t available = available_memory_bytes();
  if (bytes > available)
    throw input_error(what + " needs about " + gibibytes(bytes) + " of memory but " + gibibytes(available) +
                      " is available; transform fewer values at a time (split the file) or use a lower precision");
}

}  // namespace ffft::cli
