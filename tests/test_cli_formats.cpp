// The CLI's file-format layer (src/cli): element formats, the .npy header
// (parsing, refusals, and byte-exact agreement with numpy's writer) and the
// rules that decide an input file's layout.
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/element_format.hpp"
#include "cli/errors.hpp"
#include "cli/input_layout.hpp"
#include "cli/npy_header.hpp"

namespace {

using namespace ffft::cli;
using namespace std::string_literals;

// A byte string from a literal that may hold NULs.
template <std::size_t N>
std::string bytes(const char (&s)[N]) {
  return std::string(s, N - 1);
}

std::span<const unsigned char> as_bytes(const std::string& s) {
  return {reinterpret_cast<const unsigned char*>(s.data()), s.size()};
}

// A .npy preamble (magic, version, header length) followed by `dict`, with
// no padding: numpy reads headers whether or not they are aligned.
std::string npy(std::string_view dict, int major = 1, int minor = 0) {
  std::string out(npy_magic);
  out += static_cast<char>(major);
  out += static_cast<char>(minor);
  const std::size_t n = dict.size();
  out += static_cast<char>(n & 0xff);
  out += static_cast<char>((n >> 8) & 0xff);
  if (major != 1) {
    out += static_cast<char>((n >> 16) & 0xff);
    out += static_cast<char>((n >> 24) & 0xff);
  }
  out += dict;
  return out;
}

std::string dict_with(std::string_view descr, std::string_view shape,
                      std::string_view fortran = "False") {
  return "{'descr': "s + std::string(descr) + ", 'fortran_order': " + std::string(fortran) +
         ", 'shape': " + std::string(shape) + ", }\n";
}

// The header parsed as that of a file with `data` bytes after it.
npy_header parse_with_data(const std::string& header, std::uint64_t data) {
  return parse_npy_header(as_bytes(header), header.size() + data, "x.npy");
}

// The message of the input_error that f throws (fails the test if none).
template <class F>
std::string refusal(F&& f) {
  try {
    f();
  } catch (const input_error& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos) << "message is not one line: " << m;
    EXPECT_NE(m.rfind("ffft:", 0), 0u) << m;
    return m;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw something else than input_error: " << e.what();
    return {};
  }
  ADD_FAILURE() << "did not throw";
  return {};
}

// Expects parsing `header` (with `data` bytes after it) to be refused with
// a message that starts with "x.npy: " and contains every one of `parts`.
void expect_refused(const std::string& header, std::uint64_t data,
                    std::initializer_list<std::string_view> parts) {
  const std::string m = refusal([&] { parse_with_data(header, data); });
  EXPECT_EQ(m.rfind("x.npy: ", 0), 0u) << m;
  for (const std::string_view p : parts)
    EXPECT_NE(m.find(p), std::string::npos) << "'" << p << "' not in: " << m;
}

// ---------------------------------------------------------------------------
// Element formats.

TEST(ElementFormat, NamesSizesAndKinds) {
  EXPECT_EQ(format_name(element_format::c64), "c64");
  EXPECT_EQ(format_name(element_format::c128), "c128");
  EXPECT_EQ(format_name(element_format::df64), "df64");
  EXPECT_EQ(format_name(element_format::qf128), "qf128");
  EXPECT_EQ(format_name(element_format::dd128), "dd128");
  EXPECT_EQ(element_bytes(element_format::c64), 8u);
  EXPECT_EQ(element_bytes(element_format::c128), 16u);
  EXPECT_EQ(element_bytes(element_format::df64), 16u);
  EXPECT_EQ(element_bytes(element_format::qf128), 32u);
  EXPECT_EQ(element_bytes(element_format::dd128), 32u);
  EXPECT_FALSE(is_native(element_format::c64));
  EXPECT_FALSE(is_native(element_format::c128));
  EXPECT_TRUE(is_native(element_format::df64));
  EXPECT_TRUE(is_native(element_format::qf128));
  EXPECT_TRUE(is_native(element_format::dd128));
  EXPECT_EQ(format_choices(), "c64|c128|df64|qf128|dd128|f32|f64|rdf64|rqf128|rdd128");
}

TEST(ElementFormat, RealFormatsAndTheirComplexCounterparts) {
  const std::pair<element_format, element_format> pairs[] = {
      {element_format::f32, element_format::c64},       {element_format::f64, element_format::c128},
      {element_format::rdf64, element_format::df64},    {element_format::rqf128, element_format::qf128},
      {element_format::rdd128, element_format::dd128}};
  for (const auto& [real, complex] : pairs) {
    EXPECT_TRUE(is_real(real)) << format_name(real);
    EXPECT_FALSE(is_real(complex)) << format_name(complex);
    EXPECT_FALSE(is_native(real)) << format_name(real);
    EXPECT_EQ(complex_counterpart(real), complex);
    EXPECT_EQ(real_counterpart(complex), real);
    EXPECT_EQ(complex_counterpart(complex), complex);
    EXPECT_EQ(real_counterpart(real), real);
    EXPECT_EQ(2 * element_bytes(real), element_bytes(complex)) << format_name(real);
  }
}

