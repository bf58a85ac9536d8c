#include "lessonsim/file_watch.hpp"

#include <utility>

namespace lessonsim {

FileWatch::FileWatch(std::filesystem::path path, Clock clock, std::chrono::milliseconds settle)
    : path_(std::move(path)), clock_(std::move(clock)), settle_(settle) {
  reported_ = seen_ = look();
}

FileWatch::Stamp FileWatch::look() const {
  Stamp s;
  std::error_code ec;
  auto status = std::filesystem::status(path_, ec);
  if (ec || !std::filesystem::is_regular_file(status)) return s;
  s.mtime = std::filesystem::last_write_time(path_, ec);
  if (ec) return {};
  s.size = std::filesystem::file_size(path_, ec);
  if (ec) return {};
  s.exists = true;
  return s;
}

bool FileWatch::poll() {
  Stamp now = look();
  auto t = clock_();
  if (!(now == seen_)) {
    seen_ = now;
    seen_since_ = t;
    settling_ = !(now == reported_);
    return false;
  }
  if (!settling_ || t - seen_since_ < settle_) return false;
  settling_ = false;
  reported_ = now;
  return true;
}

}  // namespace lessonsim
