// How one execution of a CUDA plan moves its data: which buffers the kernels
// read and write, what is copied between host and device, and whether
// execute must wait for the stream. Plain C++ (kernels/cuda_engine.cu
// follows it; tests check it without a GPU).
//
// Device pointers: the kernels read in and write out directly, and execute
// returns as soon as the work is enqueued on the caller's stream (as
// cuFFT's exec calls do). Host pointers: the data go through device buffers
// the plan allocated when it was made (staged input, staged output) and
// pinned host chunks (kernels/host_transfer.hpp). A host input has been
// read when execute returns (the caller may reuse it); a host output is
// complete when execute returns, which therefore waits for the stream.
#pragma once

#include <cstdint>

namespace ffft::fft {

enum class result_buffer {
  user_output,    // out itself (device memory)
  staged_input,   // in-place on host memory: the staged copy of in, then back to out
  staged_output,  // out-of-place into host memory: the staged output, then back to out
};

struct staging_route {
  bool upload_input = false;        // in is host memory: copy it to the staged input
  bool upload_output_gaps = false;  // out is host memory with gaps between its values:
                                    // copy it up first, so the gaps come back as they were
  bool download_output = false;     // out is host memory: copy the result back
  result_buffer result = result_buffer::user_output;
  bool wait_for_stream = false;     // return only once out holds the result (host out)

  bool uses_staging() const { return upload_input || download_output; }
};

// in_place: in == out. out_dense: out's span holds nothing but the
// transforms' values (unit stride, distance n), so no gap needs preserving.
inline staging_route route_for(bool in_on_device, bool out_on_device, bool in_place, bool out_dense) {
  staging_route r;
  r.upload_input = !in_on_device;
  r.download_output = !out_on_device;
  if (!out_on_device) r.result = in_place ? result_buffer::staged_input : result_buffer::staged_output;
  r.upload_output_gaps = !out_on_device && !in_place && !out_dense;
  r.wait_for_stream = r.download_output;
  return r;
}

// The chunks a host copy goes through: [offset, offset + size) for each,
// at most `chunk` bytes each, in order.
struct byte_chunk {
  std::uint64_t offset;
  std::uint64_t size;
};

inline std::uint64_t chunk_count(std::uint64_t bytes, std::uint64_t chunk) {
  return (bytes + chunk - 1) / chunk;
}

inline byte_chunk chunk_at(std::uint64_t bytes, std::uint64_t chunk, std::uint64_t index) {
  const std::uint64_t offset = index * chunk;
  return {offset, bytes - offset < chunk ? bytes - offset : chunk};
}

}  // namespace ffft::fft
