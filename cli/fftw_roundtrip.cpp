// FFTW's double-precision round trip, the baseline row of `ffft roundtrip`,
// through the guru64 interface (sizes beyond int). FFTW_ESTIMATE: the rows
// compare accuracy, and measuring plans would cost more time than the
// transforms.
#include <fftw3.h>

#include <chrono>
#include <complex>
#include <stdexcept>

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

external_roundtrip fftw_double_roundtrip(const std::vector<complex_quad>& x, std::uint64_t n, std::uint64_t batch) {
  const std::size_t count = x.size();
  auto* data = static_cast<fftw_complex*>(fftw_malloc(sizeof(fftw_complex) * count));
  if (data == nullptr) throw std::runtime_error("FFTW could not allocate its buffer");
  const fftw_iodim64 dim{static_cast<ptrdiff_t>(n), 1, 1};
  const fftw_iodim64 transforms{static_cast<ptrdiff_t>(batch), static_cast<ptrdiff_t>(n), static_cast<ptrdiff_t>(n)};
  auto make = [&](int sign) {
    return [&, sign] { return fftw_plan_guru64_dft(1, &dim, 1, &transforms, data, data, sign, FFTW_ESTIMATE); };
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
