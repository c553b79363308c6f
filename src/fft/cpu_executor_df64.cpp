#include "fft/cpu_executor_impl.hpp"

namespace ffft::fft {
template class cpu_executor<df64>;
}  // namespace ffft::fft
