// One VkFFT plan of a batch of forward 1-D complex transforms in VkFFT's
// double-double arithmetic, on the CUDA backend, out of place, on device
// memory: the contender of bench/vkfft_side_by_side.cpp. Host code only.
//
// VkFFT's CUDA backend calls the driver API and NVRTC directly, so the code
// that includes VkFFT (vkfft_dd_plan.cpp) is a shared library of its own,
// libffft_vkfft.so, which the program loads (dlopen) only once it has found
// a device: the program itself then starts, and says there is no device,
// on a machine without the driver (libcuda.so.1) or NVRTC. Only that file
// pays for VkFFT's large headers.
#pragma once

#include <cstdint>
#include <memory>

// The CUDA runtime's stream type, declared without the CUDA headers.
struct CUstream_st;

namespace ffft::bench {

// How VkFFT holds the data in memory; the arithmetic is double-double in both.
enum class vkfft_memory {
  double_double,  // quadDoubleDoublePrecision: vkfft_dd_complex (dd_layout.hpp)
  double_,        // quadDoubleDoublePrecisionDoubleMemory: std::complex<double>
};

// Bytes of one complex value in that memory mode.
constexpr std::uint64_t vkfft_value_bytes(vkfft_memory m) { return m == vkfft_memory::double_double ? 32 : 16; }

class vkfft_dd_plan {
 public:
  virtual ~vkfft_dd_plan() = default;
  // Enqueues the transforms of in into out on the plan's stream (buffers
  // as the plan's: same sizes). Throws std::runtime_error on a VkFFT error.
  virtual void forward(const void* in, void* out) = 0;
  // Bytes of the temporary buffer VkFFT allocated (0 if none).
  virtual std::uint64_t temporary_bytes() const = 0;
};

// Plans `batch` transforms of `length` values, element j of transform b at
// index j + b * length, unnormalized, sign exp(-2 pi i jk / n) (as
// FFTW_FORWARD), reading `in` and writing `out` (device buffers of
// length x batch values; `in` is left as it is). Kernels are generated and
// compiled (NVRTC) here, for the current CUDA context's device; the context
// must be current (e.g. after cudaSetDevice and cudaFree(0)). VkFFT may
// allocate a temporary device buffer of the data's size. Throws
// std::runtime_error with VkFFT's error code and message, or, from the
// loader (vkfft_loader.cpp), with why libffft_vkfft.so did not load.
std::unique_ptr<vkfft_dd_plan> make_vkfft_dd_plan(std::uint64_t length, std::uint64_t batch, vkfft_memory memory,
                                                  CUstream_st* stream, const void* in, void* out);

// VkFFT's version, X.XX.XX as an integer (10304: 1.3.4); loads the library.
int vkfft_version();

}  // namespace ffft::bench

// What libffft_vkfft.so exports, unmangled for dlsym: the plan, created
// with new (the caller owns it), and the version.
extern "C" {
ffft::bench::vkfft_dd_plan* ffft_vkfft_make_plan(std::uint64_t length, std::uint64_t batch,
                                                 ffft::bench::vkfft_memory memory, CUstream_st* stream,
                                                 const void* in, void* out);
int ffft_vkfft_version();
}
