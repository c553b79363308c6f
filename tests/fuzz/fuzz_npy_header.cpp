// libFuzzer target for the .npy header parser and the input-layout rules
// (src/cli/npy_header.cpp, input_layout.cpp): the bytes are the head of a
// file whose size is the input's size and a few sizes derived from it (the
// header's own data offset plus small data sizes, so that headers the fuzzer
// writes can also parse successfully), read as "f.npy", "f.c128" and "f".
//
// Checked, besides the sanitizers' findings (scripts/fuzz.sh builds with
// ASan and UBSan): only input_error escapes; every message is one line of
// printable ASCII that starts with the file name and ": "; and whenever a
// header parses, make_npy_header of its format, shape and order parses back
// to the same format, shape, order and count, and detect_input_layout agrees
// with it.
// A disagreement is a __builtin_trap, which libFuzzer reports as a crash.
//
// Build and run: scripts/fuzz.sh [seconds].
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "cli/element_format.hpp"
#include "cli/errors.hpp"
#include "cli/input_layout.hpp"
#include "cli/npy_header.hpp"

namespace {

using namespace ffft::cli;

void check_message(const input_error& e, std::string_view what) {
  const std::string_view m = e.what();
  if (m.size() < what.size() + 2 || m.substr(0, what.size()) != what ||
      m.substr(what.size(), 2) != ": ")
    __builtin_trap();
  for (const char c : m)
    if (c < 0x20 || c > 0x7e) __builtin_trap();
}

void check_round_trip(const npy_header& h) {
  if (h.major_version < 1 || h.major_version > 3) __builtin_trap();
  std::uint64_t count = 1;
  for (const std::uint64_t d : h.shape) count *= d;  // parse checked it does not overflow
  if (count != h.element_count) __builtin_trap();
  const std::string made = make_npy_header(h.format, h.shape, h.fortran_order);
  if (made.size() % 64 != 0 || made.back() != '\n') __builtin_trap();
  const std::uint64_t data = count * element_bytes(h.format);
  if (data > std::numeric_limits<std::uint64_t>::max() - made.size()) return;
  const std::span<const unsigned char> bytes(reinterpret_cast<const unsigned char*>(made.data()),
                                             made.size());
  try {
    const npy_header back = parse_npy_header(bytes, made.size() + data, "made.npy");
    if (back.format != h.format || back.shape != h.shape || back.element_count != h.element_count ||
        back.fortran_order != h.fortran_order ||
        back.data_offset != made.size() || back.major_version != 1)
      __builtin_trap();
  } catch (const input_error&) {
    __builtin_trap();  // what make_npy_header writes must parse
  }
}

void check_layout(std::span<const unsigned char> head, std::uint64_t file_size,
                  const std::optional<npy_header>& parsed) {
  for (const std::string_view path : {"f.npy", "f.c128", "f"}) {
    for (const std::optional<element_format> in :
         {std::optional<element_format>{}, std::optional<element_format>{element_format::c64}}) {
      try {
        const input_layout l = detect_input_layout(head, file_size, path, in);
        if (l.npy) {
          // A .npy layout only when the header parses, and then the same.
          if (!parsed || l.format != parsed->format || l.shape != parsed->shape ||
              l.data_offset != parsed->data_offset || l.element_count != parsed->element_count ||
              l.fortran_order != parsed->fortran_order)
            __builtin_trap();
          if (in && *in != l.format) __builtin_trap();
        } else if (l.audio) {
          // Audio only by its magic, without --in-format, and shaped once decoded.
          if (!starts_with_audio_magic(head) || in || !l.shape.empty() || l.element_count != 0) __builtin_trap();
        } else {
          if (l.data_offset != 0 || l.shape.size() != 1 || l.shape[0] != l.element_count ||
              l.element_count * element_bytes(l.format) != file_size)
            __builtin_trap();
          if (in && l.format != *in) __builtin_trap();
        }
      } catch (const input_error& e) {
        check_message(e, path);
        // A header that parses is refused only for a contradicting --in-format.
        if (parsed && !(in && *in != parsed->format)) __builtin_trap();
      }
    }
  }
}

// Parses; checks the round trip when it parses, and the layout rules when
// `layout` says so or it parses (they are slower: six calls).
void run(std::span<const unsigned char> bytes, std::uint64_t file_size, bool layout) {
  std::optional<npy_header> parsed;
  try {
    parsed = parse_npy_header(bytes, file_size, "f.npy");
  } catch (const input_error& e) {
    check_message(e, "f.npy");
  }
  if (parsed) check_round_trip(*parsed);
  if (layout || parsed) check_layout(bytes, file_size, parsed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const unsigned char> bytes(data, size);
  const std::uint64_t n = size;
  run(bytes, n, true);  // the input is the whole file
  run(bytes, n + 1, true);
  if (n > 0) run(bytes, n - 1, false);
  run(bytes, std::numeric_limits<std::uint64_t>::max(), false);
  // The input is the head of a file whose data follows the header: the
  // header's own end plus a few data sizes (of small shapes).
  if (size >= 12 && starts_with_npy_magic(bytes)) {
    const bool v1 = data[6] == 1;
    std::uint64_t header = std::uint64_t{data[8]} | std::uint64_t{data[9]} << 8;
    if (!v1) header |= std::uint64_t{data[10]} << 16 | std::uint64_t{data[11]} << 24;
    const std::uint64_t offset = (v1 ? 10 : 12) + header;
    for (const std::uint64_t extra : {0, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 1 << 20})
      run(bytes, offset + extra, false);
  }
  return 0;
}
