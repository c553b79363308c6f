// FFTW's double-precision round trip, the baseline row of `ffft roundtrip`,
// through the guru64 interface (sizes beyond int). FFTW_ESTIMATE: the rows
// compare accuracy, and measuring plans would cost more time than the
// transforms.
#include <fftw3.h>

#include <chrono>
#include <complex>
#include <stdexcept>
#include <vector>

#include "cli/external_roundtrip.hpp"

namespace ffft::cli {

namespace {

template <class Plan, class Make>
Plan checked_plan(Make make, const char* what) {
  Plan p = make();
  if (p == nullptr) throw std::runtime_error(std::string("FFTW could not plan the ") + what + " transform");
  return p;
}

}  // namespace

external_roundtrip fftw_double_roundtrip(const std::vector<complex_quad>& x, const std::vector<std::uint64_t>& shape,
                                         const std::vector<int>& axes) {
  const std::size_t count = x.size();
  auto* data = static_cast<fftw_complex*>(fftw_malloc(sizeof(fftw_complex) * count));
  if (data == nullptr) throw std::runtime_error("FFTW could not allocate its buffer");
  // The transformed axes are the plan's dimensions, the others its loops.
  std::vector<ptrdiff_t> stride(shape.size(), 1);
  for (std::size_t k = shape.size() - 1; k-- > 0;) stride[k] = stride[k + 1] * static_cast<ptrdiff_t>(shape[k + 1]);
  std::vector<fftw_iodim64> dims, loops;
  std::vector<bool> transformed(shape.size(), false);
  std::uint64_t n = 1;
  for (int a : axes) {
    const auto k = static_cast<std::size_t>(a);
    transformed[k] = true;
    n *= shape[k];
    dims.push_back({static_cast<ptrdiff_t>(shape[k]), stride[k], stride[k]});
  }
  for (std::size_t k = 0; k < shape.size(); ++k)
    if (!transformed[k]) loops.push_back({static_cast<ptrdiff_t>(shape[k]), stride[k], stride[k]});
  auto make = [&](int sign) {
    return [&, sign] {
      return fftw_plan_guru64_dft(static_cast<int>(dims.size()), dims.data(), static_cast<int>(loops.size()),
                                  loops.data(), data, data, sign, FFTW_ESTIMATE);
    };
  };
  fftw_plan forward = checked_plan<fftw_plan>(make(FFTW_FORWARD), "double forward");
  fftw_plan backward = checked_plan<fftw_plan>(make(FFTW_BACKWARD), "double backward");
  for (std::size_t j = 0; j < count; ++j) {
    data[j][0] = static_cast<double>(x[j].re);
    data[j][1] = static_cast<double>(x[j].im);
  }
  external_roundtrip r{std::vector<complex_quad>(count), std::vector<complex_quad>(count), 0};
  const auto t0 = std::chrono::steady_clock::now();
  fftw_execute(forward);
  const auto t1 = std::chrono::steady_clock::now();
  for (std::size_t j = 0; j < count; ++j) r.forward[j] = {data[j][0], data[j][1]};
  const auto t2 = std::chrono::steady_clock::now();
  fftw_execute(backward);
  const auto t3 = std::chrono::steady_clock::now();
  const double scale = 1.0 / static_cast<double>(n);
  for (std::size_t j = 0; j < count; ++j) r.roundtrip[j] = {data[j][0] * scale, data[j][1] * scale};
  r.seconds = std::chrono::duration<double>((t1 - t0) + (t3 - t2)).count();
  fftw_destroy_plan(forward);
  fftw_destroy_plan(backward);
  fftw_free(data);
  return r;
}

}  // namespace ffft::cli
