#include "lrs_sender.hpp"

#include <algorithm>
#include <span>

namespace lessonsim::app {

namespace {

enum class BatchEnd { taken, stop };

BatchEnd send_batch(Outbox& box, LrsClient& client, std::span<const QueuedStatement> batch,
                    Delivery& d) {
  std::string body = "[";
  for (const auto& s : batch) {
    if (body.size() > 1) body += ',';
    body += s.body;
  }
  body += ']';
  HttpAnswer a = client.post_statements(body);
  auto mark = [&] {
    std::vector<std::int64_t> seqs;
    for (const auto& s : batch)
      seqs.push_back(s.seq);
    if (!box.mark_sent(seqs)) {
      d.stopped = true;
      d.problem = "the outbox could not be updated";
      return BatchEnd::stop;
    }
    d.sent += static_cast<int>(batch.size());
    return BatchEnd::taken;
  };
  if (a.status == 200 || a.status == 204) return mark();
  if (a.status == 409 || a.status == 400 || a.status == 413) {
    if (batch.size() > 1) {
      std::size_t half = batch.size() / 2;
      if (send_batch(box, client, batch.first(half), d) == BatchEnd::stop) return BatchEnd::stop;
      return send_batch(box, client, batch.subspan(half), d);
    }
    if (a.status == 409) return mark();  // the LRS has this id already
    box.mark_refused(batch[0].seq, "HTTP " + std::to_string(a.status) + ": " + a.body);
    ++d.refused;
    return BatchEnd::taken;
  }
  d.stopped = true;
  if (a.status == 0) {
    d.problem = "the LRS cannot be reached (" + a.error + ")";
  } else if (a.status == 401 || a.status == 403) {
    d.problem = "the LRS refused the credentials (HTTP " + std::to_string(a.status) + ")";
  } else {
    d.problem = "the LRS answered HTTP " + std::to_string(a.status);
  }
  return BatchEnd::stop;
}

}  // namespace

Delivery deliver(Outbox& box, LrsClient& client, std::size_t batch) {
  Delivery d;
  batch = std::max<std::size_t>(batch, 1);
  std::int64_t last_seq = -1;
  while (!d.stopped) {
    std::vector<QueuedStatement> next = box.waiting(batch);
    // A batch that comes back unchanged was neither taken nor refused: stop, never spin.
    if (next.empty() || next.front().seq == last_seq) break;
    last_seq = next.front().seq;
    send_batch(box, client, next, d);
  }
  d.waiting = box.waiting_count();
  return d;
}

BackgroundSender::BackgroundSender(std::filesystem::path data_dir, std::string endpoint,
                                   std::string credentials)
    : dir_(std::move(data_dir)),
      endpoint_(std::move(endpoint)),
      credentials_(std::move(credentials)) {
  init_http();
  thread_ = std::thread([this] { run(); });
}

BackgroundSender::~BackgroundSender() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void BackgroundSender::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
    idle_ = false;
  }
  wake_.notify_all();
}

std::string BackgroundSender::problem() const {
  std::lock_guard lock(mutex_);
  return problem_;
}

void BackgroundSender::flush(std::chrono::milliseconds limit) {
  wake();
  std::unique_lock lock(mutex_);
  done_.wait_for(lock, limit, [this] { return idle_ || stop_; });
}

void BackgroundSender::run() {
  LrsClient client(endpoint_, credentials_, &stop_);
  std::chrono::seconds backoff{1};  // doubled before the first wait: 2 s
  constexpr std::chrono::seconds longest{300};
  std::unique_ptr<Outbox> box;
  while (true) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, unreachable_ ? backoff : longest, [this] { return woken_ || stop_; });
      if (stop_) return;
      woken_ = false;
    }
    std::string error;
    if (!box) box = Outbox::open(dir_, error);
    Delivery d;
    if (box) {
      d = deliver(*box, client);
    } else {
      d.stopped = true;
      d.problem = error;
    }
    sent_ += d.sent;
    waiting_ = box ? d.waiting : -1;
    unreachable_ = d.stopped;
    backoff = d.stopped ? std::min(backoff * 2, longest) : std::chrono::seconds{1};
    {
      std::lock_guard lock(mutex_);
      problem_ = d.problem;
      // Done for now when nothing waits or the LRS cannot take more: `flush` stops waiting.
      idle_ = !woken_;
    }
    done_.notify_all();
  }
}

}  // namespace lessonsim::app
