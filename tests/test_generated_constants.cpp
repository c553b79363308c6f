// include/ffft/twiddle/constants.hpp must be exactly what the generator
// (tools/generate_constants.cpp, from MPFR) writes: nobody edits a
// constant by hand, and a change to the generator shows up here until the
// file is regenerated with
//   build/tools/ffft_generate_constants include/ffft/twiddle/constants.hpp
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tools/constants_source.hpp"

namespace {

TEST(generated_constants, header_is_current) {
  std::ifstream file(FFFT_SOURCE_DIR "/include/ffft/twiddle/constants.hpp", std::ios::binary);
  ASSERT_TRUE(file) << "cannot read include/ffft/twiddle/constants.hpp";
  std::stringstream committed;
  committed << file.rdbuf();
  EXPECT_TRUE(committed.str() == ffft::tools::constants_header_text())
      << "include/ffft/twiddle/constants.hpp is stale: regenerate it with "
         "build/tools/ffft_generate_constants include/ffft/twiddle/constants.hpp";
}

}  // namespace
