// Delivers the xAPI outbox to the LRS: batches, a repeat treated as sent, backoff on a thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>

#include "lessonsim/outbox.hpp"
#include "lrs_client.hpp"

namespace lessonsim::app {

struct Delivery {
  int sent = 0;          // the LRS took them now (or had them from an earlier send)
  int refused = 0;       // the LRS refused them as invalid: kept, not sent again
  bool stopped = false;  // the LRS could not take the rest now; `problem` says why
  std::string problem;
  std::int64_t waiting = 0;  // still in the outbox afterwards
};

// Sends every waiting statement, `batch` at a time, until none waits or the LRS cannot take
// more now. A batch the LRS turns down for one statement (a repeat id: 409, an invalid one: 400,
// too large: 413) is halved until that statement stands alone; a repeat alone counts as sent,
// since the LRS holds that id already, and an invalid one is kept aside with its answer.
Delivery deliver(Outbox& box, LrsClient& client, std::size_t batch = 50);

// The same on its own thread, for the window and `play`: it sends when woken (a move wrote
// statements) and, while the LRS cannot be reached, again after a backoff that doubles from
// 2 s up to 5 minutes. No frame ever waits for it.
class BackgroundSender {
 public:
  BackgroundSender(std::filesystem::path data_dir, std::string endpoint, std::string credentials);
  ~BackgroundSender();
  BackgroundSender(const BackgroundSender&) = delete;
  BackgroundSender& operator=(const BackgroundSender&) = delete;

  void wake();
  // Statements waiting after the last attempt (-1 before the first), and whether that attempt
  // found the LRS unable to take them.
  std::int64_t waiting() const { return waiting_; }
  bool unreachable() const { return unreachable_; }
  // Waits until nothing waits, the LRS could not be reached, or `limit` passed.
  void flush(std::chrono::milliseconds limit);
  // Totals since the start, and the last problem, for `play` to say.
  int sent() const { return sent_; }
  std::string problem() const;

 private:
  void run();

  std::filesystem::path dir_;
  std::string endpoint_, credentials_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, done_;
  bool woken_ = true, idle_ = false;
  std::atomic<bool> stop_{false};  // also ends a request in progress
  std::atomic<std::int64_t> waiting_{-1};
  std::atomic<bool> unreachable_{false};
  std::atomic<int> sent_{0};
  std::string problem_;
  std::thread thread_;
};

}  // namespace lessonsim::app
