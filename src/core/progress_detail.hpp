// What opening the progress store and saving to it share: reading SQLite's failures, copying a
// store into memory, moving a damaged one aside.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "lessonsim/sqlite_connection.hpp"
#include "lessonsim/store_notice.hpp"

namespace lessonsim::progress_detail {

// A failure that is the disk's or the system's (full, read-only, no permission, not a folder),
// not the store's: the store is left alone.
bool disk_trouble(int sqlite_code);
// A failure that means the file's content is damaged or not a database at all.
bool damage(int sqlite_code);
// Why, in the learner's terms, from SQLite's extended result code and the errno behind it.
StoreNotice::Cause cause_of(int sqlite_code, int sys_errno);
StoreNotice::Cause cause_of_errno(int sys_errno);
// Why nothing can be written in `folder`, found by looking at it (a read-only or full file
// system, no permission); Cause::other when it looks writable.
StoreNotice::Cause cause_of_folder(const std::filesystem::path& folder);

// `path` as a `file:` URI with `query` ("mode=ro"), so that any character in it is kept.
std::string file_uri(const std::filesystem::path& path, const char* query);

// A new in-memory database holding everything `from` holds; null when it cannot be read.
std::unique_ptr<sqlite::Connection> copy_to_memory(const sqlite::Connection& from);

// Moves the store at `path` (with its -wal and -shm) to a name that does not exist yet, never
// replacing a file; the new name in `aside`. False, with errno in `error`, when anything could
// not be moved; what had moved is moved back.
bool move_aside(const std::filesystem::path& path, std::filesystem::path& aside, int& error);

}  // namespace lessonsim::progress_detail
