// Audio files as input: WAV (RIFF, RF64), FLAC and AIFF, read through
// libsndfile (Debian libsndfile1-dev), one of the commonest kinds of
// binary sample file.
//
// An audio file reads as a real float64 array of shape (channels, frames):
// the channels are the batch, each transformed along its frames. Samples
// are the file's own numbers: PCM integers as integers (16-bit in
// [-2^15, 2^15), 24-bit in [-2^23, 2^23), 32-bit in [-2^31, 2^31), as
// scipy.io.wavfile gives them; libsndfile's scaling to [-1, 1) is turned
// off) and float or double samples as they are. Every one of them is exact
// in float64 and in each working precision. The frames interleave the
// channels, so the samples lie in Fortran order of (channels, frames):
// they are used where they lie, with no de-interleaving copy.
//
// Refused with an input_error that names the problem and the fix:
// encodings other than PCM 16/24/32-bit, float and double (u-law, ADPCM,
// 8-bit, ...), files with zero frames, and truncated or damaged files (a
// WAV or AIFF whose sample chunk declares more bytes than the file holds,
// or a FLAC stream that does not decode to its declared length).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ffft::cli {

struct audio_samples {
  std::vector<double> interleaved;  // frames x channels, frame after frame
  std::uint64_t frames = 0;
  std::uint64_t channels = 0;
  std::string encoding;  // e.g. "WAV PCM 32-bit", "FLAC PCM 24-bit", "AIFF float"
};

// Whether this ffft reads audio files (built with libsndfile).
bool audio_built();

// libsndfile's version ("libsndfile-1.2.0"), or "" when not built with it.
std::string audio_library();

// The containers and encodings read, for `ffft info`.
std::vector<std::string> audio_formats();

// Reads and checks an audio file (see above); throws input_error. Without
// libsndfile: an input_error saying how to rebuild or convert.
audio_samples read_audio(const std::string& path, std::uint64_t file_size);

}  // namespace ffft::cli
