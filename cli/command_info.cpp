// ffft info: what this ffft is and what it can run on.
#include <fftw3.h>
#include <mpfr.h>
#include <omp.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/audio_file.hpp"
#include "cli/cuda_support.hpp"
#include "cli/distributed_support.hpp"
#include "cli/errors.hpp"
#include "cli/options.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/version.hpp"

namespace ffft::cli {

namespace {

// "avx512, avx2, scalar": the CPU paths this machine runs, fastest first.
std::string available_cpu_paths() {
  std::string names;
  for (cpu_isa isa : available_cpu_isas()) names += (names.empty() ? "" : ", ") + std::string(to_string(isa));
  return names;
}

}  // namespace

int run_info(const info_command& c) {
  const std::vector<cuda_device_info> devices = cuda_devices();
  const cpu_isa path = selected_cpu_isa();  // throws, as a plan would, for a bad FFFT_CPU_ISA
  const char* forced = std::getenv("FFFT_CPU_ISA");
  const bool is_forced = forced != nullptr && *forced != '\0';
  nlohmann::json j;
  j["version"] = version();
  j["build_type"] = FFFT_BUILD_TYPE;
  j["compiler"] = __VERSION__;
  j["cpu_path"] = to_string(path);
  j["cpu_path_forced"] = is_forced;
  j["cpu_paths_available"] = nlohmann::json::array();
  for (cpu_isa isa : available_cpu_isas()) j["cpu_paths_available"].push_back(to_string(isa));
  j["cpu_threads"] = omp_get_max_threads();
  j["precisions"] = {"df64", "qf128", "dd128"};
  j["formats"] = {"c64", "c128", "df64", "qf128", "dd128", "f32", "f64", "rdf64", "rqf128", "rdd128", "npy"};
  j["audio_built"] = audio_built();
  j["audio_library"] = audio_library();
  j["audio_formats"] = audio_formats();
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
  const distributed_support distributed = distributed_support_of_this_build();
  j["distributed_built"] = distributed.built;
  j["mpi_library"] = distributed.mpi_library;
  j["mpi_cuda_aware"] = distributed.cuda_aware;
  if (c.json) {
    std::cout << j.dump(2) << '\n';
    return exit_success;
  }
  std::printf("ffft %s (%s build, %s)\n", version(), FFFT_BUILD_TYPE, __VERSION__);
  std::printf("precisions     df64, qf128, dd128\n");
  std::printf("file formats   c64, c128, df64, qf128, dd128, f32, f64, rdf64, rqf128, rdd128 (raw or .npy)\n");
  if (audio_built()) {
    std::string formats;
    for (const std::string& f : audio_formats()) formats += (formats.empty() ? "" : "; ") + f;
    std::printf("audio input    %s, through %s\n", formats.c_str(), audio_library().c_str());
  } else {
    std::printf("audio input    not built (no libsndfile at configure time)\n");
  }
  std::printf("CPU backend    %s path (%s; this CPU runs %s), %d OpenMP threads\n", to_string(path),
              is_forced ? "set by FFFT_CPU_ISA" : "the fastest available", available_cpu_paths().c_str(),
              omp_get_max_threads());
  if (cuda_built())
    std::printf("CUDA backend   built for sm_%s, runtime %s\n", FFFT_CUDA_ARCHITECTURES, cuda_runtime_version().c_str());
  else
    std::printf("CUDA backend   not built (no CUDA toolkit at configure time)\n");
  if (devices.empty()) std::printf("CUDA devices   none found\n");
  for (const cuda_device_info& d : devices)
    std::printf("CUDA device %d  %s, compute capability %d.%d, %.1f GiB, %d SMs\n", d.index, d.name.c_str(), d.major,
                d.minor, static_cast<double>(d.memory_bytes) / (1u << 30), d.multiprocessors);
  if (distributed.built)
    std::printf("distributed    ffft::distributed_plan over %s (host arrays)\n", distributed.mpi_library.c_str());
  else
    std::printf("distributed    not built (no MPI library at configure time)\n");
  std::printf("references     FFTW %s, MPFR %s\n", fftw_version, mpfr_get_version());
  return exit_success;
}

}  // namespace ffft::cli
