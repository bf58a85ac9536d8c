#include "lessonsim/settings.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <nlohmann/json.hpp>

#include "lessonsim/bounded_read.hpp"

namespace lessonsim {

namespace {

namespace fs = std::filesystem;

constexpr const char* settings_name = "settings.json";
constexpr int min_window = 320;
constexpr int max_window = 16384;

int clamp_size(const nlohmann::json& j, const char* key, int fallback) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return fallback;
  auto v = it->get<std::int64_t>();
  if (v < min_window || v > max_window) return fallback;
  return static_cast<int>(v);
}

bool write_all(int fd, const std::string& text) {
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

fs::path data_dir(const std::string& override_dir) {
  if (!override_dir.empty()) return override_dir;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg == '/') {
    return fs::path(xdg) / "lessonsim";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return fs::path(home) / ".local" / "share" / "lessonsim";
  }
  return fs::path(".lessonsim");
}

Settings load_settings(const fs::path& dir, std::string* warning) {
  Settings s;
  std::error_code ec;
  fs::path path = dir / settings_name;
  if (!fs::exists(path, ec)) return s;
  std::string text, error;
  if (!read_file(path, text, error)) {
    if (warning) *warning = path.string() + ": " + error + "; using the defaults";
    return s;
  }
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) {
    if (warning) *warning = path.string() + ": not a settings file; using the defaults";
    return s;
  }
  if (auto w = j.find("window"); w != j.end() && w->is_object()) {
    s.window_width = clamp_size(*w, "width", s.window_width);
    s.window_height = clamp_size(*w, "height", s.window_height);
  }
  if (auto l = j.find("locale"); l != j.end() && l->is_string()) {
    std::string locale = l->get<std::string>();
    if (locale.size() <= 16) s.locale = locale;
  }
  if (auto r = j.find("reduce_motion"); r != j.end() && r->is_boolean()) {
    s.reduce_motion = r->get<bool>();
  }
  return s;
}

bool save_settings(const fs::path& dir, const Settings& s, std::string& error) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    error = "cannot create " + dir.string() + ": " + ec.message();
    return false;
  }
  nlohmann::json j = {{"window", {{"width", s.window_width}, {"height", s.window_height}}},
                      {"locale", s.locale},
                      {"reduce_motion", s.reduce_motion}};
  return write_file_atomically(dir / settings_name, j.dump(2) + "\n", error);
}

bool write_file_atomically(const fs::path& path, const std::string& text, std::string& error) {
  fs::path temp = path;
  temp += ".tmp-" + std::to_string(::getpid());
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = "cannot write " + temp.string() + ": " + std::strerror(errno);
    return false;
  }
  bool ok = write_all(fd, text) && ::fsync(fd) == 0;
  int saved_errno = errno;
  ok = ::close(fd) == 0 && ok;
  if (!ok || ::rename(temp.c_str(), path.c_str()) != 0) {
    error = "cannot write " + path.string() + ": " + std::strerror(ok ? errno : saved_errno);
    ::unlink(temp.c_str());
    return false;
  }
  // The rename itself is only durable once the folder's entry is on disk.
  int dir_fd = ::open(path.parent_path().empty() ? "." : path.parent_path().c_str(),
                      O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return true;
}

}  // namespace lessonsim
