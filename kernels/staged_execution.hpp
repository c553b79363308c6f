// One execution of an engine on its caller's arrays, wherever they are:
// device arrays are read and written where they lie; host arrays go
// through the engine's device staging buffers and pinned chunks, by the
// route engine/staging.hpp decides. The complex engine (cuda_engine.cu)
// and the real one (real_engine.cu) both run their kernels through it.
// Host code (no CUDA headers).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "engine/staging.hpp"
#include "kernels/device_query.hpp"
#include "kernels/host_transfer.hpp"

namespace ffft::cuda {

// The pinned chunks host data go through: 4 MiB each, or less for a
// smaller plan.
inline constexpr std::uint64_t max_transfer_chunk = std::uint64_t{4} << 20;

// What an engine made for host arrays when it was made: the staging
// buffers for the input and the output (as bytes: they hold whichever
// value type the call passes), and the pinned chunks, or null where the
// plan asked for no staging.
struct staging_buffers {
  unsigned char* input;
  unsigned char* output;
  host_transfer* transfer;
};

// in: in_length values per transform, out: out_length, `batch` transforms
// of each (strided arrays: data, stride, distance). run(source, target)
// enqueues the kernels on `stream` between the copies. Returns once
// enqueued for a device output, once the output holds the result for a
// host one.
template <class In, class Out, class Run>
void run_staged(In in, std::uint64_t in_length, Out out, std::uint64_t out_length, std::uint64_t batch,
                const staging_buffers& staging, CUstream_st* stream, const Run& run) {
  using X = std::remove_const_t<std::remove_pointer_t<decltype(in.data)>>;
  using Y = std::remove_pointer_t<decltype(out.data)>;
  const auto span = [&](std::uint64_t length, std::int64_t stride, std::int64_t distance) {
    return static_cast<std::uint64_t>(1 + (length - 1) * stride + (batch - 1) * distance);
  };
  const bool in_place = static_cast<const void*>(in.data) == static_cast<const void*>(out.data);
  const bool out_dense = out.stride == 1 && (batch == 1 || out.distance == static_cast<std::int64_t>(out_length));
  const fft::staging_route route =
      fft::route_for(is_device_pointer(in.data), is_device_pointer(out.data), in_place, out_dense);
  if (route.uses_staging() && staging.transfer == nullptr)
    throw std::invalid_argument(
        "ffft: this CUDA plan was made with host_staging = false and was given host memory; pass "
        "device pointers, or make the plan with host_staging = true");

  X* const staged_input = reinterpret_cast<X*>(staging.input);
  Y* const staged_output = reinterpret_cast<Y*>(staging.output);
  const std::uint64_t in_bytes = span(in_length, in.stride, in.distance) * sizeof(X);
  const std::uint64_t out_bytes = span(out_length, out.stride, out.distance) * sizeof(Y);
  if (route.upload_input) staging.transfer->upload(staged_input, in.data, in_bytes, stream);
  if (route.upload_output_gaps) staging.transfer->upload(staged_output, out.data, out_bytes, stream);
  Y* result = out.data;
  if (route.result == fft::result_buffer::staged_input) result = reinterpret_cast<Y*>(staging.input);
  if (route.result == fft::result_buffer::staged_output) result = staged_output;
  run(In{route.upload_input ? staged_input : in.data, in.stride, in.distance},
      Out{result, out.stride, out.distance});
  // The download waits for the kernels and then for each of its chunks.
  if (route.download_output) staging.transfer->download(out.data, result, out_bytes, stream);
}

}  // namespace ffft::cuda
