#include "ffft/host/twiddle_table.hpp"

#include <mpfr.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>

#include "ffft/host/mpfr.hpp"
#include "ffft/host/ulp.hpp"
#include "ffft/twiddle/constants.hpp"
#include "ffft/twiddle/sincos.hpp"

namespace ffft::host {
namespace {

// Below this many entries one thread is faster than starting several.
constexpr std::uint64_t entries_per_thread_minimum = 4096;

// Computes first-octant entries with MPFR; one per thread (MPFR variables
// are not shared).
template <class E>
class octant_evaluator {
 public:
  explicit octant_evaluator(std::uint64_t n)
      : n_(n), step_(initial_precision + 16), theta_(initial_precision + 16),
        sin_(initial_precision), cos_(initial_precision), remainder_(initial_precision),
        threshold_(2 * initial_precision), error_bound_(2) {
    set_step();
  }

  // (cos, sin) of (pi/4)(m / n), 0 < m < n, correctly rounded limb by limb.
  // Ziv's loop ends because these values are irrational (Niven's theorem:
  // the only rational sine or cosine of a rational multiple of pi in the
  // open first octant is sin(pi/6) = 1/2, which entry_at_pi_over_6 handles).
  complex<E> entry(std::uint64_t m, std::uint64_t& reevaluations) {
    return until_certain(reevaluations, [&](mpfr_prec_t p, complex<E>& w) {
      // theta = m (pi / 4n): two roundings at p + 16 bits, so
      // |theta' - theta| < 2^-(p + 14); sin and cos are 1-Lipschitz and
      // rounding to p bits adds at most 2^-(p + 1) for values below 1: the
      // values MPFR returns are within 2^-p of the exact ones.
      mpfr_mul_ui(theta_, step_, m, MPFR_RNDN);
      mpfr_sin_cos(sin_, cos_, theta_, MPFR_RNDN);
      return rounds_certainly(cos_, w.re, p) && rounds_certainly(sin_, w.im, p);
    });
  }

  // (cos, sin) of pi/6 = (sqrt(3)/2, 1/2).
  complex<E> entry_at_pi_over_6(std::uint64_t& reevaluations) {
    return until_certain(reevaluations, [&](mpfr_prec_t p, complex<E>& w) {
      mpfr_sqrt_ui(cos_, 3, MPFR_RNDN);  // within 2^-(p+1) after halving
      mpfr_div_2ui(cos_, cos_, 1, MPFR_RNDN);
      w.im = from_limb<typename E::limb_type, E::limbs>(0.5);
      return rounds_certainly(cos_, w.re, p);
    });
  }

 private:
  // Enough for the format and 32 bits to decide the rounding with.
  static constexpr mpfr_prec_t initial_precision = format_traits<E>::precision + 32;
  // Far beyond any need (subnormal last limbs of double formats need ~1100).
  static constexpr mpfr_prec_t maximum_precision = 1 << 16;

  // Ziv's loop: attempt(p, w) fills w from values within 2^-p of the exact
  // ones and says whether its rounding is certain; if not, again at twice
  // the precision.
  template <class Attempt>
  complex<E> until_certain(std::uint64_t& reevaluations, Attempt attempt) {
    for (mpfr_prec_t p = initial_precision; p <= maximum_precision; p *= 2) {
      set_precision(p);
      complex<E> w{};
      if (attempt(p, w)) return w;
      ++reevaluations;
    }
    throw std::logic_error("twiddle table for n = " + std::to_string(n_) +
                           ": an entry's rounding is undecided at " +
                           std::to_string(maximum_precision) + " bits");
  }

  // step = pi / 4n, rounded once at the angle's precision.
  void set_step() {
    mpfr_const_pi(step_, MPFR_RNDN);
    mpfr_div_ui(step_, step_, n_, MPFR_RNDN);
    mpfr_div_2ui(step_, step_, 2, MPFR_RNDN);
  }

  void set_precision(mpfr_prec_t p) {
    if (mpfr_get_prec(sin_.get()) == p) return;
    mpfr_set_prec(step_, p + 16);
    mpfr_set_prec(theta_, p + 16);
    mpfr_set_prec(sin_, p);
    mpfr_set_prec(cos_, p);
    mpfr_set_prec(remainder_, p);
    mpfr_set_prec(threshold_, 2 * p);
    set_step();
  }

  // Rounds y (within 2^-p of the exact value x) limb by limb into `out`;
  // true when that is certainly within half an ulp of the last limb of x:
  // |y - out| + 2^-p <= ulp(last limb) / 2.
  bool rounds_certainly(mpfr_srcptr y, E& out, mpfr_prec_t p) {
    out = from_mpfr<E>(y, remainder_);
    // ulp / 2 - 2^-p is exact in 2p bits: both are powers of two and p
    // exceeds the exponent range between them. (Halved in MPFR: half the
    // smallest double subnormal is not a double.)
    mpfr_set_d(threshold_, static_cast<double>(last_limb_ulp(out)), MPFR_RNDN);
    mpfr_div_2ui(threshold_, threshold_, 1, MPFR_RNDN);
    mpfr_set_ui_2exp(error_bound_, 1, -p, MPFR_RNDN);
    mpfr_sub(threshold_, threshold_, error_bound_, MPFR_RNDN);
    return mpfr_sgn(threshold_.get()) > 0 && mpfr_cmpabs(remainder_, threshold_) <= 0;
  }

