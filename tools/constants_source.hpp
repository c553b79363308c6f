// The text of include/ffft/twiddle/constants.hpp, computed with MPFR. One
// function serves the generator (which writes the file) and the test that
// checks the committed file is exactly what the generator writes.
#pragma once

#include <string>

namespace ffft::tools {

std::string constants_header_text();

}  // namespace ffft::tools
