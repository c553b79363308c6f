// ffft gen KIND OUT: a test signal.
#include <cmath>
#include <cstdio>

#include "cli/element_values.hpp"
#include "cli/errors.hpp"
#include "cli/memory_budget.hpp"
#include "cli/options.hpp"
#include "cli/output_file.hpp"
#include "cli/output_writer.hpp"
#include "cli/test_signals.hpp"
#include "cli/transform_shape.hpp"
#include "ffft/plan.hpp"

namespace ffft::cli {

int run_gen(const gen_command& c) {
  const signal_kind kind = parse_signal_kind(c.kind);
  if (c.length == 0) throw input_error("-n 0: a signal needs a length of at least 1");
  if (c.batch == 0) throw input_error("--batch 0: the batch must be at least 1");
  if (c.length > max_length)
    throw input_error("-n " + std::to_string(c.length) + " is above 2^31, the longest transform ffft supports");
  if (kind == signal_kind::impulse && c.index >= c.length)
    throw input_error("--index " + std::to_string(c.index) + " is outside the transform of length " +
                      std::to_string(c.length) + "; give 0 <= index < N");
  if (!std::isfinite(c.amplitude) || !std::isfinite(c.frequency))
    throw input_error("--amplitude and --frequency must be finite numbers");
  const output_target target = resolve_output_target(c.output, c.out_format, element_format::c128);
  check_output_path(c.output, c.force, {});
  const std::uint64_t count = saturating_multiply(c.length, c.batch);
  require_memory(saturating_multiply(count, 32), "a signal of " + std::to_string(c.batch) + " x " +
                                                     std::to_string(c.length) + " values");

  const std::vector<complex_quad> x =
      make_signal({kind, c.length, c.batch, c.seed, c.index, c.frequency, c.amplitude});
  write_elements(target, batch_shape(c.length, c.batch), count, false,
                 [&](auto tag, std::uint64_t j) { return from_quad<decltype(tag)>(x[j]); });
  std::printf("ffft: wrote %s: %s signal, %llu x %llu values, %s%s\n", c.output.c_str(), c.kind.c_str(),
              static_cast<unsigned long long>(c.batch), static_cast<unsigned long long>(c.length),
              std::string(format_name(target.format)).c_str(), target.npy ? " in .npy" : "");
  return exit_success;
}

}  // namespace ffft::cli
