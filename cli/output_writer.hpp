// Writing elements to an output file: the output's format from the options
// and its name, the .npy header when the name asks for one, and the
// elements themselves, converted in chunks so the output never needs a
// second copy of the data in memory.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/element_format.hpp"
#include "cli/element_values.hpp"
#include "cli/errors.hpp"
#include "cli/npy_header.hpp"
#include "cli/output_file.hpp"

namespace ffft::cli {

struct output_target {
  std::string path;
  element_format format;
  bool npy;  // the name ends in .npy
  // A .npy output in Fortran order (the caller gives its values in that
  // order): fft and ifft of a Fortran-order input keep its order.
  bool fortran_order = false;
};

// --out-format, else the name's extension, else `fallback` (the input's
// format; c128 for generated signals).
output_target resolve_output_target(const std::string& path, std::optional<element_format> out_format,
                                    element_format fallback);

// Throws input_error unless target's format is complex (results = "fft's
// results", the command's name) or, with real_results, real.
void require_result_kind(const output_target& target, bool real_results, const std::string& results);

// Writes `count` elements to target through an atomic_output: element j is
// value_at(tag, j), where tag is a value of the output's element type (see
// element_values.hpp). Every element must be finite unless allow_nonfinite:
// a result that overflows the output format is refused (input_error) and
// nothing is written.
template <class ValueAt>
void write_elements(const output_target& target, std::span<const std::uint64_t> npy_shape, std::uint64_t count,
                    bool allow_nonfinite, ValueAt&& value_at) {
  atomic_output out(target.path);
  if (target.npy) out.write(make_npy_header(target.format, npy_shape, target.fortran_order));
  visit_element_type(target.format, [&](auto tag) {
    using T = decltype(tag);
    constexpr std::uint64_t chunk = (std::uint64_t{1} << 22) / sizeof(T);
    std::vector<unsigned char> buffer(std::min(count, chunk) * sizeof(T));
    for (std::uint64_t begin = 0; begin < count; begin += chunk) {
      const std::uint64_t end = std::min(count, begin + chunk);
      std::uint64_t first_bad = UINT64_MAX;
#pragma omp parallel for reduction(min : first_bad) schedule(static)
      for (std::uint64_t j = begin; j < end; ++j) {
        const T v = value_at(tag, j);
        if (!allow_nonfinite && !all_limbs_finite(v)) first_bad = std::min(first_bad, j);
        store_element(v, buffer.data(), j - begin);
      }
      if (first_bad != UINT64_MAX)
        throw input_error("the result at index " + std::to_string(first_bad) + " does not fit " +
                          std::string(format_name(target.format)) +
                          " (it overflows); write a wider format (--out-format c128 or dd128)");
      out.write(std::span<const unsigned char>(buffer.data(), (end - begin) * sizeof(T)));
    }
  });
  out.commit();
}

// write_elements of a working precision's results scaled by 2^-k:
// element j is from_working(values[j], k) (a real V: the complex value with
// a zero imaginary part). Compiled once per working value type in
// output_writer.cpp (V is E or complex<E>, E df64, qf128 or dd128), not
// once per command and call: with every output format a call instantiates
// ten conversions.
template <class V>
void write_working(const output_target& target, std::span<const std::uint64_t> npy_shape, std::uint64_t count,
                   bool allow_nonfinite, const V* values, int k);

// The value types write_working is compiled for: X(V) for each.
#define FFFT_CLI_WORKING_VALUE_TYPES(X) \
  X(df64) X(qf128) X(dd128) X(complex<df64>) X(complex<qf128>) X(complex<dd128>)
#define FFFT_CLI_WRITE_WORKING(V)                                                                                \
  extern template void write_working<V>(const output_target&, std::span<const std::uint64_t>, std::uint64_t, \
                                        bool, const V*, int);
FFFT_CLI_WORKING_VALUE_TYPES(FFFT_CLI_WRITE_WORKING)
#undef FFFT_CLI_WRITE_WORKING

}  // namespace ffft::cli
