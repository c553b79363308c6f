// The GPU contenders of a build without CUDA: none can run, and each says so.
#include "fft_case.hpp"
#include "fft_cuda_cases.hpp"

namespace ffft::bench {

std::string gpu_unavailable_reason() { return "ffft was built without CUDA"; }

std::string gpu_description() { return gpu_unavailable_reason(); }

std::vector<std::string> gpu_contenders(bool) { return {"ffft_df64_table_cuda", "cufft_z2z"}; }

std::unique_ptr<fft_case> make_gpu_case(const std::string&, const fft_problem&) {
  throw case_unavailable(gpu_unavailable_reason());
}

}  // namespace ffft::bench
