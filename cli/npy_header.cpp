// The .npy header: a small recursive-descent parser for the Python literals
// numpy writes, and the writer that reproduces numpy.save's bytes.
//
// The input is untrusted (it is fuzzed: tests/fuzz/fuzz_npy_header.cpp), so
// the parser is bounded everywhere: the header is at most
// max_npy_header_bytes, nesting at most max_depth, the shape at most
// max_rank dimensions, integers are accumulated with overflow checks, and
// every failure is an input_error whose message is one printable line.
#include "cli/npy_header.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>

#include "cli/errors.hpp"

namespace ffft::cli {

namespace {

constexpr int max_depth = 16;             // numpy's deepest: dict > list > tuple > tuple
constexpr std::size_t max_rank = 32;      // numpy's own limit is 64 (NPY_MAXDIMS 32 before 2.0)
constexpr std::size_t max_rendered = 96;  // characters of a value quoted in a message

// numpy.lib.format.GROWTH_AXIS_MAX_DIGITS: numpy (>= 1.24) pads the dict
// with spare spaces so that the first axis can grow in place.
constexpr std::size_t growth_axis_max_digits = 21;
constexpr std::size_t array_align = 64;

// ---------------------------------------------------------------------------
// Python literal values.

struct pyvalue {
  enum class kind { string, integer, number, boolean, none, tuple, list, dict };
  kind k = kind::none;
  std::string text;           // string: its contents; integer, number: the source text
  std::uint64_t integer = 0;  // integer: magnitude (valid unless overflow)
  bool negative = false;      // integer: has a '-' sign (and is not zero)
  bool overflow = false;      // integer: magnitude does not fit uint64
  bool boolean = false;
  std::vector<pyvalue> items;  // tuple, list: elements; dict: key, value, key, value, ...
};

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

// Appends s to out with anything outside printable ASCII (and the quote and
// backslash) escaped, so messages stay one printable line.
void append_escaped(std::string& out, std::string_view s, char quote) {
  static constexpr char hex[] = "0123456789abcdef";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '\\' || c == static_cast<unsigned char>(quote)) {
      out += '\\';
      out += ch;
    } else if (c >= 0x20 && c < 0x7f) {
      out += ch;
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
}

// Python's repr, roughly (strings in single quotes), for messages.
void render(std::string& out, const pyvalue& v, std::size_t limit) {
  if (out.size() > limit) return;
  switch (v.k) {
    case pyvalue::kind::string:
      out += '\'';
      append_escaped(out, v.text, '\'');
      out += '\'';
      return;
    case pyvalue::kind::integer:
    case pyvalue::kind::number: append_escaped(out, v.text, 0); return;
    case pyvalue::kind::boolean: out += v.boolean ? "True" : "False"; return;
    case pyvalue::kind::none: out += "None"; return;
    case pyvalue::kind::tuple:
    case pyvalue::kind::list:
    case pyvalue::kind::dict: {
      const bool tuple = v.k == pyvalue::kind::tuple;
      const bool dict = v.k == pyvalue::kind::dict;
      out += tuple ? '(' : dict ? '{' : '[';
      for (std::size_t i = 0; i < v.items.size(); ++i) {
        if (out.size() > limit) return;
        if (i > 0) out += dict && i % 2 == 1 ? ": " : ", ";
        render(out, v.items[i], limit);
      }
      if (tuple && v.items.size() == 1) out += ',';
      out += tuple ? ')' : dict ? '}' : ']';
      return;
    }
  }
}

std::string rendered(const pyvalue& v) {
  std::string out;
  render(out, v, max_rendered);
  if (out.size() > max_rendered) {
    out.resize(max_rendered);
    out += "...";
  }
  return out;
}

// ---------------------------------------------------------------------------
// The parser.

class literal_parser {
 public:
  literal_parser(std::string_view text, std::string_view what) : s_(text), what_(what) {}

  pyvalue parse_document() {
    skip_ws();
    pyvalue v = parse_value(0);
    skip_ws();
    if (pos_ != s_.size()) fail("unexpected text after the dict");
    return v;
  }

 private:
  [[noreturn]] void fail(std::string_view problem) const {
    std::string m(what_);
    m += ": malformed .npy header: ";
    m += problem;
    m += " at byte " + std::to_string(pos_) + " of the header";
    if (pos_ < s_.size()) {
      m += " (near '";
      append_escaped(m, s_.substr(pos_, std::min<std::size_t>(12, s_.size() - pos_)), '\'');
      m += "')";
    }
    m += "; the file is damaged or was not written by numpy.save";
    throw input_error(m);
  }

