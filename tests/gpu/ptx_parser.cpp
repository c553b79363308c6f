#include "ptx_parser.hpp"

#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ffft::test::ptx {

namespace {

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%';
}

// Removes // and /* */ comments, leaving string literals (e.g. .file paths)
// intact so a "//" inside a path is not taken for a comment.
std::string strip_comments(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      const std::size_t end = text.find('"', i + 1);
      const std::size_t stop = end == std::string::npos ? text.size() : end + 1;
      out.append(text, i, stop - i);
      i = stop - 1;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      const std::size_t eol = text.find('\n', i);
      if (eol == std::string::npos) break;
      i = eol - 1;  // keep the newline: line directives end there
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      const std::size_t end = text.find("*/", i + 2);
      if (end == std::string::npos) break;
      out.push_back(' ');
      i = end + 1;
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string trim(const std::string& s) {
  const std::size_t first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  const std::size_t last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

// Drops directives that end at the end of the line rather than at a ';'
// (.loc, .file, ...), which would otherwise swallow the next instruction.
std::string drop_line_directives(const std::string& body) {
  std::istringstream lines(body);
  std::string line, out;
  while (std::getline(lines, line)) {
    const std::string t = trim(line);
    if (!t.empty() && t[0] == '.' && t.find(';') == std::string::npos) continue;
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<std::string> entry_body(const std::string& ptx, const std::string& name) {
  const std::string text = strip_comments(ptx);
  for (std::size_t at = text.find(".entry"); at != std::string::npos;
       at = text.find(".entry", at + 1)) {
    // ".entry" must be a whole token, followed by the whole name.
    if (at > 0 && is_identifier_char(text[at - 1])) continue;
    std::size_t p = at + 6;
    if (p >= text.size() || !std::isspace(static_cast<unsigned char>(text[p]))) continue;
    while (p < text.size() && std::isspace(static_cast<unsigned char>(text[p]))) ++p;
    if (text.compare(p, name.size(), name) != 0) continue;
    p += name.size();
    if (p < text.size() && is_identifier_char(text[p])) continue;  // a longer name

    // The parameter list and performance directives hold no braces, so the
    // first '{' opens the body; match braces to find its end (PTX allows
    // nested scopes).
    const std::size_t open = text.find('{', p);
    if (open == std::string::npos) return std::nullopt;
    int depth = 0;
    for (std::size_t i = open; i < text.size(); ++i) {
      if (text[i] == '{') ++depth;
      if (text[i] == '}' && --depth == 0) return text.substr(open + 1, i - open - 1);
    }
    return std::nullopt;  // unbalanced: treat as missing
  }
  return std::nullopt;
}

std::vector<std::string> opcodes(const std::string& body) {
  std::string text = drop_line_directives(body);
  // Scope braces separate statements just like ';'.
  for (char& c : text)
    if (c == '{' || c == '}') c = ';';

  std::vector<std::string> result;
  std::istringstream statements(text);
  std::string statement;
  while (std::getline(statements, statement, ';')) {
    std::string s = trim(statement);
    // Labels ("$L__BB0_2:") may precede an instruction.
    for (;;) {
      std::size_t n = 0;
      while (n < s.size() && is_identifier_char(s[n])) ++n;
      if (n == 0 || n >= s.size() || s[n] != ':') break;
      s = trim(s.substr(n + 1));
    }
    // Guard predicate ("@%p1 bra ..." or "@!%p1 bra ...").
    if (!s.empty() && s[0] == '@') {
      const std::size_t space = s.find_first_of(" \t\r\n");
      s = space == std::string::npos ? std::string() : trim(s.substr(space));
    }
    if (s.empty() || s[0] == '.') continue;  // empty or a directive (.reg, .pragma, ...)
    const std::size_t end = s.find_first_of(" \t\r\n");
    result.push_back(s.substr(0, end));
  }
  return result;
}

opcode_parts split(const std::string& opcode) {
  opcode_parts parts;
  std::vector<std::string> pieces;
  std::istringstream in(opcode);
  std::string piece;
  while (std::getline(in, piece, '.')) pieces.push_back(piece);
  if (pieces.empty()) return parts;
  parts.base = pieces.front();
  if (pieces.size() >= 2) {
    parts.type = pieces.back();
    parts.modifiers.assign(pieces.begin() + 1, pieces.end() - 1);
  }
  return parts;
}

bool is_rounding_modifier(const std::string& modifier) {
  return modifier == "rn" || modifier == "rz" || modifier == "rm" || modifier == "rp";
}

}  // namespace ffft::test::ptx
