// A progress line on stderr for long work: "ffft: <stage> ... 3.2 s",
// redrawn in place. Only when stderr is a terminal (logs and pipes stay
// clean) and only once the command has run for a second, so short commands
// print nothing. The line is erased when the reporter is destroyed.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace ffft::cli {

class progress {
 public:
  progress();
  ~progress();
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;

  // What the command is doing now ("fft df64", "reading x.c128").
  void stage(std::string what);

 private:
  void run();

  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::string stage_;
  bool stopping_ = false;
  bool drawn_ = false;
  std::thread thread_;
};

}  // namespace ffft::cli
