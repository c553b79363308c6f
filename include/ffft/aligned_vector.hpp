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
//
// Arrays of huge_page_threshold bytes or more also start on a 2 MiB page
// and ask Linux for transparent huge pages (advise_huge_pages), as numpy
// does for its large arrays: a radix-8 pass, or a tile of a blocked
// transform, touches rows a page or more apart, hundreds at once, and with
// 4 KiB pages each is a TLB entry of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace ffft {

// A cache line on the x86 cores ffft runs on, and an AVX-512 vector.
inline constexpr std::size_t host_alignment = 64;

// A huge page of x86-64 Linux, and the size from which an array gets them.
inline constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;
inline constexpr std::size_t huge_page_threshold = std::size_t{4} << 20;

// Asks the kernel to back the whole huge pages of [data, data + bytes)
// with transparent huge pages: honoured where
// /sys/kernel/mm/transparent_hugepage/enabled is "madvise" or "always",
// ignored where it is "never" or the kernel has none. Only a hint: the
// contents and the addresses stay as they are.
inline void advise_huge_pages(void* data, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  const auto first = (reinterpret_cast<std::uintptr_t>(data) + huge_page_bytes - 1) & ~(huge_page_bytes - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(huge_page_bytes - 1);
  if (end > first) (void)::madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE);
#else
  (void)data, (void)bytes;
#endif
}

template <class T>
struct aligned_allocator {
  using value_type = T;

  aligned_allocator() noexcept = default;
  template <class U>
  aligned_allocator(const aligned_allocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    void* p = ::operator new(bytes, std::align_val_t{alignment(bytes)});
    if (bytes >= huge_page_threshold) advise_huge_pages(p, bytes);
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept { ::operator delete(p, std::align_val_t{alignment(n * sizeof(T))}); }

  static constexpr std::size_t alignment(std::size_t bytes) noexcept {
    return bytes >= huge_page_threshold ? huge_page_bytes : host_alignment;
  }

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
