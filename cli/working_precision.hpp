// ffft's side of a command: the working precision's plan on the chosen
// device, and the input converted into it.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/element_values.hpp"
#include "cli/errors.hpp"
#include "cli/input_file.hpp"
#include "cli/nd_shape.hpp"
#include "ffft/aligned_vector.hpp"
#include "ffft/nd_plan.hpp"
#include "ffft/nd_real_plan.hpp"
#include "ffft/plan.hpp"

namespace ffft::cli {

// --device auto|cpu|cuda as a backend. auto without a usable device runs on
// the CPU and says so in one "ffft: notice:" line on stderr; cuda without one
// is an input_error.
backend choose_backend(const std::string& device);

// "cpu" or "cuda".
const char* backend_name(backend b);

// fn(E{}) for the working precision f (df64, qf128 or dd128).
template <class Fn>
decltype(auto) visit_precision(element_format f, Fn&& fn) {
  if (f == element_format::qf128) return fn(qf128{});
  if (f == element_format::dd128) return fn(dd128{});
  if (f != element_format::df64)
    throw input_error(std::string("--precision ") + std::string(format_name(f)) +
                      " is not a working precision; choose df64, qf128 or dd128");
  return fn(df64{});
}

// The file format of the working precision's limb type: c128 for dd128,
// c64 for df64 and qf128 (the arrays a plan also runs on directly).
inline element_format limb_format_of(element_format f) {
  return f == element_format::dd128 ? element_format::c128 : element_format::c64;
}

// Bytes one value occupies in precision f.
inline std::size_t working_bytes(element_format f) { return f == element_format::df64 ? 16 : 32; }

// A plan for `batch` transforms of length n, in place, with the values laid
// out as `values` says (default: contiguous). A request the library refuses
// (std::invalid_argument) becomes an input_error.
template <class E>
plan<E> make_plan(std::uint64_t n, std::uint64_t batch, normalization norm, twiddle_mode twiddles, backend where,
                  layout values = {}) {
  plan_options o;
  o.length = n;
  o.batch = batch;
  o.norm = norm;
  o.twiddles = twiddles;
  o.backend = where;
  o.input = values;
  o.output = values;
  try {
    return plan<E>(o);
  } catch (const std::invalid_argument& e) {
    throw input_error(e.what());
  }
}

// An N-D plan (nd_shape.hpp) on dense C-order values, in place; a real one
// when `real_shape` is given (the real arrays' shape: the file's for rfft,
// irfft's output for irfft). Refusals become input_errors, as make_plan's.
template <class E>
nd_plan<E> make_nd_plan(const nd_transform_shape& s, normalization norm, twiddle_mode twiddles, backend where) {
  nd_plan_options o;
  o.shape = s.shape;
  o.axes = s.axes;
  o.norm = norm;
  o.twiddles = twiddles;
  o.backend = where;
  try {
    return nd_plan<E>(o);
  } catch (const std::invalid_argument& e) {
    throw input_error(e.what());
  }
}

template <class E>
nd_real_plan<E> make_nd_real_plan(const std::vector<std::uint64_t>& real_shape, const std::vector<int>& axes,
                                  normalization norm, twiddle_mode twiddles, backend where) {
  nd_real_plan_options o;
  o.shape = real_shape;
  o.axes = axes;
  o.norm = norm;
  o.twiddles = twiddles;
  o.backend = where;
  try {
    return nd_real_plan<E>(o);
  } catch (const std::invalid_argument& e) {
    throw input_error(e.what());
  }
}

// Which order a loader gives an input's values in: `logical`, C order
// whatever the file's (input_layout::file_index), or `file`, as they lie
// (a Fortran-order array stays in Fortran order, for a plan with
// transform_shape::plan_layout()).
enum class value_order { logical, file };

// The input's values times 2^k, in E.
template <class E>
aligned_vector<complex<E>> load_working(const input_file& in, int k, value_order order = value_order::logical) {
  const std::uint64_t count = in.element_count();
  const input_layout& layout = in.layout();
  const bool gather = order == value_order::logical && layout.fortran_order;
  aligned_vector<complex<E>> x(count);
  visit_element_type(in.format(), [&](auto tag) {
    using T = decltype(tag);
    const unsigned char* bytes = in.data().data();
#pragma omp parallel for schedule(static)
    for (std::uint64_t j = 0; j < count; ++j)
      x[j] = to_working<E>(load_element<T>(bytes, gather ? layout.file_index(j) : j), k);
  });
  return x;
}

// The real parts of the input's values times 2^k, in E (for real inputs:
// the values), in logical order.
template <class E>
aligned_vector<E> load_working_real(const input_file& in, int k) {
  const std::uint64_t count = in.element_count();
  const input_layout& layout = in.layout();
  aligned_vector<E> x(count);
  visit_element_type(in.format(), [&](auto tag) {
    using T = decltype(tag);
    const unsigned char* bytes = in.data().data();
#pragma omp parallel for schedule(static)
    for (std::uint64_t j = 0; j < count; ++j)
      x[j] = to_working<E>(load_element<T>(bytes, layout.file_index(j)), k).re;
  });
  return x;
}

// Values of any format in __float128, times `scale`.
template <class T>
std::vector<complex_quad> quad_values(std::span<const T> v, __float128 scale = 1) {
  std::vector<complex_quad> q(v.size());
#pragma omp parallel for schedule(static)
  for (std::size_t j = 0; j < v.size(); ++j) {
    const complex_quad x = tools::to_quad(v[j]);
    q[j] = {x.re * scale, x.im * scale};
  }
  return q;
}

// An input file's values in __float128 (exact for every format whose limbs
// span at most 113 bits), in logical order.
std::vector<complex_quad> load_quad(const input_file& in);

}  // namespace ffft::cli
