#include "cli/audio_file.hpp"

#include <sndfile.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>

#include "cli/errors.hpp"
#include "cli/memory_budget.hpp"

namespace ffft::cli {

namespace {

struct sndfile_closer {
  void operator()(SNDFILE* f) const { sf_close(f); }
};
using sndfile_handle = std::unique_ptr<SNDFILE, sndfile_closer>;

std::optional<std::string> container_name(int format) {
  switch (format & SF_FORMAT_TYPEMASK) {
    case SF_FORMAT_WAV: return "WAV";
    case SF_FORMAT_WAVEX: return "WAV";
    case SF_FORMAT_RF64: return "RF64";
    case SF_FORMAT_AIFF: return "AIFF";
    case SF_FORMAT_FLAC: return "FLAC";
    default: return std::nullopt;
  }
}

std::optional<std::string> encoding_name(int format) {
  switch (format & SF_FORMAT_SUBMASK) {
    case SF_FORMAT_PCM_16: return "PCM 16-bit";
    case SF_FORMAT_PCM_24: return "PCM 24-bit";
    case SF_FORMAT_PCM_32: return "PCM 32-bit";
    case SF_FORMAT_FLOAT: return "float";
    case SF_FORMAT_DOUBLE: return "double";
    default: return std::nullopt;
  }
}

std::string sndfile_name(int subtype_or_type) {
  SF_FORMAT_INFO info{};
  info.format = subtype_or_type;
  if (sf_command(nullptr, SFC_GET_FORMAT_INFO, &info, sizeof info) == 0 && info.name != nullptr) return info.name;
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%04x", static_cast<unsigned>(subtype_or_type));
  return std::string("encoding ") + hex;
}

std::uint32_t read_u32(const unsigned char* b, bool little_endian) {
  return little_endian ? std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 |
                             std::uint32_t{b[3]} << 24
                       : std::uint32_t{b[3]} | std::uint32_t{b[2]} << 8 | std::uint32_t{b[1]} << 16 |
                             std::uint32_t{b[0]} << 24;
}

// For a RIFF (WAV) or FORM (AIFF) container: the bytes its sample chunk
// ("data" or "SSND") declares beyond the end of the file, or 0. libsndfile
// reads such a file as far as it goes and only logs the difference; a
// truncated recording must not pass for a shorter one. A declared size of
// 0xffffffff (a stream written before its length was known; RF64) is not
// a length and is not checked.
std::uint64_t sample_chunk_overrun(const std::string& path, std::uint64_t file_size) {
  std::ifstream f(path, std::ios::binary);
  std::array<unsigned char, 12> top{};
  if (!f.read(reinterpret_cast<char*>(top.data()), top.size())) return 0;
  const std::string form(top.begin(), top.begin() + 4);
  const bool riff = form == "RIFF";
  if (!riff && form != "FORM") return 0;
  const char* samples = riff ? "data" : "SSND";
  std::uint64_t at = 12;
  while (at + 8 <= file_size) {
    std::array<unsigned char, 8> chunk{};
    f.seekg(static_cast<std::streamoff>(at));
    if (!f.read(reinterpret_cast<char*>(chunk.data()), chunk.size())) return 0;
    const std::uint32_t size = read_u32(chunk.data() + 4, riff);
    const std::uint64_t available = file_size - (at + 8);
    if (std::string(chunk.begin(), chunk.begin() + 4) == samples)
      return size != 0xffffffffu && size > available ? size - available : 0;
    at += 8 + std::uint64_t{size} + (size & 1u);  // chunks are padded to an even size
  }
  return 0;
}

}  // namespace

bool audio_built() { return true; }

std::string audio_library() { return sf_version_string(); }

std::vector<std::string> audio_formats() {
  return {"WAV (RIFF, WAVE_FORMAT_EXTENSIBLE, RF64)", "FLAC", "AIFF (and AIFF-C)",
          "encodings: PCM 16/24/32-bit, float, double"};
}

audio_samples read_audio(const std::string& path, std::uint64_t file_size) {
  SF_INFO info{};
  sndfile_handle f(sf_open(path.c_str(), SFM_READ, &info));
  if (!f)
    throw input_error(path + " looks like an audio file but libsndfile cannot read it (" + sf_strerror(nullptr) +
                      "): it may be damaged or truncated; check that it is complete, or convert it to WAV "
                      "or .npy");
  const std::optional<std::string> container = container_name(info.format);
  const std::optional<std::string> encoding = encoding_name(info.format);
  if (!container)
    throw input_error(path + " is a " + sndfile_name(info.format & SF_FORMAT_TYPEMASK) +
                      " file; ffft reads WAV, FLAC and AIFF: convert it to one of them or to .npy");
  if (!encoding)
    throw input_error(path + " is " + *container + " with " + sndfile_name(info.format & SF_FORMAT_SUBMASK) +
                      " samples, which ffft does not read; convert it to PCM 16/24/32-bit or float (e.g. "
                      "sox IN -e signed-integer -b 32 OUT.wav)");
  if (info.frames <= 0 || info.channels <= 0)
    throw input_error(path + " holds no audio frames (" + *container + ", " + std::to_string(info.channels) +
                      " channels); give a recording with at least one frame");
  if (const std::uint64_t missing = sample_chunk_overrun(path, file_size); missing != 0)
    throw input_error(path + " is truncated: its " + *container + " sample chunk declares " +
                      std::to_string(missing) + " bytes more than the file holds; give the complete file");

  audio_samples a;
  a.frames = static_cast<std::uint64_t>(info.frames);
  a.channels = static_cast<std::uint64_t>(info.channels);
  a.encoding = *container + " " + *encoding;
  require_memory(saturating_multiply(saturating_multiply(a.frames, a.channels), sizeof(double)),
                 "the " + std::to_string(a.channels) + " x " + std::to_string(a.frames) + " samples of " + path);
  a.interleaved.resize(a.frames * a.channels);
  // The file's numbers, not libsndfile's [-1, 1) scaling of PCM.
  sf_command(f.get(), SFC_SET_NORM_DOUBLE, nullptr, SF_FALSE);
  const sf_count_t got = sf_readf_double(f.get(), a.interleaved.data(), info.frames);
  if (got != info.frames || sf_error(f.get()) != SF_ERR_NO_ERROR)
    throw input_error(path + " is damaged or truncated: " + std::to_string(got) + " of its " +
                      std::to_string(info.frames) + " frames decoded (" + sf_strerror(f.get()) +
                      "); give the complete file");
  return a;
}

}  // namespace ffft::cli
