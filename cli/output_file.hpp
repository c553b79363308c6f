// Writing an output so that a failure leaves nothing behind.
//
// check_output_path() runs before any work: the output's directory must
// exist and be writable, an existing output needs --force, and the output
// may never be one of the inputs (not even with --force: the rename would
// replace the data being read). atomic_output then writes to a temporary
// file beside the target (same directory, so the final rename(2) is atomic
// and never copies) and renames it into place in commit(). If anything
// throws first, or SIGINT/SIGTERM arrives, the temporary file is removed.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace ffft::cli {

class input_file;

// Throws input_error if `path` cannot be an output (see above). `inputs`
// are the files the command reads.
void check_output_path(const std::string& path, bool force, std::span<const input_file* const> inputs);

class atomic_output {
 public:
  // Creates the temporary file (".<name>.ffft-<pid>-<n>" in the target's
  // directory).
  explicit atomic_output(std::string path);
  ~atomic_output();  // removes the temporary file unless committed
  atomic_output(const atomic_output&) = delete;
  atomic_output& operator=(const atomic_output&) = delete;

  void write(std::span<const unsigned char> bytes);
  void write(std::string_view bytes) {
    write({reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()});
  }
  // The temporary file's name, for writers beside this one (the ranks of a
  // distributed transform write their parts into it with MPI-IO).
  const std::string& temporary_path() const { return temporary_; }
  // Flushes to disk and renames onto the target (replacing it, if --force
  // allowed that).
  void commit();

 private:
  std::string path_, temporary_;
  int fd_ = -1;
  bool committed_ = false;
};

}  // namespace ffft::cli
