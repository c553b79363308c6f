// The C++ plans as Python classes, one class per kind (complex, real) for
// all three formats: the format is a run-time choice in Python, a template
// argument in C++, so each class holds a variant of the three plans.
//
// Every execute method takes buffers the Python side made: C-contiguous,
// of the format's values (complex<E>: (batch, n, 2, limbs) limb values, the
// real part's limbs then the imaginary part's; E: (batch, n, limbs)) or of
// its limb type (std::complex<limb>: (batch, n)). Host arrays (numpy) and
// device arrays (CuPy, anything with __dlpack__) are passed by pointer;
// `stream` is a cudaStream_t as an integer (CuPy's Stream.ptr), 0 for the
// legacy default stream. The GIL is released while a plan is made and while
// it executes, so other Python threads run meanwhile.
#include "plan_bindings.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "array_checks.hpp"
#include "ffft/plan.hpp"
#include "ffft/real_plan.hpp"
#include "formats.hpp"

namespace ffft::python {

namespace {

// What both plan kinds are made from.
struct plan_request {
  std::string precision;
  std::uint64_t length;
  std::uint64_t batch;
  normalization norm;
  twiddle_mode twiddles;
  ffft::backend backend;
  unsigned threads;
};

// plan_options or real_plan_options, whose shared fields have one name.
template <class Options>
Options options_of(const plan_request& r) {
  Options o;
  o.length = r.length;
  o.batch = r.batch;
  o.norm = r.norm;
  o.twiddles = r.twiddles;
  o.backend = r.backend;
  o.threads = r.threads;
  return o;
}

// One of plan<df64>, plan<qf128>, plan<dd128> (or real_plan's), and the
// properties both kinds share.
template <template <class> class Plan>
class format_plan {
 public:
  template <class Options>
  format_plan(const plan_request& r, std::type_identity<Options>)
      : plan_(with_format(r.precision, [&](auto format) -> variant {
          using E = typename decltype(format)::type;
          return variant(std::in_place_type<Plan<E>>, options_of<Options>(r));
        })),
        precision_(r.precision),
        length_(r.length),
        batch_(r.batch) {}

  template <class F>
  decltype(auto) visit(F&& f) {
    return std::visit(std::forward<F>(f), plan_);
  }
  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit(std::forward<F>(f), plan_);
  }

  const std::string& precision() const { return precision_; }
  std::uint64_t length() const { return length_; }
  std::uint64_t batch() const { return batch_; }
  std::string backend() const {
    return visit([](const auto& p) { return std::string(device_name(p.backend())); });
  }
  std::size_t workspace_bytes() const {
    return visit([](const auto& p) { return p.workspace_bytes(); });
  }
  std::size_t twiddle_bytes() const {
    return visit([](const auto& p) { return p.twiddle_bytes(); });
  }
  std::vector<int> radices() const {
    return visit([](const auto& p) { return p.radices(); });
  }

 private:
  using variant = std::variant<Plan<df64>, Plan<qf128>, Plan<dd128>>;
  variant plan_;
  std::string precision_;

 protected:
  std::uint64_t length_, batch_;
};

class complex_plan_binding : public format_plan<plan> {
 public:
  explicit complex_plan_binding(const plan_request& r)
      : format_plan<plan>(r, std::type_identity<plan_options>{}) {}

  // values <- F(values) or F^-1(values), in place.
  void execute(bool forward, nb::ndarray<> values, std::uintptr_t stream) {
    visit([&](auto& p) {
      using E = format_of<decltype(p)>;
      require_buffer(values, "values", nb::dtype<typename E::limb_type>(),
                     {batch_, length_, 2, E::limbs});
      auto* data = static_cast<complex<E>*>(values.data());
      nb::gil_scoped_release release;
      p.execute(as_direction(forward), data, data, as_stream(stream));
    });
  }

