// The CPU executor's loop shapes: a flat index range split statically
// among OpenMP threads.
#pragma once

#include <omp.h>

#include <cstdint>

namespace ffft::cpu {

namespace detail {

// One compiled copy of a loop body, called from the serial path and from
// the OpenMP region alike (inlined into both, a pass's body would compile
// twice).
template <class Body>
[[gnu::noinline]] void run_range(const Body& body, std::uint64_t begin, std::uint64_t end) {
  body(begin, end);
}

}  // namespace detail

// Results do not depend on the thread count: each item is computed by
// exactly the same operations whichever thread runs it. threads == 0 means
// one per hardware thread.
//
// The threads a loop of `threads` runs on (0: one per hardware thread).
inline unsigned team_size(unsigned threads) {
  return threads == 0 ? static_cast<unsigned>(omp_get_max_threads()) : threads;
}

// body(begin, end) once per thread, the ranges [begin, end) splitting
// [0, count) into consecutive parts as schedule(static) does, so that each
// thread can set up what its items share once. At most `serial` items, or
// threads == 1: one call on the calling thread, without entering an OpenMP
// region. A one-thread region still cost about half a microsecond per
// pass, against passes of a few: df64 at 2^10 took 19.2 us a transform
// with it, 17.1 without; dd128 28.5 and 26.9 (AMD EPYC, avx2, best of
// three alternating runs).
template <class Body>
void parallel_ranges(unsigned threads, std::uint64_t count, std::uint64_t serial, const Body& body) {
  if (count == 0) return;
  if (threads == 1 || count <= serial) {
    detail::run_range(body, 0, count);
    return;
  }
  const auto team = static_cast<int>(team_size(threads));
#pragma omp parallel num_threads(team)
  {
    const auto parts = static_cast<std::uint64_t>(omp_get_num_threads());
    const auto me = static_cast<std::uint64_t>(omp_get_thread_num());
    const std::uint64_t share = count / parts, extra = count % parts;
    const std::uint64_t begin = me * share + (me < extra ? me : extra);
    const std::uint64_t end = begin + share + (me < extra ? 1 : 0);
    if (begin < end) detail::run_range(body, begin, end);
  }
}

// body(t) for every t < count; short loops (256 items at most) on the
// calling thread.
template <class Body>
void parallel_for(unsigned threads, std::uint64_t count, const Body& body) {
  parallel_ranges(threads, count, 256, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t t = begin; t < end; ++t) body(t);
  });
}

// body(row, col) for every row < rows and col < cols, the rows x cols
// items split statically among the threads as parallel_for splits them;
// each thread walks its part with an incremented (row, col), so no item
// pays a division to find them.
template <class Body>
void parallel_for_rows(unsigned threads, std::uint64_t rows, std::uint64_t cols, const Body& body) {
  const std::uint64_t count = rows * cols;
  if (count == 0) return;
  parallel_ranges(threads, count, 256, [&](std::uint64_t begin, std::uint64_t end) {
    std::uint64_t row = begin / cols, col = begin % cols;
    for (std::uint64_t t = begin; t < end; ++t) {
      body(row, col);
      if (++col == cols) {
        col = 0;
        ++row;
      }
    }
  });
}

}  // namespace ffft::cpu
