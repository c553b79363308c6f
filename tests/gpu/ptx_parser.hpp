// Just enough PTX parsing to audit the instructions of one kernel: find the
// body of `.entry <name>` and list the opcodes of its instructions. Used by
// test_eft_ptx to check that nvcc compiled the error-free transforms as
// written. Tolerant of layout (whitespace, comments, labels, predicates,
// nested scopes, line directives); exact about opcodes.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ffft::test::ptx {

std::string read_file(const std::string& path);

// The text between the braces of the kernel's body, comments removed;
// nullopt if the PTX has no `.entry name`.
std::optional<std::string> entry_body(const std::string& ptx, const std::string& name);

// The opcodes of the body's instructions in order, e.g. "add.rn.f32",
// "ld.global.f32", "ret"; labels, guard predicates and directives (.reg,
// .loc, ...) are dropped.
std::vector<std::string> opcodes(const std::string& body);

// An opcode split at its dots: "add.rn.f32" -> base "add", modifiers {"rn"},
// type "f32" (the last part; empty for opcodes like "ret").
struct opcode_parts {
  std::string base;
  std::vector<std::string> modifiers;
  std::string type;
};
opcode_parts split(const std::string& opcode);

// True for a floating-point rounding modifier (.rn, .rz, .rm, .rp).
bool is_rounding_modifier(const std::string& modifier);

}  // namespace ffft::test::ptx
