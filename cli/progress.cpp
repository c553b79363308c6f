#include "cli/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace ffft::cli {

namespace {
constexpr auto quiet_period = std::chrono::seconds(1);
constexpr auto redraw_period = std::chrono::milliseconds(250);
}  // namespace

progress::progress() : start_(std::chrono::steady_clock::now()) {
  if (::isatty(STDERR_FILENO)) thread_ = std::thread([this] { run(); });
}

progress::~progress() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void progress::stage(std::string what) {
  std::lock_guard lock(mutex_);
  stage_ = std::move(what);
}

void progress::run() {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, redraw_period, [this] { return stopping_; })) {
    const auto elapsed = std::chrono::steady_clock::now() - start_;
    if (elapsed < quiet_period) continue;
    // \r and "erase to end of line" redraw the line in place.
    std::fprintf(stderr, "\rffft: %s ... %.1f s\033[K", stage_.c_str(),
                 std::chrono::duration<double>(elapsed).count());
    std::fflush(stderr);
    drawn_ = true;
  }
  if (drawn_) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

}  // namespace ffft::cli