  bool at_end() const { return pos_ >= s_.size(); }
  char peek() const { return at_end() ? '\0' : s_[pos_]; }
  void skip_ws() {
    while (!at_end() && is_ws(s_[pos_])) ++pos_;
  }

  pyvalue parse_value(int depth) {
    if (depth > max_depth) fail("nesting too deep");
    if (at_end()) fail("unexpected end of the header, expected a value");
    const char c = peek();
    if (c == '\'' || c == '"') return parse_string();
    if (c == '(') return parse_sequence(depth, ')', pyvalue::kind::tuple);
    if (c == '[') return parse_sequence(depth, ']', pyvalue::kind::list);
    if (c == '{') return parse_dict(depth);
    if (is_digit(c) || c == '-' || c == '+' || c == '.') return parse_number();
    if (is_alpha(c)) return parse_name();
    fail("unexpected character");
  }

  pyvalue parse_string() {
    const char quote = s_[pos_++];
    pyvalue v;
    v.k = pyvalue::kind::string;
    while (true) {
      if (at_end() || s_[pos_] == '\n') fail("unterminated string");
      const char c = s_[pos_++];
      if (c == quote) break;
      if (c == '\\') {
        if (at_end()) fail("unterminated string");
        const char e = s_[pos_++];
        // The escapes that matter for matching names; any other keeps its
        // backslash (it will not match a name ffft knows anyway).
        if (e != '\\' && e != '\'' && e != '"') v.text += '\\';
        v.text += e;
        continue;
      }
      v.text += c;
    }
    return v;
  }

  pyvalue parse_number() {
    const std::size_t start = pos_;
    pyvalue v;
    v.k = pyvalue::kind::integer;
    // Unary signs (ast.literal_eval accepts them), possibly several.
    while (!at_end() && (s_[pos_] == '-' || s_[pos_] == '+')) {
      if (s_[pos_] == '-') v.negative = !v.negative;
      ++pos_;
      skip_ws();
    }
    if (!is_digit(peek()) && peek() != '.') fail("expected a number");
    while (is_digit(peek())) {
      const auto d = static_cast<std::uint64_t>(s_[pos_] - '0');
      if (v.integer > (std::numeric_limits<std::uint64_t>::max() - d) / 10) v.overflow = true;
      v.integer = v.integer * 10 + d;  // wraps when overflow is set; unused then
      ++pos_;
    }
    const char c = peek();
    if (c == '.' || c == 'e' || c == 'E' || c == 'j' || c == 'J') {
      // A float or imaginary literal: consume it loosely, it is refused later.
      v.k = pyvalue::kind::number;
      while (!at_end()) {
        const char d = s_[pos_];
        const bool exponent_sign =
            (d == '+' || d == '-') && pos_ > start && (s_[pos_ - 1] == 'e' || s_[pos_ - 1] == 'E');
        if (!(is_digit(d) || d == '.' || d == 'e' || d == 'E' || d == 'j' || d == 'J' ||
              exponent_sign))
          break;
        ++pos_;
      }
    } else if (c == 'L' || c == 'l') {
      ++pos_;  // Python 2's long suffix, which numpy's reader also accepts
    }
    if (is_alpha(peek()) || is_digit(peek())) fail("malformed number");
    if (v.k == pyvalue::kind::integer && v.integer == 0 && !v.overflow) v.negative = false;
    v.text.assign(s_.substr(start, pos_ - start));
    return v;
  }

  pyvalue parse_name() {
    const std::size_t start = pos_;
    while (!at_end() && (is_alpha(s_[pos_]) || is_digit(s_[pos_]))) ++pos_;
    const std::string_view name = s_.substr(start, pos_ - start);
    pyvalue v;
    if (name == "True" || name == "False") {
      v.k = pyvalue::kind::boolean;
      v.boolean = name == "True";
    } else if (name == "None") {
      v.k = pyvalue::kind::none;
    } else {
      pos_ = start;
      fail("unexpected name");
    }
    return v;
  }