  // out <- the transform of in, both std::complex<limb> arrays: widened
  // exactly on load, rounded once on store. in and out may be one array.
  void execute_limbs(bool forward, nb::ndarray<nb::ro> in, nb::ndarray<> out, std::uintptr_t stream) {
    visit([&](auto& p) {
      using E = format_of<decltype(p)>;
      using value = typename plan<E>::limb_value;
      require_buffer(in, "in", nb::dtype<value>(), {batch_, length_});
      require_buffer(out, "out", nb::dtype<value>(), {batch_, length_});
      const auto* source = static_cast<const value*>(in.data());
      auto* target = static_cast<value*>(out.data());
      nb::gil_scoped_release release;
      p.execute(as_direction(forward), source, target, as_stream(stream));
    });
  }

  std::uint64_t bluestein_length() const {
    return visit([](const auto& p) { return p.bluestein_length(); });
  }
  std::string cpu_isa() const {
    return visit([](const auto& p) { return std::string(to_string(p.cpu_isa())); });
  }
};

class real_plan_binding : public format_plan<real_plan> {
 public:
  explicit real_plan_binding(const plan_request& r)
      : format_plan<real_plan>(r, std::type_identity<real_plan_options>{}), bins_(r.length / 2 + 1) {}

  // spectrum <- rfft(x): x (batch, n, limbs), spectrum (batch, n/2+1, 2, limbs).
  void forward(nb::ndarray<nb::ro> x, nb::ndarray<> spectrum, std::uintptr_t stream) {
    visit([&](auto& p) {
      using E = format_of<decltype(p)>;
      using limb = typename E::limb_type;
      require_buffer(x, "x", nb::dtype<limb>(), {batch_, length_, E::limbs});
      require_buffer(spectrum, "spectrum", nb::dtype<limb>(), {batch_, bins_, 2, E::limbs});
      const auto* source = static_cast<const E*>(x.data());
      auto* target = static_cast<complex<E>*>(spectrum.data());
      nb::gil_scoped_release release;
      p.forward(source, target, as_stream(stream));
    });
  }

  // x <- irfft(spectrum); the spectrum is not written.
  void inverse(nb::ndarray<nb::ro> spectrum, nb::ndarray<> x, std::uintptr_t stream) {
    visit([&](auto& p) {
      using E = format_of<decltype(p)>;
      using limb = typename E::limb_type;
      require_buffer(spectrum, "spectrum", nb::dtype<limb>(), {batch_, bins_, 2, E::limbs});
      require_buffer(x, "x", nb::dtype<limb>(), {batch_, length_, E::limbs});
      const auto* source = static_cast<const complex<E>*>(spectrum.data());
      auto* target = static_cast<E*>(x.data());
      nb::gil_scoped_release release;
      p.inverse(source, target, as_stream(stream));
    });
  }

  // The same on limb arrays: x (batch, n) of the limb type, spectrum
  // (batch, n/2+1) of std::complex<limb>.
  void forward_limbs(nb::ndarray<nb::ro> x, nb::ndarray<> spectrum, std::uintptr_t stream) {
    visit([&](auto& p) {
      using limb = typename format_of<decltype(p)>::limb_type;
      require_buffer(x, "x", nb::dtype<limb>(), {batch_, length_});
      require_buffer(spectrum, "spectrum", nb::dtype<std::complex<limb>>(), {batch_, bins_});
      const auto* source = static_cast<const limb*>(x.data());
      auto* target = static_cast<std::complex<limb>*>(spectrum.data());
      nb::gil_scoped_release release;
      p.forward(source, target, as_stream(stream));
    });
  }
  void inverse_limbs(nb::ndarray<nb::ro> spectrum, nb::ndarray<> x, std::uintptr_t stream) {
    visit([&](auto& p) {
      using limb = typename format_of<decltype(p)>::limb_type;
      require_buffer(spectrum, "spectrum", nb::dtype<std::complex<limb>>(), {batch_, bins_});
      require_buffer(x, "x", nb::dtype<limb>(), {batch_, length_});
      const auto* source = static_cast<const std::complex<limb>*>(spectrum.data());
      auto* target = static_cast<limb*>(x.data());
      nb::gil_scoped_release release;
      p.inverse(source, target, as_stream(stream));
    });
  }


