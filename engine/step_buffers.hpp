// Where the steps of a Stockham transform (its passes on the CPU, its
// groups of passes on a GPU) write, each step reading the previous one's
// result: the last step writes the output; the ones before write the
// workspace, whose two buffers they take in turn,
//   ws0, ws1, ws0, ... , out.
// A plan made with minimal_workspace has one buffer: the output itself
// (dense, of complex<E>) serves as the second one, at the cost of a copy in
// one case:
//  - out of place: ..., ws0, out, ws0, out, ending on out whatever the count;
//  - in place: step 0 still reads the input where the output is, so it
//    writes ws0: ws0, out, ws0, out, ... For an even count the last step
//    reads ws0; for an odd one the last but one writes out, which is first
//    copied to ws0 (one dense copy of the data) so that the last step reads
//    ws0 and writes out.
// That halves the workspace: at 2^30 dd128 points, 32 GiB instead of 64.
// The CPU's passes take the output as the second buffer even where the plan
// gave two, wherever that costs no copy (output_as_second_buffer).
#pragma once

#include <cstddef>
#include <vector>

namespace ffft::fft {

// A step of a transform's passes: pass `first`, and with `two` the pass
// after it as well, as one step.
struct pass_step {
  std::size_t first;
  bool two;
};

// The steps of `count` passes where two passes j, j + 1 may run as one step
// wherever fuses(j) says so: paired greedily from the first pass on (a pair
// of the CPU's radix-8 passes needs the second's m to be whole lane
// vectors, which the early passes have; the last two pair their own way,
// fused_passes.hpp).
template <class Fuses>
std::vector<pass_step> two_pass_steps(std::size_t count, const Fuses& fuses) {
  std::vector<pass_step> steps;
  for (std::size_t j = 0; j < count;) {
    const bool two = j + 1 < count && fuses(j);
    steps.push_back({j, two});
    j += two ? 2 : 1;
  }
  return steps;
}

enum class step_buffer { ws0, ws1, out };

struct step_buffers {
  std::size_t steps;
  bool one_buffer;  // minimal workspace: out is the second buffer
  bool in_place;

  step_buffer target(std::size_t j) const {
    if (j + 1 == steps) return step_buffer::out;
    if (!one_buffer) return j % 2 == 0 ? step_buffer::ws0 : step_buffer::ws1;
    if (in_place) return j % 2 == 0 ? step_buffer::ws0 : step_buffer::out;
    return (steps - 1 - j) % 2 == 1 ? step_buffer::ws0 : step_buffer::out;
  }
  // Before the last step, copy out to ws0 (in place, one buffer, an odd
  // count of at least 3).
  bool copy_before_last() const { return one_buffer && in_place && steps >= 3 && steps % 2 == 1; }
};

// Whether a transform that was given two buffers takes its output as the
// second one all the same: where the output is dense (complex<E>, n values
// a transform, one after the other) and that costs no copy (out of place,
// or an even count of steps in place). Every step computes the same values
// either way; the caches hold one buffer fewer (a dd128 transform of 2^15
// out of place: in, out and ws0, 3 MiB, where with ws1 it was 4). The CPU's
// passes do this (run_stockham_passes). On the Xeon (Sapphire Rapids class,
// 2 MiB of L2; one transform, one thread, best of 3-5 interleaved runs of
// ffft_transform_loop), against ws0, ws1, ..., out, it took this much of
// the time:
//   avx512  dd128 2^13-2^18: 0.99 0.97 0.96 1.00-1.01 1.01 0.97
//           df64 2^15-2^18: 0.99 0.97 0.99 1.01;  qf128 2^14, 2^16: 1.00 0.98
//   avx2    dd128 2^14-2^17: 1.00 0.98 0.98 0.98
// (dd128 at 2^15 on avx512, 0.96 in both runs, is where dd128 / QD is
// lowest on that path). The groups of the blocked transforms keep two
// buffers: there dd128 at 2^20 and 2^22 took 0.96 and 1.02 of the time with
// one, no clear gain.
inline bool output_as_second_buffer(bool output_dense, bool in_place, std::size_t steps) {
  return output_dense && (!in_place || steps % 2 == 0);
}

}  // namespace ffft::fft
