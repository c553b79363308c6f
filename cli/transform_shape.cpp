#include "cli/transform_shape.hpp"

#include "cli/errors.hpp"
#include "ffft/fft/schedule.hpp"
#include "ffft/plan.hpp"

namespace ffft::cli {

std::vector<std::uint64_t> batch_shape(std::uint64_t length, std::uint64_t batch) {
  if (batch == 1) return {length};
  return {batch, length};
}

void require_supported_length(std::uint64_t n) {
  if (n == 0) throw input_error("the transform length is 0 (no values to transform); give a non-empty input or -n >= 1");
  if (n > max_length)
    throw input_error("the transform length " + std::to_string(n) +
                      " is above 2^31, the longest ffft supports; split the data with -n");
  if (!fft::is_7_smooth(n) && n > (std::uint64_t{1} << 30))
    throw input_error("the transform length " + std::to_string(n) +
                      " has a prime factor above 7 and is above 2^30, the longest Bluestein length; "
                      "choose a length of the form 2^a 3^b 5^c 7^d");
}

transform_shape resolve_transform_shape(const input_layout& layout, const std::string& path,
                                        std::optional<std::uint64_t> length,
                                        std::optional<std::uint64_t> batch) {
  const std::uint64_t count = layout.element_count;
  if (count == 0) throw input_error(path + " holds no values; give a non-empty input");
  if (length && *length == 0) throw input_error("-n 0: the transform length 0 is not allowed; give -n >= 1");
  if (batch && *batch == 0) throw input_error("--batch 0: the batch must be at least 1");

  const std::uint64_t last_axis = layout.shaped() && !layout.shape.empty() ? layout.shape.back() : count;
  if (layout.fortran_order && ((length && *length != last_axis) || (batch && *batch != count / last_axis)))
    throw input_error(path +
                      (layout.audio ? " is audio, its channels transformed along their frames"
                                    : " is a Fortran-order array, transformed along its last axis") +
                      " (length " + std::to_string(last_axis) + ", batch " +
                      std::to_string(count / last_axis) +
                      "); leave out -n and --batch, or split it otherwise from a C-order .npy copy "
                      "(numpy.ascontiguousarray)");
  std::uint64_t n = 0;
  if (length) {
    n = *length;
  } else if (batch) {
    if (count % *batch != 0)
      throw input_error("--batch " + std::to_string(*batch) + " does not divide the " + std::to_string(count) +
                        " values of " + path + "; give a batch that does, or -n");
    n = count / *batch;
  } else {
    n = last_axis;
  }
  if (count % n != 0)
    throw input_error("-n " + std::to_string(n) + " does not divide the " + std::to_string(count) + " values of " +
                      path + "; give a length that does");
  const std::uint64_t b = count / n;
  if (batch && *batch != b)
    throw input_error("--batch " + std::to_string(*batch) + " times length " + std::to_string(n) + " is not the " +
                      std::to_string(count) + " values of " + path + "; give --batch " + std::to_string(b) +
                      " or leave it out");
  require_supported_length(n);
  transform_shape s{n, b, batch_shape(n, b)};
  if (layout.shaped() && n == last_axis && !layout.shape.empty()) s.npy_shape = layout.shape;
  s.fortran_order = layout.fortran_order;
  return s;
}

}  // namespace ffft::cli
