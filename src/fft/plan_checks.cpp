#include "src/fft/plan_checks.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

#include "ffft/fft/schedule.hpp"
#include "src/fft/backend.hpp"

namespace ffft::fft {

// The library outside the CPU executor's AVX-512 path is compiled for
// x86-64-v3 (AVX2 and FMA; cmake/ffft_flags.cmake). On an older CPU the
// first such instruction would kill the process with SIGILL; say so
// instead, before any of it runs.
void require_baseline_instruction_set() {
#if defined(__x86_64__) && defined(__GNUC__) && defined(__AVX2__)
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
    throw std::runtime_error(
        "ffft: this build needs an x86-64-v3 CPU (AVX2 and FMA), which this one is not; "
        "build ffft on this machine with -DFFFT_X86_BASELINE=OFF for a portable build");
#endif
}

namespace {

// Bluestein pads to a 7-smooth length >= 2n - 1, which must stay below the
// 2^32 of the computed twiddles and the chirp index.
constexpr std::uint64_t max_bluestein_length = std::uint64_t{1} << 30;

}  // namespace

void check_transform_length(std::uint64_t n) {
  if (n == 0 || n > max_length)
    throw std::invalid_argument("ffft: length " + std::to_string(n) +
                                " is out of range; a plan needs 1 <= length <= 2^31");
  if (!is_7_smooth(n) && n > max_bluestein_length)
    throw std::invalid_argument(
        "ffft: length " + std::to_string(n) +
        " has a prime factor above 7 and is above 2^30, the largest length Bluestein's "
        "algorithm supports; choose a length of the form 2^a 3^b 5^c 7^d");
}

backend resolved_backend(backend requested) {
  if (requested == backend::cpu) return backend::cpu;
  const bool device_present = cuda_devices() > 0;
  if (requested == backend::automatic) return device_present ? backend::cuda : backend::cpu;
  if (!cuda_backend_built())
    throw std::runtime_error(
        "ffft: the CUDA backend was requested but this ffft was built without CUDA; rebuild with "
        "-DFFFT_CUDA=ON or use backend::cpu");
  if (!device_present)
    throw std::runtime_error(
        "ffft: the CUDA backend was requested but no CUDA device is present; use backend::cpu or "
        "backend::automatic");
  return backend::cuda;
}

bool is_device_memory(const void* p) { return is_cuda_device_pointer(p); }

bool spans_overlap(const void* a, std::uint64_t a_bytes, const void* b, std::uint64_t b_bytes) {
  const auto a_begin = reinterpret_cast<std::uintptr_t>(a);
  const auto b_begin = reinterpret_cast<std::uintptr_t>(b);
  return a_begin < b_begin + b_bytes && b_begin < a_begin + a_bytes;
}

void require_reachable(backend where, const void* a, const void* b) {
  if (where == backend::cpu && (is_device_memory(a) || is_device_memory(b)))
    throw std::invalid_argument(
        "ffft: a CPU plan was given device memory; use a plan with backend::cuda or copy the "
        "data to the host");
}

void check_workspace_memory(backend where, const void* memory, std::size_t alignment) {
  if (memory == nullptr) throw std::invalid_argument("ffft: set_workspace needs a non-null pointer");
  if (reinterpret_cast<std::uintptr_t>(memory) % alignment != 0)
    throw std::invalid_argument("ffft: set_workspace needs memory aligned to " + std::to_string(alignment) +
                                " bytes");
  const bool on_device = is_device_memory(memory);
  if (where == backend::cpu && on_device)
    throw std::invalid_argument("ffft: a CPU plan's workspace must be host memory, not device memory");
  if (where == backend::cuda && !on_device)
    throw std::invalid_argument("ffft: a CUDA plan's workspace must be device memory (cudaMalloc)");
}

}  // namespace ffft::fft
