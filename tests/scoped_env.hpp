// An environment variable set (or unset) for the life of an object, then
// restored to what it was: for the variables that steer the library
// (FFFT_CPU_ISA, FFFT_CPU_CACHE_BYTES) in tests that must leave them as
// they found them.
#pragma once

#include <cstdlib>
#include <string>

namespace ffft::testing {

class scoped_env {
 public:
  // value nullptr: unset for the object's life.
  scoped_env(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) saved_ = old, had_ = true;
    if (value != nullptr) setenv(name, value, 1);
    else unsetenv(name);
  }
  ~scoped_env() {
    if (had_) setenv(name_.c_str(), saved_.c_str(), 1);
    else unsetenv(name_.c_str());
  }
  scoped_env(const scoped_env&) = delete;
  scoped_env& operator=(const scoped_env&) = delete;

 private:
  std::string name_, saved_;
  bool had_ = false;
};

}  // namespace ffft::testing
