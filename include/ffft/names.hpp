// The names of a plan's choices as the ffft program and the Python package
// spell them (numpy.fft's for the normalization): one table each, so that
// every front end accepts the same words and lists the same ones when a
// word is wrong. The formats' names are format_traits<E>::name.
#pragma once

#include <optional>
#include <string_view>
#include <type_traits>

#include "ffft/expansion.hpp"
#include "ffft/plan.hpp"

namespace ffft {

// "df64", "qf128" or "dd128": calls f(std::type_identity<E>{}) for the
// format of that name and returns true; false for any other name.
template <class F>
bool visit_format_named(std::string_view name, F&& f) {
  if (name == format_traits<df64>::name) f(std::type_identity<df64>{});
  else if (name == format_traits<qf128>::name) f(std::type_identity<qf128>{});
  else if (name == format_traits<dd128>::name) f(std::type_identity<dd128>{});
  else return false;
  return true;
}
inline constexpr std::string_view format_choices = "df64, qf128 or dd128";

// "backward" (1/n on the inverse), "ortho" or "forward".
constexpr std::optional<normalization> normalization_named(std::string_view name) {
  if (name == "backward") return normalization::backward;
  if (name == "ortho") return normalization::ortho;
  if (name == "forward") return normalization::forward;
  return std::nullopt;
}
inline constexpr std::string_view normalization_choices = "backward, ortho or forward";

// "table" (correctly rounded, from MPFR), "computed" (products of two
// sincos-made factors) or "direct" (one extended sincos per twiddle).
constexpr std::optional<twiddle_mode> twiddle_mode_named(std::string_view name) {
  if (name == "table") return twiddle_mode::table;
  if (name == "computed") return twiddle_mode::computed;
  if (name == "direct") return twiddle_mode::direct;
  return std::nullopt;
}
constexpr std::string_view twiddle_mode_name(twiddle_mode mode) {
  switch (mode) {
    case twiddle_mode::table: return "table";
    case twiddle_mode::computed: return "computed";
    case twiddle_mode::direct: return "direct";
  }
  return "";
}
inline constexpr std::string_view twiddle_mode_choices = "table, computed or direct";

// "auto" (CUDA where a device is present, else the CPU), "cpu" or "cuda".
constexpr std::optional<backend> backend_named(std::string_view name) {
  if (name == "auto") return backend::automatic;
  if (name == "cpu") return backend::cpu;
  if (name == "cuda") return backend::cuda;
  return std::nullopt;
}
inline constexpr std::string_view backend_choices = "auto, cpu or cuda";

}  // namespace ffft
