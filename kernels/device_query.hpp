// What the CUDA runtime says about devices and pointers, for choosing a
// backend and checking a plan's buffers. Plain C++ (no CUDA headers), so the
// library's host code can call it; defined in device_query.cu.
#pragma once

namespace ffft::cuda {

// Number of usable CUDA devices; 0 when there is none or no (usable) driver.
// Never throws: callers use it to decide whether to skip device work.
int device_count();

// True if p points into memory the device can address directly (device or
// managed memory); false for ordinary host memory.
bool is_device_pointer(const void* p);

}  // namespace ffft::cuda
