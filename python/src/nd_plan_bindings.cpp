// The C++ N-D plans (ffft/nd_plan.hpp, ffft/nd_real_plan.hpp) as Python
// classes, one per kind for all three formats, as plan_bindings.cpp's.
//
// Every execute method takes one dense C-order array of the whole shape,
// flattened into the buffers of plan_bindings.cpp with one row: complex<E>
// values (1, count, 2, limbs), E values (1, count, limbs), or the limb
// type's (1, count). The Python side moves, pads and cuts the caller's
// axes into that order. Host (numpy) or device (CuPy) memory; `stream` is
// a cudaStream_t as an integer; the GIL is released while a plan is made
// and while it executes.
#include "nd_plan_bindings.hpp"

#include <complex>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "array_checks.hpp"
#include "ffft/nd_plan.hpp"
#include "ffft/nd_real_plan.hpp"
#include "formats.hpp"

namespace ffft::python {

namespace {

std::uint64_t product(const std::vector<std::uint64_t>& shape) {
  std::uint64_t p = 1;
  for (std::uint64_t n : shape) p *= n;
  return p;
}

// What both N-D plan kinds are made from.
struct nd_request {
  std::string precision;
  std::vector<std::uint64_t> shape;
  std::vector<int> axes;
  normalization norm;
  twiddle_mode twiddles;
  ffft::backend backend;
  unsigned threads;
};

template <class Options>
Options nd_options_of(const nd_request& r) {
  Options o;
  o.shape = r.shape;
  o.axes = r.axes;
  o.norm = r.norm;
  o.twiddles = r.twiddles;
  o.backend = r.backend;
  o.threads = r.threads;
  return o;
}

// One of Plan<df64>, Plan<qf128>, Plan<dd128>, and what both kinds share.
template <template <class> class Plan, class Options>
class nd_format_plan {
 public:
  explicit nd_format_plan(const nd_request& r)
      : plan_(with_format(r.precision, [&](auto format) -> variant {
          using E = typename decltype(format)::type;
          return variant(std::in_place_type<Plan<E>>, nd_options_of<Options>(r));
        })),
        precision_(r.precision),
        shape_(r.shape),
        count_(product(r.shape)) {}

  template <class F>
  decltype(auto) visit(F&& f) {
    return std::visit(std::forward<F>(f), plan_);
  }
  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit(std::forward<F>(f), plan_);
  }

  const std::string& precision() const { return precision_; }
  const std::vector<std::uint64_t>& shape() const { return shape_; }
  std::vector<int> axes() const {
    return visit([](const auto& p) { return p.options().axes; });
  }
  std::string backend() const {
    return visit([](const auto& p) { return std::string(device_name(p.backend())); });
  }
  std::size_t workspace_bytes() const {
    return visit([](const auto& p) { return p.workspace_bytes(); });
  }
  std::size_t twiddle_bytes() const {
    return visit([](const auto& p) { return p.twiddle_bytes(); });
  }

 private:
  using variant = std::variant<Plan<df64>, Plan<qf128>, Plan<dd128>>;
  variant plan_;
  std::string precision_;
  std::vector<std::uint64_t> shape_;

 protected:
  std::uint64_t count_;
};

class nd_complex_binding : public nd_format_plan<nd_plan, nd_plan_options> {
 public:
  using nd_format_plan::nd_format_plan;

  // values <- F(values) or F^-1(values), in place: (1, count, 2, limbs).
  void execute(bool forward, nb::ndarray<> values, std::uintptr_t stream) {
    visit([&](auto& p) {
      using E = format_of<decltype(p)>;
      require_buffer(values, "values", nb::dtype<typename E::limb_type>(), {1, count_, 2, E::limbs});
      auto* data = static_cast<complex<E>*>(values.data());
      nb::gil_scoped_release release;
      p.execute(as_direction(forward), data, data, as_stream(stream));
    });
  }

  // out <- the transform of in, (1, count) arrays of std::complex<limb>.
  void execute_limbs(bool forward, nb::ndarray<nb::ro> in, nb::ndarray<> out, std::uintptr_t stream) {
    visit([&](auto& p) {
      using E = format_of<decltype(p)>;
      using value = typename nd_plan<E>::limb_value;
      require_buffer(in, "in", nb::dtype<value>(), {1, count_});
      require_buffer(out, "out", nb::dtype<value>(), {1, count_});
      const auto* source = static_cast<const value*>(in.data());
      auto* target = static_cast<value*>(out.data());
      nb::gil_scoped_release release;
      p.execute(as_direction(forward), source, target, as_stream(stream));
    });
  }
};

class nd_real_binding : public nd_format_plan<nd_real_plan, nd_real_plan_options> {
 public:
  explicit nd_real_binding(const nd_request& r)
      : nd_format_plan(r), bins_(product(spectrum_shape())) {}

  std::vector<std::uint64_t> spectrum_shape() const {
    return visit([](const auto& p) { return p.spectrum_shape(); });
  }

  // spectrum (1, bins, 2, limbs) <- rfftn of x (1, count, limbs).
  void forward(nb::ndarray<nb::ro> x, nb::ndarray<> spectrum, std::uintptr_t stream) {
    visit([&](auto& p) {
      using E = format_of<decltype(p)>;
      using limb = typename E::limb_type;
      require_buffer(x, "x", nb::dtype<limb>(), {1, count_, E::limbs});
      require_buffer(spectrum, "spectrum", nb::dtype<limb>(), {1, bins_, 2, E::limbs});
      const auto* source = static_cast<const E*>(x.data());
      auto* target = static_cast<complex<E>*>(spectrum.data());
      nb::gil_scoped_release release;
      p.forward(source, target, as_stream(stream));
    });
  }

