// What a benchmark or report records about the run that produced it: the
// machine, the source revision and the time. Host-only, for tools.
#pragma once

#include <sched.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <thread>

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

// The processors this process may run on: its affinity mask, so that a run
// under `taskset -c 8,9` times 2 threads, not the machine's count that
// std::thread::hardware_concurrency() gives (glibc's get_nprocs()).
inline unsigned usable_processors() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

namespace detail {

// What a shell command prints, without the trailing newline.
inline std::string command_output(const char* command) {
  std::string r;
  if (FILE* f = popen(command, "r")) {
    char buf[128];
    while (std::fgets(buf, sizeof buf, f)) r += buf;
    pclose(f);
  }
  while (!r.empty() && (r.back() == '\n' || r.back() == '\r')) r.pop_back();
  return r;
}

}  // namespace detail

// The source revision a run measures, written as scripts/results_record.py
// writes it into every results file's "measured" block, so that a program's
// own record and the file's agree: "git rev-parse --short=12 HEAD", and when
// tracked files differ from it, " with uncommitted changes (diff H)", H the
// first 12 hex digits of the sha256 of the diff the script hashes (its DIFF:
// every tracked file but bench/results/, which is no code and which earlier
// runs rewrite); "unknown" outside a git checkout.
// FFFT_SOURCE_REVISION, when set, is taken as it is: results_record.py run
// sets it to the revision it stamps the results with, and
// scripts/gpu_validate.sh to the one its programs were built from, since the
// tree a program runs in need not be the one it was built from.
inline std::string git_revision() {
  const char* given = std::getenv("FFFT_SOURCE_REVISION");
  if (given != nullptr && *given != '\0') return given;
  const std::string revision = detail::command_output("git rev-parse --short=12 HEAD 2>/dev/null");
  if (revision.empty()) return "unknown";
  const std::string paths = " -- ':(top)' ':(top,exclude)bench/results' 2>/dev/null";
  const std::string command =
      "git diff --quiet HEAD" + paths + " && echo clean || git diff HEAD --binary" + paths + " | sha256sum";
  const std::string digest = detail::command_output(command.c_str());
  if (digest == "clean") return revision;
  return revision + " with uncommitted changes (" +
         (digest.size() >= 12 ? "diff " + digest.substr(0, 12) : std::string("diff not recorded")) + ")";
}

// The current time as "YYYY-MM-DD HH:MM UTC".
inline std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return buf;
}

}  // namespace ffft::tools
