// An owning device allocation of n elements, so that an exception thrown
// between cudaMalloc and cudaFree (any failed FFFT_CUDA_CHECK) cannot leak
// device memory. Host code only.
#pragma once

#include <cstddef>

#include "kernels/cuda_check.hpp"

namespace ffft::cuda::detail {

template <class T>
class device_buffer {
 public:
  explicit device_buffer(std::size_t n) : size_(n) {
    if (n != 0) FFFT_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&data_), n * sizeof(T)));
  }
  ~device_buffer() {
    // Never throw from a destructor; a failure here can only follow an
    // earlier error that has already been reported.
    if (data_ != nullptr) (void)cudaFree(data_);
  }
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;

  T* data() const { return data_; }
  std::size_t size() const { return size_; }

  void upload(const T* host) {
    if (size_ != 0) FFFT_CUDA_CHECK(cudaMemcpy(data_, host, size_ * sizeof(T), cudaMemcpyHostToDevice));
  }
  void download(T* host) const {
    if (size_ != 0) FFFT_CUDA_CHECK(cudaMemcpy(host, data_, size_ * sizeof(T), cudaMemcpyDeviceToHost));
  }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace ffft::cuda::detail
