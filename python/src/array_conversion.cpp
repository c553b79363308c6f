// Conversions between numpy's arrays (float32, float64, complex64,
// complex128, any strides) and buffers of a format's values, on the host,
// with the GIL released. The arithmetic is the library's (ffft/conversions
// .hpp): to a format, each part is rounded to nearest, so float data are
// exact in every format and double data exact in qf128 and dd128 (48 bits
// in df64); from a format, each part is rounded once to nearest double, or
// faithfully to float.
//
// Rows are transforms: source (batch, m), target (batch, n). to_format
// copies min(m, n) values of each row and sets the rest to zero, which is
// numpy.fft's `n` (zero-padding or truncation).
//
// A finite value beyond the format's range (float limbs: |x| >= 2^128)
// would become infinite; to_format refuses it, naming where it is, rather
// than return a transform of infinities.
#include "array_conversion.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <sstream>
#include <string>

#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include "array_checks.hpp"
#include "ffft/complex.hpp"
#include "ffft/conversions.hpp"
#include "formats.hpp"

namespace ffft::python {

namespace {

// Element (b, j) of a 2-D array with element strides.
template <class T>
struct rows_view {
  T* data;
  std::int64_t row_stride;
  std::int64_t stride;
  T& operator()(std::uint64_t b, std::uint64_t j) const {
    return data[static_cast<std::int64_t>(b) * row_stride + static_cast<std::int64_t>(j) * stride];
  }
};

template <class T, class Array>
rows_view<T> rows_of(const Array& a) {
  return {static_cast<T*>(const_cast<void*>(static_cast<const void*>(a.data()))), a.stride(0),
          a.stride(1)};
}

template <class T>
struct is_std_complex : std::false_type {};
template <class T>
struct is_std_complex<std::complex<T>> : std::true_type {};

template <class E, class T>
E to_expansion(T x) {
  if constexpr (std::is_same_v<T, float>)
    return from_float<E>(x);
  else
    return from_double<E>(x);
}

[[noreturn]] void throw_out_of_range(double value, std::uint64_t b, std::uint64_t j,
                                     const std::string& precision) {
  std::ostringstream m;
  m.precision(17);
  m << "the input value " << value << " (transform " << b << ", element " << j << ") is outside "
    << precision
    << "'s range, whose limbs are floats (|x| < 3.4e38): use precision='dd128' or scale the data";
  throw std::invalid_argument(m.str());
}

// One part: rounded to E, refused if a finite value overflows.
template <class E, class T>
E convert_part(T x, std::uint64_t b, std::uint64_t j, const std::string& precision) {
  const E r = to_expansion<E>(x);
  if (!limb::is_finite(r[0]) && std::isfinite(x)) throw_out_of_range(x, b, j, precision);
  return r;
}

template <class E, class Source, class Target>
void fill_rows(rows_view<const Source> source, std::uint64_t batch, std::uint64_t m,
               Target* target, std::uint64_t n, const std::string& precision) {
  const std::uint64_t copied = std::min(m, n);
  for (std::uint64_t b = 0; b < batch; ++b) {
    Target* row = target + b * n;
    for (std::uint64_t j = 0; j < copied; ++j) {
      const Source x = source(b, j);
      if constexpr (std::is_same_v<Target, E>) {
        row[j] = convert_part<E>(x, b, j, precision);
      } else if constexpr (is_std_complex<Source>::value) {
        row[j] = {convert_part<E>(x.real(), b, j, precision),
                  convert_part<E>(x.imag(), b, j, precision)};
      } else {
        row[j] = {convert_part<E>(x, b, j, precision), E{}};
      }
    }
    std::fill(row + copied, row + n, Target{});
  }
}

template <class E, class Target>
void to_format_rows(const nb::ndarray<nb::ro>& source, Target* target, std::uint64_t n,
                    const std::string& precision) {
  const std::uint64_t batch = source.shape(0), m = source.shape(1);
  constexpr bool complex_target = !std::is_same_v<Target, E>;
  auto run = [&](auto tag) {
    using S = typename decltype(tag)::type;
    const auto view = rows_of<const S>(source);
    nb::gil_scoped_release release;
    fill_rows<E>(view, batch, m, target, n, precision);
  };
  if (source.dtype() == nb::dtype<float>()) return run(std::type_identity<float>{});
  if (source.dtype() == nb::dtype<double>()) return run(std::type_identity<double>{});
  if constexpr (complex_target) {
    if (source.dtype() == nb::dtype<std::complex<float>>())
      return run(std::type_identity<std::complex<float>>{});
    if (source.dtype() == nb::dtype<std::complex<double>>())
      return run(std::type_identity<std::complex<double>>{});
    throw nb::type_error(("cannot convert " + dtype_name(source.dtype()) +
                          " values exactly: pass float32, float64, complex64 or complex128")
                             .c_str());
  } else {
    throw nb::type_error(("a real transform takes real data, not " + dtype_name(source.dtype()) +
                          ": pass float32 or float64")
                             .c_str());
  }
}

void require_host_rows(const nb::ndarray<nb::ro>& a, const char* name) {
  if (a.ndim() != 2) throw std::invalid_argument(std::string(name) + " must be 2-D (batch, n)");
  if (on_cuda_device(a)) throw std::invalid_argument(std::string(name) + " must be in host memory");
}

// source (batch, m) -> target: (batch, n, 2, limbs) for complex values,
// (batch, n, limbs) for real ones.
void to_format(const std::string& precision, nb::ndarray<nb::ro> source, nb::ndarray<> target) {
  require_host_rows(source, "source");
  with_format(precision, [&](auto format) {
    using E = typename decltype(format)::type;
    const std::uint64_t batch = source.shape(0);
    const bool complex_target = target.ndim() == 4;
    const std::uint64_t n = target.ndim() >= 3 ? target.shape(1) : 0;
    if (complex_target) {
      require_buffer(target, "target", nb::dtype<typename E::limb_type>(), {batch, n, 2, E::limbs});
      to_format_rows<E>(source, static_cast<complex<E>*>(target.data()), n, precision);
    } else {
      require_buffer(target, "target", nb::dtype<typename E::limb_type>(), {batch, n, E::limbs});
      to_format_rows<E>(source, static_cast<E*>(target.data()), n, precision);
    }
  });
}

template <class Target, class E>
Target round_part(E x) {
  if constexpr (std::is_same_v<Target, float>)
    return to_float(x);
  else
    return to_double(x);
}

template <class E, class Target>
void round_rows(const E* source_real, const complex<E>* source_complex, std::uint64_t batch,
                std::uint64_t n, rows_view<Target> target) {
  for (std::uint64_t b = 0; b < batch; ++b)
    for (std::uint64_t j = 0; j < n; ++j) {
      if constexpr (is_std_complex<Target>::value) {
        using part = typename Target::value_type;
        const complex<E>& v = source_complex[b * n + j];
        target(b, j) = {round_part<part>(v.re), round_part<part>(v.im)};
      } else {
        target(b, j) = round_part<Target>(source_real[b * n + j]);
      }
    }
}

// source: (batch, n, 2, limbs) or (batch, n, limbs) -> target (batch, n):
// complex64 or complex128 for complex values, float32 or float64 for real.
void from_format(const std::string& precision, nb::ndarray<nb::ro> source, nb::ndarray<> target) {
  if (target.ndim() != 2) throw std::invalid_argument("target must be 2-D (batch, n)");
  if (on_cuda_device(target)) throw std::invalid_argument("target must be in host memory");
  with_format(precision, [&](auto format) {
    using E = typename decltype(format)::type;
    using limb = typename E::limb_type;
    const std::uint64_t batch = target.shape(0), n = target.shape(1);
    auto run = [&](auto tag, const E* real, const complex<E>* values) {
      using T = typename decltype(tag)::type;
      const auto view = rows_of<T>(target);
      nb::gil_scoped_release release;
      round_rows<E>(real, values, batch, n, view);
    };
    if (source.ndim() == 4) {
      require_buffer(source, "source", nb::dtype<limb>(), {batch, n, 2, E::limbs});
      const auto* values = static_cast<const complex<E>*>(source.data());
      if (target.dtype() == nb::dtype<std::complex<double>>())
        return run(std::type_identity<std::complex<double>>{}, nullptr, values);
      if (target.dtype() == nb::dtype<std::complex<float>>())
        return run(std::type_identity<std::complex<float>>{}, nullptr, values);
      throw nb::type_error("target of complex values must be complex64 or complex128");
    }
    require_buffer(source, "source", nb::dtype<limb>(), {batch, n, E::limbs});
    const auto* real = static_cast<const E*>(source.data());
    if (target.dtype() == nb::dtype<double>())
      return run(std::type_identity<double>{}, real, nullptr);
    if (target.dtype() == nb::dtype<float>()) return run(std::type_identity<float>{}, real, nullptr);
    throw nb::type_error("target of real values must be float32 or float64");
  });
}

}  // namespace

void bind_array_conversion(nb::module_& m) {
  using nb::arg;
  m.def("to_format", &to_format, arg("precision"), arg("source"), arg("target"),
        "Rounds source (batch, m: float32, float64, complex64 or complex128, any strides, host "
        "memory) to the format's values in target: (batch, n, 2, limbs) for complex data, "
        "(batch, n, limbs) for real data, C-contiguous. Copies min(m, n) values per row and "
        "zeros the rest. Raises ValueError for a finite value the format cannot hold.");
  m.def("from_format", &from_format, arg("precision"), arg("source"), arg("target"),
        "Rounds the format's values in source ((batch, n, 2, limbs) or (batch, n, limbs)) once "
        "to target (batch, n): complex64 or complex128, or float32 or float64, any strides.");
}

}  // namespace ffft::python
