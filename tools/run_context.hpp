// What a benchmark or report records about the run that produced it: the
// machine, the source revision and the time. Host-only, for tools.
#pragma once

#include <cstdio>
#include <ctime>
#include <fstream>
#include <string>

namespace ffft::tools {

// The CPU's model name from /proc/cpuinfo (Google Benchmark's context has
// none), or "unknown".
inline std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("model name", 0) == 0) {
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  }
  return "unknown";
}

// "git describe --always --dirty" of the working directory, or "unknown"
// outside a git checkout.
inline std::string git_revision() {
  std::string r;
  if (FILE* f = popen("git describe --always --dirty 2>/dev/null", "r")) {
    char buf[128];
    while (std::fgets(buf, sizeof buf, f)) r += buf;
    pclose(f);
  }
  while (!r.empty() && (r.back() == '\n' || r.back() == '\r')) r.pop_back();
  return r.empty() ? "unknown" : r;
}

// The current time as "YYYY-MM-DD HH:MM UTC".
inline std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return buf;
}

}  // namespace ffft::tools
