// The route an execution of a CUDA plan takes (engine/staging.hpp), checked
// without a GPU: which buffers the kernels use, what is copied, and when
// execute waits. The GPU tests (tests/gpu/test_device_streams.cpp) run each
// route for real.
#include <gtest/gtest.h>

#include <cstdint>

#include "engine/staging.hpp"

namespace {

using ffft::fft::result_buffer;
using ffft::fft::route_for;

TEST(ExecutionStaging, DeviceMemoryIsUsedDirectlyAndNothingWaits) {
  for (bool in_place : {false, true})
    for (bool dense : {false, true}) {
      const auto r = route_for(true, true, in_place, dense);
      EXPECT_FALSE(r.upload_input || r.upload_output_gaps || r.download_output || r.uses_staging());
      EXPECT_EQ(r.result, result_buffer::user_output);
      EXPECT_FALSE(r.wait_for_stream);  // enqueue and return, as cuFFT
    }
}

TEST(ExecutionStaging, HostInputIsUploadedAndNeedsNoWait) {
  const auto r = route_for(false, true, false, true);
  EXPECT_TRUE(r.upload_input);
  EXPECT_FALSE(r.download_output || r.upload_output_gaps);
  EXPECT_EQ(r.result, result_buffer::user_output);
  EXPECT_FALSE(r.wait_for_stream);  // the host input has been read when execute returns
}

TEST(ExecutionStaging, HostOutputIsDownloadedAndWaitedFor) {
  const auto dense = route_for(true, false, false, true);
  EXPECT_FALSE(dense.upload_input);
  EXPECT_TRUE(dense.download_output);
  EXPECT_FALSE(dense.upload_output_gaps);
  EXPECT_EQ(dense.result, result_buffer::staged_output);
  EXPECT_TRUE(dense.wait_for_stream);
  // An output with gaps goes up first, so the gaps come back unchanged.
  EXPECT_TRUE(route_for(true, false, false, false).upload_output_gaps);
  EXPECT_TRUE(route_for(false, false, false, false).upload_output_gaps);
}

TEST(ExecutionStaging, InPlaceOnHostMemoryUsesTheStagedInput) {
  for (bool dense : {false, true}) {
    const auto r = route_for(false, false, true, dense);
    EXPECT_TRUE(r.upload_input && r.download_output && r.wait_for_stream);
    EXPECT_FALSE(r.upload_output_gaps);  // the staged input holds the gaps already
    EXPECT_EQ(r.result, result_buffer::staged_input);
  }
}

TEST(ExecutionStaging, ChunksCoverTheBytesInOrder) {
  for (std::uint64_t bytes : {0ull, 1ull, 4095ull, 4096ull, 4097ull, 3ull * 4096 + 5}) {
    const std::uint64_t chunk = 4096;
    const std::uint64_t count = ffft::fft::chunk_count(bytes, chunk);
    EXPECT_EQ(count, (bytes + chunk - 1) / chunk);
    std::uint64_t next = 0;
    for (std::uint64_t c = 0; c < count; ++c) {
      const auto part = ffft::fft::chunk_at(bytes, chunk, c);
      EXPECT_EQ(part.offset, next);
      EXPECT_GT(part.size, 0u);
      EXPECT_LE(part.size, chunk);
      next += part.size;
    }
    EXPECT_EQ(next, bytes);
  }
}

}  // namespace
