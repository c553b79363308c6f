// The parsed command line of each command (main.cpp fills them; docs/cli.md
// describes them).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/element_format.hpp"
#include "ffft/fft/direction.hpp"
#include "ffft/names.hpp"
#include "ffft/twiddle/sources.hpp"

namespace ffft::cli {

// Options shared by the commands that read and transform files.
struct transform_settings {
  std::optional<std::uint64_t> length;  // -n
  std::optional<std::uint64_t> batch;   // --batch
  std::optional<std::vector<int>> axes;  // --axes: an N-D transform of a .npy array (nd_shape.hpp)
  normalization norm = normalization::backward;
  twiddle_mode twiddles = twiddle_mode::table;
  std::string device = "auto";  // auto | cpu | cuda
  std::optional<element_format> in_format;
  bool allow_nonfinite = false;
  bool json = false;
};

struct transform_command {  // fft, ifft
  transform_settings settings;
  direction dir = direction::forward;
  std::string input, output;
  element_format precision = element_format::df64;
  std::optional<element_format> out_format;
  bool force = false;
};

struct real_transform_command {  // rfft, irfft
  transform_settings settings;  // irfft: -n is the output length (numpy's n)
  direction dir = direction::forward;
  std::string input, output;
  element_format precision = element_format::df64;
  std::optional<element_format> out_format;
  bool force = false;
};

struct convolve_command {
  std::string signal, kernel, output;  // A, B, OUT
  std::string mode = "full";           // full | same | valid | circular
  element_format precision = element_format::df64;
  twiddle_mode twiddles = twiddle_mode::table;
  std::string device = "auto";
  std::optional<std::uint64_t> batch;
  std::optional<element_format> in_format, out_format;
  bool allow_nonfinite = false;
  bool json = false;
  bool force = false;
};

struct roundtrip_command {
  transform_settings settings;
  std::string input;
  std::vector<element_format> precisions;  // empty: df64, qf128, dd128
};

struct compare_command {
  std::string candidate, reference;  // A, B
  std::optional<element_format> in_format;
  bool allow_nonfinite = false;
  bool json = false;
};

struct gen_command {
  std::string kind;  // random | impulse | tone | chirp
  std::string output;
  std::uint64_t length = 1024;
  std::uint64_t batch = 1;
  std::uint64_t seed = 1;
  double frequency = 1;
  std::uint64_t index = 0;
  double amplitude = 1;
  std::optional<element_format> out_format;
  bool force = false;
};

struct info_command {
  bool json = false;
};

inline const char* norm_name(normalization n) {
  return n == normalization::ortho ? "ortho" : n == normalization::forward ? "forward" : "backward";
}
inline const char* twiddles_name(twiddle_mode t) { return ffft::twiddle_mode_name(t).data(); }

int run_transform(const transform_command& c);
int run_real_transform(const real_transform_command& c);
int run_convolve(const convolve_command& c);
int run_roundtrip(const roundtrip_command& c);
int run_compare(const compare_command& c);
int run_gen(const gen_command& c);
int run_info(const info_command& c);

}  // namespace ffft::cli
