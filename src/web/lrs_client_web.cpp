// The browser build's LRS client: the page does not reach a Learning Record Store yet (the
// desktop's client is libcurl's, src/app/lrs_client.cpp), so every request answers that no LRS
// could be reached, as the desktop's does when one is out of reach. Instructor → Class says so.
// The desktop's libcurl handle and cancel flag have no use here.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-private-field"
#include "lrs_client.hpp"
#pragma clang diagnostic pop

#include <utility>

namespace lessonsim::app {

namespace {

HttpAnswer unreachable() {
  HttpAnswer out;
  out.error = "the browser version of lessonsim does not reach an LRS";
  return out;
}

}  // namespace

LrsClient::LrsClient(std::string endpoint, std::string credentials, const std::atomic<bool>* cancel)
    : endpoint_(std::move(endpoint)), credentials_(std::move(credentials)), cancel_(cancel) {}

LrsClient::~LrsClient() = default;

HttpAnswer LrsClient::post_statements(const std::string&) {
  return unreachable();
}

HttpAnswer LrsClient::get(const std::string&) {
  return unreachable();
}

HttpAnswer LrsClient::perform(const std::string&, const std::string*) {
  return unreachable();
}

void init_http() {}

}  // namespace lessonsim::app
