#include "ffft/cpu_isa.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ffft {

const char* to_string(cpu_isa isa) {
  switch (isa) {
    case cpu_isa::scalar: return "scalar";
    case cpu_isa::avx2: return "avx2";
    case cpu_isa::avx512: return "avx512";
  }
  return "unknown";
}

namespace {

constexpr cpu_isa all_paths[] = {cpu_isa::avx512, cpu_isa::avx2, cpu_isa::scalar};

bool built_with(cpu_isa isa) {
#if FFFT_CPU_HAVE_X86_PATHS
  (void)isa;
  return true;
#else
  return isa == cpu_isa::scalar;
#endif
}

bool cpu_runs(cpu_isa isa) {
#if defined(__x86_64__) && defined(__GNUC__)
  switch (isa) {
    case cpu_isa::scalar: return true;
    case cpu_isa::avx2: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case cpu_isa::avx512:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
             __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
             __builtin_cpu_supports("avx512dq");
  }
  return false;
#else
  return isa == cpu_isa::scalar;
#endif
}

}  // namespace

bool cpu_isa_available(cpu_isa isa) { return built_with(isa) && cpu_runs(isa); }

std::vector<cpu_isa> available_cpu_isas() {
  std::vector<cpu_isa> paths;
  for (cpu_isa isa : all_paths)
    if (cpu_isa_available(isa)) paths.push_back(isa);
  return paths;
}

static std::string available_path_names() {
  std::string names;
  for (cpu_isa isa : available_cpu_isas()) names += (names.empty() ? "" : ", ") + std::string(to_string(isa));
  return names;
}

cpu_isa selected_cpu_isa() {
  const char* forced = std::getenv("FFFT_CPU_ISA");
  if (forced != nullptr && *forced != '\0') {
    const std::string_view name(forced);
    for (cpu_isa isa : all_paths) {
      if (name != to_string(isa)) continue;
      if (!cpu_isa_available(isa))
        throw std::runtime_error("ffft: FFFT_CPU_ISA=" + std::string(name) +
                                 " asks for a path this CPU (or this build) cannot run; it runs " +
                                 available_path_names() + ": set one of those or unset FFFT_CPU_ISA");
      return isa;
    }
    throw std::invalid_argument("ffft: FFFT_CPU_ISA=" + std::string(name) +
                                " is not a CPU path; use avx512, avx2 or scalar, or unset it");
  }
  return available_cpu_isas().front();
}

}  // namespace ffft
