#include "ffft/version.hpp"

namespace ffft {

const char* version() { return FFFT_VERSION_STRING; }

}  // namespace ffft