TEST(ElementFormat, ParsesNames) {
  for (const element_format f : all_element_formats)
    EXPECT_EQ(parse_format_name(format_name(f)), f);
  for (const std::string_view bad : {"", "C64", "c32", "c128 ", "complex128", "npy", "dd"})
    EXPECT_FALSE(parse_format_name(bad).has_value()) << bad;
}

TEST(ElementFormat, Extensions) {
  EXPECT_EQ(format_from_extension("x.c64"), element_format::c64);
  EXPECT_EQ(format_from_extension("dir/x.c128"), element_format::c128);
  EXPECT_EQ(format_from_extension("a.b.df64"), element_format::df64);
  EXPECT_EQ(format_from_extension("/tmp/y.qf128"), element_format::qf128);
  EXPECT_EQ(format_from_extension("y.dd128"), element_format::dd128);
  for (const std::string_view none :
       {"x.npy", "x", "c128", "x.C128", "x.c128.gz", "x.c128/", "dir.c64/x", "x.", ""})
    EXPECT_FALSE(format_from_extension(none).has_value()) << none;
  EXPECT_TRUE(has_npy_extension("x.npy"));
  EXPECT_TRUE(has_npy_extension("dir/a.b.npy"));
  EXPECT_FALSE(has_npy_extension("x.npz"));
  EXPECT_FALSE(has_npy_extension("x.NPY"));
  EXPECT_FALSE(has_npy_extension("x.npy.c128"));
  EXPECT_FALSE(has_npy_extension("npy"));
}

// ---------------------------------------------------------------------------
// numpy's own headers.
//
// Generated with Debian's numpy 1.24.2 (/usr/bin/python3), as np.save writes
// them (checked against np.save for the arrays that fit in memory):
//   import io, numpy as np, numpy.lib.format as F
//   b = io.BytesIO()
//   F._write_array_header(b, {'descr': F.dtype_to_descr(dtype),
//                             'fortran_order': False, 'shape': shape}, None)
// with dtype complex64, complex128 or the structured dtypes of
// npy_header.hpp, e.g. np.dtype([('re','<f4',(2,)), ('im','<f4',(2,))]);
// then each byte outside printable ASCII written as \xNN. numpy >= 1.24
// adds 21 - len(repr(shape[0])) spare spaces before the alignment padding
// (GROWTH_AXIS_MAX_DIGITS), hence the 192-byte (2, 3, 5) header.

struct numpy_case {
  element_format format;
  std::vector<std::uint64_t> shape;
  std::string header;
};

std::vector<numpy_case> numpy_cases() {
  return {
      {element_format::c128,
       {1024},
       bytes("\x93NUMPY\x01\x00v\x00{'descr': '<c16', 'fortran_order': False, 'shape': (1024,), "
             "}                                                        \x0a")},
      {element_format::c64,
       {3, 4},
       bytes("\x93NUMPY\x01\x00v\x00{'descr': '<c8', 'fortran_order': False, 'shape': (3, 4), "
             "}                                                          \x0a")},
      {element_format::c128,
       {},
       bytes("\x93NUMPY\x01\x00v\x00{'descr': '<c16', 'fortran_order': False, 'shape': (), "
             "}                                                             \x0a")},
      {element_format::df64,
       {2, 3, 5},
       bytes("\x93NUMPY\x01\x00\xb6\x00{'descr': [('re', '<f4', (2,)), ('im', '<f4', (2,))], "
             "'fortran_order': False, 'shape': (2, 3, 5), }                                      "
             "                                            \x0a")},
      {element_format::qf128,
       {7},
       bytes("\x93NUMPY\x01\x00v\x00{'descr': [('re', '<f4', (4,)), ('im', '<f4', (4,))], "
             "'fortran_order': False, 'shape': (7,), }                       \x0a")},
      {element_format::dd128,
       {0},
       bytes("\x93NUMPY\x01\x00v\x00{'descr': [('re', '<f8', (2,)), ('im', '<f8', (2,))], "
             "'fortran_order': False, 'shape': (0,), }                       \x0a")},
      {element_format::c64,
       {1, 2, 3, 4},
       bytes("\x93NUMPY\x01\x00v\x00{'descr': '<c8', 'fortran_order': False, 'shape': (1, 2, 3, "
             "4), }                                                    \x0a")},
      {element_format::dd128,
       {5},
       bytes("\x93NUMPY\x01\x00v\x00{'descr': [('re', '<f8', (2,)), ('im', '<f8', (2,))], "
             "'fortran_order': False, 'shape': (5,), }                       \x0a")},
      {element_format::df64,
       {},
       bytes("\x93NUMPY\x01\x00v\x00{'descr': [('re', '<f4', (2,)), ('im', '<f4', (2,))], "
             "'fortran_order': False, 'shape': (), }                         \x0a")},
      // Too large for any file (16 * this overflows 64 bits), but numpy
      // writes the header all the same.
      {element_format::c128,
       {12345678901234567890ull},
       bytes("\x93NUMPY\x01\x00v\x00{'descr': '<c16', 'fortran_order': False, 'shape': "
             "(12345678901234567890,), }                                        \x0a")},
  };
}

TEST(NpyHeader, MakesNumpysBytes) {
  for (const numpy_case& c : numpy_cases()) {
    EXPECT_EQ(make_npy_header(c.format, c.shape), c.header) << format_name(c.format);
    EXPECT_EQ(c.header.size() % 64, 0u);
  }
}

