// Shared-memory bank conflicts of the CUDA group kernels, from their host
// emulation (stockham_group.hpp's phases run thread by thread): a recording
// tile accessor notes every emulated thread's tile accesses in program
// order, and conflict_degree() says what a warp-wide instruction made of
// those accesses costs the hardware. Tool and test code only: the library
// never records.
//
// The hardware model (NVIDIA's shared memory since Maxwell; sm_90): 32 banks
// of 4-byte words. A warp's instruction is served per set of lanes: all 32
// lanes for accesses of up to 4 bytes, each half-warp for 8 bytes, each
// quarter-warp for 16. Within a set, each bank serves one distinct word per
// cycle; lanes reading the same word share it (broadcast). So a set takes as
// many cycles (wavefronts) as the largest number of distinct words any bank
// holds among its requests, and the instruction's conflict degree is the
// largest over its sets: 1 is conflict-free, 32 the worst.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "ffft/complex.hpp"
#include "ffft/fft/tile_layout.hpp"

namespace ffft::sass {

inline constexpr int banks = 32;
inline constexpr int bank_bytes = 4;
inline constexpr int warp_size = 32;

// One lane's access of one instruction: its byte address in shared memory
// and its width (4, 8 or 16 bytes; narrower accesses count as 4).
struct access {
  std::uint64_t address;
  std::uint32_t bytes;
};

// What one warp-wide instruction costs.
struct instruction_cost {
  int degree = 0;      // the worst set's wavefronts (0: no active lane)
  int wavefronts = 0;  // summed over the sets
  int sets = 0;        // sets with an active lane: the wavefronts without conflicts
};

// lanes[i]: lane i's access, or none for an inactive lane (at most 32 lanes;
// one width per instruction, the widest given).
inline instruction_cost conflict_degree(const std::vector<std::optional<access>>& lanes) {
  std::uint32_t width = 4;
  for (const auto& a : lanes)
    if (a) width = std::max(width, a->bytes);
  const int lanes_per_set = width >= 16 ? 8 : width >= 8 ? 16 : 32;
  instruction_cost cost;
  for (int first = 0; first < static_cast<int>(lanes.size()); first += lanes_per_set) {
    std::map<int, std::set<std::uint64_t>> words;  // bank -> distinct words
    bool active = false;
    for (int lane = first; lane < std::min<int>(first + lanes_per_set, static_cast<int>(lanes.size())); ++lane) {
      if (!lanes[lane]) continue;
      active = true;
      const std::uint64_t first_word = lanes[lane]->address / bank_bytes;
      const std::uint64_t last_word = (lanes[lane]->address + std::max<std::uint32_t>(lanes[lane]->bytes, 1) - 1) / bank_bytes;
      for (std::uint64_t w = first_word; w <= last_word; ++w) words[static_cast<int>(w % banks)].insert(w);
    }
    if (!active) continue;
    int degree = 0;
    for (const auto& [bank, distinct] : words) degree = std::max(degree, static_cast<int>(distinct.size()));
    cost.degree = std::max(cost.degree, degree);
    cost.wavefronts += degree;
    ++cost.sets;
  }
  return cost;
}

// Every thread's accesses of one phase, in program order.
struct phase_accesses {
  std::vector<std::vector<access>> threads;  // [thread][k]
};

// The instructions of a phase: the k-th access of each thread of a warp
// (32 consecutive thread indices) makes one instruction; a thread with fewer
// accesses is inactive in the later ones.
struct phase_summary {
  int instructions = 0;     // warp instructions with an active lane
  int worst = 0;            // largest degree
  double average = 0;       // mean degree over the instructions
  long wavefronts = 0;      // summed over the instructions
  long ideal_wavefronts = 0;  // the same without conflicts
};

inline phase_summary summarize(const phase_accesses& phase) {
  phase_summary s;
  long degree_sum = 0;
  const int threads = static_cast<int>(phase.threads.size());
  for (int warp = 0; warp < threads; warp += warp_size) {
    std::size_t most = 0;
    for (int t = warp; t < std::min(warp + warp_size, threads); ++t) most = std::max(most, phase.threads[t].size());
    for (std::size_t k = 0; k < most; ++k) {
      std::vector<std::optional<access>> lanes(warp_size);
      for (int t = warp; t < std::min(warp + warp_size, threads); ++t)
        if (k < phase.threads[t].size()) lanes[t - warp] = phase.threads[t][k];
      const instruction_cost c = conflict_degree(lanes);
      if (c.sets == 0) continue;
      ++s.instructions;
      s.worst = std::max(s.worst, c.degree);
      degree_sum += c.degree;
      s.wavefronts += c.wavefronts;
      s.ideal_wavefronts += c.sets;
    }
  }
  s.average = s.instructions ? static_cast<double>(degree_sum) / s.instructions : 0;
  return s;
}

// Notes the accesses of the emulated threads: begin(thread) before each
// thread's turn in a phase, next_phase() between phases. A value access of
// sizeof(complex<E>) bytes is noted as the 16-byte accesses the kernels make
// of it (LDS.128 / STS.128: every format's complex is a multiple of 16
// bytes), each a separate instruction.
struct recorder {
  std::vector<phase_accesses> phases;
  int thread = -1;

