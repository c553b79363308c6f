#include "cli/input_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "cli/audio_file.hpp"
#include "cli/errors.hpp"
#include "cli/npy_header.hpp"

namespace ffft::cli {

input_file::input_file(std::string path, std::optional<element_format> in_format)
    : path_(std::move(path)) {
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR)
      throw input_error(path_ + " does not exist; check the input path");
    throw input_error(path_ + " cannot be read (" + std::strerror(errno) + "); check the path and its permissions");
  }
  if (S_ISDIR(st.st_mode)) throw input_error(path_ + " is a directory; give a file of samples");
  if (!S_ISREG(st.st_mode))
    throw input_error(path_ + " is not a regular file; give a file of samples (pipes and devices cannot be mapped)");
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0)
    throw input_error(path_ + " cannot be read (" + std::strerror(errno) + "); check its permissions");
  if (::fstat(fd_, &st) != 0) throw std::runtime_error(path_ + ": fstat failed: " + std::strerror(errno));
  size_ = static_cast<std::uint64_t>(st.st_size);
  device_ = static_cast<std::uint64_t>(st.st_dev);
  inode_ = static_cast<std::uint64_t>(st.st_ino);

  std::vector<unsigned char> head(std::min<std::uint64_t>(size_, 12 + max_npy_header_bytes));
  std::size_t got = 0;
  while (got < head.size()) {
    const ssize_t r = ::pread(fd_, head.data() + got, head.size() - got, static_cast<off_t>(got));
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) throw input_error(path_ + " cannot be read (" + std::strerror(errno) + "); check the file");
    if (r == 0) break;
    got += static_cast<std::size_t>(r);
  }
  head.resize(got);
  layout_ = detect_input_layout(head, size_, path_, in_format);
  if (layout_.audio) {
    audio_samples a = read_audio(path_, size_);
    audio_samples_ = std::move(a.interleaved);
    audio_encoding_ = std::move(a.encoding);
    layout_.shape = {a.channels, a.frames};
    layout_.element_count = a.channels * a.frames;
    layout_.fortran_order = a.channels > 1 && a.frames > 1;  // frames interleave the channels
  }
}

input_file::~input_file() {
  if (map_ != nullptr) ::munmap(map_, size_);
  if (fd_ >= 0) ::close(fd_);
}

std::span<const unsigned char> input_file::data() const {
  const std::uint64_t bytes = layout_.element_count * element_bytes(layout_.format);
  if (bytes == 0) return {};
  if (layout_.audio) return {reinterpret_cast<const unsigned char*>(audio_samples_.data()), bytes};
  if (map_ == nullptr) {
    void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd_, 0);
    if (p == MAP_FAILED)
      throw std::runtime_error(path_ + ": cannot map the file (" + std::strerror(errno) + ")");
    map_ = p;
  }
  return {static_cast<const unsigned char*>(map_) + layout_.data_offset, bytes};
}

}  // namespace ffft::cli
