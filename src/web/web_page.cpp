// The page's entry point and what it offers its tests (window.lessonsim in index.html): the
// lesson, step, feedback and reveal on show, the marks dump of the last frame (the same dump as
// `shot --marks`), the machine's keys, and every catalog message rendered by this build's engine.
#include <emscripten/emscripten.h>

#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>

#include "canvas.hpp"
#include "lessonsim/engine.hpp"
#include "lessonsim/expr.hpp"
#include "lessonsim/message_samples.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/playthrough.hpp"
#include "marks_dump.hpp"
#include "web_app.hpp"

// The page's address, read before the app starts.
// clang-format off
EM_JS(char*, lessonsim_js_request, (), {
  const params = new URLSearchParams(location.search);
  const text = JSON.stringify({
    lesson : params.get("lesson") || "",
    step : params.get("step") || "",
    locale : params.get("locale") || "",
    browser_locales : Array.from(navigator.languages || [navigator.language || "en"]),
  });
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});
// clang-format on

namespace {

using lessonsim::web::web_app;

// A string for JS: kept until the next call, which the page copies at once.
const char* answer(std::string text) {
  static std::string kept;
  kept = std::move(text);
  return kept.c_str();
}

const lessonsim::ui::LessonScreen* screen() {
  auto& a = web_app();
  return a.journey ? a.journey->lesson_screen() : nullptr;
}

}  // namespace

extern "C" {

// {"screen", "lesson", "step", "locale", "feedback", "text", "reveal", "finished", "correct",
// "frames"}: what the learner sees now.
EMSCRIPTEN_KEEPALIVE const char* lessonsim_state() {
  using namespace lessonsim;
  auto& a = web_app();
  nlohmann::json out = {{"frames", a.frames}, {"running", a.running}};
  if (!a.journey) return answer(out.dump());
  out["screen"] = static_cast<int>(a.journey->current());
  if (const auto* s = screen(); s && a.journey->current() == ui::ScreenId::lesson) {
    const Engine& e = s->engine();
    out["lesson"] = e.lesson().id;
    out["step"] = e.step().id;
    out["locale"] = s->locale();
    out["feedback"] = visible_feedback(e, s->locale());
    out["text"] = visible_text(e, s->locale());
    out["reveal"] = e.step().kind == StepKind::operate && e.goal_met();
    out["finished"] = e.finished();
    if (auto right = e.choice_right()) out["correct"] = *right;
  }
  return answer(out.dump());
}

// The marks dump of the last frame drawn, in the canvas's pixels.
EMSCRIPTEN_KEEPALIVE const char* lessonsim_marks() {
  const auto* s = screen();
  if (!s) return answer("{}");
  return answer(lessonsim::app::marks_dump(web_app().picture, *s, 1, 1).dump());
}

// Whether a condition over the machine's variables holds now (a playthrough's `holds`, `at_end`):
// 1 or 0, or -1 when it does not compile against this machine.
EMSCRIPTEN_KEEPALIVE int lessonsim_holds(const char* condition) {
  const auto* s = screen();
  if (!s) return -1;
  const lessonsim::Engine& e = s->engine();
  lessonsim::ExprError error;
  auto expr = lessonsim::Expression::compile(condition, e.machine().spec().variables, error, false);
  if (!expr) return -1;
  return expr->holds(e.values()) ? 1 : 0;
}

// The machine's actions with their keys: {"add_gpu": "+=", ...}.
EMSCRIPTEN_KEEPALIVE const char* lessonsim_keys() {
  const auto* s = screen();
  nlohmann::json out = nlohmann::json::object();
  if (s) {
    for (const auto& action : s->engine().machine().spec().actions)
      out[action.name] = action.keys;
  }
  return answer(out.dump());
}

// Where a named click target (continue, back, choice1, add_gpu…) was drawn last frame, in the
// canvas's pixels: {"x","y","w","h"}, or {} when it was not.
EMSCRIPTEN_KEEPALIVE const char* lessonsim_target(const char* name) {
  const auto* s = screen();
  if (!s) return answer("{}");
  auto rect = s->target(name);
  if (!rect) return answer("{}");
  return answer(
      nlohmann::json{{"x", rect->x0}, {"y", rect->y0}, {"w", rect->width()}, {"h", rect->height()}}
          .dump());
}

// A move the page has no key or target for (a number chosen on a slider), applied as the
// canvas applies a click's action; {"refused": bool}.
EMSCRIPTEN_KEEPALIVE const char* lessonsim_act(const char* action_json) {
  using namespace lessonsim;
  auto& a = web_app();
  ui::LessonScreen* s = a.journey ? a.journey->lesson_screen() : nullptr;
  auto j = nlohmann::json::parse(action_json, nullptr, false);
  if (!s || !j.is_object() || !j.contains("do") || !j["do"].is_string())
    return answer(R"({"refused":true})");
  Action action = Action::make(j["do"].get<std::string>());
  for (const auto& [key, value] : j.items()) {
    if (key != "do") action.args[key] = value;
  }
  bool refused = false;
  for (const Event& e : s->apply(action))
    refused |= e.kind == EventKind::rejected;
  web::wake();
  return answer(nlohmann::json{{"refused", refused}}.dump());
}

// Every catalog message in every locale, rendered with sample arguments by this build's engine
// (message_samples.hpp); the desktop's `message_samples` prints the same through ICU.
EMSCRIPTEN_KEEPALIVE const char* lessonsim_message_samples() {
  return answer(lessonsim::message_samples(lessonsim::messages()).dump());
}

}  // extern "C"

int main() {
  // The course and its assets come packed with the page (src/web/CMakeLists.txt).
  setenv("LESSONSIM_SHARE_DIR", "/share/lessonsim", 1);
  lessonsim::ui::canvases();
  char* raw = lessonsim_js_request();
  auto j = nlohmann::json::parse(raw, nullptr, false);
  std::free(raw);
  lessonsim::web::PageRequest request;
  if (j.is_object()) {
    request.lesson = j.value("lesson", std::string());
    request.step = j.value("step", std::string());
    request.locale = j.value("locale", std::string());
    for (const auto& l : j.value("browser_locales", nlohmann::json::array()))
      if (l.is_string()) request.browser_locales.push_back(l.get<std::string>());
  }
  // A lesson id names a file in the course's folder: nothing else may reach the file system.
  for (char c : request.lesson) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) {
      std::cerr << "lessonsim: ?lesson= takes a lesson id (datacenter-split)\n";
      request.lesson.clear();
      break;
    }
  }
  return lessonsim::web::start(request);
}
