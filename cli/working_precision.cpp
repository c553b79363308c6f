#include "cli/working_precision.hpp"

#include <cstdio>

#include "cli/cuda_support.hpp"

namespace ffft::cli {

backend choose_backend(const std::string& device) {
  if (device == "cpu") return backend::cpu;
  const bool present = !cuda_devices().empty();
  if (device == "cuda") {
    if (!cuda_built())
      throw input_error("--device cuda: this ffft was built without CUDA; rebuild with -DFFFT_CUDA=ON, or use --device cpu");
    if (!present) throw input_error("--device cuda: no CUDA device is present; use --device cpu (or auto)");
    return backend::cuda;
  }
  if (!present)
    std::fprintf(stderr, "ffft: notice: %s; running on the CPU\n",
                 cuda_built() ? "no CUDA device found" : "this ffft was built without CUDA");
  return present ? backend::cuda : backend::cpu;
}

const char* backend_name(backend b) { return b == backend::cuda ? "cuda" : "cpu"; }

std::vector<complex_quad> load_quad(const input_file& in) {
  return visit_element_type(in.format(), [&](auto tag) {
    using T = decltype(tag);
    const std::uint64_t count = in.element_count();
    const unsigned char* bytes = in.data().data();
    const input_layout& layout = in.layout();
    std::vector<complex_quad> q(count);
#pragma omp parallel for schedule(static)
    for (std::uint64_t j = 0; j < count; ++j) q[j] = tools::to_quad(load_element<T>(bytes, layout.file_index(j)));
    return q;
  });
}

}  // namespace ffft::cli
