// The check that two results hold the same bits, value by value: what the
// CPU paths, the blocked and grouped schedules and the GPU promise against
// the scalar reference (a tolerance would hide a changed operation order).
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace ffft::testing {

// T: complex<E>, E, a limb type, std::complex of one. `what` names the case
// in a failure's message.
template <class T>
void expect_bit_identical(const std::vector<T>& got, const std::vector<T>& want, const std::string& what = "") {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t j = 0; j < want.size(); ++j)
    ASSERT_EQ(std::memcmp(&got[j], &want[j], sizeof(T)), 0) << what << (what.empty() ? "" : ": ") << "element " << j;
}

}  // namespace ffft::testing
