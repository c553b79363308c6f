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
#pragma once

#include <cstddef>

namespace ffft::fft {

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

}  // namespace ffft::fft
