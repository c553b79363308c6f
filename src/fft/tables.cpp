#include "src/fft/tables.hpp"

#include <omp.h>

#include "engine/runner.hpp"
#include "ffft/fft/elementwise_steps.hpp"
#include "ffft/fft/schedule.hpp"
#include "ffft/host/twiddle_table.hpp"
#include "ffft/twiddle/factored.hpp"
#include "ffft/twiddle/octant.hpp"
#include "src/cpu/cpu_executor.hpp"
#include "src/fft/normalization.hpp"

namespace ffft::fft {

namespace {

int team_size(unsigned threads) {
  return threads == 0 ? omp_get_max_threads() : static_cast<int>(threads);
}

// The passes' arrays of t (passes set), entry by entry from w_n.
template <class E, class Source>
void fill_pass_twiddles(stockham_tables<E>& t, const Source& w_n, unsigned threads) {
  t.twiddles.resize(twiddle_count(t.passes));
  std::uint64_t offset = 0;
  for (const pass_shape& p : t.passes) {
    t.offsets.push_back(offset);
    const std::uint64_t count = static_cast<std::uint64_t>(p.radix - 1) * p.m;
    complex<E>* entries = t.twiddles.data() + offset;
#pragma omp parallel for num_threads(team_size(threads)) schedule(static) if (count > 4096)
    for (std::int64_t e = 0; e < static_cast<std::int64_t>(count); ++e)
      entries[e] = pass_twiddle_entry<E>(p, static_cast<std::uint64_t>(e), w_n);
    offset += count;
  }
}

// w_n^(j step) for j < count, by sincos_2pi.
template <class E>
std::vector<complex<E>> computed_powers(std::uint64_t n, std::uint64_t step, std::uint64_t count,
                                        unsigned threads) {
  std::vector<complex<E>> powers(count);
  const computed_twiddles<E> w_n{n};
#pragma omp parallel for num_threads(team_size(threads)) schedule(static) if (count > 64)
  for (std::int64_t j = 0; j < static_cast<std::int64_t>(count); ++j)
    powers[static_cast<std::size_t>(j)] = w_n(static_cast<std::uint64_t>(j) * step);
  return powers;
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

template <class E>
stockham_tables<E> make_stockham_tables(std::uint64_t n, twiddle_mode mode, unsigned threads) {
  stockham_tables<E> t;
  t.n = n;
  t.passes = stockham_schedule(n);
  if (t.passes.empty()) return t;
  if (mode == twiddle_mode::table) {
    const std::vector<complex<E>> octant = octant_entries<E>(n, mode, threads);
    fill_pass_twiddles(t, table_twiddles<E>{octant.data(), n, twiddle::octant_table_step_log2(n)},
                       threads);
    return t;
  }
  t.fine_log2 = twiddle::factored_fine_log2(n);
  t.coarse = computed_powers<E>(n, std::uint64_t{1} << t.fine_log2, twiddle::factored_coarse_size(n),
                                threads);
  t.fine = computed_powers<E>(n, 1, std::uint64_t{1} << t.fine_log2, threads);
  fill_pass_twiddles(t, twiddle::factored_twiddles<E>{t.coarse.data(), t.fine.data(), t.fine_log2},
                     threads);
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
                                          cpu_isa isa) {
  if (is_7_smooth(n)) return make_stockham_tables<E>(n, mode, threads);
  return make_bluestein_tables<E>(n, mode, threads, isa);
}

#define FFFT_DEFINE_TABLES(E)                                                                    \
  template std::vector<complex<E>> octant_entries<E>(std::uint64_t, twiddle_mode, unsigned);     \
  template std::vector<complex<E>> real_twiddles<E>(std::uint64_t, twiddle_mode, unsigned);      \
  template stockham_tables<E> make_stockham_tables<E>(std::uint64_t, twiddle_mode, unsigned);    \
  template bluestein_tables<E> make_bluestein_tables<E>(std::uint64_t, twiddle_mode, unsigned,    \
                                                        cpu_isa);                                \
  template transform_tables<E> make_transform_tables<E>(std::uint64_t, twiddle_mode, unsigned,    \
                                                        cpu_isa);
FFFT_DEFINE_TABLES(df64)
FFFT_DEFINE_TABLES(qf128)
FFFT_DEFINE_TABLES(dd128)
#undef FFFT_DEFINE_TABLES

}  // namespace ffft::fft
