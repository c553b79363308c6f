#include "cli/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>

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
  // The temporary file's name is published to the signal handler before
  // the file is created, never after: a signal goes to any thread that
  // does not block it (OpenMP's workers included), so no mask of this
  // thread can cover the moment between creating the file and publishing
  // its name. A handler that runs before the file exists unlinks a name
  // that is not there. The process id keeps the name to this process, and
  // O_EXCL refuses a name that another file has.
  static std::atomic<unsigned> attempts{0};
  for (;;) {
    // (Appended piecewise: GCC 12 warns falsely of -Wrestrict on "." + string.)
    std::string name = ".";
    name += target.filename().string();
    name += ".ffft-" + std::to_string(::getpid()) + "-" + std::to_string(attempts++);
    temporary_ = (target.parent_path().empty() ? std::filesystem::path(name) : target.parent_path() / name).string();
    if (temporary_.size() >= sizeof pending_temporary)
      throw input_error("the output path " + path_ + " is too long; choose a shorter one");
    pending_set.store(false);
    std::memcpy(pending_temporary, temporary_.c_str(), temporary_.size() + 1);
    pending_set.store(true);
    // Mode 0666 less the umask, as a plain create gives.
    fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ >= 0) return;
    const int error = errno;
    pending_set.store(false);
    if (error != EEXIST)
      throw input_error("cannot create a file in the output directory of " + path_ + " (" + std::strerror(error) +
                        "); check that it is writable and has space");
  }
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
