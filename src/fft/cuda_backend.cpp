// The CUDA backend of the plans (backend.hpp): the engines of kernels/
// behind the plans' interface. Compiled where the CUDA executor is built;
// no_cuda_backend.cpp stands in for it elsewhere.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "kernels/cuda_engine.hpp"
#include "kernels/device_buffer.hpp"
#include "kernels/host_transfer.hpp"
#include "kernels/staged_execution.hpp"
#include "kernels/device_query.hpp"
#include "kernels/real_engine.hpp"
#include "src/fft/backend.hpp"

namespace ffft::fft {

namespace {

template <class E>
class cuda_complex_backend final : public complex_backend<E> {
 public:
  cuda_complex_backend(const transform_tables<E>& tables, std::uint64_t batch,
                       const engine_memory& memory)
      : engine_(tables, batch, memory) {}

  void execute(int sign, const scaling<E>& scale, strided<const complex<E>> in, strided<complex<E>> out,
               cuda_stream stream) override {
    engine_.execute(sign, scale, in, out, stream);
  }
  void execute(int sign, const scaling<E>& scale, strided<const limb_complex_of<E>> in,
               strided<limb_complex_of<E>> out, cuda_stream stream) override {
    engine_.execute(sign, scale, in, out, stream);
  }
  void execute(int sign, const scaling<E>& scale, strided<const limb_complex_of<E>> in,
               strided<complex<E>> out, cuda_stream stream) override {
    engine_.execute(sign, scale, in, out, stream);
  }
  void execute(int sign, const scaling<E>& scale, strided<const complex<E>> in,
               strided<limb_complex_of<E>> out, cuda_stream stream) override {
    engine_.execute(sign, scale, in, out, stream);
  }
  void execute_folded(int sign, const scaling<E>& scale, folded<const complex<E>> in, folded<complex<E>> out,
                      cuda_stream stream) override {
    engine_.execute(sign, scale, in, out, stream);
  }
  void execute_folded(int sign, const scaling<E>& scale, folded<const limb_complex_of<E>> in,
                      folded<limb_complex_of<E>> out, cuda_stream stream) override {
    engine_.execute(sign, scale, in, out, stream);
  }
  void execute_folded(int sign, const scaling<E>& scale, folded<const limb_complex_of<E>> in,
                      folded<complex<E>> out, cuda_stream stream) override {
    engine_.execute(sign, scale, in, out, stream);
  }
  void execute_folded(int sign, const scaling<E>& scale, folded<const complex<E>> in,
                      folded<limb_complex_of<E>> out, cuda_stream stream) override {
    engine_.execute(sign, scale, in, out, stream);
  }
  std::size_t workspace_bytes() const override { return engine_.workspace_bytes(); }
  void set_workspace(void* memory) override { engine_.set_workspace(memory); }
  std::size_t staging_bytes() const override { return engine_.staging_bytes(); }

 private:
  cuda::fft_engine<E> engine_;
};

template <class E>
class cuda_real_backend final : public real_backend<E> {
  using base = real_backend<E>;
  using typename base::limb;
  using typename base::limb_complex;
  using typename base::convolution_window;

 public:
  cuda_real_backend(const transform_tables<E>& inner, const std::vector<complex<E>>& twiddles,
                    real_shape shape, std::uint64_t batch, std::uint64_t first_stage_bytes,
                    std::uint64_t second_stage_bytes)
      : engine_(inner, twiddles, shape, batch, first_stage_bytes, second_stage_bytes) {}

  void forward(const scaling<E>& scale, strided<const E> x, strided<complex<E>> spectrum,
               cuda_stream stream) override {
    engine_.forward(scale, x, spectrum, stream);
  }
  void forward(const scaling<E>& scale, strided<const limb> x, strided<limb_complex> spectrum,
               cuda_stream stream) override {
    engine_.forward(scale, x, spectrum, stream);
  }
  void inverse(const scaling<E>& scale, strided<const complex<E>> spectrum, strided<E> x,
               cuda_stream stream) override {
    engine_.inverse(scale, spectrum, x, stream);
  }
  void inverse(const scaling<E>& scale, strided<const limb_complex> spectrum, strided<limb> x,
               cuda_stream stream) override {
    engine_.inverse(scale, spectrum, x, stream);
  }
  void forward(const scaling<E>& scale, strided<const limb> x, strided<complex<E>> spectrum,
               cuda_stream stream) override {
    engine_.forward(scale, x, spectrum, stream);
  }
  void inverse(const scaling<E>& scale, strided<const complex<E>> spectrum, strided<limb> x,
               cuda_stream stream) override {
    engine_.inverse(scale, spectrum, x, stream);
  }

