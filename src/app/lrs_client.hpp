// HTTP to a Learning Record Store with libcurl: xAPI 1.0.3 headers, TLS verified, Basic auth.
#pragma once

#include <atomic>
#include <string>

namespace lessonsim::app {

struct HttpAnswer {
  long status = 0;   // 0: no answer (the LRS could not be reached); `error` says why
  std::string body;  // at most max_answer_bytes
  std::string error;
};

// One connection's worth of state, for one thread. The credentials are handed to libcurl and
// never printed, logged or written anywhere.
class LrsClient {
 public:
  static constexpr std::size_t max_answer_bytes = 64'000'000;

  // `cancel`, when given, ends a request in progress as soon as it is set (the window closing).
  LrsClient(std::string endpoint, std::string credentials,
            const std::atomic<bool>* cancel = nullptr);
  ~LrsClient();
  LrsClient(const LrsClient&) = delete;
  LrsClient& operator=(const LrsClient&) = delete;

  const std::string& endpoint() const { return endpoint_; }
  // POST {endpoint}statements with a JSON array of statements.
  HttpAnswer post_statements(const std::string& array);
  // GET a URL on the LRS (the statements resource, or a `more` link on the same origin).
  HttpAnswer get(const std::string& url);

 private:
  HttpAnswer perform(const std::string& url, const std::string* body);

  std::string endpoint_;
  std::string credentials_;
  const std::atomic<bool>* cancel_ = nullptr;
  void* curl_ = nullptr;  // CURL*
};

// libcurl's process-wide set-up, once, before any thread uses it.
void init_http();

}  // namespace lessonsim::app
