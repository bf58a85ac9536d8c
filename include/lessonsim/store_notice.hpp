// What opening or saving to the progress store ran into, said to the learner.
#pragma once

#include <filesystem>
#include <string>

#include "lessonsim/message.hpp"

namespace lessonsim {

// What opening (or saving to) the store ran into, for the learner; kind none when all is well.
struct StoreNotice {
  enum class Kind {
    none,
    damaged,         // unreadable: moved aside to `aside` (empty when it could not be moved)
    unwritable,      // readable, but nothing can be written there: shown, never changed
    newer,           // written by a newer lessonsim: shown, never changed
    busy,            // held by another lessonsim beyond a short wait
    stopped_saving,  // a save failed during the session: the rest is kept in memory
  };
  // Why nothing can be saved (saving false).
  enum class Cause { none, disk_full, read_only, not_a_folder, no_access, too_slow, other };

  Kind kind = Kind::none;
  bool programs = false;        // damaged: it held triggers or views, which lessonsim never makes
  std::filesystem::path aside;  // damaged: where the old store now is
  bool saving = true;           // false: this session's progress stays in memory only
  bool shows_saved = false;     // unwritable: what was saved is shown, from a copy in memory
  Cause cause = Cause::none;
  std::string detail;            // the system's words, for Cause::other
  std::filesystem::path folder;  // where the store is kept

  bool empty() const { return kind == Kind::none; }
  // What to tell the learner, from the catalogs.
  Message message() const;
};

}  // namespace lessonsim
