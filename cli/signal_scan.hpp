// One pass over an input's values before converting them: the first
// non-finite value (refused unless --allow-nonfinite) and the exponent range
// of the nonzero real and imaginary parts, from which scale_exponent()
// chooses the exact power of two that brings the data into a working
// format's range.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cli/element_format.hpp"

namespace ffft::cli {

class input_file;

struct signal_scan {
  std::optional<std::uint64_t> first_nonfinite;  // element index
  bool first_nonfinite_is_nan = false;
  bool any_nonzero = false;
  int max_exponent = 0;  // frexp exponents of the nonzero finite leading
  int min_exponent = 0;  // parts: 2^(e-1) <= |part| < 2^e
};

signal_scan scan_signal(const input_file& in);
// The same over `count` elements of `format` at `bytes` (a part of a file).
signal_scan scan_signal(element_format format, const unsigned char* bytes, std::uint64_t count);

// Throws input_error naming the first NaN or infinity (element index, and
// transform and position within it for a batch of length n).
void refuse_nonfinite(const signal_scan& s, const std::string& path, std::uint64_t n);

// The k for which 2^k x can be transformed in format working (df64, qf128,
// dd128) at length n: the largest part is brought to [1/2, 1), which keeps
// the leading limbs far from both ends of the limb's exponent range and
// leaves room for the transform's growth (at most n sqrt(2) max|x|). If the
// smallest nonzero part would then fall below the limb's smallest subnormal,
// k is raised just enough, and if the largest part would then overflow with
// that growth, the data's dynamic range does not fit the format: input_error.
int scale_exponent(const signal_scan& s, element_format working, std::uint64_t n, const std::string& path);

// True when the data can be transformed without that scaling, as the plan
// reads them (k = 0): the largest part and its growth through length n stay
// within [2^-64, 2^64], where even df64's low limb keeps all its bits.
bool fits_unscaled(const signal_scan& s, std::uint64_t n);

}  // namespace ffft::cli