  // '(' or '[' ... ; a parenthesized single value without a comma is that
  // value, as in Python ("(3)" is 3, "(3,)" a 1-tuple).
  pyvalue parse_sequence(int depth, char close, pyvalue::kind k) {
    ++pos_;
    pyvalue v;
    v.k = k;
    bool comma = false;
    skip_ws();
    while (peek() != close) {
      if (at_end()) fail("unterminated tuple or list");
      v.items.push_back(parse_value(depth + 1));
      skip_ws();
      if (peek() == ',') {
        comma = true;
        ++pos_;
        skip_ws();
      } else if (peek() != close) {
        fail(close == ')' ? "expected ',' or ')'" : "expected ',' or ']'");
      }
    }
    ++pos_;
    if (k == pyvalue::kind::tuple && v.items.size() == 1 && !comma) {
      pyvalue inner = std::move(v.items.front());
      return inner;
    }
    return v;
  }

  pyvalue parse_dict(int depth) {
    ++pos_;
    pyvalue v;
    v.k = pyvalue::kind::dict;
    skip_ws();
    while (peek() != '}') {
      if (at_end()) fail("unterminated dict");
      v.items.push_back(parse_value(depth + 1));
      skip_ws();
      if (peek() != ':') fail("expected ':'");
      ++pos_;
      skip_ws();
      v.items.push_back(parse_value(depth + 1));
      skip_ws();
      if (peek() == ',') {
        ++pos_;
        skip_ws();
      } else if (peek() != '}') {
        fail("expected ',' or '}'");
      }
    }
    ++pos_;
    return v;
  }

  std::string_view s_;
  std::string_view what_;
  std::size_t pos_ = 0;
};

// ---------------------------------------------------------------------------
// Interpreting the dict.

std::string dtype_display(element_format f) {
  switch (f) {
    case element_format::c64: return "complex64";
    case element_format::c128: return "complex128";
    case element_format::f32: return "float32";
    case element_format::f64: return "float64";
    default: return std::string(format_name(f));
  }
}

std::string shape_repr(std::span<const std::uint64_t> shape) {
  std::string out = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) out += ", ";
    out += std::to_string(shape[i]);
  }
  if (shape.size() == 1) out += ',';
  out += ')';
  return out;
}

std::string_view structured_descr(element_format f) {
  switch (f) {
    case element_format::df64: return "[('re', '<f4', (2,)), ('im', '<f4', (2,))]";
    case element_format::qf128: return "[('re', '<f4', (4,)), ('im', '<f4', (4,))]";
    case element_format::dd128: return "[('re', '<f8', (2,)), ('im', '<f8', (2,))]";
    case element_format::rdf64: return "[('re', '<f4', (2,))]";
    case element_format::rqf128: return "[('re', '<f4', (4,))]";
    case element_format::rdd128: return "[('re', '<f8', (2,))]";
    default: return "";
  }
}

std::string descr_repr(element_format f) {
  switch (f) {
    case element_format::c64: return "'<c8'";
    case element_format::c128: return "'<c16'";
    case element_format::f32: return "'<f4'";
    case element_format::f64: return "'<f8'";
    default: return std::string(structured_descr(f));
  }
}

constexpr std::string_view supported_dtypes =
    "ffft reads complex64, complex128, float32, float64 and its structured dtypes of df64, qf128 "
    "and dd128 values (complex, and real: rdf64, rqf128, rdd128)";

[[noreturn]] void refuse(std::string_view what, const std::string& problem) {
  std::string m(what);
  m += ": ";
  m += problem;
  throw input_error(m);
}

// A numpy type string: byte order ('<', '>', '=', '|' or none), kind letter,
// item size in bytes. Anything else has ok == false.
struct typestr {
  bool ok = false;
  char order = '=';
  char kind = 0;
  std::uint64_t size = 0;
};

typestr parse_typestr(std::string_view s) {
  typestr t;
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '<' || s[i] == '>' || s[i] == '=' || s[i] == '|')) t.order = s[i++];
  if (i >= s.size() || !is_alpha(s[i])) return t;
  t.kind = s[i++];
  if (i >= s.size() || s.size() - i > 6) return t;
  for (; i < s.size(); ++i) {
    if (!is_digit(s[i])) return t;
    t.size = t.size * 10 + static_cast<std::uint64_t>(s[i] - '0');
  }
  t.ok = true;
  return t;
}

// numpy's name of a simple dtype, e.g. "int32", or "" when it has none.
std::string kind_name(const typestr& t) {
  const std::string bits = std::to_string(t.size * 8);
  switch (t.kind) {
    case 'b': return "bool";
    case 'i': return "int" + bits;
    case 'u': return "uint" + bits;
    case 'f': return "float" + bits;
    case 'c': return "complex" + bits;
    case 'S':
    case 'a': return "bytes";
    case 'U': return "str";
    case 'V': return "void";
    case 'O': return "object";
    case 'M': return "datetime64";
    case 'm': return "timedelta64";
    default: return "";
  }
}

