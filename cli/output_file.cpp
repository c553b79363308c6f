#include "cli/output_file.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "cli/errors.hpp"
#include "cli/input_file.hpp"

namespace ffft::cli {

namespace {

std::string parent_directory(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// The temporary file to remove if a signal ends the process: a fixed buffer
// (the handler may only make async-signal-safe calls, unlink among them).
char pending_temporary[4096];
std::atomic<bool> pending_set{false};

extern "C" void remove_temporary_and_reraise(int signal) {
  if (pending_set.load()) ::unlink(pending_temporary);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

// A signal the process was started with ignored (SIGINT of a background job
// in a script, nohup's SIGHUP) stays ignored.
void install_signal_cleanup() {
  static const bool installed = [] {
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction current {};
      if (::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) continue;
      std::signal(signal, remove_temporary_and_reraise);
    }
    return true;
  }();
  (void)installed;
}

mode_t current_umask() {
  const mode_t m = ::umask(0);
  ::umask(m);
  return m;
}

}  // namespace

void check_output_path(const std::string& path, bool force, std::span<const input_file* const> inputs) {
  if (path.empty()) throw input_error("the output path is empty; give a file name");
  if (path.back() == '/') throw input_error("the output " + path + " names a directory; give a file name");
  const std::string dir = parent_directory(path);
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw input_error("the output directory " + dir + " does not exist; create it or choose another output path");
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    throw input_error("the output directory " + dir + " is not writable; choose another output path");
  if (::stat(path.c_str(), &st) != 0) return;  // a new file
  for (const input_file* in : inputs)
    if (static_cast<std::uint64_t>(st.st_dev) == in->device_id() &&
        static_cast<std::uint64_t>(st.st_ino) == in->inode())
      throw input_error("the output " + path + " is the input file " + in->path() +
                        "; write to another path (ffft never overwrites its input)");
  if (S_ISDIR(st.st_mode)) throw input_error("the output " + path + " is a directory; give a file name");
  // Renaming onto a device or FIFO would replace it (--force on /dev/null
  // would turn it into a regular file); ffft only ever replaces files.
  if (!S_ISREG(st.st_mode))
    throw input_error("the output " + path + " is not a regular file (a device, FIFO or socket); give a file name");
  if (!force) throw input_error("the output " + path + " exists; pass --force to replace it");
}

atomic_output::atomic_output(std::string path) : path_(std::move(path)) {
  install_signal_cleanup();
  const std::filesystem::path target(path_);
  // (Appended piecewise: GCC 12 warns falsely of -Wrestrict on "." + string.)
  std::string name = ".";
  name += target.filename().string();
  name += ".ffft-XXXXXX";
  temporary_ = (target.parent_path().empty() ? std::filesystem::path(name) : target.parent_path() / name).string();
  if (temporary_.size() >= sizeof pending_temporary)
    throw input_error("the output path " + path_ + " is too long; choose a shorter one");
  std::vector<char> buffer(temporary_.begin(), temporary_.end());
  buffer.push_back('\0');
  // The cleanup signals wait while the file is created and its name
  // published: one arriving in between would leave the file behind.
  sigset_t cleanup_signals, previous;
  sigemptyset(&cleanup_signals);
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&cleanup_signals, signal);
  ::pthread_sigmask(SIG_BLOCK, &cleanup_signals, &previous);
  fd_ = ::mkostemp(buffer.data(), O_CLOEXEC);
  if (fd_ >= 0) {
    std::memcpy(pending_temporary, buffer.data(), buffer.size());
    pending_set.store(true);
  }
  ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (fd_ < 0)
    throw input_error("cannot create a file in the output directory of " + path_ + " (" + std::strerror(errno) +
                      "); check that it is writable and has space");
  temporary_.assign(buffer.data());
  // mkstemp creates the file 0600; give it the mode a plain create would.
  ::fchmod(fd_, 0666 & ~current_umask());
}

atomic_output::~atomic_output() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) ::unlink(temporary_.c_str());
  pending_set.store(false);
}

void atomic_output::write(std::span<const unsigned char> bytes) {
  while (!bytes.empty()) {
    const ssize_t w = ::write(fd_, bytes.data(), bytes.size());
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) throw std::runtime_error("writing " + path_ + " failed (" + std::strerror(errno) + "); nothing was written");
    bytes = bytes.subspan(static_cast<std::size_t>(w));
  }
}

void atomic_output::commit() {
  if (::fsync(fd_) != 0 || ::close(fd_) != 0) {
    fd_ = -1;
    throw std::runtime_error("writing " + path_ + " failed (" + std::strerror(errno) + "); nothing was written");
  }
  fd_ = -1;
  if (::rename(temporary_.c_str(), path_.c_str()) != 0)
    throw std::runtime_error("cannot rename the finished output onto " + path_ + " (" + std::strerror(errno) +
                             "); nothing was written");
  committed_ = true;
  pending_set.store(false);
}

}  // namespace ffft::cli
