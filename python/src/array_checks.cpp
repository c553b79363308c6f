#include "array_checks.hpp"

namespace ffft::python {

std::string dtype_name(nb::dlpack::dtype t) {
  using code = nb::dlpack::dtype_code;
  const auto c = static_cast<code>(t.code);
  const char* kind = c == code::Float     ? "float"
                     : c == code::Complex ? "complex"
                     : c == code::Int     ? "int"
                     : c == code::UInt    ? "uint"
                     : c == code::Bool    ? "bool"
                                          : "other";
  return std::string(kind) + std::to_string(t.bits);
}

}  // namespace ffft::python
