// FFTW's __float128 transforms (fftw_quad.hpp): copy the values into FFTW's
// buffers, plan with FFTW_ESTIMATE (which leaves the buffers alone, so the
// order of planning and filling does not matter), execute, copy back.
#include "tools/reference/fftw_quad.hpp"

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace ffft::tools {

namespace {

// Storage from fftwq_malloc (aligned as FFTW's codelets want it), released
// by fftwq_free on every path out, exceptions included.
struct fftwq_free_deleter {
  void operator()(void* p) const { fftwq_free(p); }
};
template <class T>
using fftwq_buffer = std::unique_ptr<T[], fftwq_free_deleter>;

template <class T>
fftwq_buffer<T> allocate(std::size_t count) {
  fftwq_buffer<T> b(static_cast<T*>(fftwq_malloc(sizeof(T) * count)));
  if (!b) throw std::runtime_error("FFTW could not allocate its __float128 buffer");
  return b;
}

struct fftwq_plan_deleter {
  void operator()(fftwq_plan p) const { fftwq_destroy_plan(p); }
};
using owned_plan = std::unique_ptr<std::remove_pointer_t<fftwq_plan>, fftwq_plan_deleter>;

owned_plan checked(fftwq_plan p, const char* what) {
  if (p == nullptr) throw std::runtime_error(std::string("FFTW could not plan the __float128 ") + what);
  return owned_plan(p);
}

}  // namespace

std::vector<complex_quad> fftw_quad_dft(std::span<const complex_quad> x, std::uint64_t length, int sign,
                                        fftw_placement placement) {
  const std::size_t count = x.size();
  if (length == 0 || count % length != 0)
    throw std::invalid_argument("fftw_quad_dft: " + std::to_string(count) + " values are no batch of length " +
                                std::to_string(length));
  const fftwq_buffer<fftwq_complex> in = allocate<fftwq_complex>(count);
  const fftwq_buffer<fftwq_complex> separate_out =
      placement == fftw_placement::out_of_place ? allocate<fftwq_complex>(count) : nullptr;
  fftwq_complex* const out = separate_out ? separate_out.get() : in.get();
  // One dimension of `length` values, repeated count / length times: the
  // plan of one transform when the batch is 1 (FFTW drops dimensions of
  // size 1, so this is the problem fftwq_plan_dft_1d makes).
  const fftwq_iodim64 dim{static_cast<std::ptrdiff_t>(length), 1, 1};
  const fftwq_iodim64 transforms{static_cast<std::ptrdiff_t>(count / length), static_cast<std::ptrdiff_t>(length),
                                 static_cast<std::ptrdiff_t>(length)};
  const owned_plan plan =
      checked(fftwq_plan_guru64_dft(1, &dim, 1, &transforms, in.get(), out, sign, FFTW_ESTIMATE), "complex transform");
  for (std::size_t j = 0; j < count; ++j) {
    in[j][0] = x[j].re;
    in[j][1] = x[j].im;
  }
  fftwq_execute(plan.get());
  std::vector<complex_quad> y(count);
  for (std::size_t j = 0; j < count; ++j) y[j] = {out[j][0], out[j][1]};
  return y;
}

std::vector<complex_quad> fftw_quad_dft_nd(std::span<const complex_quad> x, std::span<const std::uint64_t> shape,
                                           std::span<const int> axes, int sign) {
  std::size_t count = 1;
  for (std::uint64_t n : shape) count *= n;
  if (shape.empty() || count != x.size())
    throw std::invalid_argument("fftw_quad_dft_nd: " + std::to_string(x.size()) +
                                " values are no array of the shape given");
  // C order: axis k's stride is the product of the lengths after it. The
  // transformed axes are the plan's dimensions, the others its loops.
  std::vector<std::ptrdiff_t> stride(shape.size(), 1);
  for (std::size_t k = shape.size() - 1; k-- > 0;) stride[k] = stride[k + 1] * static_cast<std::ptrdiff_t>(shape[k + 1]);
  std::vector<bool> transformed(shape.size(), false);
  std::vector<fftwq_iodim64> dims, loops;
  for (int a : axes) {
    const auto k = static_cast<std::size_t>(a);
    transformed.at(k) = true;
    dims.push_back({static_cast<std::ptrdiff_t>(shape[k]), stride[k], stride[k]});
  }
  for (std::size_t k = 0; k < shape.size(); ++k)
    if (!transformed[k]) loops.push_back({static_cast<std::ptrdiff_t>(shape[k]), stride[k], stride[k]});
  const fftwq_buffer<fftwq_complex> in = allocate<fftwq_complex>(count);
  const fftwq_buffer<fftwq_complex> out = allocate<fftwq_complex>(count);
  const owned_plan plan = checked(
      fftwq_plan_guru64_dft(static_cast<int>(dims.size()), dims.data(), static_cast<int>(loops.size()),
                            loops.data(), in.get(), out.get(), sign, FFTW_ESTIMATE),
      "N-D complex transform");
  for (std::size_t j = 0; j < count; ++j) {
    in[j][0] = x[j].re;
    in[j][1] = x[j].im;
  }
  fftwq_execute(plan.get());
  std::vector<complex_quad> y(count);
  for (std::size_t j = 0; j < count; ++j) y[j] = {out[j][0], out[j][1]};
  return y;
}

namespace {

// The guru dimensions of a real transform along `axes` (the last listed
// halved) between dense C-order arrays of the real shape and of the
// spectrum's: FFTW's r2c reads `in` (real units) and writes `out` (complex
// units); c2r the other way.
struct real_guru_dims {
  std::vector<std::uint64_t> spectrum_shape;
  std::vector<fftwq_iodim64> dims, loops;
  std::size_t real_count = 1, spectrum_count = 1;
};

std::vector<std::ptrdiff_t> c_order_strides(const std::vector<std::uint64_t>& shape) {
  std::vector<std::ptrdiff_t> stride(shape.size(), 1);
  for (std::size_t k = shape.size() - 1; k-- > 0;) stride[k] = stride[k + 1] * static_cast<std::ptrdiff_t>(shape[k + 1]);
  return stride;
}

real_guru_dims real_dims(std::span<const std::uint64_t> shape, std::span<const int> axes, bool r2c) {
  real_guru_dims g;
  if (shape.empty() || axes.empty()) throw std::invalid_argument("fftw_quad real N-D: no shape or no axes");
  const std::vector<std::uint64_t> real_shape(shape.begin(), shape.end());
  g.spectrum_shape = real_shape;
  const auto halved = static_cast<std::size_t>(axes.back());
  g.spectrum_shape.at(halved) = shape[halved] / 2 + 1;
  for (std::size_t k = 0; k < shape.size(); ++k) {
    g.real_count *= real_shape[k];
    g.spectrum_count *= g.spectrum_shape[k];
  }
  const std::vector<std::ptrdiff_t> rs = c_order_strides(real_shape), ss = c_order_strides(g.spectrum_shape);
  std::vector<bool> transformed(shape.size(), false);
  const auto dim = [&](std::size_t k) {
    return r2c ? fftwq_iodim64{static_cast<std::ptrdiff_t>(shape[k]), rs[k], ss[k]}
               : fftwq_iodim64{static_cast<std::ptrdiff_t>(shape[k]), ss[k], rs[k]};
  };
  for (int a : axes) {
    transformed.at(static_cast<std::size_t>(a)) = true;
    g.dims.push_back(dim(static_cast<std::size_t>(a)));
  }
  for (std::size_t k = 0; k < shape.size(); ++k)
    if (!transformed[k]) g.loops.push_back(dim(k));
  return g;
}

}  // namespace

std::vector<complex_quad> fftw_quad_r2c_nd(std::span<const __float128> x, std::span<const std::uint64_t> shape,
                                           std::span<const int> axes) {
  const real_guru_dims g = real_dims(shape, axes, true);
  if (x.size() != g.real_count)
    throw std::invalid_argument("fftw_quad_r2c_nd: " + std::to_string(x.size()) +
                                " values are no array of the shape given");
  const fftwq_buffer<__float128> in = allocate<__float128>(g.real_count);
  const fftwq_buffer<fftwq_complex> out = allocate<fftwq_complex>(g.spectrum_count);
  const owned_plan plan = checked(
      fftwq_plan_guru64_dft_r2c(static_cast<int>(g.dims.size()), g.dims.data(), static_cast<int>(g.loops.size()),
                                g.loops.data(), in.get(), out.get(), FFTW_ESTIMATE),
      "N-D r2c transform");
  for (std::size_t j = 0; j < g.real_count; ++j) in[j] = x[j];
  fftwq_execute(plan.get());
  std::vector<complex_quad> y(g.spectrum_count);
  for (std::size_t k = 0; k < g.spectrum_count; ++k) y[k] = {out[k][0], out[k][1]};
  return y;
}

std::vector<__float128> fftw_quad_c2r_nd(std::span<const complex_quad> bins, std::span<const std::uint64_t> shape,
                                         std::span<const int> axes) {
  const real_guru_dims g = real_dims(shape, axes, false);
  if (bins.size() != g.spectrum_count)
    throw std::invalid_argument("fftw_quad_c2r_nd: " + std::to_string(bins.size()) +
                                " bins are no spectrum of the shape given");
  const fftwq_buffer<fftwq_complex> in = allocate<fftwq_complex>(g.spectrum_count);
  const fftwq_buffer<__float128> out = allocate<__float128>(g.real_count);
  const owned_plan plan = checked(
      fftwq_plan_guru64_dft_c2r(static_cast<int>(g.dims.size()), g.dims.data(), static_cast<int>(g.loops.size()),
                                g.loops.data(), in.get(), out.get(), FFTW_ESTIMATE),
      "N-D c2r transform");
  for (std::size_t k = 0; k < g.spectrum_count; ++k) {
    in[k][0] = bins[k].re;
    in[k][1] = bins[k].im;
  }
  fftwq_execute(plan.get());  // c2r overwrites its input, which is ours
  return std::vector<__float128>(out.get(), out.get() + g.real_count);
}

std::vector<complex_quad> fftw_quad_r2c(std::span<const __float128> x) {
  const std::size_t n = x.size(), bins = n / 2 + 1;
  const fftwq_buffer<__float128> in = allocate<__float128>(n);
  const fftwq_buffer<fftwq_complex> out = allocate<fftwq_complex>(bins);
  const owned_plan plan =
      checked(fftwq_plan_dft_r2c_1d(static_cast<int>(n), in.get(), out.get(), FFTW_ESTIMATE), "r2c transform");
  for (std::size_t j = 0; j < n; ++j) in[j] = x[j];
  fftwq_execute(plan.get());
  std::vector<complex_quad> y(bins);
  for (std::size_t k = 0; k < bins; ++k) y[k] = {out[k][0], out[k][1]};
  return y;
}

std::vector<__float128> fftw_quad_c2r(std::span<const complex_quad> bins, std::uint64_t n) {
  if (bins.size() != n / 2 + 1)
    throw std::invalid_argument("fftw_quad_c2r: " + std::to_string(n) + " values have " + std::to_string(n / 2 + 1) +
                                " bins, not " + std::to_string(bins.size()));
  const fftwq_buffer<fftwq_complex> in = allocate<fftwq_complex>(bins.size());
  const fftwq_buffer<__float128> out = allocate<__float128>(n);
  const owned_plan plan =
      checked(fftwq_plan_dft_c2r_1d(static_cast<int>(n), in.get(), out.get(), FFTW_ESTIMATE), "c2r transform");
  for (std::size_t k = 0; k < bins.size(); ++k) {
    in[k][0] = bins[k].re;
    in[k][1] = bins[k].im;
  }
  fftwq_execute(plan.get());  // c2r overwrites its input, which is ours
  return std::vector<__float128>(out.get(), out.get() + n);
}

}  // namespace ffft::tools
