// A lesson's flow (acting share, longest run without an action, steps without a machine) and
// the warnings `check` gives a format-3 lesson that breaks the course rules.
#include <catch2/catch.hpp>

#include "lessonsim/lesson_flow.hpp"
#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;

namespace {

// A lesson on a split machine whose steps are `kinds`, one letter each: n narrate, t a narrate
// text card ("show": false), p predict, q quiz, d demo, o operate, s summary.
std::string lesson_text(const std::string& kinds, int format = 3) {
  const std::string text = R"("text": {"en": "Text."})";
  const std::string question =
      R"("prompt": {"en": "Which?"}, "choices": [{"en": "A"}, {"en": "B"}], "answer": 0,
         "explain": {"en": "A."})";
  std::string steps;
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    std::string head = "{\"id\": \"s" + std::to_string(k) + "\", \"kind\": ";
    switch (kinds[k]) {
      case 'n':
        steps += head + "\"narrate\", " + text + "}";
        break;
      case 't':
        steps += head + "\"narrate\", \"show\": false, " + text + "}";
        break;
      case 'p':
        steps += head + "\"predict\", " + question + "}";
        break;
      case 'q':
        steps += head + "\"quiz\", " + question + "}";
        break;
      case 'd':
        steps += head + "\"demo\", " + text + R"(, "actions": [{"do": "add_gpu"}]})";
        break;
      case 'o':
        steps += head + "\"operate\", " + text + R"(, "goal": "fits", "reveal": {"en": "Yes."}})";
        break;
      default:
        steps += head + R"("summary", "key_idea": {"en": "I."}, "can_do": {"en": "C."},
                             "leads_to": {"en": "L."}})";
    }
    if (k + 1 < kinds.size()) steps += ",\n";
  }
  return R"({"format": )" + std::to_string(format) + R"(, "id": "flow", "version": "1.0.0",
    "locales": ["en"], "title": {"en": "Flow"},
    "machine": {"kind": "split", "model_gb": 280, "gpu_memory_gb": 80, "gpus": 1, "max_gpus": 16},
    "steps": [
)" + steps +
         "]}";
}

std::shared_ptr<const Lesson> load(const std::string& text) {
  Diagnostics d("flow.json");
  auto lesson = load_lesson(text, d);
  for (const auto& x : d.all())
    INFO(format_gcc(x));
  REQUIRE(lesson);
  return lesson;
}

std::vector<std::string> warnings(const std::string& text) {
  auto lesson = load(text);
  Diagnostics d("flow.json");
  LintOptions quick;
  quick.exhaustive_moves = 50;
  lint_lesson_source(*lesson, text, d, quick);
  std::vector<std::string> out;
  for (const auto& x : d.all()) {
    if (x.severity == Severity::warning) out.push_back(format_gcc(x));
  }
  return out;
}

bool any_says(const std::vector<std::string>& all, const std::string& what) {
  for (const auto& w : all) {
    if (w.find(what) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("flow: a lesson's acting share, passive runs and text cards", "[flow]") {
  LessonFlow f = lesson_flow(*load(lesson_text("npdnnoqt")));
  CHECK(f.steps == 8);
  CHECK(f.acting == 3);
  CHECK(f.acting_share() == Approx(3.0 / 8));
  CHECK(f.longest_passive_run == 3);  // d, n, n
  CHECK(f.passive_run_start == 2);
  CHECK(f.without_machine == 1);
  CHECK(f.first_without_machine == 7);
  LessonFlow good = lesson_flow(*load(lesson_text("npoqnos")));
  CHECK(good.acting == 4);
  CHECK(good.longest_passive_run == 1);
  CHECK(good.without_machine == 0);
}

TEST_CASE("flow: check warns on each course rule a format-3 lesson breaks", "[flow]") {
  auto bad = warnings(lesson_text("nndpttqs"));
  CHECK(any_says(bad, "2 of 8 steps ask the learner to act"));
  CHECK(any_says(bad, "flow.json:5:1: warning: 3 steps in a row from \"s0\" ask for no action"));
  CHECK(any_says(bad, "2 steps show no machine (\"show\": false), from \"s4\""));
  auto good = warnings(lesson_text("pnoqoqt"));
  CHECK_FALSE(any_says(good, "ask the learner to act"));
  CHECK_FALSE(any_says(good, "in a row"));
  CHECK_FALSE(any_says(good, "show no machine"));
  // Formats 1 and 2 cannot show a machine on a text step: their flow is not judged.
  CHECK_FALSE(any_says(warnings(lesson_text("nnnnns", 2)), "in a row"));
}
