#include "cli/nd_shape.hpp"

#include <string>

#include "cli/errors.hpp"
#include "cli/transform_shape.hpp"

namespace ffft::cli {

std::uint64_t nd_transform_shape::points() const {
  std::uint64_t p = 1;
  for (int a : axes) p *= shape[static_cast<std::size_t>(a)];
  return p;
}

std::uint64_t nd_transform_shape::count() const {
  std::uint64_t c = 1;
  for (std::uint64_t n : shape) c *= n;
  return c;
}

std::string nd_transform_shape::shape_text() const {
  std::string t;
  for (std::uint64_t n : shape) {
    if (!t.empty()) t += " x ";
    t += std::to_string(n);
  }
  return t;
}

std::string nd_transform_shape::axes_text() const {
  std::string t;
  for (int a : axes) {
    if (!t.empty()) t += ",";
    t += std::to_string(a);
  }
  return t;
}

nd_transform_shape resolve_nd_shape(const input_layout& layout, const std::string& path,
                                    const std::vector<int>& axes, std::optional<std::uint64_t> length,
                                    std::optional<std::uint64_t> batch) {
  if (!layout.shaped())
    throw input_error("--axes names axes of a .npy array, and " + path +
                      " is a raw file without a shape; save it as .npy, or use -n and --batch");
  if (length || batch)
    throw input_error(std::string(length ? "-n" : "--batch") +
                      " splits a file into 1-D transforms and --axes transforms the array's own axes; give one "
                      "of them");
  if (axes.empty()) throw input_error("--axes lists no axes; give at least one, as --axes 0,1");
  nd_transform_shape s{layout.shape, {}};
  const auto rank = static_cast<int>(s.shape.size());
  if (layout.element_count == 0) throw input_error(path + " holds no values; give a non-empty input");
  for (int a : axes) {
    if (a < -rank || a >= rank)
      throw input_error("--axes " + std::to_string(a) + " is not an axis of " + path + ", whose shape " +
                        s.shape_text() + " has axes 0 .. " + std::to_string(rank - 1) + " (or -" +
                        std::to_string(rank) + " .. -1)");
    const int axis = a < 0 ? a + rank : a;
    for (int seen : s.axes)
      if (seen == axis)
        throw input_error("--axes lists axis " + std::to_string(axis) + " twice; list each axis once");
    s.axes.push_back(axis);
  }
  for (int a : s.axes) require_supported_length(s.shape[static_cast<std::size_t>(a)]);
  return s;
}

}  // namespace ffft::cli
