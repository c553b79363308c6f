// N-D transforms (ffft/nd_plan.hpp) on the CPU: the steps' geometry, the
// accuracy against an exact MPFR DFT and FFTW's __float128 rank-d
// transforms, bit identity with the 1-D plans it is made of, across thread
// counts, layouts and placements, and every refusal of bad input. Error
// limits: nd_reference.hpp's nd_limit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/folded_batch.hpp"
#include "ffft/fft/limb_values.hpp"
#include "ffft/nd_plan.hpp"
#include "src/fft/nd_geometry.hpp"
#include "tests/fft_reference.hpp"
#include "tests/nd_reference.hpp"
#include "tests/twiddle_formats.hpp"
#include "tools/reference/fftw_quad.hpp"

namespace {

using namespace ffft;
using ffft::testing::complex_double;
using ffft::testing::all_axes;
using ffft::testing::exact_nd_dft;
using ffft::testing::expect_bit_identical;
using ffft::testing::nd_limit;
using ffft::testing::product;

nd_plan_options options_of(const std::vector<std::uint64_t>& shape, const std::vector<int>& axes = {},
                           normalization norm = normalization::backward, unsigned threads = 2) {
  nd_plan_options o;
  o.shape = shape;
  o.axes = axes;
  o.norm = norm;
  o.backend = backend::cpu;
  o.threads = threads;
  return o;
}

template <class E>
std::vector<complex<E>> run(const nd_plan_options& o, direction d, const std::vector<complex<E>>& x) {
  nd_plan<E> p(o);
  std::vector<complex<E>> y(x.size());
  p.execute(d, x.data(), y.data());
  return y;
}


// ---- geometry ---------------------------------------------------------------

TEST(NdGeometry, DenseArraysLoopOnlyAlongInnerAxes) {
  const std::vector<std::uint64_t> shape{4, 5, 6};
  nd_plan_options o = options_of(shape);
  o.batch = 3;
  o = fft::checked_nd_options(o);
  const fft::nd_strides s = fft::strides_of(o.input);
  EXPECT_EQ(s.axis, (std::vector<std::int64_t>{30, 6, 1}));
  EXPECT_EQ(s.distance, 120);
  // The last axis: every other dimension is one run of 4 x 5 x 3 transforms.
  const fft::axis_step last = fft::plan_axis_step(shape, 3, 2, s, s);
  EXPECT_EQ(last.length, 6u);
  EXPECT_EQ(last.in_stride, 1);
  EXPECT_EQ(last.batch.count, 60u);
  EXPECT_EQ(last.batch.in_stride, 6);
  EXPECT_TRUE(last.loops.empty());
  // The first axis: 5 x 6 interleaved transforms per array, the batch a loop.
  const fft::axis_step first = fft::plan_axis_step(shape, 3, 0, s, s);
  EXPECT_EQ(first.in_stride, 30);
  EXPECT_EQ(first.batch.count, 30u);
  EXPECT_EQ(first.batch.in_stride, 1);
  ASSERT_EQ(first.loops.size(), 1u);
  EXPECT_EQ(first.loops[0].count, 3u);
  EXPECT_EQ(first.loops[0].in_stride, 120);
  // An inner axis: 6 interleaved transforms, looped over 4 x 3 (which merge).
  const fft::axis_step inner = fft::plan_axis_step(shape, 3, 1, s, s);
  EXPECT_EQ(inner.batch.count, 12u);
  EXPECT_EQ(inner.batch.in_stride, 30);
  ASSERT_EQ(inner.loops.size(), 1u);
  EXPECT_EQ(inner.loops[0].count, 6u);
  EXPECT_EQ(inner.calls(), 6u);
  // Folded (for the CUDA backend): one call of 12 x 6 transforms.
  const fft::axis_step one_call = fft::with_folded_loop(inner);
  EXPECT_TRUE(one_call.loops.empty());
  EXPECT_EQ(one_call.fold.count, 6u);
  EXPECT_EQ(one_call.fold.in_stride, 1);
  EXPECT_EQ(one_call.call_batch(), 72u);
  EXPECT_EQ(one_call.calls(), 1u);
  // Nothing to fold along the last axis.
  EXPECT_EQ(fft::with_folded_loop(last).fold.count, 1u);
}

TEST(NdGeometry, FoldedBatchesHaveAtMost65535Rows) {
  fft::axis_step st{1, 8, 1, 1, {16, 8, 8}, {{4096, 1, 1}, {70000, 2, 2}}};
  // 70000 rows would not fit a CUDA grid: the longest loop that fits folds.
  const fft::axis_step f = fft::with_folded_loop(st);
  EXPECT_EQ(f.fold.count, 4096u);
  EXPECT_EQ(f.call_batch(), 16u * 4096u);
  ASSERT_EQ(f.loops.size(), 1u);
  EXPECT_EQ(f.loops[0].count, 70000u);
  // No loop fits: the step as it was.
  st.loops = {{70000, 2, 2}};
  const fft::axis_step g = fft::with_folded_loop(st);
  EXPECT_EQ(g.fold.count, 1u);
  EXPECT_EQ(g.loops.size(), 1u);
}

TEST(NdGeometry, EveryCallVisitsEachTransformOnce) {
  const std::vector<std::uint64_t> shape{3, 4, 5, 2};
  nd_plan_options o = options_of(shape);
  o.batch = 2;
  o.input.embed = {3, 6, 5, 3};
  o.input.stride = 2;
  o = fft::checked_nd_options(o);
  const fft::nd_strides in = fft::strides_of(o.input), out = fft::strides_of(o.output);
  // Each axis as strided batches (the CPU backend's calls) and as folded
  // ones (the CUDA backend's), the elements addressed as the backends do.
  for (int axis = 0; axis < 4; ++axis)
    for (const bool fold : {false, true}) {
      const fft::axis_step plain = fft::plan_axis_step(shape, 2, axis, in, out);
      const fft::axis_step st = fold ? fft::with_folded_loop(plain) : plain;
      EXPECT_EQ(st.calls() * st.fold.count, plain.calls()) << "axis " << axis;
      std::vector<int> in_hits(fft::nd_span(shape, 2, in), 0), out_hits(fft::nd_span(shape, 2, out), 0);
      const std::uint64_t inner = st.batch.count;
      fft::for_each_call(st.loops, [&](std::int64_t i, std::int64_t j) {
        const fft::folded<int> source{in_hits.data() + i, st.in_stride, st.batch.in_stride, inner, st.fold.in_stride};
        const fft::folded<int> target{out_hits.data() + j, st.out_stride, st.batch.out_stride, inner,
                                      st.fold.out_stride};
        for (std::uint64_t b = 0; b < st.call_batch(); ++b)
          for (std::uint64_t t = 0; t < st.length; ++t) {
            ++source(b, t);
            ++target(b, t);
          }
      });
      // Each element of the arrays exactly once, nothing else.
      std::uint64_t in_total = 0, out_total = 0;
      for (int h : in_hits) {
        EXPECT_LE(h, 1) << "axis " << axis << (fold ? ", folded" : "");
        in_total += static_cast<std::uint64_t>(h);
      }
      for (int h : out_hits) {
        EXPECT_EQ(h, 1) << "axis " << axis << (fold ? ", folded" : "");  // the output is dense
        out_total += static_cast<std::uint64_t>(h);
      }
      EXPECT_EQ(in_total, product(shape) * 2);
      EXPECT_EQ(out_total, product(shape) * 2);
    }
}

// ---- accuracy ---------------------------------------------------------------

template <class E>
class NdPlan : public ::testing::Test {};
TYPED_TEST_SUITE(NdPlan, ffft::testing::twiddle_formats, ffft::testing::format_names);

struct shape_case {
  std::vector<std::uint64_t> shape;
  std::vector<int> axes;  // empty: all
};

// Small shapes against the exact DFT: 2-D and 3-D, primes (Bluestein:
// 11, 13, 17), axes of length 1, subsets and orders of axes. Unnormalized
// both ways (backward forward, forward inverse), as the reference.
TYPED_TEST(NdPlan, MatchesTheExactDftOnSmallShapes) {
  using E = TypeParam;
  const shape_case cases[] = {
      {{4, 6}, {}},       {{3, 5, 4}, {}},    {{11, 6}, {}},       {{2, 13}, {1}},
      {{5, 1, 7}, {}},    {{6, 4, 3}, {2, 0}}, {{17, 3}, {0}},     {{2, 3, 2, 2}, {3, 1, 0}},
  };
  for (const shape_case& c : cases) {
    const std::vector<int> axes = c.axes.empty() ? all_axes(c.shape.size()) : c.axes;
    const std::uint64_t count = product(c.shape);
    const std::vector<complex_double> x = ffft::testing::random_input(count, count + c.shape.size());
    for (direction d : {direction::forward, direction::inverse}) {
      SCOPED_TRACE(::testing::Message() << "shape " << ::testing::PrintToString(c.shape) << ", axes "
                                        << ::testing::PrintToString(axes) << ", " << ffft::testing::name(d));
      const normalization unscaled = d == direction::forward ? normalization::backward : normalization::forward;
      const std::vector<complex<E>> y = run<E>(options_of(c.shape, c.axes, unscaled), d, ffft::testing::to_format<E>(x));
      const double error =
          ffft::testing::relative_l2_error(y, exact_nd_dft(x, c.shape, axes, static_cast<int>(d)));
      EXPECT_LE(error, nd_limit<E>(c.shape, axes));
    }
  }
}

// Larger shapes against FFTW's __float128 rank-d transform, every
// normalization scaled back to FFTW's unnormalized one by the exact factor.
TYPED_TEST(NdPlan, MatchesFftwQuadRankD) {
  using E = TypeParam;
  const shape_case cases[] = {
      {{64, 48}, {}}, {{27, 10, 8}, {}}, {{31, 1, 12}, {}}, {{1024, 3}, {0}}, {{16, 9, 25}, {0, 2}}, {{128, 128}, {}},
  };
  for (const shape_case& c : cases) {
    const std::vector<int> axes = c.axes.empty() ? all_axes(c.shape.size()) : c.axes;
    const std::uint64_t count = product(c.shape);
    const std::vector<complex_double> x = ffft::testing::random_input(count, 7 * count);
    std::vector<tools::complex_quad> xq(count);
    for (std::size_t j = 0; j < count; ++j) xq[j] = {x[j].re, x[j].im};
    for (direction d : {direction::forward, direction::inverse}) {
      SCOPED_TRACE(::testing::Message() << "shape " << ::testing::PrintToString(c.shape) << ", "
                                        << ffft::testing::name(d));
      const normalization unscaled = d == direction::forward ? normalization::backward : normalization::forward;
      const std::vector<complex<E>> y = run<E>(options_of(c.shape, c.axes, unscaled), d, ffft::testing::to_format<E>(x));
      const std::vector<tools::complex_quad> want =
          tools::fftw_quad_dft_nd(xq, c.shape, axes, d == direction::forward ? FFTW_FORWARD : FFTW_BACKWARD);
      EXPECT_LE(ffft::testing::relative_l2_error(y, want), nd_limit<E>(c.shape, axes));
    }
  }
}

// ---- bit identity -------------------------------------------------------------

// One axis is plan<E>'s batch, bit for bit; two axes are the 1-D plans
// applied one after the other, the last listed first, with the whole
// normalization on the last.
TYPED_TEST(NdPlan, IsTheOneDimensionalPlansAxisByAxis) {
  using E = TypeParam;
  const std::vector<std::uint64_t> shape{12, 10};
  const std::vector<complex<E>> x = ffft::testing::random_values<E>(120, 5);
  plan_options one;
  one.length = 10;
  one.batch = 12;
  one.backend = backend::cpu;
  one.norm = normalization::ortho;
  std::vector<complex<E>> want(120);
  plan<E>(one).forward(x.data(), want.data());
  expect_bit_identical(run<E>(options_of(shape, {1}, normalization::ortho), direction::forward, x), want,
                       "axis 1 against plan<E>");
  // Axes {0, 1}, forward and unscaled: axis 1, then axis 0 (10 interleaved
  // transforms of stride 10).
  plan_options rows = one;
  rows.norm = normalization::backward;
  plan<E>(rows).forward(x.data(), want.data());
  plan_options columns;
  columns.length = 12;
  columns.batch = 10;
  columns.backend = backend::cpu;
  columns.input = columns.output = {10, 1};
  plan<E>(columns).forward(want.data(), want.data());
  expect_bit_identical(run<E>(options_of(shape, {0, 1}), direction::forward, x), want, "axes {0, 1}");
}

TYPED_TEST(NdPlan, BitIdenticalAcrossThreadsPlacementsAndLayouts) {
  using E = TypeParam;
  const std::vector<std::uint64_t> shape{6, 7, 20};
  const std::uint64_t count = product(shape), batch = 2;
  const std::vector<complex<E>> x = ffft::testing::random_values<E>(count * batch, 11);
  nd_plan_options o = options_of(shape, {}, normalization::ortho, 1);
  o.batch = batch;
  const std::vector<complex<E>> want = run<E>(o, direction::inverse, x);
  for (unsigned threads : {2u, 3u}) {
    o.threads = threads;
    expect_bit_identical(run<E>(o, direction::inverse, x), want, std::to_string(threads) + " threads");
  }
  // In place.
  std::vector<complex<E>> in_place = x;
  nd_plan<E>(o).inverse(in_place.data(), in_place.data());
  expect_bit_identical(in_place, want, "in place");
  // Embedded, strided input and output, the output's gaps left as they were.
  nd_plan_options e = o;
  e.input.embed = {7, 9, 21};
  e.input.stride = 2;
  e.input.distance = 2 * 7 * 9 * 21 + 5;
  e.output.embed = {6, 8, 22};
  e.output.stride = 1;
  const std::uint64_t in_span = static_cast<std::uint64_t>(e.input.distance) * batch;
  const std::uint64_t out_span = 6 * 8 * 22 * batch;
  std::vector<complex<E>> xe(in_span), ye(out_span, x[0]);
  const auto in_at = [&](std::uint64_t b, std::uint64_t i, std::uint64_t j, std::uint64_t k) {
    return b * static_cast<std::uint64_t>(e.input.distance) + 2 * ((i * 9 + j) * 21 + k);
  };
  const auto out_at = [&](std::uint64_t b, std::uint64_t i, std::uint64_t j, std::uint64_t k) {
    return b * 6 * 8 * 22 + (i * 8 + j) * 22 + k;
  };
  for (std::uint64_t b = 0; b < batch; ++b)
    for (std::uint64_t i = 0; i < 6; ++i)
      for (std::uint64_t j = 0; j < 7; ++j)
        for (std::uint64_t k = 0; k < 20; ++k) xe[in_at(b, i, j, k)] = x[((b * 6 + i) * 7 + j) * 20 + k];
  nd_plan<E>(e).inverse(xe.data(), ye.data());
  std::vector<complex<E>> picked(count * batch);
  for (std::uint64_t b = 0; b < batch; ++b)
    for (std::uint64_t i = 0; i < 6; ++i)
      for (std::uint64_t j = 0; j < 8; ++j)
        for (std::uint64_t k = 0; k < 22; ++k) {
          const complex<E>& v = ye[out_at(b, i, j, k)];
          if (j < 7 && k < 20) picked[((b * 6 + i) * 7 + j) * 20 + k] = v;
          else ASSERT_EQ(std::memcmp(&v, &x[0], sizeof v), 0) << "a gap of the output was written";
        }
  expect_bit_identical(picked, want, "embedded layouts");
}

// Limb arrays (std::complex of the limb type): the transform of the
// widened values rounded once, bit for bit, with one axis (plan<E>'s
// converting path) and several (the axes between on values of E), out of
// place into an embedded output (gaps kept) and in place.
TYPED_TEST(NdPlan, LimbArraysAreTheWidenedTransformRoundedOnce) {
  using E = TypeParam;
  using limb_value = typename nd_plan<E>::limb_value;
  for (const std::vector<int>& axes : {std::vector<int>{1}, std::vector<int>{}, std::vector<int>{2, 0}}) {
    SCOPED_TRACE(::testing::Message() << "axes " << ::testing::PrintToString(axes));
    const std::vector<std::uint64_t> shape{5, 8, 13};
    const std::uint64_t count = product(shape);
    // Values with a full limb's significand: the exact values of E rounded.
    const std::vector<complex<E>> x = ffft::testing::random_values<E>(count, 19);
    std::vector<limb_value> xl(count);
    std::vector<complex<E>> widened(count);
    for (std::size_t j = 0; j < count; ++j) {
      const fft::limb_complex_of<E> v = fft::round_to_limb(x[j]);
      xl[j] = {v.re, v.im};
      widened[j] = fft::widen<E>(v);
    }
    nd_plan_options o = options_of(shape, axes, normalization::ortho);
    const std::vector<complex<E>> exact = run<E>(o, direction::forward, widened);
    // Dense, out of place.
    std::vector<limb_value> yl(count);
    nd_plan<E> p(o);
    p.forward(xl.data(), yl.data());
    for (std::size_t j = 0; j < count; ++j) {
      const fft::limb_complex_of<E> want = fft::round_to_limb(exact[j]);
      ASSERT_EQ(std::memcmp(&yl[j], &want, sizeof want), 0) << "element " << j;
    }
    // In place.
    std::vector<limb_value> in_place = xl;
    p.forward(in_place.data(), in_place.data());
    ASSERT_EQ(std::memcmp(in_place.data(), yl.data(), count * sizeof(limb_value)), 0);
    // Into an embedded output, whose gaps stay as they were.
    nd_plan_options e = o;
    e.output.embed = {5, 9, 13};
    std::vector<limb_value> ye(5 * 9 * 13, limb_value{7, 7});
    nd_plan<E>(e).forward(xl.data(), ye.data());
    for (std::uint64_t i = 0; i < 5; ++i)
      for (std::uint64_t j = 0; j < 9; ++j)
        for (std::uint64_t k = 0; k < 13; ++k) {
          const limb_value v = ye[(i * 9 + j) * 13 + k];
          if (j == 8) ASSERT_EQ(v, (limb_value{7, 7})) << "a gap of the output was written";
          else ASSERT_EQ(std::memcmp(&v, &yl[(i * 8 + j) * 13 + k], sizeof v), 0);
        }
  }
}

// ---- bad input ----------------------------------------------------------------

// The message of the std::invalid_argument that making a plan of o throws.
std::string refusal(const nd_plan_options& o) {
  try {
    nd_plan<dd128> p(o);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(NdPlanChecks, EachBadParameterIsNamed) {
  const auto with = [](auto change) {
    nd_plan_options o = options_of({8, 6});
    change(o);
    return refusal(o);
  };
  EXPECT_NE(with([](auto& o) { o.shape = {}; }).find("shape is empty"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.shape = {8, 0}; }).find("shape[1] = 0"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.shape = {std::uint64_t{1} << 32, 2}; }).find("shape[0]"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.batch = 0; }).find("batch"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.axes = {0, 2}; }).find("axes[1] = 2 is not an axis"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.axes = {-1}; }).find("axes[0] = -1"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.axes = {1, 1}; }).find("listed twice"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.input.embed = {8}; }).find("input layout: embed has 1"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.output.embed = {8, 5}; }).find("output layout: embed[1] = 5"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.input.stride = 0; }).find("input layout: stride 0"), std::string::npos);
  EXPECT_NE(with([](auto& o) { o.output.distance = -4; }).find("output layout: distance -4"), std::string::npos);
  EXPECT_NE(with([](auto& o) {
              o.batch = 3;
              o.output.distance = 40;
            }).find("output layout: distance 40 is below the 48"),
            std::string::npos);
  EXPECT_NE(with([](auto& o) {
              o.batch = std::uint64_t{1} << 40;
              o.input.distance = std::int64_t{1} << 20;
            }).find("2^57"),
            std::string::npos);
  // A prime whose Bluestein padding would pass 2^32.
  EXPECT_NE(with([](auto& o) { o.shape = {8, 2147483647}; }).find("shape[1]: "), std::string::npos);
}

