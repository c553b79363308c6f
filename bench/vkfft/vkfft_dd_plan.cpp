// VkFFT's double-double on the CUDA backend (vkfft_dd_plan.hpp), built as
// libffft_vkfft.so. The build defines VKFFT_BACKEND=1 (CUDA: kernels
// compiled by NVRTC, launched through the driver API) and
// VKFFT_USE_DOUBLEDOUBLE_FP128, without which VkFFT computes its
// double-double twiddle tables from long double (64 bits) instead of
// __float128, and includes VkFFT's headers as system headers.
#include "bench/vkfft/vkfft_dd_plan.hpp"

#include <vkFFT.h>

#include <stdexcept>
#include <string>

namespace ffft::bench {

namespace {

void check(VkFFTResult result, const char* what) {
  if (result == VKFFT_SUCCESS) return;
  throw std::runtime_error(std::string("VkFFT ") + what + " failed: error " + std::to_string(static_cast<int>(result)) +
                           " (" + getVkFFTErrorString(result) + ")");
}

class vkfft_cuda_dd_plan final : public vkfft_dd_plan {
 public:
  vkfft_cuda_dd_plan(std::uint64_t length, std::uint64_t batch, vkfft_memory memory, CUstream_st* stream,
                     const void* in, void* out) {
    if (length == 0 || batch == 0) throw std::invalid_argument("vkfft_dd_plan: empty transform");
    const CUresult context = cuCtxGetDevice(&device_);
    if (context != CUDA_SUCCESS)
      throw std::runtime_error("vkfft_dd_plan: no current CUDA context (cuCtxGetDevice: error " +
                               std::to_string(static_cast<int>(context)) + ")");
    stream_ = stream;
    buffer_ = out;
    input_ = const_cast<void*>(in);  // VkFFT only reads it (isInputFormatted, forward)
    buffer_bytes_ = input_bytes_ = length * batch * vkfft_value_bytes(memory);

    VkFFTConfiguration c{};
    c.FFTdim = 1;
    c.size[0] = length;
    c.numberBatches = batch;
    c.device = &device_;
    c.stream = &stream_;
    c.num_streams = 1;
    if (memory == vkfft_memory::double_double) c.quadDoubleDoublePrecision = 1;
    else c.quadDoubleDoublePrecisionDoubleMemory = 1;
    // Out of place: the transform is computed into `buffer` (the output)
    // from a separate input buffer, which isInputFormatted declares
    // unpadded (as pyvkfft configures its out-of-place transforms).
    c.buffer = &buffer_;
    c.bufferSize = &buffer_bytes_;
    c.inputBuffer = &input_;
    c.inputBufferSize = &input_bytes_;
    c.isInputFormatted = 1;
    c.normalize = 0;            // a forward transform is never scaled; said for the record
    c.makeForwardPlanOnly = 1;  // only the kernels timed are compiled
    check(initializeVkFFT(&app_, c), "initializeVkFFT");
  }
  ~vkfft_cuda_dd_plan() override { deleteVkFFT(&app_); }
  vkfft_cuda_dd_plan(const vkfft_cuda_dd_plan&) = delete;
  vkfft_cuda_dd_plan& operator=(const vkfft_cuda_dd_plan&) = delete;

  void forward(const void* in, void* out) override {
    void* input = const_cast<void*>(in);
    void* buffer = out;
    VkFFTLaunchParams launch{};
    launch.buffer = &buffer;
    launch.inputBuffer = &input;
    check(VkFFTAppend(&app_, -1, &launch), "VkFFTAppend (forward)");
  }

  std::uint64_t temporary_bytes() const override {
    const VkFFTConfiguration& c = app_.configuration;
    return c.allocateTempBuffer && c.tempBufferSize != nullptr ? c.tempBufferSize[0] : 0;
  }

 private:
  // VkFFT keeps pointers to the device, the stream and the buffer handles
  // of its configuration: they live here, beside the application.
  VkFFTApplication app_{};
  CUdevice device_{};
  cudaStream_t stream_{};
  void* buffer_ = nullptr;  // the output: VkFFT's "buffer" of an out-of-place transform
  void* input_ = nullptr;
  pfUINT buffer_bytes_ = 0, input_bytes_ = 0;
};

}  // namespace

}  // namespace ffft::bench

// initializeVkFFT frees what it allocated when it fails, and the
// constructor throws before the destructor could run deleteVkFFT again.
ffft::bench::vkfft_dd_plan* ffft_vkfft_make_plan(std::uint64_t length, std::uint64_t batch,
                                                 ffft::bench::vkfft_memory memory, CUstream_st* stream,
                                                 const void* in, void* out) {
  return new ffft::bench::vkfft_cuda_dd_plan(length, batch, memory, stream, in, out);
}

int ffft_vkfft_version() { return VkFFTGetVersion(); }
