// Noticing that a file was saved: polls its modification time and size, reports a settled change.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>

namespace lessonsim {

class FileWatch {
 public:
  using Clock = std::function<std::chrono::steady_clock::time_point()>;
  static constexpr std::chrono::milliseconds default_settle{200};

  // Starts from the file as it is now; `clock` is injectable so tests can move time.
  explicit FileWatch(std::filesystem::path path, Clock clock = std::chrono::steady_clock::now,
                     std::chrono::milliseconds settle = default_settle);

  // Looks at the file once; true (once) when it has changed since the last report and has then
  // kept the same time and size for `settle`, so a half-written save is not picked up. A file
  // that disappears counts as a change too, and so does its coming back.
  bool poll();
  // A change has been seen and is waiting to settle: poll again soon.
  bool settling() const { return settling_; }
  const std::filesystem::path& path() const { return path_; }

 private:
  struct Stamp {
    bool exists = false;
    std::filesystem::file_time_type mtime{};
    std::uintmax_t size = 0;
    bool operator==(const Stamp&) const = default;
  };
  Stamp look() const;

  std::filesystem::path path_;
  Clock clock_;
  std::chrono::milliseconds settle_;
  Stamp reported_;  // the version last reported (or found at the start)
  Stamp seen_;      // the version seen at the last poll
  std::chrono::steady_clock::time_point seen_since_{};
  bool settling_ = false;
};

}  // namespace lessonsim
