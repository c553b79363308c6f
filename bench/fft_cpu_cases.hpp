// The CPU contenders of the FFT benchmark (fft_case.hpp): ffft's CPU
// executor, FFTW in its four precisions, and the QD-based radix-2 FFT.
#pragma once

#include <fftw3.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "fft_case.hpp"
#include "ffft/aligned_vector.hpp"
#include "ffft/plan.hpp"
#include "bench/qd_paths.hpp"
#include "ffft/cpu_isa.hpp"
#include "tools/reference/qd_to_quad.hpp"

namespace ffft::bench {

// An environment variable set for the life of a scope, its earlier value
// (or absence) restored after. Not for scopes that other threads' code
// runs beside: the environment is the process's.
class scoped_environment {
 public:
  scoped_environment(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value, 1);
  }
  ~scoped_environment() {
    if (old_) setenv(name_, old_->c_str(), 1);
    else unsetenv(name_);
  }
  scoped_environment(const scoped_environment&) = delete;
  scoped_environment& operator=(const scoped_environment&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// How ffft's CPU executor orders the passes of data larger than a core's
// L2: cache-blocked (the default), or pass by pass over all the data, which
// FFFT_CPU_CACHE_BYTES=0 asks for. The executor reads that variable at each
// transform (src/cpu/cache_blocking.cpp), so a pass-by-pass case sets it
// around each call, a microsecond beside the milliseconds of a call.
enum class pass_order { blocked, pass_by_pass };

template <class E>
class ffft_cpu_case final : public fft_case {
 public:
  ffft_cpu_case(const fft_problem& p, twiddle_mode twiddles, pass_order order = pass_order::blocked)
      : p_(p), twiddles_(twiddles), order_(order), in_(p.n * p.batch), out_(p.n * p.batch),
        plan_(options(p.n, p.batch, p.threads, twiddles)) {
    const auto x = batch_input(p);
    for (std::size_t j = 0; j < x.size(); ++j)
      in_[j] = {from_float<E>(x[j].first), from_float<E>(x[j].second)};
  }
  void run() override {
    std::optional<scoped_environment> unblocked;
    if (order_ == pass_order::pass_by_pass) unblocked.emplace("FFFT_CPU_CACHE_BYTES", "0");
    plan_.forward(in_.data(), out_.data());
  }
  std::vector<complex_quad> forward_first() override {
    run();
    return tools::to_complex_quad(out_.data(), p_.n);
  }
  std::vector<complex_quad> roundtrip_first() override {
    plan<E> one(options(p_.n, 1, p_.threads, twiddles_));
    std::vector<complex<E>> y(p_.n), back(p_.n);
    one.forward(in_.data(), y.data());
    one.inverse(y.data(), back.data());
    return tools::to_complex_quad(back.data(), p_.n);
  }
  std::size_t value_bytes() const override { return sizeof(complex<E>); }
  double unit_roundoff() const override { return std::ldexp(1.0, -format_traits<E>::precision); }
  // One per radix pass (forward: no scaling pass); Bluestein's padded
  // transforms and chirp steps are not counted.
  unsigned memory_passes() const override {
    return plan_.bluestein_length() == 0 ? static_cast<unsigned>(plan_.radices().size()) : 0;
  }

 private:
  static plan_options options(std::uint64_t n, std::uint64_t batch, unsigned threads,
                              twiddle_mode twiddles) {
    plan_options o;
    o.length = n;
    o.batch = batch;
    o.twiddles = twiddles;
    o.backend = backend::cpu;
    o.threads = threads;
    return o;
  }

  fft_problem p_;
  twiddle_mode twiddles_;
  pass_order order_;
  aligned_vector<complex<E>> in_, out_;  // on cache lines, as fftw_malloc's are
  plan<E> plan_;
};

// Copies of a one-thread case, each with its own plan and buffers, run at
// once on as many threads: work that shares nothing but the machine (its
// caches, memory and, on a VM, the host). Its rate over one copy's is what
// the cores give this code with no partition in the way, the ceiling that
// one batch split across the same threads is judged against. The first
// copy runs on the calling thread; the others each start a thread a call,
// microseconds beside the milliseconds of a call of 2^18 points.
class copies_case final : public fft_case {
 public:
  explicit copies_case(std::vector<std::unique_ptr<fft_case>> copies) : copies_(std::move(copies)) {
    if (copies_.empty()) throw std::invalid_argument("copies_case: no copies");
  }
  void run() override {
    std::vector<std::thread> others;
    others.reserve(copies_.size() - 1);
    for (std::size_t i = 1; i < copies_.size(); ++i) others.emplace_back([c = copies_[i].get()] { c->run(); });
    copies_.front()->run();
    for (std::thread& t : others) t.join();
  }
  std::vector<complex_quad> forward_first() override { return copies_.front()->forward_first(); }
  std::vector<complex_quad> roundtrip_first() override { return copies_.front()->roundtrip_first(); }
  std::size_t value_bytes() const override { return copies_.front()->value_bytes(); }
  double unit_roundoff() const override { return copies_.front()->unit_roundoff(); }
  unsigned memory_passes() const override { return copies_.front()->memory_passes(); }

 private:
  std::vector<std::unique_ptr<fft_case>> copies_;
};

// FFTW's four precisions differ only in their prefix; this names each
// function.
#define FFFT_FFTW_API(prefix, real_type)                                                   \
  struct prefix##_api {                                                                    \
    using real = real_type;                                                                \
    using cpx = prefix##_complex;                                                          \
    using plan_t = prefix##_plan;                                                          \
    static void* malloc(std::size_t b) { return prefix##_malloc(b); }                      \
    static void free(void* p) { prefix##_free(p); }                                        \
    static plan_t plan(int n, int batch, cpx* i, cpx* o, int sign, unsigned f) {           \
      return prefix##_plan_many_dft(1, &n, batch, i, nullptr, 1, n, o, nullptr, 1, n, sign, f); \
    }                                                                                      \
    static plan_t plan_nd(int rank, const int* n, cpx* i, cpx* o, int sign, unsigned f) {  \
      return prefix##_plan_dft(rank, n, i, o, sign, f);                                    \
    }                                                                                      \
    static plan_t plan_nd_r2c(int rank, const int* n, real* i, cpx* o, unsigned f) {       \
      return prefix##_plan_dft_r2c(rank, n, i, o, f);                                      \
    }                                                                                      \
    static void execute(plan_t p) { prefix##_execute(p); }                                 \
    static void destroy(plan_t p) { prefix##_destroy_plan(p); }                            \
    static void set_timelimit(double s) { prefix##_set_timelimit(s); }                     \
    static void plan_with_threads(int t) { prefix##_plan_with_nthreads(t); }               \
    static int init_threads() { return prefix##_init_threads(); }                          \
  };
FFFT_FFTW_API(fftwf, float)
FFFT_FFTW_API(fftw, double)
FFFT_FFTW_API(fftwl, long double)
FFFT_FFTW_API(fftwq, __float128)
#undef FFFT_FFTW_API

// Threads for FFTW: init_threads once per precision, then each plan takes
// the count set before it is made.
template <class Api>
void fftw_use_threads(unsigned threads, unsigned all) {
  static const bool ready = Api::init_threads() != 0;
  if (!ready) throw std::runtime_error("FFTW's threads library failed to initialize");
  Api::plan_with_threads(static_cast<int>(threads == 0 ? all : threads));
}

template <class Api>
class fftw_case final : public fft_case {
  using cpx = typename Api::cpx;
  using real = typename Api::real;

 public:
  // flags: FFTW_ESTIMATE, FFTW_MEASURE (timed planning, capped at
  // time_limit seconds per plan) or FFTW_PATIENT.
  fftw_case(const fft_problem& p, unsigned flags, double time_limit, unsigned all_threads)
      : p_(p), in_(allocate(p.n * p.batch)), out_(allocate(p.n * p.batch)) {
    fftw_use_threads<Api>(p.threads, all_threads);
    Api::set_timelimit((flags & FFTW_ESTIMATE) ? FFTW_NO_TIMELIMIT : time_limit);
    // Plan first: a measuring planner overwrites both arrays.
    plan_ = Api::plan(static_cast<int>(p.n), static_cast<int>(p.batch), in_.get(), out_.get(),
                      FFTW_FORWARD, flags);
    if (plan_ == nullptr) throw std::runtime_error("FFTW returned no plan");
    fill(in_.get(), batch_input(p));
  }
  ~fftw_case() override { Api::destroy(plan_); }
  void run() override { Api::execute(plan_); }
  std::vector<complex_quad> forward_first() override {
    run();
    return tools::to_complex_quad(out_.get(), p_.n);
  }
  // With FFTW_ESTIMATE plans, like the accuracy report's.
  std::vector<complex_quad> roundtrip_first() override {
    buffer x = allocate(p_.n), y = allocate(p_.n), back = allocate(p_.n);
    const int n = static_cast<int>(p_.n);
    typename Api::plan_t forward = Api::plan(n, 1, x.get(), y.get(), FFTW_FORWARD, FFTW_ESTIMATE);
    typename Api::plan_t inverse = Api::plan(n, 1, y.get(), back.get(), FFTW_BACKWARD, FFTW_ESTIMATE);
    fill(x.get(), tools::uniform_float_input(p_.n));
    Api::execute(forward);
    Api::execute(inverse);
    Api::destroy(forward);
    Api::destroy(inverse);
    for (std::uint64_t j = 0; j < p_.n; ++j)
      for (int part = 0; part < 2; ++part) back.get()[j][part] /= static_cast<real>(p_.n);
    return tools::to_complex_quad(back.get(), p_.n);
  }
  std::size_t value_bytes() const override { return sizeof(cpx); }
  double unit_roundoff() const override {
    if constexpr (std::is_same_v<real, __float128>) return 0x1p-113;
    else return static_cast<double>(std::numeric_limits<real>::epsilon() / 2);
  }

 private:
  struct deleter {
    void operator()(cpx* p) const { Api::free(p); }
  };
  using buffer = std::unique_ptr<cpx[], deleter>;
  // With the huge-page advice ffft's arrays get (aligned_vector.hpp), so
  // that the contenders' arrays differ in no page size.
  static buffer allocate(std::uint64_t count) {
    const std::size_t bytes = sizeof(cpx) * count;
    buffer b(static_cast<cpx*>(Api::malloc(bytes)));
    if (!b) throw std::bad_alloc();
    if (bytes >= huge_page_threshold) advise_huge_pages(b.get(), bytes);
    return b;
  }
  static void fill(cpx* v, const std::vector<std::pair<float, float>>& x) {
    for (std::size_t j = 0; j < x.size(); ++j) {
      v[j][0] = static_cast<real>(x[j].first);
      v[j][1] = static_cast<real>(x[j].second);
    }
  }

  fft_problem p_;
  buffer in_, out_;
  typename Api::plan_t plan_ = nullptr;
};

// The baseline a user would write by hand: qd_stockham.hpp over QD's
// dd_real or qd_real, one transform after another, one thread, in the copy
// compiled for the CPU path ffft runs on (qd_paths.hpp).
template <class Real>
class qd_case final : public fft_case {
  using cpx = qd_complex<Real>;

 public:
  explicit qd_case(const fft_problem& p)
      : p_(p),
        fft_(qd_paths::make<Real>(qd_paths::for_isa(selected_cpu_isa()), p.n)),
        in_(p.n * p.batch),
        out_(p.n * p.batch) {
    if (p.threads != 1) throw std::invalid_argument("the QD baseline runs on one thread");
    const auto x = batch_input(p);
    for (std::size_t j = 0; j < x.size(); ++j) in_[j] = {Real(x[j].first), Real(x[j].second)};
  }
  void run() override {
    for (std::uint64_t b = 0; b < p_.batch; ++b) fft_->forward(&in_[b * p_.n], &out_[b * p_.n]);
  }
  std::vector<complex_quad> forward_first() override {
    fft_->forward(in_.data(), out_.data());
    return to_quad(out_.data(), p_.n);
  }
  std::vector<complex_quad> roundtrip_first() override {
    std::vector<cpx> y(p_.n), back(p_.n);
    fft_->forward(in_.data(), y.data());
    fft_->inverse(y.data(), back.data());
    const Real n(static_cast<double>(p_.n));
    for (cpx& v : back) v = {v.re / n, v.im / n};
    return to_quad(back.data(), p_.n);
  }
  std::size_t value_bytes() const override { return sizeof(cpx); }
  // dd_real: two doubles (2^-106); qd_real: four (2^-212).
  double unit_roundoff() const override { return sizeof(Real) == 2 * sizeof(double) ? 0x1p-106 : 0x1p-212; }
  unsigned memory_passes() const override {  // log2 n radix-2 passes
    unsigned passes = 0;
    while ((std::uint64_t{1} << passes) < p_.n) ++passes;
    return passes;
  }

 private:
  static std::vector<complex_quad> to_quad(const cpx* v, std::uint64_t n) {
    std::vector<complex_quad> r(n);
    for (std::uint64_t j = 0; j < n; ++j) r[j] = {tools::qd_to_quad(v[j].re), tools::qd_to_quad(v[j].im)};
    return r;
  }

  fft_problem p_;
  std::unique_ptr<qd_paths::transform<Real>> fft_;
  aligned_vector<cpx> in_, out_;  // on cache lines, as fftw_malloc's are
};

}  // namespace ffft::bench
