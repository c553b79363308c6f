// The GPU contenders of the FFT benchmark: ffft's CUDA executor and cuFFT,
// on data resident on the device, timed with CUDA events. Defined in
// fft_cuda_cases.cpp (host code over the CUDA runtime and cuFFT: no kernels
// of its own) in CUDA builds, in fft_no_cuda_cases.cpp otherwise.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "fft_case.hpp"

namespace ffft::bench {

// Why GPU cases cannot run here ("built without CUDA", "no CUDA device"),
// or empty when they can.
std::string gpu_unavailable_reason();

// The device's name and compute capability, or the reason there is none.
std::string gpu_description();

// Names, as in bench_fft.cpp: ffft_<format>_<twiddles>_cuda, cufft_c2c, cufft_z2z.
std::vector<std::string> gpu_contenders(bool computed_twiddles);

std::unique_ptr<fft_case> make_gpu_case(const std::string& contender, const fft_problem& p);

}  // namespace ffft::bench