TEST(NpyHeader, ParsesNumpysBytes) {
  for (const numpy_case& c : numpy_cases()) {
    if (c.shape == std::vector<std::uint64_t>{12345678901234567890ull}) continue;
    std::uint64_t count = 1;
    for (const auto d : c.shape) count *= d;
    const npy_header h = parse_with_data(c.header, count * element_bytes(c.format));
    EXPECT_EQ(h.format, c.format);
    EXPECT_EQ(h.shape, c.shape);
    EXPECT_EQ(h.element_count, count);
    EXPECT_EQ(h.data_offset, c.header.size());
    EXPECT_EQ(h.major_version, 1);
  }
}

TEST(NpyHeader, ParsesVersions2And3) {
  // numpy.lib.format.write_array(..., version=(2, 0)) and (3, 0), complex128 (3,).
  const std::string v2 = bytes(
      "\x93NUMPY\x02\x00t\x00\x00\x00{'descr': '<c16', 'fortran_order': False, 'shape': "
      "(3,), }                                                         \x0a");
  const std::string v3 = bytes(
      "\x93NUMPY\x03\x00t\x00\x00\x00{'descr': '<c16', 'fortran_order': False, 'shape': "
      "(3,), }                                                         \x0a");
  for (const auto& [header, version] : {std::pair{v2, 2}, std::pair{v3, 3}}) {
    const npy_header h = parse_with_data(header, 48);
    EXPECT_EQ(h.major_version, version);
    EXPECT_EQ(h.format, element_format::c128);
    EXPECT_EQ(h.shape, std::vector<std::uint64_t>{3});
    EXPECT_EQ(h.data_offset, 128u);
    EXPECT_EQ(h.element_count, 3u);
  }
  // Version 3.0's header is utf-8: non-ASCII bytes inside strings are kept.
  expect_refused(npy(dict_with("'<c16'", "(3,)").replace(1, 0, "'\xc3\xa9': 1, "), 3), 48,
                 {"unexpected key '\\xc3\\xa9'"});
}

TEST(NpyHeader, RoundTripsEveryFormatAndShape) {
  const std::vector<std::vector<std::uint64_t>> shapes = {{},
                                                          {0},
                                                          {1},
                                                          {1024},
                                                          {3, 4},
                                                          {2, 3, 5},
                                                          {1, 1, 1, 1, 7},
                                                          {65536, 3},
                                                          {4, 0, 9},
                                                          std::vector<std::uint64_t>(32, 1)};
  for (const element_format f : all_element_formats) {
    for (const auto& shape : shapes) {
      const std::string header = make_npy_header(f, shape);
      ASSERT_EQ(header.size() % 64, 0u);
      ASSERT_EQ(header.back(), '\n');
      std::uint64_t count = 1;
      for (const auto d : shape) count *= d;
      const npy_header h = parse_with_data(header, count * element_bytes(f));
      EXPECT_EQ(h.format, f);
      EXPECT_EQ(h.shape, shape);
      EXPECT_EQ(h.element_count, count);
      EXPECT_EQ(h.data_offset, header.size());
      EXPECT_EQ(h.major_version, 1);
    }
  }
}

TEST(NpyHeader, LongHeadersUseVersion2) {
  // 30000 dimensions do not fit 1.0's uint16 length (and are refused on read).
  const std::vector<std::uint64_t> shape(30000, 1);
  const std::string header = make_npy_header(element_format::c128, shape);
  ASSERT_GT(header.size(), 65536u);
  EXPECT_EQ(header.size() % 64, 0u);
  EXPECT_EQ(header[6], 2);
  EXPECT_EQ(header[7], 0);
  const auto u = [&](std::size_t i) {
    return std::uint64_t(static_cast<unsigned char>(header[i]));
  };
  EXPECT_EQ(u(8) | u(9) << 8 | u(10) << 16 | u(11) << 24, header.size() - 12);
  EXPECT_EQ(header.back(), '\n');
  expect_refused(header, 16, {"more than the 65536"});
}

TEST(NpyHeader, ToleratesWhatPythonReads) {
  const auto parses_as = [](const std::string& dict, element_format f,
                            std::vector<std::uint64_t> shape) {
    std::uint64_t count = 1;
    for (const auto d : shape) count *= d;
    const std::string header = npy(dict);
    const npy_header h = parse_with_data(header, count * element_bytes(f));
    EXPECT_EQ(h.format, f) << dict;
    EXPECT_EQ(h.shape, shape) << dict;
    EXPECT_EQ(h.data_offset, header.size());
  };
  // Unaligned, no trailing comma, no newline, keys in another order, double quotes.
  parses_as("{'shape':(2,),'descr':'<c16','fortran_order':False}", element_format::c128, {2});
  parses_as("{\"descr\": \"<c8\", \"fortran_order\": False, \"shape\": (2, 3)}",
            element_format::c64, {2, 3});
  parses_as(" \t{ 'descr' : '=c16' ,\n'fortran_order':False,'shape':( 4 , ) , }\r\n  ",
            element_format::c128, {4});
  parses_as("{'descr': 'c8', 'fortran_order': False, 'shape': (), }", element_format::c64, {});
  // Python 2's long suffix, which numpy's reader strips.
  parses_as("{'descr': '<c16', 'fortran_order': False, 'shape': (3L, 2L), }", element_format::c128,
            {3, 2});
  // Structured dtypes: quotes, spacing, subshape (n,), (n) or n, '=' byte order.
  parses_as(
      "{'descr': [(\"re\",\"<f4\",(2,)),(\"im\",\"<f4\",(2,),),], 'fortran_order': False, "
      "'shape': (5,)}",
      element_format::df64, {5});
  parses_as(
      "{'descr': [('re', '=f4', 4), ('im', '<f4', (4))], 'fortran_order': False, 'shape': "
      "(1, 2)}",
      element_format::qf128, {1, 2});
  parses_as(
      "{'descr': [ ( 're' , '<f8' , ( 2 , ) ) , ( 'im' , '<f8' , ( 2 , ) ) ], "
      "'fortran_order': False, 'shape': (0, 7), }",
      element_format::dd128, {0, 7});
  // A zero anywhere makes the array empty, whatever the other dimensions.
  parses_as("{'descr': '<c16', 'fortran_order': False, 'shape': (0, 18446744073709551615), }",
            element_format::c128, {0, 18446744073709551615ull});
}

