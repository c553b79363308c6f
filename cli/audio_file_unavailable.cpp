// Audio input in a build without libsndfile: the file is recognized, and
// refused with the way out.
#include "cli/audio_file.hpp"
#include "cli/errors.hpp"

namespace ffft::cli {

bool audio_built() { return false; }

std::string audio_library() { return ""; }

std::vector<std::string> audio_formats() { return {}; }

audio_samples read_audio(const std::string& path, std::uint64_t) {
  throw input_error(path +
                    " is an audio file, and this ffft was built without libsndfile; install it "
                    "(bash scripts/install_dependencies.sh) and rebuild, or convert the file to .npy");
}

}  // namespace ffft::cli
