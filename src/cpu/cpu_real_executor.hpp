// The CPU's primitives of a real transform or a convolution
// (engine/real_runner.hpp): the complex transform by the CPU executor, and
// the element-wise steps of fft/real_steps.hpp on OpenMP threads, reading
// and writing real values of the format (R = E) or of its limb type, and
// bins of complex<E> or limb_complex_of<E>.
//
// The even-n steps, whose complex products cost as much as several
// butterfly passes when done one pair at a time, run W pairs at once in
// the library's baseline 256-bit lanes (lane_butterfly.hpp's lane
// expansions through the same templates, bit-identical to one pair at a
// time): W = 8 for df64 and qf128, 4 for dd128.
#pragma once

#include <algorithm>
#include <cstdint>

#include "engine/real_runner.hpp"
#include "engine/runner.hpp"
#include "src/cpu/cpu_executor.hpp"
#include "src/cpu/lane_butterfly.hpp"
#include "src/cpu/parallel_for.hpp"

namespace ffft::fft {

template <class E>
class cpu_real_executor {
 public:
  using value = complex<E>;

  // inner: the complex transform of `points` points; workspace: what it
  // needs (workspace_values(inner, batch)).
  cpu_real_executor(unsigned threads, cpu_isa isa, const transform_program<E>& inner,
                    std::uint64_t points, value* workspace)
      : threads_(threads), complex_(threads, isa), inner_(inner), points_(points), workspace_(workspace) {}

  // In place: each Stockham pass or Bluestein step reads all of its input
  // before writing its output (run_transform).
  void transform(int sign, const scaling<E>& scale, value* data, std::uint64_t batch) const {
    run_transform<E>(complex_, sign, scale, inner_, as_const(dense(data, points_)),
                     dense(data, points_), workspace_, batch);
  }

  // R: real values (E or its limb type), or complex ones for a convolution
  // of complex data; count: values read per transform, the rest zeros.
  template <class R>
  void real_pack(const real_shape& s, strided<const R> x, std::uint64_t count, value* packed,
                 std::uint64_t batch) const {
    cpu::parallel_for_rows(threads_, batch, s.points, [&](std::uint64_t b, std::uint64_t j) {
      packed[b * s.points + j] = real_packed_element<E>(s, x, b, j, count);
    });
  }

  template <class C>
  void real_spectrum(const real_program<E>& p, const scaling<E>& scale, const value* packed,
                     strided<C> spectrum, std::uint64_t batch) const {
    const real_shape& s = p.shape;
    const auto single = [&](std::uint64_t b, std::uint64_t k) {
      const value* z = packed + b * s.points;
      if (!s.halved) {
        spectrum(b, k) = store_complex<E, C>(scaled(scale, z[k]));
        return;
      }
      const value_pair<E> x = spectrum_pair(s, z, k, p.w_n, scale);
      spectrum(b, k) = store_complex<E, C>(x.at_k);
      if (mirror_of(s, k) != k) spectrum(b, mirror_of(s, k)) = store_complex<E, C>(x.at_m_minus_k);
    };
    if (!s.halved) return cpu::parallel_for_rows(threads_, batch, s.bins, single);
    const std::uint64_t m = s.points;
    for_each_pair(s, batch, single, [&](std::uint64_t b, std::uint64_t k0, std::uint64_t count) {
      const value* z = packed + b * m;
      const auto x = spectrum_values(gather(count, [&](std::uint64_t w) { return z[k0 + w]; }),
                                     gather(count, [&](std::uint64_t w) { return z[m - k0 - w]; }),
                                     gather(count, [&](std::uint64_t w) { return p.w_n(k0 + w); }));
      scatter(x.at_k, count, [&](std::uint64_t w, const value& v) {
        spectrum(b, k0 + w) = store_complex<E, C>(scaled(scale, v));
      });
      scatter(x.at_m_minus_k, count, [&](std::uint64_t w, const value& v) {
        spectrum(b, m - k0 - w) = store_complex<E, C>(scaled(scale, v));
      });
    });
  }

  template <class C>
  void real_unspectrum(const real_program<E>& p, strided<const C> spectrum, value* packed,
                       std::uint64_t batch) const {
    const real_shape& s = p.shape;
    const auto single = [&](std::uint64_t b, std::uint64_t k) {
      value* z = packed + b * s.points;
      if (!s.halved) {
        z[k] = real_hermitian_point<E>(s, spectrum, b, k);
        return;
      }
      // real_unspectrum_pair's operations, the pair's arithmetic out of line.
      const value_pair<E> v = unspectrum_pair(real_spectrum_bin<E>(s, spectrum, b, k),
                                              real_spectrum_bin<E>(s, spectrum, b, mirror_of(s, k)), p.w_n(k));
      z[k] = v.at_k;
      if (k != 0 && mirror_of(s, k) != k) z[mirror_of(s, k)] = v.at_m_minus_k;
    };
    if (!s.halved) return cpu::parallel_for_rows(threads_, batch, s.points, single);
    const std::uint64_t m = s.points;
    for_each_pair(s, batch, single, [&](std::uint64_t b, std::uint64_t k0, std::uint64_t count) {
      value* z = packed + b * m;
      const auto v = unspectrum_values(
          gather(count, [&](std::uint64_t w) { return real_spectrum_bin<E>(s, spectrum, b, k0 + w); }),
          gather(count, [&](std::uint64_t w) { return real_spectrum_bin<E>(s, spectrum, b, m - k0 - w); }),
          gather(count, [&](std::uint64_t w) { return p.w_n(k0 + w); }));
      scatter(v.at_k, count, [&](std::uint64_t w, const value& x) { z[k0 + w] = x; });
      scatter(v.at_m_minus_k, count, [&](std::uint64_t w, const value& x) { z[m - k0 - w] = x; });
    });
  }

