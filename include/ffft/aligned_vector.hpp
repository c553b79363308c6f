// Host arrays that start on a cache line: std::vector with an allocator
// that aligns to host_alignment bytes, as fftw_malloc does for FFTW.
//
// Why: the CPU paths move each operand as whole vectors of 32 (AVX2) or 64
// bytes (AVX-512). malloc aligns to 16 bytes (glibc: large blocks start 16
// bytes into a page), so a 64-byte vector of such an array straddles two
// cache lines, and every load and store of it touches both. On the Xeon's
// avx512 path (one dd128 transform, one thread, best of 9 interleaved
// runs) arrays aligned to 64 bytes ran 2^10-2^14 in 10-15% less time than
// the same arrays 16 bytes past a line (docs/performance.md). The library
// keeps its own arrays (twiddle tables, workspaces, tiles) aligned so;
// callers whose arrays are aligned too (aligned_vector, or any 64-byte
// aligned memory) get the rest.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace ffft {

// A cache line on the x86 cores ffft runs on, and an AVX-512 vector.
inline constexpr std::size_t host_alignment = 64;

template <class T>
struct aligned_allocator {
  using value_type = T;

  aligned_allocator() noexcept = default;
  template <class U>
  aligned_allocator(const aligned_allocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{host_alignment}));
  }
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, std::align_val_t{host_alignment}); }

  template <class U>
  bool operator==(const aligned_allocator<U>&) const noexcept {
    return true;
  }
  template <class U>
  bool operator!=(const aligned_allocator<U>&) const noexcept {
    return false;
  }
};

template <class T>
using aligned_vector = std::vector<T, aligned_allocator<T>>;

}  // namespace ffft
