#include "progress_detail.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <ctime>
#include <vector>

namespace lessonsim::progress_detail {

namespace fs = std::filesystem;

bool disk_trouble(int sqlite_code) {
  switch (sqlite_code & 0xff) {
    case SQLITE_FULL:
    case SQLITE_IOERR:
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_AUTH:
      return true;
    default:
      return false;
  }
}

bool damage(int sqlite_code) {
  int primary = sqlite_code & 0xff;
  return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB;
}

StoreNotice::Cause cause_of_errno(int sys_errno) {
  switch (sys_errno) {
    case ENOSPC:
    case EDQUOT:
      return StoreNotice::Cause::disk_full;
    case EROFS:
      return StoreNotice::Cause::read_only;
    case ENOTDIR:
    case EEXIST:
      return StoreNotice::Cause::not_a_folder;
    case EACCES:
    case EPERM:
      return StoreNotice::Cause::no_access;
    default:
      return StoreNotice::Cause::other;
  }
}

StoreNotice::Cause cause_of(int sqlite_code, int sys_errno) {
  switch (sqlite_code & 0xff) {
    case SQLITE_FULL:
      return StoreNotice::Cause::disk_full;
    case SQLITE_READONLY:
      return StoreNotice::Cause::read_only;
    case SQLITE_PERM:
    case SQLITE_AUTH:
      return StoreNotice::Cause::no_access;
    case SQLITE_INTERRUPT:
      return StoreNotice::Cause::too_slow;
    default:
      return cause_of_errno(sys_errno);
  }
}

StoreNotice::Cause cause_of_folder(const fs::path& folder) {
  struct statvfs fs_info {};
  if (statvfs(folder.c_str(), &fs_info) == 0) {
    if (fs_info.f_flag & ST_RDONLY) return StoreNotice::Cause::read_only;
    if (fs_info.f_bavail == 0) return StoreNotice::Cause::disk_full;
  }
  if (access(folder.c_str(), W_OK) != 0) return cause_of_errno(errno);
  return StoreNotice::Cause::other;
}

std::string file_uri(const fs::path& path, const char* query) {
  std::string uri = "file:";
  static const char* hex = "0123456789ABCDEF";
  std::error_code ec;
  fs::path absolute = fs::absolute(path, ec);
  for (unsigned char c : (ec ? path : absolute).string()) {
    bool plain = std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~';
    if (plain) {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += hex[c >> 4];
      uri += hex[c & 15];
    }
  }
  return uri + "?" + query;
}

std::unique_ptr<sqlite::Connection> copy_to_memory(const sqlite::Connection& from) {
  auto to =
      std::make_unique<sqlite::Connection>(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (!to->ok()) return nullptr;
  // A backup copies pages, running no statement of the copied store's.
  sqlite3_backup* backup = sqlite3_backup_init(to->get(), "main", from.get(), "main");
  if (!backup) return nullptr;
  int rc = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) return nullptr;
  return to;
}

namespace {

std::string timestamp() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

// rename(2) that fails rather than replace `to`; link and unlink where the file system cannot.
bool rename_no_replace(const fs::path& from, const fs::path& to) {
#ifdef RENAME_NOREPLACE
  if (renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return true;
  if (errno != EINVAL && errno != ENOSYS) return false;
#endif
  if (link(from.c_str(), to.c_str()) == 0) return unlink(from.c_str()) == 0;
  if (errno != EPERM && errno != ENOSYS && errno != ENOTSUP && errno != EOPNOTSUPP) return false;
  // No hard links either (the browser's file system, which has no renameat2 at all): one
  // process owns the data folder there, so looking before renaming is enough.
  std::error_code ec;
  if (fs::exists(fs::symlink_status(to, ec)) || ec) return false;
  return std::rename(from.c_str(), to.c_str()) == 0;
}

bool taken(const fs::path& stem) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm"}) {
    if (fs::exists(fs::symlink_status(fs::path(stem.string() + suffix), ec))) return true;
  }
  return false;
}

}  // namespace

bool move_aside(const fs::path& path, fs::path& aside, int& error) {
  // A free name: two starts within a second (or a clock set back) never share one.
  std::string stem = path.string() + ".broken-" + timestamp();
  aside = stem;
  for (int n = 2; taken(aside); ++n)
    aside = stem + "-" + std::to_string(n);
  // The log and its index first, so a fresh database never starts beside the old one's log,
  // which SQLite would replay into it.
  std::vector<std::pair<fs::path, fs::path>> moved;
  std::error_code ec;
  for (const char* suffix : {"-wal", "-shm", ""}) {
    fs::path from = path.string() + suffix;
    fs::path to = aside.string() + suffix;
    if (!fs::exists(fs::symlink_status(from, ec))) continue;
    if (!rename_no_replace(from, to)) {
      error = errno;
      for (auto it = moved.rbegin(); it != moved.rend(); ++it)
        rename_no_replace(it->second, it->first);
      return false;
    }
    moved.emplace_back(from, to);
  }
  return true;
}

}  // namespace lessonsim::progress_detail