element_format dtype_from_string(std::string_view what, const pyvalue& descr) {
  const typestr t = parse_typestr(descr.text);
  const std::string shown = rendered(descr);
  if (!t.ok || kind_name(t).empty())
    refuse(what, "dtype " + shown + " is not a numpy dtype ffft knows; " +
                     std::string(supported_dtypes) + " (convert with x.astype(numpy.complex128))");
  const std::string name = kind_name(t);
  const bool complex_kind = t.kind == 'c' && (t.size == 8 || t.size == 16);
  const bool real_kind = t.kind == 'f' && (t.size == 4 || t.size == 8);
  if (complex_kind || real_kind) {
    const char* little = complex_kind ? (t.size == 8 ? "'<c8'" : "'<c16'") : (t.size == 4 ? "'<f4'" : "'<f8'");
    if (t.order == '>')
      refuse(what, "dtype " + shown + " (" + name +
                       ") is big-endian; ffft reads little-endian data: convert it with x.astype(" +
                       little + ") and save it again");
    if (t.order == '|')
      refuse(what, "dtype " + shown + " has byte order '|', which is invalid for " + name +
                       " (numpy writes " + little + "); the file is damaged");
    if (complex_kind) return t.size == 8 ? element_format::c64 : element_format::c128;
    return t.size == 4 ? element_format::f32 : element_format::f64;
  }
  refuse(what, "dtype " + shown + " (" + name + ") is not supported; " + std::string(supported_dtypes) +
                   ": convert with x.astype(numpy.complex128) or x.astype(numpy.float64)");
}

// One field (name, type string, subshape (n,) or n) of a structured descr,
// or nullopt if it is not of that form.
struct field {
  std::string name;
  typestr type;
  std::uint64_t count = 0;
};

std::optional<field> parse_field(const pyvalue& v) {
  if (v.k != pyvalue::kind::tuple || v.items.size() != 3) return std::nullopt;
  const pyvalue& name = v.items[0];
  const pyvalue& type = v.items[1];
  const pyvalue& shape = v.items[2];
  if (name.k != pyvalue::kind::string || type.k != pyvalue::kind::string) return std::nullopt;
  field f;
  f.name = name.text;
  f.type = parse_typestr(type.text);
  if (!f.type.ok) return std::nullopt;
  // The subshape: (n,) as numpy writes it, or n, which numpy also reads.
  const pyvalue* n = &shape;
  if (shape.k == pyvalue::kind::tuple) {
    if (shape.items.size() != 1) return std::nullopt;
    n = &shape.items[0];
  }
  if (n->k != pyvalue::kind::integer || n->negative || n->overflow) return std::nullopt;
  f.count = n->integer;
  return f;
}

element_format dtype_from_list(std::string_view what, const pyvalue& descr) {
  const std::string shown = rendered(descr);
  const std::string unknown = "structured dtype " + shown + " is not one ffft reads (df64 " +
                              std::string(structured_descr(element_format::df64)) + ", qf128 " +
                              std::string(structured_descr(element_format::qf128)) + ", dd128 " +
                              std::string(structured_descr(element_format::dd128)) +
                              ", or the real ones of their 're' field alone); convert it with "
                              "x.astype(numpy.complex128) or to one of those";
  if (descr.items.size() != 1 && descr.items.size() != 2) refuse(what, unknown);
  const bool real = descr.items.size() == 1;
  const auto re = parse_field(descr.items[0]);
  const auto im = real ? re : parse_field(descr.items[1]);
  if (!re || !im || re->name != "re" || (!real && im->name != "im") || re->type.kind != 'f' ||
      im->type.kind != 'f' || re->type.size != im->type.size || re->count != im->count)
    refuse(what, unknown);
  std::optional<element_format> f;
  if (re->type.size == 4 && re->count == 2) f = element_format::df64;
  if (re->type.size == 4 && re->count == 4) f = element_format::qf128;
  if (re->type.size == 8 && re->count == 2) f = element_format::dd128;
  if (!f) refuse(what, unknown);
  if (real) f = real_counterpart(*f);
  const auto little = [](char o) { return o == '<' || o == '='; };
  if (re->type.order == '>' || im->type.order == '>')
    refuse(what, "structured dtype " + shown + " (" + std::string(format_name(*f)) +
                     ") is big-endian; ffft reads little-endian data: convert it with "
                     "x.astype(x.dtype.newbyteorder('<')) and save it again");
  if (!little(re->type.order) || !little(im->type.order)) refuse(what, unknown);
  return *f;
}

