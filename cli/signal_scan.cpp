#include "cli/signal_scan.hpp"

#include <bit>
#include <climits>
#include <cmath>

#include "cli/element_values.hpp"
#include "cli/errors.hpp"
#include "cli/input_file.hpp"

namespace ffft::cli {

namespace {

struct limb_range {
  int max_exponent;  // frexp exponent of the largest finite value
  int min_exponent;  // frexp exponent of the smallest subnormal
};

limb_range range_of(element_format working) {
  if (working == element_format::dd128) return {1024, -1073};
  return {128, -148};
}

template <class T>
signal_scan scan_values(const unsigned char* bytes, std::uint64_t count) {
  std::uint64_t first_bad = UINT64_MAX;
  int max_e = INT_MIN, min_e = INT_MAX;
#pragma omp parallel for reduction(min : first_bad, min_e) reduction(max : max_e) schedule(static)
  for (std::uint64_t j = 0; j < count; ++j) {
    const T v = load_element<T>(bytes, j);
    if (!all_limbs_finite(v)) {
      first_bad = std::min(first_bad, j);
      continue;
    }
    for (const double part : {leading_re(v), leading_im(v)}) {
      if (part == 0) continue;
      int e = 0;
      std::frexp(part, &e);
      max_e = std::max(max_e, e);
      min_e = std::min(min_e, e);
    }
  }
  signal_scan s;
  if (first_bad != UINT64_MAX) {
    s.first_nonfinite = first_bad;
    const T v = load_element<T>(bytes, first_bad);
    s.first_nonfinite_is_nan = std::isnan(leading_re(v)) || std::isnan(leading_im(v));
    if constexpr (is_expansion_value<T>) {
      for (auto limb : v.limb) s.first_nonfinite_is_nan = s.first_nonfinite_is_nan || std::isnan(limb);
    } else if constexpr (!is_std_complex<T> && !is_real_element<T>) {
      for (int i = 0; i < static_cast<int>(std::size(v.re.limb)); ++i)
        s.first_nonfinite_is_nan = s.first_nonfinite_is_nan || std::isnan(v.re.limb[i]) || std::isnan(v.im.limb[i]);
    }
  }
  s.any_nonzero = max_e != INT_MIN;
  if (s.any_nonzero) {
    s.max_exponent = max_e;
    s.min_exponent = min_e;
  }
  return s;
}

}  // namespace

signal_scan scan_signal(const input_file& in) {
  signal_scan s = scan_signal(in.format(), in.data().data(), in.element_count());
  // Messages name values by their logical (C-order) index.
  if (s.first_nonfinite) s.first_nonfinite = in.layout().c_index(*s.first_nonfinite);
  return s;
}

signal_scan scan_signal(element_format format, const unsigned char* bytes, std::uint64_t count) {
  return visit_element_type(format, [&](auto tag) { return scan_values<decltype(tag)>(bytes, count); });
}

void refuse_nonfinite(const signal_scan& s, const std::string& path, std::uint64_t n) {
  if (!s.first_nonfinite) return;
  const std::uint64_t j = *s.first_nonfinite;
  std::string where = "index " + std::to_string(j);
  if (n > 0 && j >= n)
    where += " (transform " + std::to_string(j / n) + ", position " + std::to_string(j % n) + ")";
  throw input_error(path + ": the value at " + where + " is " + (s.first_nonfinite_is_nan ? "NaN" : "infinity") +
                    "; clean the data, or pass --allow-nonfinite to let it propagate");
}

int scale_exponent(const signal_scan& s, element_format working, std::uint64_t n, const std::string& path) {
  if (!s.any_nonzero) return 0;
  const limb_range r = range_of(working);
  // |X_k| <= sum |x_j| <= n sqrt(2) max |part|: ceil(log2 n) + 1 more bits.
  const int growth = static_cast<int>(std::bit_width(n - 1)) + 1;
  int k = -s.max_exponent;
  if (s.min_exponent + k < r.min_exponent) k = r.min_exponent - s.min_exponent;
  if (s.max_exponent + k + growth > r.max_exponent)
    throw input_error(path + ": the data's dynamic range (its nonzero parts span 2^" + std::to_string(s.min_exponent - 1) +
                      " to 2^" + std::to_string(s.max_exponent) + ") is wider than " +
                      std::string(format_name(working)) + " can hold through a transform of length " +
                      std::to_string(n) + "; use --precision dd128, or zero the negligible values");
  return k;
}

bool fits_unscaled(const signal_scan& s, std::uint64_t n) {
  if (!s.any_nonzero) return true;
  const int growth = static_cast<int>(std::bit_width(n - 1)) + 1;
  return s.max_exponent >= -64 && s.max_exponent + growth <= 64;
}

}  // namespace ffft::cli
