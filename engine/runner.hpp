// The order of the steps of a transform and the buffers they go through,
// written once over any executor. An executor has the primitives of
// cpu_executor: a whole Stockham transform (stockham), and the element-wise
// steps of Bluestein's algorithm. The CPU runs the Stockham passes one by
// one or two as one step (run_stockham_passes), and in groups over tiles of
// its cache where the data exceed it; the CUDA executor runs them in groups
// (run_stockham_groups).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <variant>
#include <vector>

#include "engine/pass_groups.hpp"
#include "engine/program.hpp"
#include "engine/step_buffers.hpp"
#include "ffft/fft/elementwise_steps.hpp"

namespace ffft::fft {

template <class E>
scaling<E> no_scaling() {
  return scaling<E>{scaling<E>::kind::none, 0, {}, {}};
}

// The steps of run_stockham_passes: two passes as one step wherever the
// executor runs them so (ex.fuses_two_passes;
// two_pass_steps), from the input's stride (the first step) or the
// buffers' between the steps, to the output's (the last) or theirs:
// between, 1 for the workspace, out's where it may serve as a buffer (a
// minimal workspace, step_buffers.hpp). Each step reads a buffer it does
// not write, but for an in-place transform of one step, which therefore
// runs its passes one by one.
template <class E, class Executor>
std::vector<pass_step> stockham_steps(const Executor& ex, const std::vector<pass_shape>& passes,
                                      strided<const complex<E>> in, strided<complex<E>> out,
                                      std::int64_t between, std::uint64_t batch, bool in_place) {
  const std::size_t count = passes.size();
  std::vector<pass_step> steps = two_pass_steps(count, [&](std::size_t j) {
    return ex.fuses_two_passes(passes[j], passes[j + 1], j == 0 ? in.stride : between,
                               j + 2 == count ? out.stride : between, batch);
  });
  if (in_place && steps.size() == 1 && count > 1) steps = two_pass_steps(count, [](std::size_t) { return false; });
  return steps;
}

// The passes from in to out, one by one with ex.stockham_pass or two as one
// step with ex.stockham_two_passes (stockham_steps); the last step's stores
// are scaled. in == out works: the first step reads all of in before the
// last one writes out (with one pass, each butterfly reads its inputs before
// writing the same places). ws1 == nullptr: a minimal workspace, out the
// second buffer (step_buffers.hpp), as it is wherever
// output_as_second_buffer says so.
template <class E, class Executor>
void run_stockham_passes(const Executor& ex, int sign, const stockham_program<E>& program,
                         const scaling<E>& scale, strided<const complex<E>> in,
                         strided<complex<E>> out, complex<E>* ws0, complex<E>* ws1,
                         std::uint64_t batch) {
  const std::vector<pass_shape>& passes = *program.passes;
  if (passes.empty()) {  // n == 1
    ex.copy_scaled(scale, in, out, 1, batch);
    return;
  }
  const std::int64_t between = ws1 == nullptr ? out.stride : 1;
  const bool in_place = static_cast<const void*>(in.data) == static_cast<const void*>(out.data);
  const std::vector<pass_step> pass_steps = stockham_steps<E>(ex, passes, in, out, between, batch, in_place);
  const std::size_t step_count = pass_steps.size();
  const bool out_dense = out.stride == 1 && (batch == 1 || out.distance == static_cast<std::int64_t>(program.n));
  const step_buffers steps{step_count, ws1 == nullptr || output_as_second_buffer(out_dense, in_place, step_count),
                           in_place};
  const auto twiddles = [&](std::size_t j) { return program.twiddles + (*program.offsets)[j]; };
  strided<const complex<E>> source = in;
  for (std::size_t s = 0; s < steps.steps; ++s) {
    const bool last = s + 1 == steps.steps;
    if (last && steps.copy_before_last()) {
      ex.copy_scaled(no_scaling<E>(), source, dense(ws0, program.n), program.n, batch);
      source = as_const(dense(ws0, program.n));
    }
    const step_buffer where = steps.target(s);
    const strided<complex<E>> target =
        where == step_buffer::out ? out : dense(where == step_buffer::ws0 ? ws0 : ws1, program.n);
    const std::size_t j = pass_steps[s].first;
    const scaling<E> finish = last ? scale : no_scaling<E>();
    if (pass_steps[s].two)
      ex.stockham_two_passes(sign, passes[j], passes[j + 1], twiddles(j), twiddles(j + 1), source, target, batch,
                             finish);
    else
      ex.stockham_pass(sign, passes[j], twiddles(j), source, target, batch, finish);
    source = as_const(target);
  }
}

// The passes from in to out in groups (pass_groups.hpp: the executor
// groups its program's passes once, when it is made), with
// ex.stockham_group(sign, group, program, in, out, batch, scale) (the
// executor takes the twiddles from the program, as its mode says); the last
// group's stores are scaled. in == out works: with one group, each tile
// reads whole transforms before writing them back; with more, the first
// group writes to the workspace. In and Out: strided views of the user's
// arrays, complex<E> or limb_complex_of<E> (the executor converts on the
// first group's loads and the last group's stores); the workspace always
// holds complex<E>. ws1 == nullptr: a minimal workspace, out the second
// buffer (step_buffers.hpp), which needs out of complex<E>.
template <class E, class Executor, class In, class Out>
void run_stockham_groups(const Executor& ex, int sign, const std::vector<pass_group>& groups,
                         const stockham_program<E>& program, const scaling<E>& scale, In in,
                         Out out, complex<E>* ws0, complex<E>* ws1, std::uint64_t batch) {
  const std::size_t count = groups.size();
  if (count == 1) {
    ex.stockham_group(sign, groups[0], program, in, out, batch, scale);
    return;
  }
  const step_buffers steps{count, ws1 == nullptr,
                           static_cast<const void*>(in.data) == static_cast<const void*>(out.data)};
  // A step's target before the last: a workspace buffer, or out itself.
  const auto target_of = [&](std::size_t j) -> strided<complex<E>> {
    const step_buffer where = steps.target(j);
    if (where != step_buffer::out) return dense(where == step_buffer::ws0 ? ws0 : ws1, program.n);
    if constexpr (std::is_same_v<Out, strided<complex<E>>>) return out;
    else throw std::logic_error("ffft: a minimal workspace needs an output of the format's values");
  };
  strided<complex<E>> target = target_of(0);
  ex.stockham_group(sign, groups[0], program, in, target, batch, no_scaling<E>());
  strided<const complex<E>> source = as_const(target);
  for (std::size_t j = 1; j + 1 < count; ++j) {
    target = target_of(j);
    ex.stockham_group(sign, groups[j], program, source, target, batch, no_scaling<E>());
    source = as_const(target);
  }
  if (steps.copy_before_last()) {
    ex.copy_scaled(no_scaling<E>(), source, dense(ws0, program.n), program.n, batch);
    source = as_const(dense(ws0, program.n));
  }
  ex.stockham_group(sign, groups[count - 1], program, source, out, batch, scale);
}

// Workspace buffers (of padded * batch values each) run_bluestein needs.
inline constexpr int bluestein_buffers = 3;

// Bluestein's algorithm: chirp, convolve with the chirp through two padded
// transforms (the product with the chirp's spectrum on the forward one's
// last stores), chirp and scale. The inverse is conj(F(conj(x))), folded
// into the first and last steps.
template <class E, class Executor, class In, class Out>
void run_bluestein(const Executor& ex, int sign, const bluestein_program<E>& program,
                   const scaling<E>& scale, In in, Out out, complex<E>* a, complex<E>* ws0,
                   complex<E>* ws1, std::uint64_t batch) {
  const std::uint64_t padded = program.padded;
  ex.bluestein_input(sign, program.chirp, program.n, padded, in, a, batch);
  ex.stockham(-1, program.padded_fft, diagonal_scaling(program.kernel), as_const(dense(a, padded)),
              dense(a, padded), ws0, ws1, batch);
  ex.stockham(+1, program.padded_fft, no_scaling<E>(), as_const(dense(a, padded)), dense(a, padded),
              ws0, ws1, batch);
  ex.bluestein_output(sign, program.chirp, program.n, padded, scale, a, out, batch);
}

// Workspace buffers a whole transform needs, of (padded) length * batch
// values each.
inline int workspace_buffers(std::size_t passes, bool bluestein) {
  return bluestein ? bluestein_buffers : stockham_buffers(passes);
}

// A whole normalized transform from in to out, in a workspace of
// workspace_buffers() buffers: the Stockham passes then the scaling, or
// Bluestein's algorithm, whose last step scales. In and Out as for
// run_stockham_groups (the CPU executor takes complex<E> only).
template <class E, class Executor, class In, class Out>
void run_transform(const Executor& ex, int sign, const scaling<E>& scale,
                   const transform_program<E>& program, In in, Out out, complex<E>* workspace,
                   std::uint64_t batch, bool minimal_workspace = false) {
  if (const auto* bluestein = std::get_if<bluestein_program<E>>(&program)) {
    const std::uint64_t chunk = bluestein->padded * batch;
    run_bluestein(ex, sign, *bluestein, scale, in, out, workspace, workspace + chunk,
                  minimal_workspace ? nullptr : workspace + 2 * chunk, batch);
    return;
  }
  const stockham_program<E>& stockham = std::get<stockham_program<E>>(program);
  const std::uint64_t chunk = stockham.n * batch;
  complex<E>* ws1 = minimal_workspace ? nullptr
                                      : workspace + (stockham_buffers(stockham.passes->size()) >= 2 ? chunk : 0);
  ex.stockham(sign, stockham, scale, in, out, workspace, ws1, batch);
}

// Workspace values a program needs for `batch` transforms; minimal: one
// Stockham buffer at most (step_buffers.hpp), two for Bluestein.
template <class E>
std::uint64_t workspace_values(const transform_program<E>& program, std::uint64_t batch,
                               bool minimal = false) {
  const stockham_program<E>& s = stockham_part(program);
  const bool bluestein = std::holds_alternative<bluestein_program<E>>(program);
  int buffers = workspace_buffers(s.passes->size(), bluestein);
  if (minimal) buffers = bluestein ? bluestein_buffers - 1 : std::min(buffers, 1);
  return static_cast<std::uint64_t>(buffers) * s.n * batch;
}

}  // namespace ffft::fft