TEST(NpyHeader, FortranOrder) {
  // numpy: np.save of np.zeros((3, 4), complex128, order='F').
  const std::string fortran = bytes(
      "\x93NUMPY\x01\x00v\x00{'descr': '<c16', 'fortran_order': True, 'shape': (3, 4), "
      "}                                                          \x0a");
  const npy_header f = parse_with_data(fortran, 192);
  EXPECT_TRUE(f.fortran_order);
  EXPECT_EQ(f.shape, (std::vector<std::uint64_t>{3, 4}));
  EXPECT_EQ(f.element_count, 12u);
  // What numpy writes, ffft writes.
  EXPECT_EQ(make_npy_header(element_format::c128, f.shape, true), fortran);
  EXPECT_TRUE(parse_with_data(npy(dict_with("'<c8'", "(2, 1, 2)", "True")), 32).fortran_order);
  // numpy's spare spaces follow the axis that grows, the last in Fortran
  // order: numpy.lib.format._write_array_header gives this shape a 192-byte
  // header in Fortran order and a 128-byte one in C order.
  const std::vector<std::uint64_t> tall{100000000, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3};
  EXPECT_EQ(make_npy_header(element_format::c128, tall, true).size(), 192u);
  EXPECT_EQ(make_npy_header(element_format::c128, tall, false).size(), 128u);
  // At most one dimension above 1: the same layout as C order, reported so.
  const std::string one = bytes(
      "\x93NUMPY\x01\x00v\x00{'descr': '<c16', 'fortran_order': True, 'shape': (1, 4, 1), "
      "}                                                       \x0a");
  const npy_header h = parse_with_data(one, 64);
  EXPECT_FALSE(h.fortran_order);
  EXPECT_EQ(h.shape, (std::vector<std::uint64_t>{1, 4, 1}));
  EXPECT_EQ(h.element_count, 4u);
  EXPECT_FALSE(parse_with_data(npy(dict_with("'<c8'", "()", "True")), 8).fortran_order);
  EXPECT_FALSE(parse_with_data(npy(dict_with("'<c8'", "(2, 3, 0)", "True")), 0).fortran_order);
  EXPECT_EQ(parse_with_data(npy(dict_with("'<c8'", "(7,)", "True")), 56).element_count, 7u);
}

// ---------------------------------------------------------------------------
// Refusals.

TEST(NpyHeader, RefusesBadPreamble) {
  const std::string good = make_npy_header(element_format::c128, std::vector<std::uint64_t>{3});
  std::string magic = good;
  magic[1] = 'n';
  expect_refused(magic, 48, {"does not start with the .npy magic", "not a numpy .npy file"});
  expect_refused("PK\x03\x04"s, 0, {".npy magic"});
  expect_refused(""s, 0, {".npy magic"});
  expect_refused(std::string(npy_magic).substr(0, 5), 0, {".npy magic"});

  for (const auto& [major, minor] :
       {std::pair{4, 0}, std::pair{0, 0}, std::pair{1, 1}, std::pair{2, 5}, std::pair{255, 255}}) {
    std::string v = good;
    v[6] = static_cast<char>(major);
    v[7] = static_cast<char>(minor);
    expect_refused(v, 48,
                   {"version " + std::to_string(major) + "." + std::to_string(minor),
                    "versions 1.0, 2.0 and 3.0"});
  }
  // Truncated preambles: the whole file is shorter than 8, 10 or 12 bytes.
  expect_refused(good.substr(0, 7), 0, {"truncated in its preamble (7 bytes)"});
  expect_refused(good.substr(0, 9), 0, {"truncated in its preamble (9 bytes)"});
  expect_refused(npy(dict_with("'<c16'", "(3,)"), 2).substr(0, 11), 0,
                 {"truncated in its preamble (11 bytes)"});
  // A head longer than the file is cut to the file's size.
  EXPECT_NE(refusal([&] {
              parse_npy_header(as_bytes(good), 9, "x.npy");
            }).find("truncated in its preamble (9 bytes)"),
            std::string::npos);
}

