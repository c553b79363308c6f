// The names the Python module uses for formats, normalizations, twiddle
// modes and backends, mapped to the C++ API's types. One place, so the
// error for a bad name lists the good ones the same way everywhere.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "ffft/expansion.hpp"
#include "ffft/plan.hpp"

namespace ffft::python {

// Calls f(std::type_identity<E>{}) for the format named `precision`.
template <class F>
decltype(auto) with_format(std::string_view precision, F&& f) {
  if (precision == "df64") return f(std::type_identity<df64>{});
  if (precision == "qf128") return f(std::type_identity<qf128>{});
  if (precision == "dd128") return f(std::type_identity<dd128>{});
  throw std::invalid_argument("precision must be 'df64', 'qf128' or 'dd128', not '" +
                              std::string(precision) + "'");
}

inline normalization parse_normalization(std::string_view norm) {
  if (norm == "backward") return normalization::backward;
  if (norm == "ortho") return normalization::ortho;
  if (norm == "forward") return normalization::forward;
  throw std::invalid_argument("norm must be 'backward', 'ortho' or 'forward', not '" +
                              std::string(norm) + "'");
}

inline twiddle_mode parse_twiddles(std::string_view twiddles) {
  if (twiddles == "table") return twiddle_mode::table;
  if (twiddles == "computed") return twiddle_mode::computed;
  throw std::invalid_argument("twiddles must be 'table' or 'computed', not '" +
                              std::string(twiddles) + "'");
}

inline backend parse_device(std::string_view device) {
  if (device == "auto") return backend::automatic;
  if (device == "cpu") return backend::cpu;
  if (device == "cuda") return backend::cuda;
  throw std::invalid_argument("device must be 'auto', 'cpu' or 'cuda', not '" +
                              std::string(device) + "'");
}

inline const char* device_name(backend b) { return b == backend::cuda ? "cuda" : "cpu"; }

}  // namespace ffft::python
