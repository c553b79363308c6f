// What the CLI needs of CUDA beyond ffft's plans: the devices present, and
// cuFFT's round trip as a baseline. Plain C++ interface; the definitions are
// in cuda_support.cpp (CUDA builds, links cudart and cuFFT) or
// cuda_support_unavailable.cpp (builds without CUDA).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/external_roundtrip.hpp"

namespace ffft::cli {

struct cuda_device_info {
  int index;
  std::string name;
  int major, minor;  // compute capability
  std::uint64_t memory_bytes;
  int multiprocessors;
};

// Whether this ffft was built with CUDA.
bool cuda_built();

// The CUDA runtime's version ("13.0"), or "" without CUDA.
std::string cuda_runtime_version();

// The usable devices; empty with no device, no driver, or no CUDA build.
// Never throws.
std::vector<cuda_device_info> cuda_devices();

// Forward then inverse cuFFT (C2C in single, Z2Z in double precision) of the
// input rounded to float or double, on device 0; the inverse scaled by 1/n.
// Throws std::runtime_error on any CUDA or cuFFT error.
external_roundtrip cufft_roundtrip(const std::vector<complex_quad>& x, std::uint64_t n, std::uint64_t batch,
                                   bool double_precision);

}  // namespace ffft::cli
