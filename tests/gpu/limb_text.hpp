// Limbs as exact hexadecimal text, for messages about bit-level mismatches.
#pragma once

#include <sstream>
#include <string>

namespace ffft::test {

template <class E>
std::string describe(const E& x) {
  std::ostringstream s;
  s << "{";
  for (int i = 0; i < E::limbs; ++i) s << (i ? ", " : "") << std::hexfloat << x[i];
  s << "}";
  return s.str();
}

}  // namespace ffft::test