  void set_kernel_spectrum(std::vector<complex<E>> spectrum) override { engine_.set_kernel_spectrum(spectrum); }

  void convolve(const convolution_window& w, strided<const E> signal, strided<E> out,
                cuda_stream stream) override {
    engine_.convolve(window(w), signal, out, stream);
  }
  void convolve(const convolution_window& w, strided<const limb> signal, strided<limb> out,
                cuda_stream stream) override {
    engine_.convolve(window(w), signal, out, stream);
  }
  void convolve(const convolution_window& w, strided<const complex<E>> signal, strided<complex<E>> out,
                cuda_stream stream) override {
    engine_.convolve(window(w), signal, out, stream);
  }
  void convolve(const convolution_window& w, strided<const limb_complex> signal, strided<limb_complex> out,
                cuda_stream stream) override {
    engine_.convolve(window(w), signal, out, stream);
  }

  std::size_t workspace_bytes() const override { return engine_.workspace_bytes(); }
  std::size_t staging_bytes() const override { return engine_.staging_bytes(); }

 private:
  static typename cuda::real_engine<E>::convolution_window window(const convolution_window& w) {
    return {w.signal_values, w.output_offset, w.output_values};
  }
  cuda::real_engine<E> engine_;
};

class cuda_memory final : public device_memory {
 public:
  explicit cuda_memory(std::size_t bytes) : buffer_(bytes) {}
  void* data() const override { return buffer_.data(); }

 private:
  cuda::detail::device_buffer<unsigned char> buffer_;
};

class cuda_copies final : public host_device_copies {
 public:
  explicit cuda_copies(std::uint64_t largest_bytes)
      : transfer_(static_cast<std::size_t>(std::clamp<std::uint64_t>(largest_bytes, 1, cuda::max_transfer_chunk))) {}
  void upload(void* device, const void* host, std::uint64_t bytes, cuda_stream stream) override {
    transfer_.upload(device, host, bytes, stream);
  }
  void download(void* host, const void* device, std::uint64_t bytes, cuda_stream stream) override {
    transfer_.download(host, device, bytes, stream);
  }

 private:
  cuda::host_transfer transfer_;
};

}  // namespace

std::unique_ptr<device_memory> make_cuda_memory(std::size_t bytes) { return std::make_unique<cuda_memory>(bytes); }

std::unique_ptr<host_device_copies> make_cuda_copies(std::uint64_t largest_bytes) {
  return std::make_unique<cuda_copies>(largest_bytes);
}

template <class E>
std::unique_ptr<complex_backend<E>> make_cuda_complex_backend(const transform_tables<E>& tables,
                                                              std::uint64_t batch,
                                                              const engine_memory& memory) {
  return std::make_unique<cuda_complex_backend<E>>(tables, batch, memory);
}

template <class E>
std::unique_ptr<real_backend<E>> make_cuda_real_backend(const transform_tables<E>& inner,
                                                        const std::vector<complex<E>>& twiddles,
                                                        real_shape shape, std::uint64_t batch,
                                                        std::uint64_t first_stage_bytes,
                                                        std::uint64_t second_stage_bytes) {
  return std::make_unique<cuda_real_backend<E>>(inner, twiddles, shape, batch, first_stage_bytes,
                                                second_stage_bytes);
}

FFFT_INSTANTIATE_CUDA_BACKENDS

bool cuda_backend_built() { return true; }
int cuda_devices() { return cuda::device_count(); }
bool is_cuda_device_pointer(const void* p) { return cuda::is_device_pointer(p); }

}  // namespace ffft::fft
