// Reading a whole file that may be hostile: the open never blocks and the read has a bound.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace lessonsim {

// The most any file the program reads may hold. Lessons, courses and catalogs are kilobytes and
// a font under a megabyte; the bound only has to stop a device or a runaway file.
inline constexpr std::size_t max_read_bytes = 50'000'000;

// Reads the whole of `path` into `out`: every file the program reads comes through here.
// Symlinks are resolved first, and anything but a regular file is refused without reading it,
// so a device, a FIFO or a directory cannot make the program wait. At most `limit` bytes are
// read whatever size the file reports (a device reports 0). False, with `error` saying what
// the file is ("is a FIFO (named pipe), not a regular file", "is larger than 50 MB"), to be put
// after the file's name.
bool read_file(const std::filesystem::path& path, std::string& out, std::string& error,
               std::size_t limit = max_read_bytes);

}  // namespace lessonsim
