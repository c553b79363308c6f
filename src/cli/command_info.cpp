// ffft info: what this ffft is and what it can run on.
#include <fftw3.h>
#include <mpfr.h>
#include <omp.h>

#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/cuda_support.hpp"
#include "cli/errors.hpp"
#include "cli/options.hpp"

namespace ffft::cli {

int run_info(const info_command& c) {
  const std::vector<cuda_device_info> devices = cuda_devices();
  nlohmann::json j;
  j["version"] = FFFT_VERSION;
  j["build_type"] = FFFT_BUILD_TYPE;
  j["compiler"] = __VERSION__;
  j["host_instruction_set"] = FFFT_HOST_ISA_NAME;
  j["cpu_threads"] = omp_get_max_threads();
  j["precisions"] = {"df64", "qf128", "dd128"};
  j["formats"] = {"c64", "c128", "df64", "qf128", "dd128", "npy"};
  j["fftw"] = std::string(fftw_version);
  j["mpfr"] = std::string(mpfr_get_version());
  j["cuda_built"] = cuda_built();
  j["cuda_architectures"] = FFFT_CUDA_ARCHITECTURES;
  j["cuda_runtime"] = cuda_runtime_version();
  j["cuda_devices"] = nlohmann::json::array();
  for (const cuda_device_info& d : devices)
    j["cuda_devices"].push_back({{"index", d.index},
                                 {"name", d.name},
                                 {"compute_capability", std::to_string(d.major) + "." + std::to_string(d.minor)},
                                 {"memory_bytes", d.memory_bytes},
                                 {"multiprocessors", d.multiprocessors}});
  if (c.json) {
    std::cout << j.dump(2) << '\n';
    return exit_success;
  }
  std::printf("ffft %s (%s build, %s)\n", FFFT_VERSION, FFFT_BUILD_TYPE, __VERSION__);
  std::printf("precisions     df64, qf128, dd128\n");
  std::printf("file formats   c64, c128, df64, qf128, dd128 (raw or .npy)\n");
  std::printf("CPU backend    %s lanes, %d OpenMP threads\n", FFFT_HOST_ISA_NAME, omp_get_max_threads());
  if (cuda_built())
    std::printf("CUDA backend   built for sm_%s, runtime %s\n", FFFT_CUDA_ARCHITECTURES, cuda_runtime_version().c_str());
  else
    std::printf("CUDA backend   not built (no CUDA toolkit at configure time)\n");
  if (devices.empty()) std::printf("CUDA devices   none found\n");
  for (const cuda_device_info& d : devices)
    std::printf("CUDA device %d  %s, compute capability %d.%d, %.1f GiB, %d SMs\n", d.index, d.name.c_str(), d.major,
                d.minor, static_cast<double>(d.memory_bytes) / (1u << 30), d.multiprocessors);
  std::printf("references     FFTW %s, MPFR %s\n", fftw_version, mpfr_get_version());
  return exit_success;
}

}  // namespace ffft::cli
