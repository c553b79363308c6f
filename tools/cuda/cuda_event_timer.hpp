// Timing device work with CUDA events on a stream of its own: the time
// between two events recorded around the work, which excludes host overhead
// before the launch and measures what the device spent. Host code only.
#pragma once

#include <cuda_runtime_api.h>

#include "kernels/cuda_check.hpp"

namespace ffft::cuda::detail {

class event_timer {
 public:
  event_timer() {
    FFFT_CUDA_CHECK(cudaStreamCreate(&stream_));
    FFFT_CUDA_CHECK(cudaEventCreate(&start_));
    FFFT_CUDA_CHECK(cudaEventCreate(&stop_));
  }
  ~event_timer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
    cudaStreamDestroy(stream_);
  }
  event_timer(const event_timer&) = delete;
  event_timer& operator=(const event_timer&) = delete;

  // The stream the timed work must be issued on.
  cudaStream_t stream() const { return stream_; }

  // Seconds between events recorded before and after work() on stream().
  template <class Work>
  double seconds(const Work& work) const {
    FFFT_CUDA_CHECK(cudaEventRecord(start_, stream_));
    work();
    FFFT_CUDA_CHECK(cudaEventRecord(stop_, stream_));
    FFFT_CUDA_CHECK(cudaEventSynchronize(stop_));
    float ms = 0;
    FFFT_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
    return ms * 1e-3;
  }

 private:
  cudaStream_t stream_{};
  cudaEvent_t start_{}, stop_{};
};

}  // namespace ffft::cuda::detail
