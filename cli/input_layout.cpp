#include "cli/input_layout.hpp"

#include <string>

#include "cli/errors.hpp"
#include "cli/npy_header.hpp"

namespace ffft::cli {

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
    return {h.format, true, h.shape, h.data_offset, h.element_count};
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
  return {*f, false, {count}, 0, count};
}

}  // namespace ffft::cli
