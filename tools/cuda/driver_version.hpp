// The NVIDIA driver's version, for the context of GPU measurements: the
// kernel module's own version ("580.159.04") from /proc/driver/nvidia/version
// on Linux; else the CUDA version the driver supports ("CUDA 13.0"), which is
// all the runtime API tells. Host code only.
#pragma once

#include <cuda_runtime_api.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>

namespace ffft::tools {

inline std::string cuda_driver_version() {
  // "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  <date>" or
  // "... Open Kernel Module for x86_64  580.159.04  Release Build ...": the
  // first word after "Kernel Module" that starts with a digit.
  std::ifstream proc("/proc/driver/nvidia/version");
  std::string line;
  if (std::getline(proc, line)) {
    const std::size_t at = line.find("Kernel Module");
    if (at != std::string::npos) {
      std::istringstream words(line.substr(at));
      for (std::string w; words >> w;)
        if (std::isdigit(static_cast<unsigned char>(w[0]))) return w;
    }
  }
  int version = 0;
  if (cudaDriverGetVersion(&version) != cudaSuccess) return "unknown";
  return "CUDA " + std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

}  // namespace ffft::tools
