// What the library was built with and what it finds at run time, for a
// caller choosing a backend (backend::automatic makes the same choice).
#pragma once

namespace ffft {

// True if this libffft contains the CUDA executor.
bool built_with_cuda();

// Usable CUDA devices: 0 without the CUDA executor, a device or a driver.
// Never throws.
int cuda_device_count();

}  // namespace ffft
