#include "cli/input_layout.hpp"

#include <algorithm>
#include <string>

#include "cli/errors.hpp"
#include "cli/npy_header.hpp"

namespace ffft::cli {

bool starts_with_audio_magic(std::span<const unsigned char> bytes) {
  const auto at = [&](std::size_t offset, std::string_view tag) {
    return bytes.size() >= offset + tag.size() &&
           std::equal(tag.begin(), tag.end(), bytes.begin() + static_cast<std::ptrdiff_t>(offset),
                      [](char t, unsigned char b) { return static_cast<unsigned char>(t) == b; });
  };
  return ((at(0, "RIFF") || at(0, "RF64")) && at(8, "WAVE")) || (at(0, "FORM") && (at(8, "AIFF") || at(8, "AIFC"))) ||
         at(0, "fLaC");
}

input_layout detect_input_layout(std::span<const unsigned char> head, std::uint64_t file_size,
                                 std::string_view path, std::optional<element_format> in_format) {
  if (head.size() > file_size) head = head.first(static_cast<std::size_t>(file_size));
  const std::string name(path);

  if (starts_with_npy_magic(head)) {
    const npy_header h = parse_npy_header(head, file_size, path);
    if (in_format && *in_format != h.format)
      throw input_error(name + ": --in-format " + std::string(format_name(*in_format)) +
                        " contradicts the .npy file's dtype, which is " +
                        std::string(format_name(h.format)) +
                        "; drop --in-format (a .npy file says its own format)");
    return {h.format, true, h.shape, h.data_offset, h.element_count, h.fortran_order};
  }

  if (starts_with_audio_magic(head)) {
    if (in_format)
      throw input_error(name + " is an audio file, which says its own encoding; drop --in-format " +
                        std::string(format_name(*in_format)));
    input_layout audio{element_format::f64, false, {}, 0, 0};
    audio.audio = true;
    return audio;
  }

  if (!in_format && has_npy_extension(path))
    throw input_error(name +
                      ": the file does not start with the .npy magic; it is not a numpy .npy "
                      "file (to read it as raw data, give --in-format " +
                      std::string(format_choices()) + ")");

  const std::optional<element_format> f = in_format ? in_format : format_from_extension(path);
  if (!f)
    throw input_error(name +
                      ": its element format is unknown (it is not a .npy file and its name does "
                      "not end in a format's extension, such as .c128 or .f64); give --in-format " +
                      std::string(format_choices()));

  const std::uint64_t item = element_bytes(*f);
  if (file_size % item != 0)
    throw input_error(name + ": the file has " + std::to_string(file_size) +
                      " bytes, not a multiple of the " + std::to_string(item) + "-byte " +
                      std::string(format_name(*f)) + " element; check the format (--in-format " +
                      std::string(format_choices()) + ")");
  const std::uint64_t count = file_size / item;
  return {*f, false, {count}, 0, count, false};
}

std::uint64_t input_layout::file_index(std::uint64_t c_index) const {
  if (!fortran_order) return c_index;
  // The C-order index's digits in the shape, last axis fastest, become the
  // Fortran-order index's, first axis fastest.
  std::uint64_t f_index = 0, rest = c_index, f_stride = element_count;
  for (std::size_t a = shape.size(); a-- > 0;) {
    f_stride /= shape[a];  // the product of the axes before a
    f_index += (rest % shape[a]) * f_stride;
    rest /= shape[a];
  }
  return f_index;
}

std::uint64_t input_layout::c_index(std::uint64_t file_index) const {
  if (!fortran_order) return file_index;
  std::uint64_t c = 0, rest = file_index, c_stride = element_count;
  for (const std::uint64_t d : shape) {
    c_stride /= d;  // the product of the axes after this one
    c += (rest % d) * c_stride;
    rest /= d;
  }
  return c;
}

}  // namespace ffft::cli
