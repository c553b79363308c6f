// The CPU executor's one loop shape: a flat index range split statically
// among OpenMP threads.
#pragma once

#include <omp.h>

#include <cstdint>

namespace ffft::cpu {

// Results do not depend on the thread count: each element is computed by
// exactly the same operations whichever thread runs it. threads == 0 means
// one per hardware thread; short loops run on the calling thread.
template <class Body>
void parallel_for(unsigned threads, std::uint64_t count, const Body& body) {
  const int team = threads == 0 ? omp_get_max_threads() : static_cast<int>(threads);
#pragma omp parallel for num_threads(team) schedule(static) if (count > 256)
  for (std::int64_t t = 0; t < static_cast<std::int64_t>(count); ++t)
    body(static_cast<std::uint64_t>(t));
}

// body(row, col) for every row < rows and col < cols, the rows x cols
// items split statically among the threads as parallel_for splits them;
// each thread walks its part with an incremented (row, col), so no item
// pays a division to find them.
template <class Body>
void parallel_for_rows(unsigned threads, std::uint64_t rows, std::uint64_t cols, const Body& body) {
  const std::uint64_t count = rows * cols;
  if (count == 0) return;
  const int team = threads == 0 ? omp_get_max_threads() : static_cast<int>(threads);
#pragma omp parallel num_threads(team) if (count > 256)
  {
    const auto parts = static_cast<std::uint64_t>(omp_get_num_threads());
    const auto me = static_cast<std::uint64_t>(omp_get_thread_num());
    const std::uint64_t share = count / parts, extra = count % parts;
    const std::uint64_t begin = me * share + (me < extra ? me : extra);
    const std::uint64_t end = begin + share + (me < extra ? 1 : 0);
    std::uint64_t row = begin / cols, col = begin % cols;
    for (std::uint64_t t = begin; t < end; ++t) {
      body(row, col);
      if (++col == cols) {
        col = 0;
        ++row;
      }
    }
  }
}

}  // namespace ffft::cpu
