// What every kind of plan (complex, real) checks and decides the same way
// when it is made and when it is given arrays: whether this CPU runs the
// library, whether a complex transform's length is supported, which backend
// a request resolves to, whether a pointer is device memory, and how much
// table memory a backend holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <variant>

#include "engine/tables.hpp"
#include "ffft/plan.hpp"

namespace ffft::fft {

// Throws, instead of dying of SIGILL later, when the library was compiled
// for x86-64-v3 (AVX2 and FMA) and this CPU lacks them.
void require_baseline_instruction_set();

// Throws unless a complex transform of n points is supported: 1 <= n <=
// max_length, and n 7-smooth or within Bluestein's range.
void check_transform_length(std::uint64_t n);

// cpu or cuda for a request (automatic: cuda if a device is present).
// Throws when cuda is asked for and cannot run.
backend resolved_backend(backend requested);

// false without CUDA.
bool is_device_memory(const void* p);

// Whether the byte ranges [a, a + a_bytes) and [b, b + b_bytes) share a byte.
bool spans_overlap(const void* a, std::uint64_t a_bytes, const void* b, std::uint64_t b_bytes);

// Throws unless a plan running on `where` can read a and b: a CPU plan
// refuses device memory.
void require_reachable(backend where, const void* a, const void* b);

// Throws unless `memory` can be a workspace of a plan running on `where`:
// non-null, aligned to `alignment` bytes, host memory for a CPU plan and
// device memory for a CUDA plan (set_workspace of every plan).
void check_workspace_memory(backend where, const void* memory, std::size_t alignment);

// Values of the tables a plan keeps in its backend's memory: the CPU reads
// the passes' arrays (and keeps the computed mode's factors); a GPU reads
// the arrays in table mode, only their factors in computed mode, nothing in
// direct mode. Bluestein adds its chirp and transformed kernel.
template <class E>
std::uint64_t held_table_values(const transform_tables<E>& tables, backend where) {
  const stockham_tables<E>& t = stockham_part(tables);
  std::uint64_t values = t.twiddles.size() + t.factors.size();
  if (where == backend::cuda) {
    switch (t.mode) {
      case twiddle_mode::table: values = t.twiddles.size(); break;
      case twiddle_mode::computed: values = twiddle::factor_tables_shape::of(t.n).size(); break;
      case twiddle_mode::direct: values = 0; break;
    }
  }
  if (const auto* b = std::get_if<bluestein_tables<E>>(&tables))
    values += b->chirp.size() + b->kernel.size();
  return values;
}

}  // namespace ffft::fft
