#include "lrs_client.hpp"

#include <curl/curl.h>

#include <mutex>

#include "lessonsim/xapi.hpp"

namespace lessonsim::app {

namespace {

std::size_t lrs_collect(char* data, std::size_t size, std::size_t count, void* out) {
  auto* body = static_cast<std::string*>(out);
  std::size_t n = size * count;
  if (body->size() + n > LrsClient::max_answer_bytes) return 0;  // stops the transfer
  body->append(data, n);
  return n;
}

// libcurl asks this during a transfer; non-zero ends it.
int lrs_progress(void* cancel, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<const std::atomic<bool>*>(cancel)->load() ? 1 : 0;
}

}  // namespace

void init_http() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

LrsClient::LrsClient(std::string endpoint, std::string credentials, const std::atomic<bool>* cancel)
    : endpoint_(std::move(endpoint)), credentials_(std::move(credentials)), cancel_(cancel) {
  init_http();
  curl_ = curl_easy_init();
}

LrsClient::~LrsClient() {
  curl_easy_cleanup(static_cast<CURL*>(curl_));
  // The secret leaves memory with the client.
  credentials_.assign(credentials_.size(), '\0');
}

HttpAnswer LrsClient::post_statements(const std::string& array) {
  return perform(endpoint_ + "statements", &array);
}

HttpAnswer LrsClient::get(const std::string& url) {
  return perform(url, nullptr);
}

HttpAnswer LrsClient::perform(const std::string& url, const std::string* body) {
  HttpAnswer answer;
  auto* c = static_cast<CURL*>(curl_);
  if (!c) {
    answer.error = "libcurl could not start";
    return answer;
  }
  curl_easy_reset(c);
  char error[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);  // credentials never follow a redirect
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(c, CURLOPT_TIMEOUT, 120L);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, lrs_collect);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &answer.body);
  if (cancel_) {
    curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, lrs_progress);
    curl_easy_setopt(c, CURLOPT_XFERINFODATA, const_cast<std::atomic<bool>*>(cancel_));
  }
  if (!credentials_.empty()) {
    curl_easy_setopt(c, CURLOPT_HTTPAUTH, static_cast<long>(CURLAUTH_BASIC));
    curl_easy_setopt(c, CURLOPT_USERPWD, credentials_.c_str());
  }
  curl_slist* headers = nullptr;
  headers = curl_slist_append(headers,
                              (std::string("X-Experience-API-Version: ") + xapi::version).c_str());
  if (body) {
    headers = curl_slist_append(headers, "Content-Type: application/json");
    curl_easy_setopt(c, CURLOPT_POST, 1L);
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, body->data());
    curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body->size()));
  }
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
  CURLcode rc = curl_easy_perform(c);
  if (rc == CURLE_OK) {
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &answer.status);
  } else {
    answer.error = error[0] ? error : curl_easy_strerror(rc);
  }
  // libcurl keeps no pointer to these past the transfer.
  curl_easy_setopt(c, CURLOPT_USERPWD, nullptr);
  curl_slist_free_all(headers);
  return answer;
}

}  // namespace lessonsim::app