  std::uint64_t n_;
  mpfr_value step_, theta_, sin_, cos_, remainder_, threshold_, error_bound_;
};

// Runs fill(begin, end) over [0, count) split among up to `threads`
// workers, each with its own MPFR state; a worker frees MPFR's per-thread
// cache (pi) before it ends, or the cache is lost (LeakSanitizer reports it).
template <class Fill>
void split_among_threads(std::uint64_t count, unsigned threads, Fill fill) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(
      std::clamp<std::uint64_t>(count / entries_per_thread_minimum, 1, threads));
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < threads; ++t)
    workers.emplace_back([&fill, t, threads, count] {
      fill(count * t / threads, count * (t + 1) / threads);
      mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
    });
  fill(std::uint64_t{0}, count / threads);
  for (std::thread& w : workers) w.join();
}

}  // namespace

template <class E>
twiddle_table<E>::twiddle_table(std::uint64_t n, unsigned threads)
    : n_(n), step_log2_(twiddle::octant_table_step_log2(n)) {
  if (n == 0 || n >= (std::uint64_t(1) << 61)) {
    throw std::invalid_argument("twiddle table length must be in [1, 2^61), got " +
                                std::to_string(n));
  }
  using T = typename E::limb_type;
  const std::uint64_t size = twiddle::octant_table_size(n);
  entries_.resize(size);

  // The exact ends: theta = 0 gives (1, 0); theta = pi/4 (the last entry,
  // m = n) gives sqrt(1/2) twice, from the generated constant, the same
  // value the computed mode returns there.
  entries_.front() = {from_limb<T, E::limbs>(T(1)), E{}};
  if (size > 1) {
    const E half_root = twiddle::detail::prefix<E>(constants::sqrt_half<T>(), false);
    entries_.back() = {half_root, half_root};
  }

  const std::uint64_t interior = size > 2 ? size - 2 : 0;  // j = 1 .. size - 2
  std::atomic<std::uint64_t> reevaluations{0};
  split_among_threads(interior, threads, [&](std::uint64_t begin, std::uint64_t end) {
    octant_evaluator<E> evaluator(n);
    std::uint64_t own = 0;
    for (std::uint64_t j = 1 + begin; j < 1 + end; ++j) {
      const std::uint64_t m = j << step_log2_;
      if (3 * m == 2 * n) {  // theta = pi/6: sin is exactly 1/2
        entries_[j] = evaluator.entry_at_pi_over_6(own);
      } else {
        entries_[j] = evaluator.entry(m, own);
      }
    }
    reevaluations += own;
  });
  reevaluations_ = reevaluations;
}

template <class E>
void nearest_twiddles(std::uint64_t n, std::uint64_t count,
                      const std::function<std::uint64_t(std::uint64_t)>& index, complex<E>* out,
                      unsigned threads) {
  if (n == 0 || n >= (std::uint64_t(1) << 61)) {
    throw std::invalid_argument("twiddle length must be in [1, 2^61), got " + std::to_string(n));
  }
  using T = typename E::limb_type;
  const E one = from_limb<T, E::limbs>(T(1));
  const E half_root = twiddle::detail::prefix<E>(constants::sqrt_half<T>(), false);
  split_among_threads(count, threads, [&](std::uint64_t begin, std::uint64_t end) {
    octant_evaluator<E> evaluator(n);
    std::uint64_t reevaluations = 0;
    for (std::uint64_t j = begin; j < end; ++j) {
      // The first-octant value as twiddle_table stores it (same ends, same
      // pi/6 case), then unfolded exactly as table_twiddles does.
      const twiddle::octant_reduction r = twiddle::reduce_to_octant(index(j), n);
      complex<E> first;
      if (r.m == 0) {
        first = {one, E{}};
      } else if (r.m == n) {
        first = {half_root, half_root};
      } else if (3 * r.m == 2 * n) {
        first = evaluator.entry_at_pi_over_6(reevaluations);
      } else {
        first = evaluator.entry(r.m, reevaluations);
      }
      const complex<E> w = twiddle::unfold_octant(r.octant, first.re, first.im);
      out[j] = {w.re, neg(w.im)};
    }
  });
}

template void nearest_twiddles<df64>(std::uint64_t, std::uint64_t,
                                     const std::function<std::uint64_t(std::uint64_t)>&,
                                     complex<df64>*, unsigned);
template void nearest_twiddles<qf128>(std::uint64_t, std::uint64_t,
                                      const std::function<std::uint64_t(std::uint64_t)>&,
                                      complex<qf128>*, unsigned);
template void nearest_twiddles<dd128>(std::uint64_t, std::uint64_t,
                                      const std::function<std::uint64_t(std::uint64_t)>&,
                                      complex<dd128>*, unsigned);

template class twiddle_table<df64>;
template class twiddle_table<qf128>;
template class twiddle_table<dd128>;
template class twiddle_table<qd256>;

}  // namespace ffft::host
