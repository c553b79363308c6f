// An input file, checked and mapped read-only (an audio file: decoded into
// memory, audio_file.hpp).
//
// Opening checks what the user can fix (missing, a directory, unreadable,
// the layout rules of input_layout.hpp) and throws input_error; the data is
// then mapped with PROT_READ, so nothing ffft does can modify the file, and a
// file larger than memory costs nothing until it is read.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/element_format.hpp"
#include "cli/input_layout.hpp"

namespace ffft::cli {

class input_file {
 public:
  input_file(std::string path, std::optional<element_format> in_format);
  ~input_file();
  input_file(const input_file&) = delete;
  input_file& operator=(const input_file&) = delete;

  const std::string& path() const { return path_; }
  const input_layout& layout() const { return layout_; }
  std::uint64_t element_count() const { return layout_.element_count; }
  element_format format() const { return layout_.format; }
  // Device and inode, to recognize the file behind another name.
  std::uint64_t device_id() const { return device_; }
  std::uint64_t inode() const { return inode_; }
  // An audio file's container and encoding ("WAV PCM 32-bit"), else "".
  const std::string& audio_encoding() const { return audio_encoding_; }

  // The elements' bytes (element_count() * element_bytes(format())), mapped
  // on first use.
  std::span<const unsigned char> data() const;

 private:
  std::string path_;
  input_layout layout_{};
  int fd_ = -1;
  std::uint64_t size_ = 0, device_ = 0, inode_ = 0;
  mutable void* map_ = nullptr;
  std::vector<double> audio_samples_;  // an audio file's samples, frame after frame
  std::string audio_encoding_;
};

}  // namespace ffft::cli
