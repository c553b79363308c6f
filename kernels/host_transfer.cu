#include "kernels/host_transfer.hpp"

#include <cuda_runtime.h>

#include <cstring>

#include "engine/staging.hpp"
#include "kernels/cuda_check.hpp"

namespace ffft::cuda {

struct host_transfer::state {
  std::size_t chunk = 0;
  void* pinned[2] = {nullptr, nullptr};
  cudaEvent_t done[2] = {nullptr, nullptr};  // behind the last copy from or into pinned[i]

  ~state() {
    // Never throw from a destructor; a failure here follows one already reported.
    for (int i = 0; i < 2; ++i) {
      if (done[i] != nullptr) {
        (void)cudaEventSynchronize(done[i]);
        (void)cudaEventDestroy(done[i]);
      }
      if (pinned[i] != nullptr) (void)cudaFreeHost(pinned[i]);
    }
  }

  // Waits until pinned[i] is free: its last copy has completed. An event
  // never recorded counts as completed.
  void wait_free(int i) const { FFFT_CUDA_CHECK(cudaEventSynchronize(done[i])); }
};

host_transfer::host_transfer(std::size_t chunk_bytes) : state_(std::make_unique<state>()) {
  state& s = *state_;
  s.chunk = chunk_bytes;
  for (int i = 0; i < 2; ++i) {
    FFFT_CUDA_CHECK(cudaMallocHost(&s.pinned[i], chunk_bytes));
    FFFT_CUDA_CHECK(cudaEventCreateWithFlags(&s.done[i], cudaEventDisableTiming));
  }
}

host_transfer::~host_transfer() = default;

std::size_t host_transfer::chunk_bytes() const { return state_->chunk; }

void host_transfer::upload(void* device, const void* host, std::uint64_t bytes, CUstream_st* stream) {
  state& s = *state_;
  const std::uint64_t count = fft::chunk_count(bytes, s.chunk);
  for (std::uint64_t c = 0; c < count; ++c) {
    const int i = static_cast<int>(c % 2);
    const fft::byte_chunk part = fft::chunk_at(bytes, s.chunk, c);
    s.wait_free(i);
    std::memcpy(s.pinned[i], static_cast<const unsigned char*>(host) + part.offset, part.size);
    FFFT_CUDA_CHECK(cudaMemcpyAsync(static_cast<unsigned char*>(device) + part.offset, s.pinned[i],
                                    part.size, cudaMemcpyHostToDevice, stream));
    FFFT_CUDA_CHECK(cudaEventRecord(s.done[i], stream));
  }
}

void host_transfer::download(void* host, const void* device, std::uint64_t bytes, CUstream_st* stream) {
  state& s = *state_;
  const std::uint64_t count = fft::chunk_count(bytes, s.chunk);
  // Chunk c + 1 is on its way into one pinned chunk while the CPU empties
  // chunk c from the other.
  const auto enqueue = [&](std::uint64_t c) {
    const int i = static_cast<int>(c % 2);
    const fft::byte_chunk part = fft::chunk_at(bytes, s.chunk, c);
    s.wait_free(i);
    FFFT_CUDA_CHECK(cudaMemcpyAsync(s.pinned[i], static_cast<const unsigned char*>(device) + part.offset,
                                    part.size, cudaMemcpyDeviceToHost, stream));
    FFFT_CUDA_CHECK(cudaEventRecord(s.done[i], stream));
  };
  if (count > 0) enqueue(0);
  for (std::uint64_t c = 0; c < count; ++c) {
    if (c + 1 < count) enqueue(c + 1);
    const int i = static_cast<int>(c % 2);
    const fft::byte_chunk part = fft::chunk_at(bytes, s.chunk, c);
    s.wait_free(i);
    std::memcpy(static_cast<unsigned char*>(host) + part.offset, s.pinned[i], part.size);
  }
}

}  // namespace ffft::cuda
