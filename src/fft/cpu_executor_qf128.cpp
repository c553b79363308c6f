#include "fft/cpu_executor_impl.hpp"

namespace ffft::fft {
template class cpu_executor<qf128>;
}  // namespace ffft::fft
