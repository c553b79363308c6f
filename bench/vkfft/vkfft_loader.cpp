// Loads libffft_vkfft.so (vkfft_dd_plan.hpp) on first use: from the
// program's own folder (the build tree) or ../lib beside it (the GPU
// bundle's layout), by absolute path. Its dependencies, the CUDA driver and
// NVRTC, are found by its RPATH or LD_LIBRARY_PATH.
#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <stdexcept>
#include <string>

#include "bench/vkfft/vkfft_dd_plan.hpp"

namespace ffft::bench {

namespace {

void* library() {
  static void* handle = [] {
    char self[PATH_MAX] = {};
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    std::string folder = length > 0 ? std::string(self, static_cast<std::size_t>(length)) : std::string("./x");
    folder = folder.substr(0, folder.rfind('/'));
    std::string errors;
    for (const std::string& path : {folder + "/libffft_vkfft.so", folder + "/../lib/libffft_vkfft.so"}) {
      if (access(path.c_str(), F_OK) != 0) continue;
      if (void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) return h;
      errors += std::string(" ") + dlerror();
    }
    throw std::runtime_error("cannot load libffft_vkfft.so (beside the program or in ../lib)" +
                             (errors.empty() ? std::string(": not found") : ":" + errors));
  }();
  return handle;
}

template <class F>
F symbol(const char* name) {
  void* s = dlsym(library(), name);
  if (s == nullptr) throw std::runtime_error(std::string("libffft_vkfft.so has no ") + name);
  return reinterpret_cast<F>(s);
}

}  // namespace

std::unique_ptr<vkfft_dd_plan> make_vkfft_dd_plan(std::uint64_t length, std::uint64_t batch, vkfft_memory memory,
                                                  CUstream_st* stream, const void* in, void* out) {
  const auto make = symbol<decltype(&ffft_vkfft_make_plan)>("ffft_vkfft_make_plan");
  return std::unique_ptr<vkfft_dd_plan>(make(length, batch, memory, stream, in, out));
}

int vkfft_version() { return symbol<decltype(&ffft_vkfft_version)>("ffft_vkfft_version")(); }

}  // namespace ffft::bench
