// ffft_generate_constants: writes include/ffft/twiddle/constants.hpp (the
// multi-limb constants of the twiddle generator) to the path given, or to
// standard output.
#include <cstdio>
#include <fstream>
#include <iostream>

#include "tools/constants_source.hpp"

int main(int argc, char** argv) {
  const std::string text = ffft::tools::constants_header_text();
  if (argc < 2) {
    std::cout << text;
    return 0;
  }
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.flush()) {
    std::fprintf(stderr, "ffft_generate_constants: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
