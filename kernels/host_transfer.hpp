// Copies between pageable host memory and the device through two pinned
// chunks the plan allocated once, so that an execution with host pointers
// allocates nothing: each chunk is filled (or emptied) by the CPU while the
// DMA engine moves the other, and a chunk is reused only after the event
// recorded behind its last copy has completed. Plain C++ (no CUDA headers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

struct CUstream_st;

namespace ffft::cuda {

class host_transfer {
 public:
  // Two pinned chunks of chunk_bytes each (cudaMallocHost), two events.
  explicit host_transfer(std::size_t chunk_bytes);
  ~host_transfer();
  host_transfer(const host_transfer&) = delete;
  host_transfer& operator=(const host_transfer&) = delete;

  // Enqueues the copy of host[0, bytes) to device on stream. Returns when
  // the host memory has been read (into the pinned chunks), not when the
  // copy has landed: later work on the stream sees it.
  void upload(void* device, const void* host, std::uint64_t bytes, CUstream_st* stream);

  // Copies device[0, bytes) to host after the work enqueued on stream so
  // far; returns when host holds it.
  void download(void* host, const void* device, std::uint64_t bytes, CUstream_st* stream);

  std::size_t chunk_bytes() const;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

}  // namespace ffft::cuda
