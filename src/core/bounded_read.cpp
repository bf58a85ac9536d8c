#include "lessonsim/bounded_read.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace lessonsim {

namespace {

// What a file that is not a regular one is, in the words of the error; empty when it is regular.
std::string not_regular(mode_t mode) {
  if (S_ISREG(mode)) return {};
  if (S_ISDIR(mode)) return "is a directory, not a file";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "is a device, not a regular file";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

std::string cannot_read(int err) {
  return std::string("cannot be read (") + std::strerror(err) + ")";
}

std::string too_large(std::size_t limit) {
  if (limit >= 1'000'000 && limit % 1'000'000 == 0)
    return "is larger than " + std::to_string(limit / 1'000'000) + " MB";
  return "is larger than " + std::to_string(limit) + " bytes";
}

// Closes the descriptor however the read ends.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

bool read_file(const std::filesystem::path& path, std::string& out, std::string& error,
               std::size_t limit) {
  // stat() resolves symlinks: the kind of the file at the end of them is what is judged, before
  // anything is opened (opening a device can itself have effects).
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    error = cannot_read(errno);
    return false;
  }
  if (error = not_regular(info.st_mode); !error.empty()) return false;
  // O_NONBLOCK: should the path be swapped for a FIFO since the stat, the open still returns
  // at once, and the fstat below refuses it.
  Descriptor file;
  file.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (file.fd < 0) {
    error = cannot_read(errno);
    return false;
  }
  if (::fstat(file.fd, &info) != 0) {
    error = cannot_read(errno);
    return false;
  }
  if (error = not_regular(info.st_mode); !error.empty()) return false;
  if (int flags = ::fcntl(file.fd, F_GETFL); flags >= 0)
    ::fcntl(file.fd, F_SETFL, flags & ~O_NONBLOCK);
  // The reported size is only a hint for the buffer: the bound is counted in bytes read.
  std::string text;
  auto hint = static_cast<std::size_t>(std::max<off_t>(info.st_size, 0));
  text.reserve(std::min(hint, limit) + 1);
  char chunk[65536];
  while (true) {
    ssize_t n = ::read(file.fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = cannot_read(errno);
      return false;
    }
    if (n == 0) break;
    if (static_cast<std::size_t>(n) > limit - text.size()) {
      error = too_large(limit);
      return false;
    }
    text.append(chunk, static_cast<std::size_t>(n));
  }
  out = std::move(text);
  return true;
}

}  // namespace lessonsim
