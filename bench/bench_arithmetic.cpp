// Throughput of the CPU arithmetic: every operation of every ffft format, and
// QD's dd_real / qd_real on the same operations and the very same values
// (dd_real vs dd128 and qd_real vs qd256 are the like-for-like pairs).
//
// Each benchmark computes out[i] = op(x[i], y[i]) over arrays of kSize
// independent elements, so it measures throughput (what an FFT butterfly
// stage sees), not the latency of a dependent chain. Items = operations, so
// the report's items_per_second is ops/s.
//
// Names are "<op>/<format>" ("add/dd128", "add/qd_dd_real"); QD's
// non-default algorithms are "<op>:<variant>/<format>" ("add:ieee/qd_dd_real").
// scripts/bench_ratios.py pairs them into a table.
//
// QD is benchmarked as packaged: its operator+ / operator- are the "sloppy"
// add (no relative error bound under cancellation) unless QD_IEEE_ADD is
// defined, and its qd_real * and / are the sloppy ones. ffft's add is always
// the accurate one, so "add:ieee" is the fair comparison for accuracy.
#include <benchmark/benchmark.h>
#include <qd/dd_real.h>
#include <qd/qd_real.h>

#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "ffft/ffft.hpp"

namespace {

// 4096 elements: three arrays of qd256 are 384 KiB, in L2 on current CPUs,
// large enough that loop overhead and timer resolution do not matter.
constexpr std::size_t kSize = 4096;
constexpr std::uint64_t kSeed = 0x5eed'ffffULL;

// ---- One call syntax over both libraries -----------------------------------
namespace adapt {

// ffft: its own functions (the expansion and single-limb overloads).
using ffft::add;
using ffft::div;
using ffft::mul;
using ffft::sqrt;
using ffft::sub;

// QD as packaged: its operators, with whatever algorithm qd_config.h selected.
template <class Q>
concept qd_type = std::same_as<Q, dd_real> || std::same_as<Q, qd_real>;

template <qd_type Q> Q add(const Q& x, const Q& y) { return x + y; }
template <qd_type Q> Q sub(const Q& x, const Q& y) { return x - y; }
template <qd_type Q> Q mul(const Q& x, const Q& y) { return x * y; }
template <qd_type Q> Q div(const Q& x, const Q& y) { return x / y; }
template <qd_type Q> Q sqrt(const Q& x) { return ::sqrt(x); }
template <qd_type Q> Q add(const Q& x, double y) { return x + y; }
template <qd_type Q> Q mul(const Q& x, double y) { return x * y; }

}  // namespace adapt

// ---- Inputs -----------------------------------------------------------------
// QD values are generated as their ffft counterpart ("companion") and converted
// limb by limb, so both libraries see bit-identical operands.
template <class V> struct companion { using type = V; };
template <> struct companion<dd_real> { using type = ffft::dd128; };
template <> struct companion<qd_real> { using type = ffft::qd256; };
template <class V> using companion_t = typename companion<V>::type;
template <class V> using limb_t = typename companion_t<V>::limb_type;

template <class V, class C>
V convert(const C& c) {
  if constexpr (std::is_same_v<V, dd_real>) return dd_real(c[0], c[1]);
  else if constexpr (std::is_same_v<V, qd_real>) return qd_real(c[0], c[1], c[2], c[3]);
  else return c;
}

// A random sign times a magnitude in [0.5, 2).
template <class T>
T random_limb(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> magnitude(0.5, 2.0);
  const double m = magnitude(rng);
  return static_cast<T>((rng() & 1) ? -m : m);
}

// A normalized value whose every limb is populated: a zero low limb would let
// the multiplications work on zeros, which no real data does. Limb k gets a
// random term about 2^(-k p) below the leading one, added with ffft::add so
// that the result is normalized; its magnitude is at least 2^(-k p - 2), far
// from the subnormal range, which would slow every format down.
template <class E>
E random_value(std::mt19937_64& rng) {
  using T = typename E::limb_type;
  constexpr int p = ffft::format_traits<E>::limb_precision;
  std::uniform_real_distribution<double> fraction(0.5, 1.0);
  const double hi = random_limb<double>(rng);
  E v = ffft::from_double<E>(hi);
  for (int k = 1; k < E::limbs; ++k) {
    const double lo = std::ldexp(hi * fraction(rng), -k * p);
    v = ffft::add(v, static_cast<T>((rng() & 1) ? -lo : lo));
  }
  return v;
}

template <class V>
struct inputs {
  std::vector<V> x, y, x_positive;  // x_positive = |x|, for sqrt
  std::vector<limb_t<V>> limb;      // the single-limb operands
};

// Built once per format from the same seed: the formats sharing a companion
// (dd128 and dd_real, qd256 and qd_real) get identical values.
template <class V>
const inputs<V>& get_inputs() {
  static const inputs<V> in = [] {
    using C = companion_t<V>;
    std::mt19937_64 rng(kSeed);
    inputs<V> r;
    for (std::size_t i = 0; i < kSize; ++i) {
      const C x = random_value<C>(rng);
      r.x.push_back(convert<V>(x));
      r.y.push_back(convert<V>(random_value<C>(rng)));
      r.x_positive.push_back(convert<V>(ffft::abs(x)));
      r.limb.push_back(random_limb<limb_t<V>>(rng));
    }
    return r;
  }();
  return in;
}

// ---- The benchmark loop, written once ----------------------------------------
// Op is a lambda (its own type, so the call is inlined, unlike a function
// pointer). DoNotOptimize + ClobberMemory make the stores observable and stop
// the compiler from hoisting the loop-invariant work out of the timing loop.
template <class V, class Y, class Op>
void add_benchmark(const std::string& name, const std::vector<V>& x, const std::vector<Y>& y,
                   Op op) {
  benchmark::RegisterBenchmark(name.c_str(), [&x, &y, op](benchmark::State& state) {
    std::vector<V> out(x.size());
    for (auto _ : state) {
      for (std::size_t i = 0; i < x.size(); ++i) out[i] = op(x[i], y[i]);
      benchmark::DoNotOptimize(out.data());
      benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * x.size()));
  });
}

