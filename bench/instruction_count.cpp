// ffft_instruction_count: the instructions a program executes between two
// marks, counted per address by single-stepping it under ptrace (Linux,
// x86-64). scripts/cpu_dynamic_counts.py uses it where callgrind cannot run
// the code: valgrind does not decode AVX-512, so the avx512 path's counts
// come from here.
//
//   ffft_instruction_count OUT PROGRAM [ARGS...]
//
// PROGRAM runs with FFFT_INSTRUCTION_MARKS=1 in its environment, which asks
// it to stop itself (raise(SIGSTOP)) just before and just after the code to
// count (bench/transform_loop.cpp does). Between the two stops every
// instruction of its main thread is single-stepped, and its address counted
// before it runs: the counts are exact, whatever else the machine is doing,
// as callgrind's are. OUT gets one line per address, "0xADDRESS COUNT", in
// order of address. The program's exit status is passed on; a program that
// never marks, or marks once, is an error. Where the system forbids ptrace
// (a container's seccomp policy, say) it says so and exits 77, which
// ctest counts as a skip.
//
// A single step costs a few microseconds (two system calls and a trap), so
// tens of millions of instructions take minutes: keep the marked code small.
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

// The exit status of a child that may not be traced, and of this program
// then: ctest's usual code for a skipped test.
constexpr int forbidden = 77;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "ffft_instruction_count: %s: %s\n", what, std::strerror(errno));
  std::exit(2);
}

// Waits for the tracee's next stop or end. Returns its stop signal, or -1
// once it has ended (its exit status in *status).
int next_stop(pid_t child, int* status) {
  if (waitpid(child, status, 0) != child) fail("waitpid");
  if (WIFEXITED(*status) || WIFSIGNALED(*status)) return -1;
  return WSTOPSIG(*status);
}

// Runs the tracee until it stops with SIGSTOP (not delivered), passing on
// every other signal. False if it ended first.
bool continue_to_mark(pid_t child, int* status) {
  int signal = 0;
  for (;;) {
    if (ptrace(PTRACE_CONT, child, nullptr, reinterpret_cast<void*>(static_cast<long>(signal))) != 0)
      fail("PTRACE_CONT");
    const int stop = next_stop(child, status);
    if (stop < 0) return false;
    if (stop == SIGSTOP) return true;
    signal = stop == SIGTRAP ? 0 : stop;
  }
}

std::uint64_t instruction_pointer(pid_t child) {
  errno = 0;
  const long rip = ptrace(PTRACE_PEEKUSER, child, reinterpret_cast<void*>(offsetof(user_regs_struct, rip)), nullptr);
  if (errno != 0) fail("PTRACE_PEEKUSER");
  return static_cast<std::uint64_t>(rip);
}

// Single-steps the tracee until it stops with SIGSTOP, counting the address
// of each instruction before it runs. False if it ended first.
bool step_to_mark(pid_t child, int* status, std::unordered_map<std::uint64_t, std::uint64_t>& counts) {
  for (;;) {
    ++counts[instruction_pointer(child)];
    if (ptrace(PTRACE_SINGLESTEP, child, nullptr, nullptr) != 0) fail("PTRACE_SINGLESTEP");
    const int stop = next_stop(child, status);
    if (stop < 0) return false;
    if (stop == SIGSTOP) return true;
    if (stop != SIGTRAP) {
      std::fprintf(stderr, "ffft_instruction_count: the program got signal %d while counted\n", stop);
      std::exit(2);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fputs("usage: ffft_instruction_count OUT PROGRAM [ARGS...]\n", stderr);
    return 2;
  }
  std::FILE* out = std::fopen(argv[1], "w");
  if (out == nullptr) fail(argv[1]);

  const pid_t child = fork();
  if (child < 0) fail("fork");
  if (child == 0) {
    if (ptrace(PTRACE_TRACEME, 0, nullptr, nullptr) != 0) _exit(forbidden);
    setenv("FFFT_INSTRUCTION_MARKS", "1", 1);
    execvp(argv[2], argv + 2);
    fail(argv[2]);
  }
  int status = 0;
  const int first = next_stop(child, &status);
  if (first < 0 && WIFEXITED(status) && WEXITSTATUS(status) == forbidden) {
    std::fputs("ffft_instruction_count: this system does not permit ptrace, so nothing was counted\n", stderr);
    return forbidden;
  }
  if (first != SIGTRAP) {  // the stop at exec
    std::fprintf(stderr, "ffft_instruction_count: %s did not start\n", argv[2]);
    return 2;
  }
  ptrace(PTRACE_SETOPTIONS, child, nullptr, reinterpret_cast<void*>(static_cast<long>(PTRACE_O_EXITKILL)));

  std::unordered_map<std::uint64_t, std::uint64_t> counts;
  const bool marked = continue_to_mark(child, &status) && step_to_mark(child, &status, counts);
  if (marked)
    while (continue_to_mark(child, &status)) {  // to the end; any later mark is passed over
    }
  if (!marked) {
    std::fprintf(stderr, "ffft_instruction_count: %s ended before marking the start and end of the counted code\n",
                 argv[2]);
    return 2;
  }
  std::vector<std::pair<std::uint64_t, std::uint64_t>> sorted(counts.begin(), counts.end());
  std::sort(sorted.begin(), sorted.end());
  std::uint64_t total = 0;
  for (const auto& [address, count] : sorted) {
    std::fprintf(out, "0x%llx %llu\n", static_cast<unsigned long long>(address), static_cast<unsigned long long>(count));
    total += count;
  }
  if (std::fclose(out) != 0) fail(argv[1]);
  std::printf("ffft_instruction_count: %llu instructions at %zu addresses\n", static_cast<unsigned long long>(total),
              sorted.size());
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