  // x(b, i) = value offset + i of transform b, i < count.
  template <class R>
  void real_unpack(const real_shape& s, const value* packed, strided<R> x, std::uint64_t offset,
                   std::uint64_t count, std::uint64_t batch) const {
    cpu::parallel_for_rows(threads_, batch, count, [&](std::uint64_t b, std::uint64_t i) {
      x(b, i) = real_unpacked_element<E, R>(s, packed + b * s.points, offset + i);
    });
  }

  // One pair of bins and one value's scaling, out of line for the reason
  // given at spectrum_values: the pairs k = 0 and m / 2, which the groups
  // leave, and a convolution kernel's spectrum (cpu_backend.cpp).
  [[gnu::noinline]] static value_pair<E> spectrum_pair(const real_shape& s, const value* z, std::uint64_t k,
                                                       const real_twiddle_array<E>& w_n, const scaling<E>& scale) {
    return real_spectrum_pair(s, z, k, w_n, scale);
  }
  [[gnu::noinline]] static value scaled(const scaling<E>& scale, const value& v) { return scale.apply(v); }

  // Real data of even n: the fused step of convolution_steps.hpp.
  void convolve(const convolution_program<E>& p, value* packed, std::uint64_t batch) const {
    const real_shape& s = p.transform.shape;
    const auto single = [&](std::uint64_t b, std::uint64_t k) {
      convolve_element(s, packed + b * s.points, p.kernel, k, p.transform.w_n);
    };
    const std::uint64_t m = s.points;
    const complex<E>* kernel = p.kernel;
    for_each_pair(s, batch, single, [&](std::uint64_t b, std::uint64_t k0, std::uint64_t count) {
      value* z = packed + b * m;
      const auto w_k = gather(count, [&](std::uint64_t w) { return p.transform.w_n(k0 + w); });
      const auto x = spectrum_values(gather(count, [&](std::uint64_t w) { return z[k0 + w]; }),
                                     gather(count, [&](std::uint64_t w) { return z[m - k0 - w]; }), w_k);
      const auto y = unspectrum_values(
          lane_product(x.at_k, gather(count, [&](std::uint64_t w) { return kernel[k0 + w]; })),
          lane_product(x.at_m_minus_k, gather(count, [&](std::uint64_t w) { return kernel[m - k0 - w]; })), w_k);
      scatter(y.at_k, count, [&](std::uint64_t w, const value& v) { z[k0 + w] = v; });
      scatter(y.at_m_minus_k, count, [&](std::uint64_t w, const value& v) { z[m - k0 - w] = v; });
    });
  }

 private:
#if FFFT_HAVE_LANES
  static constexpr int lane_bytes = 32;
  static constexpr int W = lane_count<E, lane_bytes>;
  using lane_value = lane_expansion<E, lane_bytes>;
  using lanes = complex<lane_value>;

  // W values v(w), w < count, in lanes; spare lanes repeat the last one.
  template <class Value>
  static lanes gather(std::uint64_t count, const Value& v) {
    value a[W];
    for (int w = 0; w < W; ++w) a[w] = v(std::min<std::uint64_t>(static_cast<std::uint64_t>(w), count - 1));
    return to_lanes<lane_bytes>(a);
  }
  template <class Put>
  static void scatter(const lanes& x, std::uint64_t count, const Put& put) {
    value a[W];
    from_lanes<lane_bytes>(x, a);
    for (std::uint64_t w = 0; w < count; ++w) put(w, a[w]);
  }
#else
  static constexpr int W = 1;
  using lane_value = E;
  using lanes = value;
  template <class Value>
  static value gather(std::uint64_t, const Value& v) { return v(0); }
  template <class Put>
  static void scatter(const value& x, std::uint64_t, const Put& put) { put(0, x); }
#endif

  // The pairs' arithmetic (real_steps.hpp) on W of them, out of line: each
  // format compiles it once, where inlined it was compiled again for each
  // bin type and each step that uses it (a qf128 copy is tens of KB).
  [[gnu::noinline]] static value_pair<lane_value> spectrum_values(const lanes& zk, const lanes& zj, const lanes& w) {
    return real_spectrum_values(zk, zj, w);
  }
  [[gnu::noinline]] static value_pair<lane_value> unspectrum_values(const lanes& xk, const lanes& xj,
                                                                    const lanes& w) {
    return real_unspectrum_values(xk, xj, w);
  }
  [[gnu::noinline]] static value_pair<E> unspectrum_pair(const value& xk, const value& xj, const value& w) {
    return real_unspectrum_values(xk, xj, w);
  }
  [[gnu::noinline]] static lanes lane_product(const lanes& a, const lanes& b) { return mul(a, b); }

  // The pairs k < m - k (k >= 1) of each transform in groups of at most W:
  // group(b, k0, count); then single(b, k) for the pairs k = 0 (bins 0 and
  // m) and, m even, k = m / 2 (its own mirror).
  template <class Single, class Group>
  void for_each_pair(const real_shape& s, std::uint64_t batch, const Single& single, const Group& group) const {
    const std::uint64_t pairs = (s.points - 1) / 2;
    const std::uint64_t groups = (pairs + W - 1) / W;
    cpu::parallel_for_rows(threads_, batch, groups + 1, [&](std::uint64_t b, std::uint64_t g) {
      if (g < groups) return group(b, 1 + g * W, std::min<std::uint64_t>(W, pairs - g * W));
      single(b, 0);
      if (s.points % 2 == 0) single(b, s.points / 2);
    });
  }

  unsigned threads_;
  cpu_executor<E> complex_;
  const transform_program<E>& inner_;
  std::uint64_t points_;
  value* workspace_;
};

}  // namespace ffft::fft