 private:
  std::uint64_t bins_;
};

plan_request make_request(const std::string& precision, std::uint64_t length, std::uint64_t batch,
                          const std::string& norm, const std::string& twiddles,
                          const std::string& device, unsigned threads) {
  return {precision,           length, batch, parse_normalization(norm), parse_twiddles(twiddles),
          parse_device(device), threads};
}

template <class Binding>
void construct(Binding* self, const std::string& precision, std::uint64_t length,
               std::uint64_t batch, const std::string& norm, const std::string& twiddles,
               const std::string& device, unsigned threads) {
  const plan_request r = make_request(precision, length, batch, norm, twiddles, device, threads);
  nb::gil_scoped_release release;  // tables of a long transform take a while
  new (self) Binding(r);
}

constexpr const char* plan_arguments_doc =
    "precision: 'df64', 'qf128' or 'dd128'; length: points per transform; batch: transforms "
    "per execution; norm: 'backward', 'ortho' or 'forward'; twiddles: 'table' or 'computed'; "
    "device: 'auto', 'cpu' or 'cuda'; threads: CPU threads (0: one per hardware thread).";

// The properties every plan class has (format_plan's).
template <class Binding>
void def_shared_properties(nb::class_<Binding>& c) {
  c.def_prop_ro("precision", &Binding::precision)
      .def_prop_ro("length", &Binding::length)
      .def_prop_ro("batch", &Binding::batch)
      .def_prop_ro("backend", &Binding::backend)
      .def_prop_ro("radices", &Binding::radices)
      .def_prop_ro("workspace_bytes", &Binding::workspace_bytes)
      .def_prop_ro("twiddle_bytes", &Binding::twiddle_bytes);
}

}  // namespace

void bind_plans(nb::module_& m) {
  using nb::arg;
  nb::class_<complex_plan_binding> complex_class(m, "ComplexPlan",
                                                 "A batch of 1-D complex transforms (ffft::plan<E>).");
  complex_class.def("__init__", &construct<complex_plan_binding>, arg("precision"), arg("length"),
           arg("batch"), arg("norm"), arg("twiddles"), arg("device"), arg("threads"),
           plan_arguments_doc)
      .def("execute", &complex_plan_binding::execute, arg("forward"), arg("values"),
           arg("stream") = 0,
           "Transforms values, a C-contiguous (batch, length, 2, limbs) array of the "
           "format's limb type, in place.")
      .def("execute_limbs", &complex_plan_binding::execute_limbs, arg("forward"), arg("input"),
           arg("output"), arg("stream") = 0,
           "Transforms a (batch, length) array of the limb type's complex values (complex128 "
           "for dd128, complex64 otherwise) into output: exact on load, rounded once on store.")
      .def_prop_ro("cpu_isa", &complex_plan_binding::cpu_isa)
      .def_prop_ro("bluestein_length", &complex_plan_binding::bluestein_length);
  def_shared_properties(complex_class);

  nb::class_<real_plan_binding> real_class(m, "RealPlan",
                                           "A batch of 1-D real-data transforms (ffft::real_plan<E>).");
  real_class.def("__init__", &construct<real_plan_binding>, arg("precision"), arg("length"),
           arg("batch"), arg("norm"), arg("twiddles"), arg("device"), arg("threads"),
           plan_arguments_doc)
      .def("forward", &real_plan_binding::forward, arg("x"), arg("spectrum"), arg("stream") = 0,
           "spectrum (batch, length//2+1, 2, limbs) <- rfft of x (batch, length, limbs).")
      .def("inverse", &real_plan_binding::inverse, arg("spectrum"), arg("x"), arg("stream") = 0,
           "x (batch, length, limbs) <- irfft of spectrum (batch, length//2+1, 2, limbs).")
      .def("forward_limbs", &real_plan_binding::forward_limbs, arg("x"), arg("spectrum"),
           arg("stream") = 0, "rfft of a (batch, length) limb-type array, rounded once.")
      .def("inverse_limbs", &real_plan_binding::inverse_limbs, arg("spectrum"), arg("x"),
           arg("stream") = 0, "irfft into a (batch, length) limb-type array, rounded once.");
  def_shared_properties(real_class);
}

}  // namespace ffft::python
