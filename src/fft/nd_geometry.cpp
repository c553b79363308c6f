#include "src/fft/nd_geometry.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/folded_batch.hpp"
#include "src/fft/plan_checks.hpp"

namespace ffft::fft {

namespace {

[[noreturn]] void refuse(const std::string& what) { throw std::invalid_argument("ffft: " + what); }

std::string index_name(const char* what, std::size_t k) { return std::string(what) + "[" + std::to_string(k) + "]"; }

// Every element offset below 2^57 keeps byte offsets within 63 bits for
// elements of up to 64 bytes (as the 1-D layouts, layout_checks.hpp).
constexpr std::uint64_t max_span = std::uint64_t{1} << 57;

// a * b, or max_span when it reaches it.
std::uint64_t capped_product(std::uint64_t a, std::uint64_t b) {
  if (a == 0 || b == 0) return 0;
  return a >= (max_span + b - 1) / b ? max_span : a * b;
}

}  // namespace

nd_layout checked_nd_layout(const char* name, const std::vector<std::uint64_t>& shape, std::uint64_t batch,
                            nd_layout l) {
  const std::string who = std::string(name) + " layout";
  const std::size_t rank = shape.size();
  if (l.embed.empty()) l.embed = shape;
  if (l.embed.size() != rank)
    refuse(who + ": embed has " + std::to_string(l.embed.size()) + " lengths for a shape of rank " +
           std::to_string(rank) + "; give one per axis, or none for a dense array");
  for (std::size_t k = 0; k < rank; ++k)
    if (l.embed[k] < shape[k])
      refuse(who + ": " + index_name("embed", k) + " = " + std::to_string(l.embed[k]) + " is below " +
             index_name("shape", k) + " = " + std::to_string(shape[k]) +
             "; each embed length must be at least the array's");
  if (l.stride < 1) refuse(who + ": stride " + std::to_string(l.stride) + " must be at least 1");
  if (l.distance < 0)
    refuse(who + ": distance " + std::to_string(l.distance) +
           " must be at least 0 (0: arrays one after another)");
  // The elements one array spans: 1 + stride x (offset of its last index).
  std::uint64_t last = 0;  // offset of the last element, in units of stride
  std::uint64_t step = 1;  // product of embed beyond the axis
  for (std::size_t k = rank; k-- > 0;) {
    last = std::min(max_span, last + capped_product(shape[k] - 1, step));
    step = capped_product(step, l.embed[k]);
  }
  const std::uint64_t array_span = std::min(max_span, 1 + capped_product(last, static_cast<std::uint64_t>(l.stride)));
  const auto too_large = [&] {
    refuse(who + ": the arrays span 2^57 elements or more (shape, embed, stride " + std::to_string(l.stride) +
           ", distance " + std::to_string(l.distance) + ", batch " + std::to_string(batch) +
           "); use smaller strides, distances or batches");
  };
  if (array_span >= max_span) too_large();
  if (l.distance == 0) {
    const std::uint64_t whole = capped_product(step, static_cast<std::uint64_t>(l.stride));
    if (whole >= max_span) too_large();
    l.distance = static_cast<std::int64_t>(whole);
  }
  const auto distance = static_cast<std::uint64_t>(l.distance);
  if (array_span + capped_product(batch - 1, distance) >= max_span) too_large();
  // Arrays one after another: sufficient for distinct elements, as embed
  // >= shape makes the elements of one array distinct.
  if (batch > 1 && distance < array_span)
    refuse(who + ": distance " + std::to_string(l.distance) + " is below the " + std::to_string(array_span) +
           " elements one array spans, so the arrays of the batch overlap; use distance 0 or at least " +
           std::to_string(array_span));
  return l;
}

std::vector<int> checked_shape_and_axes(const std::vector<std::uint64_t>& shape, std::uint64_t batch,
                                        std::vector<int> axes) {
  require_baseline_instruction_set();
  const std::size_t rank = shape.size();
  if (rank == 0) refuse("shape is empty; an N-D plan needs at least one axis (shape = {n0, n1, ...})");
  for (std::size_t k = 0; k < rank; ++k)
    if (shape[k] == 0 || shape[k] > max_length)
      refuse(index_name("shape", k) + " = " + std::to_string(shape[k]) +
             " is out of range; each length must be in 1 .. 2^31");
  if (batch == 0) refuse("batch must be at least 1");
  if (axes.empty())
    for (std::size_t k = 0; k < rank; ++k) axes.push_back(static_cast<int>(k));
  std::vector<bool> seen(rank, false);
  for (std::size_t j = 0; j < axes.size(); ++j) {
    const int a = axes[j];
    if (a < 0 || static_cast<std::size_t>(a) >= rank)
      refuse(index_name("axes", j) + " = " + std::to_string(a) + " is not an axis of a shape of rank " +
             std::to_string(rank) + "; axes are 0 .. " + std::to_string(rank - 1));
    if (seen[static_cast<std::size_t>(a)])
      refuse(index_name("axes", j) + " = " + std::to_string(a) + " is listed twice; list each axis once");
    seen[static_cast<std::size_t>(a)] = true;
  }
  return axes;
}

nd_plan_options checked_nd_options(nd_plan_options o) {
  o.axes = checked_shape_and_axes(o.shape, o.batch, std::move(o.axes));
  for (int a : o.axes) {
    try {
      check_transform_length(o.shape[static_cast<std::size_t>(a)]);
    } catch (const std::invalid_argument& e) {
      refuse(index_name("shape", static_cast<std::size_t>(a)) + ": " + e.what());
    }
  }
  o.input = checked_nd_layout("input", o.shape, o.batch, o.input);
  o.output = checked_nd_layout("output", o.shape, o.batch, o.output);
  return o;
}

nd_strides strides_of(const nd_layout& l) {
  nd_strides s{std::vector<std::int64_t>(l.embed.size()), l.distance};
  std::int64_t step = l.stride;
  for (std::size_t k = l.embed.size(); k-- > 0;) {
    s.axis[k] = step;
    step *= static_cast<std::int64_t>(l.embed[k]);
  }
  return s;
}

std::uint64_t nd_values(const std::vector<std::uint64_t>& shape, std::uint64_t batch) {
  for (std::uint64_t n : shape) batch *= n;
  return batch;
}

std::uint64_t nd_span(const std::vector<std::uint64_t>& shape, std::uint64_t batch, const nd_strides& s) {
  std::uint64_t last = (batch - 1) * static_cast<std::uint64_t>(s.distance);
  for (std::size_t k = 0; k < shape.size(); ++k) last += (shape[k] - 1) * static_cast<std::uint64_t>(s.axis[k]);
  return last + 1;
}

axis_step plan_axis_step(const std::vector<std::uint64_t>& shape, std::uint64_t batch, int axis,
                         const nd_strides& in, const nd_strides& out) {
  const auto k = static_cast<std::size_t>(axis);
  axis_step step{axis, shape[k], in.axis[k], out.axis[k], {1, 0, 0}, {}};
  std::vector<nd_dim> dims;
  for (std::size_t m = 0; m < shape.size(); ++m)
    if (m != k && shape[m] > 1) dims.push_back({shape[m], in.axis[m], out.axis[m]});
  if (batch > 1) dims.push_back({batch, in.distance, out.distance});
  // Innermost first (by input stride, then output stride); merge dense runs.
  std::stable_sort(dims.begin(), dims.end(), [](const nd_dim& a, const nd_dim& b) {
    return a.in_stride != b.in_stride ? a.in_stride < b.in_stride : a.out_stride < b.out_stride;
  });
  std::vector<nd_dim> merged;
  for (const nd_dim& d : dims) {
    if (!merged.empty()) {
      nd_dim& inner = merged.back();
      const auto count = static_cast<std::int64_t>(inner.count);
      if (inner.in_stride * count == d.in_stride && inner.out_stride * count == d.out_stride) {
        inner.count *= d.count;
        continue;
      }
    }
    merged.push_back(d);
  }
  if (merged.empty()) return step;
  // The longest is the backend's batch (the first, innermost, among equals);
  // the others loop, outermost first.
  const auto longest = std::max_element(merged.begin(), merged.end(),
                                        [](const nd_dim& a, const nd_dim& b) { return a.count < b.count; });
  step.batch = *longest;
  merged.erase(longest);
  step.loops.assign(merged.rbegin(), merged.rend());
  return step;
}

axis_step with_folded_loop(axis_step step) {
  const auto longest = std::max_element(step.loops.begin(), step.loops.end(), [](const nd_dim& a, const nd_dim& b) {
    return (a.count <= max_folded_rows ? a.count : 0) < (b.count <= max_folded_rows ? b.count : 0);
  });
  if (longest == step.loops.end() || longest->count > max_folded_rows) return step;
  step.fold = *longest;
  step.loops.erase(longest);
  return step;
}

}  // namespace ffft::fft
