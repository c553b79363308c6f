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

}  // namespace ffft::cpu