  void next_phase() { phases.emplace_back(); }
  void begin(int t) {
    thread = t;
    auto& threads = phases.back().threads;
    if (static_cast<int>(threads.size()) <= t) threads.resize(t + 1);
  }
  void note(std::uint64_t address, std::uint32_t bytes) {
    for (std::uint32_t u = 0; u < bytes; u += 16)
      phases.back().threads[thread].push_back({address + u, std::min<std::uint32_t>(16, bytes - u)});
  }
};

// A tile of complex<E> values (16-byte ones: tile_layout.hpp) at byte
// `shared_base` of shared memory, held in host memory at `data`, whose
// reads and assignments are noted: an accessor with the operations the
// phases use of a complex<E>*.
template <class E>
struct recording_tile {
  complex<E>* data;
  std::uint64_t shared_base;
  recorder* notes;

  struct reference {
    complex<E>* value;
    std::uint64_t address;
    recorder* notes;
    operator complex<E>() const {
      notes->note(address, sizeof(complex<E>));
      return *value;
    }
    const reference& operator=(const complex<E>& v) const {
      notes->note(address, sizeof(complex<E>));
      *value = v;
      return *this;
    }
  };

  std::uint64_t address(std::int64_t index) const {
    return shared_base + static_cast<std::uint64_t>(index) * sizeof(complex<E>);
  }
  reference operator[](std::int64_t index) const { return {data + index, address(index), notes}; }
  recording_tile operator+(std::int64_t offset) const {
    return {data + offset, shared_base + static_cast<std::uint64_t>(offset) * sizeof(complex<E>), notes};
  }
};

// 16-byte parts (E of a 32-byte complex<E>) at byte `shared_base` of shared
// memory, held at `data`, whose reads and assignments are noted: the Parts
// of an fft::split_tile (tile_layout.hpp).
template <class E>
struct recording_parts {
  E* data;
  std::uint64_t shared_base;
  recorder* notes;

  struct reference {
    E* part;
    std::uint64_t address;
    recorder* notes;
    operator E() const {
      notes->note(address, sizeof(E));
      return *part;
    }
    const reference& operator=(const E& v) const {
      notes->note(address, sizeof(E));
      *part = v;
      return *this;
    }
  };
  reference operator[](std::uint32_t slot) const {
    return {data + slot, shared_base + std::uint64_t{slot} * sizeof(E), notes};
  }
};

// A block's two tiles of `entries` values each, at byte 0 of shared memory
// (tile b after tile a), held at `data` (2 entries values), laid out as the
// group kernels lay them (tile_layout.hpp), their accesses noted.
template <class E>
auto recording_views(complex<E>* data, std::uint32_t entries, recorder* notes) {
  if constexpr (fft::split_tile_planes<E>) {
    const recording_parts<E> parts{reinterpret_cast<E*>(data), 0, notes};
    return fft::tile_pair<fft::split_tile<E, recording_parts<E>>>{{parts, entries, 0},
                                                                    {parts, entries, 2 * entries}};
  } else {
    return fft::tile_pair<recording_tile<E>>{{data, 0, notes},
                                             {data + entries, std::uint64_t{entries} * sizeof(complex<E>), notes}};
  }
}

}  // namespace ffft::sass
