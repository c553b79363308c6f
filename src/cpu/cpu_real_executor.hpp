// The CPU's primitives of a real transform or a convolution
// (engine/real_runner.hpp): the
// complex transform by the CPU executor, and the element-wise steps of
// fft/real_steps.hpp on OpenMP threads, reading and writing real values of
// the format (R = E) or of its limb type, and bins of complex<E> or
// limb_complex_of<E>.
#pragma once

#include <cstdint>

#include "engine/real_runner.hpp"
#include "engine/runner.hpp"
#include "src/cpu/cpu_executor.hpp"
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
    cpu::parallel_for_rows(threads_, batch, real_step_items(s, s.bins), [&](std::uint64_t b, std::uint64_t k) {
      const value* z = packed + b * s.points;
      if (!s.halved) {
        spectrum(b, k) = store_complex<E, C>(scale.apply(z[k]));
        return;
      }
      const value_pair<E> x = real_spectrum_pair(s, z, k, p.w_n, scale);
      spectrum(b, k) = store_complex<E, C>(x.at_k);
      if (mirror_of(s, k) != k) spectrum(b, mirror_of(s, k)) = store_complex<E, C>(x.at_m_minus_k);
    });
  }

  template <class C>
  void real_unspectrum(const real_program<E>& p, strided<const C> spectrum, value* packed,
                       std::uint64_t batch) const {
    const real_shape& s = p.shape;
    cpu::parallel_for_rows(threads_, batch, real_step_items(s, s.points), [&](std::uint64_t b, std::uint64_t k) {
      value* z = packed + b * s.points;
      if (!s.halved) {
        z[k] = real_hermitian_point<E>(s, spectrum, b, k);
        return;
      }
      const value_pair<E> v = real_unspectrum_pair<E>(s, spectrum, b, k, p.w_n);
      z[k] = v.at_k;
      if (k != 0 && mirror_of(s, k) != k) z[mirror_of(s, k)] = v.at_m_minus_k;
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

  void convolve(const convolution_program<E>& p, value* packed, std::uint64_t batch) const {
    const real_shape& s = p.transform.shape;
    const std::uint64_t items = convolve_items(s);
    cpu::parallel_for_rows(threads_, batch, items, [&](std::uint64_t b, std::uint64_t k) {
      convolve_element(s, packed + b * s.points, p.kernel, k, p.transform.w_n);
    });
  }

 private:
  unsigned threads_;
  cpu_executor<E> complex_;
  const transform_program<E>& inner_;
  std::uint64_t points_;
  value* workspace_;
};

}  // namespace ffft::fft
