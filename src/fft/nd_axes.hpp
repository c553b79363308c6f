// What the N-D plans (ffft/nd_plan.hpp, ffft/nd_real_plan.hpp) share: the
// complex transforms along a list of axes, run one after another through
// the 1-D backends, and the device copies of host data on a CUDA plan.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "ffft/aligned_vector.hpp"
#include "src/fft/backend.hpp"
#include "src/fft/nd_geometry.hpp"
#include "src/fft/plan_checks.hpp"
#include "src/fft/tables.hpp"

namespace ffft::fft {

// The complex transforms of a list of axis steps: the tables of each
// distinct length, one backend per distinct (length, batch) that the steps
// share, and one workspace they share (they run one after another). On a
// backend that runs folded batches (CUDA), each step's longest loop is
// folded into its calls: one launch per kernel instead of one per index.
template <class E>
class nd_complex_axes {
 public:
  nd_complex_axes() = default;
  // steps[0] reads the source's layout and writes the target's; the others
  // work in place on the target's.
  nd_complex_axes(std::vector<axis_step> steps, twiddle_mode twiddles, unsigned threads, ffft::backend where);

  bool empty() const { return steps_.empty(); }
  std::size_t workspace_bytes() const { return workspace_bytes_; }
  std::uint64_t table_values() const { return table_values_; }
  // Memory of workspace_bytes() in the backend's memory, for every backend.
  void share_workspace(void* memory) {
    for (auto& [key, run] : backends_) run->set_workspace(memory);
  }

  // The steps from `source` to `target` (in the backend's memory), the last
  // scaled by `scale`: the first reads source, the last writes target, and
  // the steps between (and the first's output, the last's input) are in
  // `middle`, values of E on the target's layout (target itself for
  // arrays of E). In, Out: complex<E> or limb_complex_of<E>.
  template <class In, class Out>
  void run(int sign, const scaling<E>& scale, const In* source, complex<E>* middle, Out* target,
           cuda_stream stream) {
    const std::size_t last = steps_.size() - 1;
    const auto step = [&](std::size_t j, const auto* from, auto* to) {
      using From = std::remove_pointer_t<decltype(from)>;
      using To = std::remove_pointer_t<decltype(to)>;
      const axis_step& st = steps_[j];
      const scaling<E>& s = j == last ? scale : unscaled_;
      const std::uint64_t inner = st.batch.count;
      for_each_call(st.loops, [&](std::int64_t i, std::int64_t o) {
        if (st.fold.count > 1)
          runs_[j]->execute_folded(
              sign, s, folded<From>{from + i, st.in_stride, st.batch.in_stride, inner, st.fold.in_stride},
              folded<To>{to + o, st.out_stride, st.batch.out_stride, inner, st.fold.out_stride}, stream);
        else
          runs_[j]->execute(sign, s, strided<From>{from + i, st.in_stride, st.batch.in_stride},
                            strided<To>{to + o, st.out_stride, st.batch.out_stride}, stream);
      });
    };
    if (last == 0) return step(0, source, target);
    step(0, source, middle);
    for (std::size_t j = 1; j < last; ++j) step(j, static_cast<const complex<E>*>(middle), middle);
    step(last, static_cast<const complex<E>*>(middle), target);
  }

 private:
  std::vector<axis_step> steps_;
  std::vector<complex_backend<E>*> runs_;  // steps_[j]'s backend
  std::map<std::uint64_t, transform_tables<E>> tables_;  // by length; read by the CPU backend
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::unique_ptr<complex_backend<E>>> backends_;
  std::uint64_t table_values_ = 0;
  std::size_t workspace_bytes_ = 0;
  scaling<E> unscaled_{scaling<E>::kind::none, 0, {}, {}};
};

// Values of E in a backend's memory, allocated on the first get() and kept:
// a plan's workspace, or the copy in E its limb-array executions work on.
template <class E>
class nd_buffer {
 public:
  complex<E>* get(ffft::backend where, std::uint64_t count) {
    if (where == ffft::backend::cpu) {
      if (host_.size() < count) host_.resize(count);
      return host_.data();
    }
    if (!device_) device_ = make_cuda_memory(count * sizeof(complex<E>));
    return static_cast<complex<E>*>(device_->data());
  }
  void release() {
    aligned_vector<complex<E>>().swap(host_);
    device_.reset();
  }

 private:
  aligned_vector<complex<E>> host_;
  std::unique_ptr<device_memory> device_;
};

// Host data on a CUDA N-D plan: device copies of the input's and the
// output's spans, as the 1-D plans stage theirs (engine/staging.hpp).
class nd_host_staging {
 public:
  // bytes: the larger of the input's and the output's spans.
  explicit nd_host_staging(std::uint64_t bytes)
      : input_(make_cuda_memory(bytes)), output_(make_cuda_memory(bytes)), copies_(make_cuda_copies(bytes)) {}

  // run(source, target) on device memory: `in` and `out` themselves where
  // they are device memory, else device copies of their spans. A host
  // output with gaps between its values (out_has_gaps) goes up first, so
  // that the gaps come back unchanged; so does an in-place one's larger
  // span. Returns when a host output holds the result.
  template <class In, class Out, class Run>
  void run(const In* in, std::uint64_t in_bytes, Out* out, std::uint64_t out_bytes, bool out_has_gaps,
           cuda_stream stream, const Run& run) {
    const bool in_on_device = is_device_memory(in), out_on_device = is_device_memory(out);
    const bool in_place = static_cast<const void*>(in) == static_cast<const void*>(out);
    const In* source = in;
    if (!in_on_device) {
      copies_->upload(input_->data(), in, in_place ? std::max(in_bytes, out_bytes) : in_bytes, stream);
      source = static_cast<const In*>(input_->data());
    }
    Out* target = out;
    if (!out_on_device) {
      target = static_cast<Out*>(in_place ? input_->data() : output_->data());
      if (!in_place && out_has_gaps) copies_->upload(target, out, out_bytes, stream);
    }
    run(source, target);
    if (!out_on_device) copies_->download(out, target, out_bytes, stream);
  }

 private:
  std::unique_ptr<device_memory> input_, output_;
  std::unique_ptr<host_device_copies> copies_;
};

// run(in, out) on the arrays themselves where the backend reads them (a
// CPU plan, or device memory on CUDA), else through `staging`, which a
// CUDA plan made with host_staging = false lacks (null): host memory is
// refused then.
template <class In, class Out, class Run>
void run_in_backend_memory(ffft::backend where, nd_host_staging* staging, const In* in, std::uint64_t in_bytes,
                           Out* out, std::uint64_t out_bytes, bool out_has_gaps, cuda_stream stream, const Run& run) {
  if (where == ffft::backend::cpu || (is_device_memory(in) && is_device_memory(out))) return run(in, out);
  if (staging == nullptr)
    throw std::invalid_argument(
        "ffft: this CUDA plan was made with host_staging = false and was given host memory; pass "
        "device pointers, or make the plan with host_staging = true");
  staging->run(in, in_bytes, out, out_bytes, out_has_gaps, stream, run);
}

extern template class nd_complex_axes<df64>;
extern template class nd_complex_axes<qf128>;
extern template class nd_complex_axes<dd128>;

}  // namespace ffft::fft
