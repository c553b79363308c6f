// The names the Python module uses for formats, normalizations, twiddle
// modes and backends, mapped to the C++ API's types. One place, so the
// error for a bad name lists the good ones the same way everywhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "ffft/expansion.hpp"
#include "ffft/names.hpp"
#include "ffft/plan.hpp"

namespace ffft::python {

// "a, b or c" as "'a', 'b' or 'c'", Python's way of naming the choices.
inline std::string quoted_choices(std::string_view choices) {
  std::string r = "'";
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (choices.compare(i, 2, ", ") == 0) {
      r += "', '";
      ++i;
    } else if (choices.compare(i, 4, " or ") == 0) {
      r += "' or '";
      i += 3;
    } else {
      r += choices[i];
    }
  }
  return r + "'";
}

// Calls f(std::type_identity<E>{}) for the format named `precision`
// (ffft/names.hpp) and returns what it returns.
template <class F>
decltype(auto) with_format(std::string_view precision, F&& f) {
  if (precision == format_traits<df64>::name) return f(std::type_identity<df64>{});
  if (precision == format_traits<qf128>::name) return f(std::type_identity<qf128>{});
  if (precision == format_traits<dd128>::name) return f(std::type_identity<dd128>{});
  throw std::invalid_argument("precision must be " + quoted_choices(format_choices) + ", not '" +
                              std::string(precision) + "'");
}

inline normalization parse_normalization(std::string_view norm) {
  if (const auto n = normalization_named(norm)) return *n;
  throw std::invalid_argument("norm must be " + quoted_choices(normalization_choices) + ", not '" +
                              std::string(norm) + "'");
}

inline twiddle_mode parse_twiddles(std::string_view twiddles) {
  if (const auto t = twiddle_mode_named(twiddles)) return *t;
  throw std::invalid_argument("twiddles must be " + quoted_choices(twiddle_mode_choices) + ", not '" +
                              std::string(twiddles) + "'");
}

inline backend parse_device(std::string_view device) {
  if (const auto b = backend_named(device)) return *b;
  throw std::invalid_argument("device must be " + quoted_choices(backend_choices) + ", not '" +
                              std::string(device) + "'");
}

inline const char* device_name(backend b) { return b == backend::cuda ? "cuda" : "cpu"; }

// The format E of a plan type Plan<E> (plan, real_plan, nd_plan, ...), for
// the bindings' visitors of a variant of the three.
template <class Plan>
struct format_of_plan;
template <template <class> class Plan, class E>
struct format_of_plan<Plan<E>> {
  using type = E;
};
template <class Plan>
using format_of = typename format_of_plan<std::remove_cvref_t<Plan>>::type;

// A cudaStream_t passed from Python as an integer (CuPy's Stream.ptr; 0:
// the legacy default stream), and a direction passed as a bool.
inline cuda_stream as_stream(std::uintptr_t stream) { return reinterpret_cast<cuda_stream>(stream); }
inline direction as_direction(bool forward) { return forward ? direction::forward : direction::inverse; }

}  // namespace ffft::python
