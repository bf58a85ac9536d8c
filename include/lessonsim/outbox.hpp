// The sender's side of the xAPI outbox: its own connection to the progress store, off the window.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

struct sqlite3;

namespace lessonsim {

struct QueuedStatement {
  std::int64_t seq = 0;
  std::string id;
  std::string body;  // the statement's JSON, exactly as written with its move
};

class Outbox {
 public:
  // The outbox of the progress store in `dir` (ProgressStore::open made and migrated it); null
  // with `error` when there is none to read. It never creates, migrates or moves a file aside.
  static std::unique_ptr<Outbox> open(const std::filesystem::path& dir, std::string& error);
  ~Outbox();
  Outbox(const Outbox&) = delete;
  Outbox& operator=(const Outbox&) = delete;

  // The oldest statements still waiting, at most `limit`.
  std::vector<QueuedStatement> waiting(std::size_t limit) const;
  std::int64_t waiting_count() const;
  // The LRS holds these now (it stored them, or had them already).
  bool mark_sent(const std::vector<std::int64_t>& seqs);
  // The LRS refused this one as invalid: kept, with its answer, and not sent again.
  bool mark_refused(std::int64_t seq, const std::string& answer);
  std::int64_t refused_count() const;

 private:
  explicit Outbox(sqlite3* db) : db_(db) {}
  sqlite3* db_ = nullptr;
};

}  // namespace lessonsim