TEST(NpyHeader, RefusesHeaderLengthPastTheFile) {
  const std::string good = make_npy_header(element_format::c128, std::vector<std::uint64_t>{3});
  // The header alone, cut short: its length (118) runs past the end.
  const std::string cut = good.substr(0, 100);
  const std::string m = refusal([&] { parse_npy_header(as_bytes(cut), cut.size(), "x.npy"); });
  EXPECT_NE(m.find("header length 118 runs past the end of the file (100 bytes)"),
            std::string::npos)
      << m;
  // A huge version 2.0 length in a small file.
  std::string v2 = npy(dict_with("'<c16'", "(3,)"), 2);
  v2[11] = '\x7f';
  expect_refused(v2, 48, {"runs past the end of the file"});
  // A length above the limit, inside a (claimed) large file.
  std::string big = npy("", 2);
  big[10] = '\x01';  // 65536 + 1 bytes
  big[8] = '\x01';
  const std::string m2 = refusal([&] { parse_npy_header(as_bytes(big), 1 << 20, "x.npy"); });
  EXPECT_NE(m2.find("header is 65537 bytes, more than the 65536 ffft reads"), std::string::npos)
      << m2;
}

TEST(NpyHeader, RefusesMalformedDicts) {
  const auto malformed = [](const std::string& dict, std::string_view what) {
    SCOPED_TRACE(dict);
    expect_refused(npy(dict), 48, {what});
  };
  malformed("", "malformed .npy header: unexpected end of the header");
  malformed("   \n", "unexpected end");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3,), ", "unterminated dict");
  malformed("{'descr': '<c16, 'fortran_order': False, 'shape': (3,), }", "expected ','");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3,), 'x': 'abc}",
            "unterminated string");
  malformed("{'descr': '<c16\n', 'fortran_order': False, 'shape': (3,), }", "unterminated string");
  malformed("{'descr' '<c16', 'fortran_order': False, 'shape': (3,), }", "expected ':'");
  malformed("{'descr': '<c16' 'fortran_order': False, 'shape': (3,), }", "expected ',' or '}'");
  malformed("{'descr': '<c16', 'fortran_order': false, 'shape': (3,), }", "unexpected name");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3 4), }", "expected ',' or ')'");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3,,), }", "unexpected character");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3,), }}", "unexpected text after");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (0x3,), }", "malformed number");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3,), }\0"s, "unexpected text");
  malformed("{'descr': [" + std::string(40, '[') + std::string(40, ']') +
                "], 'fortran_order': False, 'shape': (3,), }",
            "nesting too deep");
  malformed(
      "{'descr': '<c16', 'fortran_order': False, 'shape': "
      "(((((((((((((((((((3,)))))))))))))))))))}",
      "nesting too deep");

  // Keys.
  malformed("{'descr': '<c16', 'shape': (3,), }", "has no 'fortran_order' key");
  malformed("{'fortran_order': False, 'shape': (3,), }", "has no 'descr' key");
  malformed("{'descr': '<c16', 'fortran_order': False}", "has no 'shape' key");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3,), 'shape': (3,), }",
            "has the key 'shape' twice");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3,), 'extra': 0, }",
            "unexpected key 'extra'");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3,), 1: 0, }", "unexpected key 1");
  malformed("{'descr': '<c16', 'fortran_order': False, 'Shape': (3,), }", "unexpected key 'Shape'");
  malformed("['descr', '<c16']", "is not a dict");
  malformed("'{}'", "is not a dict");

  // Values.
  malformed("{'descr': '<c16', 'fortran_order': 0, 'shape': (3,), }",
            "'fortran_order' is 0, not True or False");
  malformed("{'descr': '<c16', 'fortran_order': None, 'shape': (3,), }", "not True or False");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': [3], }", "is not a tuple");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3), }",
            "'shape' 3 is not a tuple");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': 3, }", "is not a tuple");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (-3,), }", "negative dimension -3");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (2, - 1), }", "negative dimension");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (3.0,), }",
            "entry 3.0, which is not an integer");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (1e3,), }", "not an integer");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': ('3',), }", "not an integer");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (True,), }", "not an integer");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': ((3,),), }", "not an integer");
  malformed("{'descr': '<c16', 'fortran_order': False, 'shape': (18446744073709551616,), }",
            "too large for any file");
  std::string rank33 = "(";
  for (int i = 0; i < 33; ++i) rank33 += "1, ";
  rank33 += ")";
  expect_refused(npy(dict_with("'<c16'", rank33)), 16,
                 {"has 33 dimensions; ffft reads at most 32"});
  malformed("{'descr': 3, 'fortran_order': False, 'shape': (3,), }", "is not a dtype description");
  malformed("{'descr': {'re': 1}, 'fortran_order': False, 'shape': (3,), }",
            "is not a dtype description");
}

TEST(NpyHeader, MessagesArePrintable) {
  // Control characters and non-ASCII bytes of a hostile header are escaped.
  const std::string m = refusal([] {
    parse_with_data(npy("{'descr': '<c16', 'fortran_order': False, '\x1b[2J\xff': 1}"), 0);
  });
  EXPECT_NE(m.find("'\\x1b[2J\\xff'"), std::string::npos) << m;
  for (const char c : m) EXPECT_TRUE(c >= 0x20 && c < 0x7f) << m;
  // Long values are cut short.
  const std::string k(5000, 'k');
  const std::string m2 = refusal([&] {
    parse_with_data(npy("{'descr': '<c16', 'fortran_order': False, 'shape': (3,), '" + k + "': 1}"),
                    48);
  });
  EXPECT_LT(m2.size(), 400u) << m2;
  EXPECT_NE(m2.find("kkk..."), std::string::npos) << m2;
}

