// A plan's tables for one length, and run_transform over them on any
// executor (the CPU executor with any path, cache or thread count, or the
// host emulation of the CUDA executor's blocks): the tests that compare
// executors or schedules run the same program through each.
#pragma once

#include <cstdint>
#include <type_traits>
#include <variant>
#include <vector>

#include "engine/runner.hpp"
#include "ffft/cpu_isa.hpp"
#include "src/fft/tables.hpp"

namespace ffft::testing {

template <class E>
struct transform_tables {
  fft::transform_tables<E> tables;

  explicit transform_tables(std::uint64_t n, twiddle_mode mode = twiddle_mode::table)
      : tables(fft::make_transform_tables<E>(n, mode, 1, cpu_isa::scalar)) {}

  // as_device: in computed and direct modes, without the passes' arrays, as
  // a GPU holds the program (so an emulation that read them would crash,
  // not pass). minimal_workspace: the output doubles as the second buffer.
  template <class Executor>
  void run(const Executor& ex, int sign, const fft::scaling<E>& scale,
           fft::strided<const complex<E>> in, fft::strided<complex<E>> out, std::uint64_t batch,
           bool as_device = false, bool minimal_workspace = false) const {
    fft::transform_program<E> program = fft::program_of(tables);
    if (as_device) {
      fft::stockham_program<E>& stockham = std::visit(
          [](auto& p) -> fft::stockham_program<E>& {
            if constexpr (std::is_same_v<std::decay_t<decltype(p)>, fft::stockham_program<E>>) return p;
            else return p.padded_fft;
          },
          program);
      if (stockham.source != twiddle_mode::table) stockham.twiddles = nullptr;
    }
    std::vector<complex<E>> workspace(fft::workspace_values<E>(program, batch, minimal_workspace));
    fft::run_transform<E>(ex, sign, scale, program, in, out, workspace.data(), batch, minimal_workspace);
  }
};

}  // namespace ffft::testing