TEST(NdPlanChecks, RefusedExecutionsWriteNothing) {
  nd_plan_options o = options_of({4, 6});
  o.output.embed = {4, 8};
  nd_plan<dd128> p(o);
  const std::vector<complex<dd128>> x = ffft::testing::random_values<dd128>(32, 3);
  std::vector<complex<dd128>> y = x;
  // In place with different layouts; overlapping buffers; null pointers.
  EXPECT_THROW(p.forward(y.data(), y.data()), std::invalid_argument);
  EXPECT_THROW(p.forward(y.data() + 1, y.data()), std::invalid_argument);
  EXPECT_THROW(p.forward(nullptr, y.data()), std::invalid_argument);
  expect_bit_identical(y, x, "after refused executions");
  nd_plan<dd128> moved(std::move(p));
  EXPECT_THROW(p.forward(x.data(), y.data()), std::logic_error);
  nd_plan_options no_workspace = options_of({4, 6});
  no_workspace.allocate_workspace = false;
  nd_plan<dd128> q(no_workspace);
  EXPECT_THROW(q.forward(x.data(), y.data()), std::logic_error);
  std::vector<complex<dd128>> workspace(q.workspace_bytes() / sizeof(complex<dd128>) + 1);
  q.set_workspace(workspace.data());
  std::vector<complex<dd128>> z(24);
  q.forward(x.data(), z.data());
  expect_bit_identical(z, run<dd128>(options_of({4, 6}), direction::forward,
                                     std::vector<complex<dd128>>(x.begin(), x.begin() + 24)),
                       "caller's workspace");
}

}  // namespace