TEST(NpyHeader, RefusesUnsupportedDtypes) {
  // numpy's headers for these dtypes (see the generation note above).
  expect_refused(bytes("\x93NUMPY\x01\x00v\x00{'descr': '>c16', 'fortran_order': False, 'shape': "
                       "(3, 4), }                                                         \x0a"),
                 192, {"dtype '>c16' (complex128) is big-endian", "x.astype('<c16')"});
  expect_refused(bytes("\x93NUMPY\x01\x00v\x00{'descr': '>c8', 'fortran_order': False, 'shape': "
                       "(3,), }                                                            \x0a"),
                 24, {"big-endian", "x.astype('<c8')"});
  expect_refused(
      bytes("\x93NUMPY\x01\x00v\x00{'descr': [('re', '>f8', (2,)), ('im', '>f8', (2,))], "
            "'fortran_order': False, 'shape': (3,), }                       \x0a"),
      96, {"(dd128) is big-endian", "x.astype(x.dtype.newbyteorder('<'))"});
  expect_refused(bytes("\x93NUMPY\x01\x00v\x00{'descr': '>f8', 'fortran_order': False, 'shape': "
                       "(3, 4), }                                                          \x0a"),
                 96, {"dtype '>f8' (float64) is big-endian", "x.astype('<f8')"});
  expect_refused(bytes("\x93NUMPY\x01\x00v\x00{'descr': '<i4', 'fortran_order': False, 'shape': "
                       "(3, 4), }                                                          \x0a"),
                 48, {"dtype '<i4' (int32) is not supported", "x.astype(numpy.complex128)"});
  expect_refused(bytes("\x93NUMPY\x01\x00v\x00{'descr': '<c32', 'fortran_order': False, 'shape': "
                       "(3,), }                                                           \x0a"),
                 96, {"dtype '<c32' (complex256) is not supported", "x.astype(numpy.complex128)"});
  expect_refused(bytes("\x93NUMPY\x01\x00v\x00{'descr': '|b1', 'fortran_order': False, 'shape': "
                       "(3,), }                                                            \x0a"),
                 3, {"(bool) is not supported"});
  expect_refused(bytes("\x93NUMPY\x01\x00v\x00{'descr': [('a', '<f8'), ('b', '<i4')], "
                       "'fortran_order': False, 'shape': (3,), }                                 "
                       "    \x0a"),
                 36,
                 {"structured dtype [('a', '<f8'), ('b', '<i4')] is not one ffft reads",
                  "dd128 [('re', '<f8', (2,)), ('im', '<f8', (2,))]"});
  // numpy's complex-as-record layout is not one of ffft's.
  expect_refused(bytes("\x93NUMPY\x01\x00v\x00{'descr': [('re', '<f8'), ('im', '<f8')], "
                       "'fortran_order': False, 'shape': (3,), }                                 "
                       "  \x0a"),
                 48, {"is not one ffft reads"});

  const auto refused_descr = [](std::string_view descr, std::string_view what) {
    SCOPED_TRACE(descr);
    expect_refused(npy(dict_with(descr, "(3,)")), 96, {what});
  };
  refused_descr("'|c16'", "byte order '|'");
  refused_descr("'>i2'", "(int16) is not supported");
  refused_descr("'<u8'", "(uint64) is not supported");
  refused_descr("'<f2'", "(float16) is not supported");
  refused_descr("'<U3'", "(str) is not supported");
  refused_descr("'|O'", "is not a numpy dtype ffft knows");
  refused_descr("'complex128'", "is not a numpy dtype ffft knows");
  refused_descr("''", "is not a numpy dtype ffft knows");
  refused_descr("[('im', '<f8', (2,)), ('re', '<f8', (2,))]", "is not one ffft reads");
  refused_descr("[('re', '<f8', (4,)), ('im', '<f8', (4,))]", "is not one ffft reads");
  refused_descr("[('re', '<f4', (2,)), ('im', '<f8', (2,))]", "is not one ffft reads");
  refused_descr("[('re', '<f4', (2,)), ('im', '<f4', (4,))]", "is not one ffft reads");
  refused_descr("[('re', '<f4', (2, 1)), ('im', '<f4', (2, 1))]", "is not one ffft reads");
  refused_descr("[('re', '|f4', (2,)), ('im', '|f4', (2,))]", "is not one ffft reads");
  refused_descr("[('re', '<i4', (2,)), ('im', '<i4', (2,))]", "is not one ffft reads");
  refused_descr("[('re', '<f4', (2,)), ('im', '<f4', (2,)), ('x', '<f4')]",
                "is not one ffft reads");
  refused_descr("[('re', '<f4', (3,))]", "is not one ffft reads");
  refused_descr("[('im', '<f4', (2,))]", "is not one ffft reads");
  refused_descr("[]", "is not one ffft reads");
  refused_descr("[('re', '<f4', (2,)), ('im', '>f4', (2,))]", "(df64) is big-endian");
}

