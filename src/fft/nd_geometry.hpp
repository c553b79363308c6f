// The geometry of N-D transforms (ffft/nd_plan.hpp): the checked shape,
// axes and layouts, and each axis's transform as a 1-D batch of a
// backend. Plain C++ (tests check it without a plan).
//
// Along axis k, an array of shape n has prod(n) / n[k] transforms of n[k]
// points, and the batch of arrays multiplies them. Those transforms are
// indexed by the other axes and the batch: dimensions (count, input
// stride, output stride) that a 1-D backend's single batch dimension
// (count, distance) cannot take all at once. Dimensions that are one
// dense run (count x stride of one = stride of the next, in the input and
// the output) merge; of what is left, the longest becomes the backend's
// batch and the rest are loops of backend calls. For a dense array that
// leaves no loop along the first and last axes and one along each inner
// axis (of the product of the lengths before it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ffft/nd_plan.hpp"

namespace ffft::fft {

// A dimension besides the transformed axis: count, and the element
// strides of one step along it in the source and target arrays.
struct nd_dim {
  std::uint64_t count;
  std::int64_t in_stride, out_stride;
};

// One axis's transforms as backend calls: transforms of `length` points
// (element strides in_stride, out_stride), `batch.count` of them per call
// at distances batch.in_stride and batch.out_stride, one call per point of
// `loops` (outermost first). A folded step (fold.count > 1) has each call
// run fold.count such batches at once, at distances fold.in_stride and
// fold.out_stride: a folded batch (engine/folded_batch.hpp) of
// batch.count x fold.count transforms.
struct axis_step {
  int axis;
  std::uint64_t length;
  std::int64_t in_stride, out_stride;
  nd_dim batch;
  std::vector<nd_dim> loops;
  nd_dim fold{1, 0, 0};

  // Transforms per backend call.
  std::uint64_t call_batch() const { return batch.count * fold.count; }

  std::uint64_t calls() const {
    std::uint64_t c = 1;
    for (const nd_dim& d : loops) c *= d.count;
    return c;
  }
};

// A checked layout over a shape: the element stride of each axis and the
// distance between arrays.
struct nd_strides {
  std::vector<std::int64_t> axis;
  std::int64_t distance;
};

// Checks the rank, lengths, batch and axes (every message names the
// parameter at fault and the fix; not the lengths' factors) and returns
// the axes, all of them when none are listed. Throws std::invalid_argument.
std::vector<int> checked_shape_and_axes(const std::vector<std::uint64_t>& shape, std::uint64_t batch,
                                        std::vector<int> axes);

// Checks a layout of `batch` arrays of `shape` and fills in its embed (the
// shape) and distance (stride x product of embed). `name` ("input",
// "output", "real", "spectrum") begins each message. The arrays must not
// share an element (an output's could not be written otherwise).
nd_layout checked_nd_layout(const char* name, const std::vector<std::uint64_t>& shape, std::uint64_t batch,
                            nd_layout l);

// Checks the options (every message names the parameter at fault and the
// fix) and fills in the axes (all, when empty) and each layout's embed
// (the shape) and distance (stride x product of embed). Throws
// std::invalid_argument.
nd_plan_options checked_nd_options(nd_plan_options o);

// The element strides of a checked layout.
nd_strides strides_of(const nd_layout& l);

// The values of `batch` arrays of `shape`: what a dense layout spans.
std::uint64_t nd_values(const std::vector<std::uint64_t>& shape, std::uint64_t batch);

// Elements a checked layout spans over `batch` arrays of `shape`.
std::uint64_t nd_span(const std::vector<std::uint64_t>& shape, std::uint64_t batch, const nd_strides& s);

// Axis `axis`'s transforms from an array on `in` to one on `out`.
axis_step plan_axis_step(const std::vector<std::uint64_t>& shape, std::uint64_t batch, int axis,
                         const nd_strides& in, const nd_strides& out);

// The step with its longest loop folded into each call, for a backend
// that runs folded batches; the step itself where it has no loop, or none
// of at most max_folded_rows (folded_batch.hpp).
axis_step with_folded_loop(axis_step step);

// f(input offset, output offset) for each point of the loops, in order.
template <class F>
void for_each_call(const std::vector<nd_dim>& loops, const F& f) {
  std::vector<std::uint64_t> index(loops.size(), 0);
  std::int64_t in = 0, out = 0;
  for (;;) {
    f(in, out);
    std::size_t d = loops.size();
    while (d > 0) {
      --d;
      if (++index[d] < loops[d].count) {
        in += loops[d].in_stride;
        out += loops[d].out_stride;
        break;
      }
      in -= static_cast<std::int64_t>(loops[d].count - 1) * loops[d].in_stride;
      out -= static_cast<std::int64_t>(loops[d].count - 1) * loops[d].out_stride;
      index[d] = 0;
      if (d == 0) return;
    }
    if (loops.empty()) return;
  }
}

}  // namespace ffft::fft