  // x <- irfftn of spectrum; the spectrum is not written.
  void inverse(nb::ndarray<nb::ro> spectrum, nb::ndarray<> x, std::uintptr_t stream) {
    visit([&](auto& p) {
      using E = format_of<decltype(p)>;
      using limb = typename E::limb_type;
      require_buffer(spectrum, "spectrum", nb::dtype<limb>(), {1, bins_, 2, E::limbs});
      require_buffer(x, "x", nb::dtype<limb>(), {1, count_, E::limbs});
      const auto* source = static_cast<const complex<E>*>(spectrum.data());
      auto* target = static_cast<E*>(x.data());
      nb::gil_scoped_release release;
      p.inverse(source, target, as_stream(stream));
    });
  }

  void forward_limbs(nb::ndarray<nb::ro> x, nb::ndarray<> spectrum, std::uintptr_t stream) {
    visit([&](auto& p) {
      using limb = typename format_of<decltype(p)>::limb_type;
      require_buffer(x, "x", nb::dtype<limb>(), {1, count_});
      require_buffer(spectrum, "spectrum", nb::dtype<std::complex<limb>>(), {1, bins_});
      const auto* source = static_cast<const limb*>(x.data());
      auto* target = static_cast<std::complex<limb>*>(spectrum.data());
      nb::gil_scoped_release release;
      p.forward(source, target, as_stream(stream));
    });
  }
  void inverse_limbs(nb::ndarray<nb::ro> spectrum, nb::ndarray<> x, std::uintptr_t stream) {
    visit([&](auto& p) {
      using limb = typename format_of<decltype(p)>::limb_type;
      require_buffer(spectrum, "spectrum", nb::dtype<std::complex<limb>>(), {1, bins_});
      require_buffer(x, "x", nb::dtype<limb>(), {1, count_});
      const auto* source = static_cast<const std::complex<limb>*>(spectrum.data());
      auto* target = static_cast<limb*>(x.data());
      nb::gil_scoped_release release;
      p.inverse(source, target, as_stream(stream));
    });
  }

 private:
  std::uint64_t bins_;
};

template <class Binding>
void construct(Binding* self, const std::string& precision, const std::vector<std::uint64_t>& shape,
               const std::vector<int>& axes, const std::string& norm, const std::string& twiddles,
               const std::string& device, unsigned threads) {
  const nd_request r{precision, shape, axes, parse_normalization(norm), parse_twiddles(twiddles),
                     parse_device(device), threads};
  nb::gil_scoped_release release;
  new (self) Binding(r);
}

constexpr const char* nd_arguments_doc =
    "precision: 'df64', 'qf128' or 'dd128'; shape: the (real) array's shape, C order; axes: "
    "the axes transformed (the last listed is a real plan's halved one); norm, twiddles, "
    "device, threads as ComplexPlan's.";

template <class Binding>
void def_shared(nb::class_<Binding>& c) {
  using nb::arg;
  c.def("__init__", &construct<Binding>, arg("precision"), arg("shape"), arg("axes"), arg("norm"),
        arg("twiddles"), arg("device"), arg("threads"), nd_arguments_doc)
      .def_prop_ro("precision", &Binding::precision)
      .def_prop_ro("shape", &Binding::shape)
      .def_prop_ro("axes", &Binding::axes)
      .def_prop_ro("backend", &Binding::backend)
      .def_prop_ro("workspace_bytes", &Binding::workspace_bytes)
      .def_prop_ro("twiddle_bytes", &Binding::twiddle_bytes);
}

}  // namespace

void bind_nd_plans(nb::module_& m) {
  using nb::arg;
  nb::class_<nd_complex_binding> complex_class(m, "NdComplexPlan",
                                               "A complex transform along some axes of an N-D array (ffft::nd_plan<E>).");
  def_shared(complex_class);
  complex_class
      .def("execute", &nd_complex_binding::execute, arg("forward"), arg("values"), arg("stream") = 0,
           "Transforms values, a C-contiguous (1, count, 2, limbs) array of the limb type, in place.")
      .def("execute_limbs", &nd_complex_binding::execute_limbs, arg("forward"), arg("input"), arg("output"),
           arg("stream") = 0, "Transforms a (1, count) array of the limb type's complex values into output.");

  nb::class_<nd_real_binding> real_class(m, "NdRealPlan",
                                         "A real transform along some axes of an N-D array (ffft::nd_real_plan<E>).");
  def_shared(real_class);
  real_class.def_prop_ro("spectrum_shape", &nd_real_binding::spectrum_shape)
      .def("forward", &nd_real_binding::forward, arg("x"), arg("spectrum"), arg("stream") = 0,
           "spectrum (1, bins, 2, limbs) <- rfftn of x (1, count, limbs).")
      .def("inverse", &nd_real_binding::inverse, arg("spectrum"), arg("x"), arg("stream") = 0,
           "x (1, count, limbs) <- irfftn of spectrum (1, bins, 2, limbs).")
      .def("forward_limbs", &nd_real_binding::forward_limbs, arg("x"), arg("spectrum"), arg("stream") = 0,
           "rfftn of a (1, count) limb-type array, rounded once.")
      .def("inverse_limbs", &nd_real_binding::inverse_limbs, arg("spectrum"), arg("x"), arg("stream") = 0,
           "irfftn into a (1, count) limb-type array, rounded once.");
}

}  // namespace ffft::python