TEST(NpyHeader, ReadsRealDtypes) {
  const std::pair<std::string_view, element_format> cases[] = {
      {"'<f4'", element_format::f32},
      {"'<f8'", element_format::f64},
      {"'=f8'", element_format::f64},
      {"[('re', '<f4', (2,))]", element_format::rdf64},
      {"[('re', '<f4', (4,))]", element_format::rqf128},
      {"[('re', '<f8', (2,))]", element_format::rdd128}};
  for (const auto& [descr, f] : cases) {
    SCOPED_TRACE(descr);
    const npy_header h = parse_with_data(npy(dict_with(descr, "(3,)")), 3 * element_bytes(f));
    EXPECT_EQ(h.format, f);
  }
}

TEST(NpyHeader, RefusesDataSizeMismatch) {
  const std::string header = npy(dict_with("'<c16'", "(3, 4)"));
  const std::string m = refusal([&] { parse_with_data(header, 100); });
  EXPECT_EQ(m,
            "x.npy: shape (3, 4) of complex128 needs 192 bytes of data but the file has 100 "
            "after its header; the file is truncated or its header is wrong");
  const std::string m2 = refusal([&] { parse_with_data(header, 193); });
  EXPECT_EQ(m2,
            "x.npy: shape (3, 4) of complex128 needs 192 bytes of data but the file has 193 "
            "after its header; the file has extra bytes at its end or its header is wrong");
  expect_refused(make_npy_header(element_format::qf128, std::vector<std::uint64_t>{7}), 0,
                 {"shape (7,) of qf128 needs 224 bytes of data but the file has 0"});
  expect_refused(make_npy_header(element_format::df64, std::vector<std::uint64_t>{}), 32,
                 {"shape () of df64 needs 16 bytes"});
  expect_refused(make_npy_header(element_format::c64, std::vector<std::uint64_t>{0}), 8,
                 {"shape (0,) of complex64 needs 0 bytes"});
}

TEST(NpyHeader, RefusesShapeProductOverflow) {
  const auto too_large = [](element_format f, std::vector<std::uint64_t> shape) {
    expect_refused(make_npy_header(f, shape), 0, {"is too large (2^64 bytes or more)"});
  };
  too_large(element_format::c128, {12345678901234567890ull});
  too_large(element_format::c64, {1ull << 32, 1ull << 32});
  too_large(element_format::c64, {1ull << 31, 1ull << 31, 4});  // 2^64 elements
  too_large(element_format::c64, {1ull << 31, 1ull << 30});     // 2^61 elements of 8 bytes
  too_large(element_format::c128, {1ull << 60});                // 2^64 bytes
  too_large(element_format::dd128, {3, 5, 7, 1ull << 59});
  // Just below: 2^64 - 16 bytes is representable (and then the size check refuses).
  expect_refused(
      make_npy_header(element_format::c128, std::vector<std::uint64_t>{(1ull << 60) - 1}), 0,
      {"needs 18446744073709551600 bytes"});
}

// ---------------------------------------------------------------------------
// Input layout.

input_layout detect(const std::string& head, std::uint64_t size, std::string_view path,
                    std::optional<element_format> in = std::nullopt) {
  return detect_input_layout(as_bytes(head), size, path, in);
}

TEST(InputLayout, NpyByMagicWhateverTheName) {
  const std::string header =
      make_npy_header(element_format::dd128, std::vector<std::uint64_t>{2, 5});
  for (const std::string_view path : {"x.npy", "x.c128", "x", "x.npy.bak"}) {
    const input_layout l = detect(header, header.size() + 320, path);
    EXPECT_TRUE(l.npy);
    EXPECT_EQ(l.format, element_format::dd128);
    EXPECT_EQ(l.shape, (std::vector<std::uint64_t>{2, 5}));
    EXPECT_EQ(l.data_offset, header.size());
    EXPECT_EQ(l.element_count, 10u);
  }
  // An agreeing --in-format is fine, a contradicting one is refused.
  EXPECT_EQ(detect(header, header.size() + 320, "x.npy", element_format::dd128).format,
            element_format::dd128);
  const std::string m =
      refusal([&] { detect(header, header.size() + 320, "x.npy", element_format::c128); });
  EXPECT_EQ(m,
            "x.npy: --in-format c128 contradicts the .npy file's dtype, which is dd128; drop "
            "--in-format (a .npy file says its own format)");
  // The header's refusals name the path.
  const std::string m2 = refusal([&] { detect(header, header.size() + 3, "dir/y.c64"); });
  EXPECT_EQ(m2.rfind("dir/y.c64: shape (2, 5) of dd128 needs 320 bytes", 0), 0u) << m2;
  // A raw file that happens to start with the magic is read as .npy.
  const std::string m3 = refusal([&] { detect(std::string(npy_magic) + "\x01\x00"s, 8, "z.c64"); });
  EXPECT_EQ(m3, "z.c64: the .npy file is truncated in its preamble (8 bytes); the file is damaged");
}

