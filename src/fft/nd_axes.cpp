#include "src/fft/nd_axes.hpp"

#include <algorithm>
#include <utility>

namespace ffft::fft {

template <class E>
nd_complex_axes<E>::nd_complex_axes(std::vector<axis_step> steps, twiddle_mode twiddles, unsigned threads,
                                     ffft::backend where)
    : steps_(std::move(steps)) {
  const ffft::cpu_isa isa = selected_cpu_isa();
  engine_memory memory;
  memory.own_workspace = false;
  for (axis_step& st : steps_) {
    if (where == ffft::backend::cuda && st.length > 1) st = with_folded_loop(std::move(st));
    auto [at, added] = tables_.try_emplace(st.length);
    if (added) {
      at->second = make_transform_tables<E>(st.length, twiddles, threads, isa,
                                            where == ffft::backend::cpu ? table_reader::cpu : table_reader::device);
      table_values_ += held_table_values(at->second, where);
    }
    std::unique_ptr<complex_backend<E>>& run = backends_[{st.length, st.call_batch()}];
    if (!run)
      run = where == ffft::backend::cpu ? make_cpu_complex_backend<E>(at->second, st.call_batch(), threads, isa, memory)
                                        : make_cuda_complex_backend<E>(at->second, st.call_batch(), memory);
    runs_.push_back(run.get());
    workspace_bytes_ = std::max(workspace_bytes_, run->workspace_bytes());
  }
}

template class nd_complex_axes<df64>;
template class nd_complex_axes<qf128>;
template class nd_complex_axes<dd128>;

}  // namespace ffft::fft
