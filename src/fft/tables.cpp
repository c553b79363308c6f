#include "src/fft/tables.hpp"

#include <omp.h>

#include "engine/runner.hpp"
#include "ffft/fft/elementwise_steps.hpp"
#include "ffft/fft/schedule.hpp"
#include "ffft/host/twiddle_table.hpp"
#include "ffft/twiddle/factor_tables.hpp"
#include "ffft/twiddle/octant.hpp"
#include "src/cpu/cpu_executor.hpp"
#include "src/fft/normalization.hpp"

namespace ffft::fft {

namespace {

int team_size(unsigned threads) {
  return threads == 0 ? omp_get_max_threads() : static_cast<int>(threads);
}

// Where each pass's array starts in the plan's twiddles.
std::vector<std::uint64_t> pass_offsets(const std::vector<pass_shape>& passes) {
  std::vector<std::uint64_t> offsets;
  std::uint64_t offset = 0;
  for (const pass_shape& p : passes) {
    offsets.push_back(offset);
    offset += static_cast<std::uint64_t>(p.radix - 1) * p.m;
  }
  return offsets;
}

// The passes' arrays of t (passes and offsets set), entry by entry from w_n.
template <class E, class Source>
void fill_pass_twiddles(stockham_tables<E>& t, const Source& w_n, unsigned threads) {
  t.twiddles.resize(twiddle_count(t.passes));
  for (std::size_t j = 0; j < t.passes.size(); ++j) {
    const pass_shape& p = t.passes[j];
    const std::uint64_t count = static_cast<std::uint64_t>(p.radix - 1) * p.m;
    complex<E>* entries = t.twiddles.data() + t.offsets[j];
#pragma omp parallel for num_threads(team_size(threads)) schedule(static) if (count > 4096)
    for (std::int64_t e = 0; e < static_cast<std::int64_t>(count); ++e)
      entries[e] = pass_twiddle_entry<E>(p, static_cast<std::uint64_t>(e), w_n);
  }
}

}  // namespace

template <class E>
std::vector<complex<E>> octant_entries(std::uint64_t n, twiddle_mode mode, unsigned threads) {
  if (mode == twiddle_mode::table) return host::twiddle_table<E>(n, threads).octant_entries();
  const std::uint64_t count = twiddle::octant_table_size(n);
  const unsigned step_log2 = twiddle::octant_table_step_log2(n);
  std::vector<complex<E>> entries(count);
#pragma omp parallel for num_threads(team_size(threads)) schedule(static) if (count > 64)
  for (std::int64_t j = 0; j < static_cast<std::int64_t>(count); ++j) {
    const auto v = twiddle::sincos_first_octant<E>(static_cast<std::uint64_t>(j) << step_log2, n);
    entries[static_cast<std::size_t>(j)] = {v.cos, v.sin};
  }
  return entries;
}

template <class E>
std::vector<complex<E>> real_twiddles(std::uint64_t n, twiddle_mode mode, unsigned threads) {
  const std::vector<complex<E>> octant = octant_entries<E>(n, mode, threads);
  const table_twiddles<E> w_n{octant.data(), n, twiddle::octant_table_step_log2(n)};
  std::vector<complex<E>> w(n / 2 + 1);
  for (std::uint64_t k = 0; k < w.size(); ++k) w[k] = w_n(k);
  return w;
}

// The factor tables' entries are twiddle::factor_table_entry's,
// computed_twiddles<E>{n} at each entry's exponent, here through the
// out-of-line computed_twiddle (the same function of the same operands, so
// the same bits) that the direct mode's arrays use too: this file then
// compiles that sincos once per format, not once for each.
template <class E>
std::vector<complex<E>> factor_tables(std::uint64_t n, unsigned threads) {
  const twiddle::factor_tables_shape shape = twiddle::factor_tables_shape::of(n);
  std::vector<complex<E>> entries(shape.size());
#pragma omp parallel for num_threads(team_size(threads)) schedule(static) if (shape.size() > 64)
  for (std::int64_t j = 0; j < static_cast<std::int64_t>(shape.size()); ++j)
    entries[static_cast<std::size_t>(j)] = computed_twiddle<E>(shape.n, shape.exponent(static_cast<std::uint64_t>(j)));
  return entries;
}

template <class E>
stockham_tables<E> make_stockham_tables(std::uint64_t n, twiddle_mode mode, unsigned threads,
                                        table_reader reader) {
  stockham_tables<E> t;
  t.n = n;
  t.mode = mode;
  t.passes = stockham_schedule_of<E>(n);
  t.offsets = pass_offsets(t.passes);
  if (t.passes.empty()) return t;
  if (mode == twiddle_mode::table) {
    const std::vector<complex<E>> octant = octant_entries<E>(n, mode, threads);
    fill_pass_twiddles(t, table_twiddles<E>{octant.data(), n, twiddle::octant_table_step_log2(n)},
                       threads);
    return t;
  }
  // The passes and the arrays' layout only: the device's kernels make what
  // they read.
  if (reader == table_reader::device) return t;
  if (mode == twiddle_mode::direct) {
    fill_pass_twiddles(t, [n](std::uint64_t k) { return computed_twiddle<E>(n, k); }, threads);
    return t;
  }
  t.factors = factor_tables<E>(n, threads);
  fill_pass_twiddles(t, twiddle::factor_tables_shape::of(n).over(t.factors.data()), threads);
  return t;
}

template <class E>
bluestein_tables<E> make_bluestein_tables(std::uint64_t n, twiddle_mode mode, unsigned threads,
                                          cpu_isa isa) {
  bluestein_tables<E> t;
  t.n = n;
  t.padded = next_7_smooth(2 * n - 1);
  t.padded_fft = make_stockham_tables<E>(t.padded, mode, threads);

  const std::vector<complex<E>> octant = octant_entries<E>(2 * n, mode, threads);
  const table_twiddles<E> w_2n{octant.data(), 2 * n, twiddle::octant_table_step_log2(2 * n)};
  t.chirp.resize(n);
  for (std::uint64_t k = 0; k < n; ++k) t.chirp[k] = w_2n(chirp_index(k, n));

  // The convolution kernel conj(chirp_k) at k and at padded - k (a cyclic
  // convolution of length padded >= 2n - 1 then equals the linear one),
  // transformed forward and divided by padded, so the inverse pass needs no
  // normalization of its own.
  std::vector<complex<E>> kernel(t.padded);
  for (std::uint64_t k = 0; k < n; ++k) {
    kernel[k] = conj(t.chirp[k]);
    if (k != 0) kernel[t.padded - k] = conj(t.chirp[k]);
  }
  const cpu_executor<E> ex(threads, isa);
  std::vector<complex<E>> ws0(t.padded), ws1(t.padded);
  ex.stockham(-1, program_of(t.padded_fft), reciprocal_scaling<E>(t.padded, 1),
              as_const(dense(kernel.data(), t.padded)), dense(kernel.data(), t.padded),
              ws0.data(), ws1.data(), 1);
  t.kernel = std::move(kernel);
  return t;
}

template <class E>
transform_tables<E> make_transform_tables(std::uint64_t n, twiddle_mode mode, unsigned threads,
                                          cpu_isa isa, table_reader reader) {
  if (is_7_smooth(n)) return make_stockham_tables<E>(n, mode, threads, reader);
  return make_bluestein_tables<E>(n, mode, threads, isa);
}

#define FFFT_DEFINE_TABLES(E)                                                                    \
  template std::vector<complex<E>> octant_entries<E>(std::uint64_t, twiddle_mode, unsigned);     \
  template std::vector<complex<E>> real_twiddles<E>(std::uint64_t, twiddle_mode, unsigned);      \
  template std::vector<complex<E>> factor_tables<E>(std::uint64_t, unsigned);                     \
  template stockham_tables<E> make_stockham_tables<E>(std::uint64_t, twiddle_mode, unsigned,      \
                                                      table_reader);                             \
  template bluestein_tables<E> make_bluestein_tables<E>(std::uint64_t, twiddle_mode, unsigned,    \
                                                        cpu_isa);                                \
  template transform_tables<E> make_transform_tables<E>(std::uint64_t, twiddle_mode, unsigned,    \
                                                        cpu_isa, table_reader);
FFFT_DEFINE_TABLES(df64)
FFFT_DEFINE_TABLES(qf128)
FFFT_DEFINE_TABLES(dd128)
#undef FFFT_DEFINE_TABLES

}  // namespace ffft::fft