// file_index and c_index: numpy's own index arithmetic for order='F'
// (np.ravel_multi_index(np.unravel_index(c, shape), shape, order='F')).
TEST(InputLayout, FortranIndices) {
  input_layout l{element_format::c128, true, {2, 3, 4}, 128, 24, true};
  const std::vector<std::uint64_t> want{0, 6, 12, 18, 2, 8, 14, 20, 4, 10, 16, 22,
                                        1, 7, 13, 19, 3, 9, 15, 21, 5, 11, 17, 23};
  for (std::uint64_t c = 0; c < 24; ++c) {
    EXPECT_EQ(l.file_index(c), want[c]) << c;
    EXPECT_EQ(l.c_index(l.file_index(c)), c);
  }
  l.fortran_order = false;
  for (std::uint64_t c = 0; c < 24; ++c) EXPECT_EQ(l.file_index(c), c);
}

TEST(InputLayout, AudioByMagicWhateverTheName) {
  for (const std::string& head : {"RIFF\x10\x00\x00\x00WAVEfmt "s, "RF64\xff\xff\xff\xffWAVEds64"s,
                                 "FORM\x00\x00\x10\x00" "AIFFCOMM"s, "FORM\x00\x00\x10\x00" "AIFCFVER"s,
                                 "fLaC\x00\x00\x00\x22"s}) {
    for (const std::string_view path : {"x.wav", "x.c128", "x"}) {
      const input_layout l = detect(head, 4096, path);
      EXPECT_TRUE(l.audio) << head;
      EXPECT_FALSE(l.npy);
      EXPECT_TRUE(l.shaped());
      EXPECT_EQ(l.format, element_format::f64);
    }
    EXPECT_EQ(refusal([&] { detect(head, 4096, "x.wav", element_format::c128); }),
              "x.wav is an audio file, which says its own encoding; drop --in-format c128");
  }
  // Near misses are raw data.
  for (const std::string& head : {"RIFF\x10\x00\x00\x00" "AVI LIST"s, "FORM\x00\x00\x10\x00ILBM"s, "fLa"s})
    EXPECT_FALSE(detect(head + std::string(16 - head.size() % 16, '\0'), 32, "x.c128").audio) << head;
}

TEST(InputLayout, NpyNameWithoutMagic) {
  const std::string raw(64, '\0');
  const std::string m = refusal([&] { detect(raw, 64, "x.npy"); });
  EXPECT_EQ(m,
            "x.npy: the file does not start with the .npy magic; it is not a numpy .npy file "
            "(to read it as raw data, give --in-format c64|c128|df64|qf128|dd128|f32|f64|rdf64|rqf128|rdd128)");
  EXPECT_NE(refusal([&] { detect("", 0, "empty.npy"); }).find("empty.npy: the file does not start"),
            std::string::npos);
  // With --in-format it is raw.
  const input_layout l = detect(raw, 64, "x.npy", element_format::c128);
  EXPECT_FALSE(l.npy);
  EXPECT_EQ(l.format, element_format::c128);
  EXPECT_EQ(l.shape, std::vector<std::uint64_t>{4});
  EXPECT_EQ(l.data_offset, 0u);
  EXPECT_EQ(l.element_count, 4u);
}

TEST(InputLayout, RawFiles) {
  const std::string head(96, '\x01');
  for (const element_format f : all_element_formats) {
    const std::string path = "dir/signal." + std::string(format_name(f));
    const input_layout l = detect(head, 96, path);
    EXPECT_FALSE(l.npy);
    EXPECT_EQ(l.format, f);
    EXPECT_EQ(l.element_count, 96 / element_bytes(f));
    EXPECT_EQ(l.shape, std::vector<std::uint64_t>{96 / element_bytes(f)});
    EXPECT_EQ(l.data_offset, 0u);
    // --in-format wins over the extension, and names a format for any name.
    EXPECT_EQ(detect(head, 96, "x.c64", f).format, f);
    EXPECT_EQ(detect(head, 96, "noext", f).format, f);
    // An empty raw file is 0 elements (a later step refuses N = 0).
    const input_layout empty = detect("", 0, path);
    EXPECT_EQ(empty.element_count, 0u);
    EXPECT_EQ(empty.shape, std::vector<std::uint64_t>{0});
  }
  // A head shorter than the file is fine for raw files.
  EXPECT_EQ(detect(head, 1ull << 40, "big.c128").element_count, 1ull << 36);
}

TEST(InputLayout, RawRefusals) {
  const std::string head(1001, '\x01');
  EXPECT_EQ(refusal([&] { detect(head, 1001, "x.c128"); }),
            "x.c128: the file has 1001 bytes, not a multiple of the 16-byte c128 element; check "
            "the format (--in-format c64|c128|df64|qf128|dd128|f32|f64|rdf64|rqf128|rdd128)");
  EXPECT_NE(refusal([&] {
              detect(head, 1001, "x.c128", element_format::c64);
            }).find("not a multiple of the 8-byte c64 element"),
            std::string::npos);
  const std::string m = refusal([&] { detect(head, 1001, "data.bin"); });
  EXPECT_EQ(m,
            "data.bin: its element format is unknown (it is not a .npy file and its name does not "
            "end in a format's extension, such as .c128 or .f64); give --in-format "
            "c64|c128|df64|qf128|dd128|f32|f64|rdf64|rqf128|rdd128");
  EXPECT_NE(refusal([&] { detect("", 0, "x.C128"); }).find("--in-format"), std::string::npos);
}

}  // namespace