// Every operation for one format.
template <class V>
void register_format(const std::string& format) {
  using T = limb_t<V>;
  const inputs<V>& in = get_inputs<V>();
  add_benchmark("add/" + format, in.x, in.y, [](const V& a, const V& b) { return adapt::add(a, b); });
  add_benchmark("sub/" + format, in.x, in.y, [](const V& a, const V& b) { return adapt::sub(a, b); });
  add_benchmark("mul/" + format, in.x, in.y, [](const V& a, const V& b) { return adapt::mul(a, b); });
  add_benchmark("div/" + format, in.x, in.y, [](const V& a, const V& b) { return adapt::div(a, b); });
  add_benchmark("sqrt/" + format, in.x_positive, in.y,
                [](const V& a, const V&) { return adapt::sqrt(a); });
  add_benchmark("add_limb/" + format, in.x, in.limb,
                [](const V& a, T b) { return adapt::add(a, b); });
  add_benchmark("mul_limb/" + format, in.x, in.limb,
                [](const V& a, T b) { return adapt::mul(a, b); });
}

// QD's accurate algorithms, which its default build does not select.
void register_qd_variants() {
  const inputs<dd_real>& d = get_inputs<dd_real>();
  const inputs<qd_real>& q = get_inputs<qd_real>();
  // QD has no ieee_sub; ffft's sub is likewise add(x, -y).
  add_benchmark("add:ieee/qd_dd_real", d.x, d.y,
                [](const dd_real& a, const dd_real& b) { return dd_real::ieee_add(a, b); });
  add_benchmark("sub:ieee/qd_dd_real", d.x, d.y,
                [](const dd_real& a, const dd_real& b) { return dd_real::ieee_add(a, -b); });
  add_benchmark("div:accurate/qd_dd_real", d.x, d.y,
                [](const dd_real& a, const dd_real& b) { return dd_real::accurate_div(a, b); });
  add_benchmark("add:ieee/qd_qd_real", q.x, q.y,
                [](const qd_real& a, const qd_real& b) { return qd_real::ieee_add(a, b); });
  add_benchmark("sub:ieee/qd_qd_real", q.x, q.y,
                [](const qd_real& a, const qd_real& b) { return qd_real::ieee_add(a, -b); });
  add_benchmark("mul:accurate/qd_qd_real", q.x, q.y,
                [](const qd_real& a, const qd_real& b) { return qd_real::accurate_mul(a, b); });
  add_benchmark("div:accurate/qd_qd_real", q.x, q.y,
                [](const qd_real& a, const qd_real& b) { return qd_real::accurate_div(a, b); });
}

}  // namespace

int main(int argc, char** argv) {
  // QD's algorithms assume round-to-double; on x86-64 (SSE2) there is no x87
  // state to fix, so fpu_fix_start is not needed (config.hpp checks
  // FLT_EVAL_METHOD == 0 for ffft's sake).
  register_format<ffft::df64>("df64");
  register_format<ffft::qf128>("qf128");
  register_format<ffft::dd128>("dd128");
  register_format<ffft::qd256>("qd256");
  register_format<dd_real>("qd_dd_real");
  register_format<qd_real>("qd_qd_real");
  register_qd_variants();

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