element_format dtype_from_descr(std::string_view what, const pyvalue& descr) {
  if (descr.k == pyvalue::kind::string) return dtype_from_string(what, descr);
  if (descr.k == pyvalue::kind::list) return dtype_from_list(what, descr);
  refuse(what, "the .npy header's 'descr' " + rendered(descr) +
                   " is not a dtype description; the file is damaged or was not written by "
                   "numpy.save");
}

std::uint32_t read_le(std::span<const unsigned char> b, std::size_t at, std::size_t n) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v |= static_cast<std::uint32_t>(b[at + i]) << (8 * i);
  return v;
}

}  // namespace

bool starts_with_npy_magic(std::span<const unsigned char> bytes) {
  return bytes.size() >= npy_magic.size() &&
         std::memcmp(bytes.data(), npy_magic.data(), npy_magic.size()) == 0;
}

npy_header parse_npy_header(std::span<const unsigned char> head, std::uint64_t file_size,
                            std::string_view what) {
  if (head.size() > file_size) head = head.first(static_cast<std::size_t>(file_size));
  if (!starts_with_npy_magic(head))
    refuse(what,
           "the file does not start with the .npy magic (\\x93NUMPY); it is not a numpy .npy file");
  if (head.size() < 8)
    refuse(what, "the .npy file is truncated in its preamble (" + std::to_string(head.size()) +
                     " bytes); the file is damaged");
  const int major = head[6];
  const int minor = head[7];
  if ((major != 1 && major != 2 && major != 3) || minor != 0)
    refuse(what, ".npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                     " is not supported; ffft reads versions 1.0, 2.0 and 3.0");
  const std::size_t preamble = major == 1 ? 10 : 12;
  if (head.size() < preamble)
    refuse(what, "the .npy file is truncated in its preamble (" + std::to_string(head.size()) +
                     " bytes); the file is damaged");
  const std::uint64_t header_bytes = read_le(head, 8, preamble - 8);
  if (preamble + header_bytes > file_size)
    refuse(what, "the .npy header length " + std::to_string(header_bytes) +
                     " runs past the end of the file (" + std::to_string(file_size) +
                     " bytes); the file is truncated or damaged");
  if (header_bytes > max_npy_header_bytes)
    refuse(what, "the .npy header is " + std::to_string(header_bytes) + " bytes, more than the " +
                     std::to_string(max_npy_header_bytes) +
                     " ffft reads; the file is damaged or its header is not numpy's");
  if (preamble + header_bytes > head.size())
    refuse(what, "only " + std::to_string(head.size()) + " bytes of the " +
                     std::to_string(preamble + header_bytes) +
                     "-byte .npy header could be read; the file is damaged");

  const std::string_view text(reinterpret_cast<const char*>(head.data()) + preamble,
                              static_cast<std::size_t>(header_bytes));
  const pyvalue dict = literal_parser(text, what).parse_document();
  const std::string damaged = "; the file is damaged or was not written by numpy.save";
  if (dict.k != pyvalue::kind::dict)
    refuse(what, "the .npy header " + rendered(dict) + " is not a dict" + damaged);

  const pyvalue* descr = nullptr;
  const pyvalue* fortran = nullptr;
  const pyvalue* shape = nullptr;
  for (std::size_t i = 0; i + 1 < dict.items.size(); i += 2) {
    const pyvalue& key = dict.items[i];
    const pyvalue** slot = nullptr;
    if (key.k == pyvalue::kind::string) {
      if (key.text == "descr") slot = &descr;
      if (key.text == "fortran_order") slot = &fortran;
      if (key.text == "shape") slot = &shape;
    }
    if (slot == nullptr)
      refuse(what, "the .npy header has an unexpected key " + rendered(key) +
                       " (it has exactly 'descr', 'fortran_order' and 'shape')" + damaged);
    if (*slot != nullptr)
      refuse(what, "the .npy header has the key " + rendered(key) + " twice" + damaged);
    *slot = &dict.items[i + 1];
  }
  for (const auto& [value, name] :
       {std::pair{descr, "descr"}, std::pair{fortran, "fortran_order"}, std::pair{shape, "shape"}})
    if (value == nullptr)
      refuse(what, std::string("the .npy header has no '") + name + "' key" + damaged);

  npy_header h{};
  h.major_version = major;
  h.data_offset = preamble + header_bytes;
  h.format = dtype_from_descr(what, *descr);

  if (fortran->k != pyvalue::kind::boolean)
    refuse(what, "the .npy header's 'fortran_order' is " + rendered(*fortran) +
                     ", not True or False" + damaged);

  if (shape->k != pyvalue::kind::tuple)
    refuse(what, "the .npy header's 'shape' " + rendered(*shape) +
                     " is not a tuple of non-negative integers" + damaged);
  if (shape->items.size() > max_rank)
    refuse(what, "the .npy shape has " + std::to_string(shape->items.size()) +
                     " dimensions; ffft reads at most " + std::to_string(max_rank));
  for (const pyvalue& d : shape->items) {
    if (d.k != pyvalue::kind::integer)
      refuse(what, "the .npy shape " + rendered(*shape) + " has the entry " + rendered(d) +
                       ", which is not an integer" + damaged);
    if (d.negative)
      refuse(what, "the .npy shape " + rendered(*shape) + " has the negative dimension " +
                       rendered(d) + damaged);
    if (d.overflow)
      refuse(what, "the .npy shape " + rendered(*shape) + " has the dimension " + rendered(d) +
                       ", too large for any file" + damaged);
    h.shape.push_back(d.integer);
  }

  const std::uint64_t item = element_bytes(h.format);
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  const bool empty = std::find(h.shape.begin(), h.shape.end(), 0) != h.shape.end();
  std::uint64_t count = 1;
  if (empty) {
    count = 0;
  } else {
    for (const std::uint64_t d : h.shape) {
      if (count > max / d / item)
        refuse(what, "shape " + shape_repr(h.shape) + " of " + dtype_display(h.format) +
                         " is too large (2^64 bytes or more)" + damaged);
      count *= d;
    }
  }
  h.element_count = count;

  // Fortran order matters only when two or more axes exceed 1 (and there
  // are values); otherwise the layout is C order's, and is reported so.
  const auto above_one = std::count_if(h.shape.begin(), h.shape.end(), [](std::uint64_t d) { return d > 1; });
  h.fortran_order = fortran->boolean && above_one > 1 && count > 0;

  const std::uint64_t needed = count * item;
  const std::uint64_t present = file_size - h.data_offset;
  if (needed != present)
    refuse(what, "shape " + shape_repr(h.shape) + " of " + dtype_display(h.format) + " needs " +
                     std::to_string(needed) + " bytes of data but the file has " +
                     std::to_string(present) + " after its header; " +
                     (present < needed ? "the file is truncated or its header is wrong"
                                       : "the file has extra bytes at its end or its header is "
                                         "wrong"));
  return h;
}

std::string make_npy_header(element_format f, std::span<const std::uint64_t> shape, bool fortran_order) {
  // As numpy.lib.format._write_array_header: the dict's keys sorted, each
  // "'key': repr(value), ", then spare spaces for the growth axis (the
  // first, or in Fortran order the last) to grow, then (in _wrap_header) 1
  // to 64 spaces and '\n' up to a multiple of 64.
  std::string dict = "{'descr': " + descr_repr(f) +
                     ", 'fortran_order': " + (fortran_order ? "True" : "False") +
                     ", 'shape': " + shape_repr(shape) + ", }";
  if (!shape.empty()) {
    const std::size_t digits = std::to_string(fortran_order ? shape.back() : shape.front()).size();
    if (digits < growth_axis_max_digits) dict.append(growth_axis_max_digits - digits, ' ');
  }
  const std::size_t with_newline = dict.size() + 1;
  for (const std::size_t preamble : {std::size_t{10}, std::size_t{12}}) {
    const std::size_t pad = array_align - (preamble + with_newline) % array_align;  // 1..64
    const std::size_t header_bytes = with_newline + pad;
    if (preamble == 10 && header_bytes > 0xffff) continue;
    std::string out(npy_magic);
    out += static_cast<char>(preamble == 10 ? 1 : 2);
    out += '\0';
    for (std::size_t i = 0; i < preamble - 8; ++i)
      out += static_cast<char>((header_bytes >> (8 * i)) & 0xff);
    out += dict;
    out.append(pad, ' ');
    out += '\n';
    return out;
  }
  return {};  // unreachable: a header never exceeds 2.0's uint32 length
}

}  // namespace ffft::cli
