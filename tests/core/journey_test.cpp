// The course path, the glossary's course memory, the capability card and settings in the store,
// against the real course in lessons/.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../support/shipped_course.hpp"
#include "lessonsim/capability_card.hpp"
#include "lessonsim/glossary.hpp"
#include "lessonsim/settings_store.hpp"

using namespace lessonsim;
namespace fs = std::filesystem;

namespace {

const Course& course() {
  return test::shipped_course();
}

SavedLesson saved(const std::string& id, bool done, const std::string& step = "hook") {
  return {id, "h", nlohmann::json{{"step", step}}, done, done ? "2026-11-20" : ""};
}

}  // namespace

TEST_CASE("journey: lessons are done, in progress, next or later", "[journey]") {
  const Course& c = course();
  REQUIRE(c.lessons.size() >= 4);
  auto fresh = course_path(c, {});
  CHECK(fresh[0].state == LessonState::next);
  CHECK(fresh[1].state == LessonState::later);
  CHECK(lesson_to_continue(fresh) == 0);

  auto path =
      course_path(c, {saved(c.lessons[0].id, true), saved(c.lessons[1].id, false, "guess")});
  CHECK(path[0].state == LessonState::done);
  CHECK(path[0].done_at == "2026-11-20");
  CHECK(path[1].state == LessonState::in_progress);
  CHECK(path[1].step == c.lessons[1].lesson->step_index("guess"));
  CHECK(path[2].state == LessonState::next);
  CHECK(path[3].state == LessonState::later);
  CHECK(lesson_to_continue(path) == 1);
  CHECK(std::string(lesson_state_name(LessonState::in_progress)) == "in_progress");

  std::vector<SavedLesson> all;
  for (const auto& l : c.lessons)
    all.push_back(saved(l.id, true));
  CHECK(lesson_to_continue(course_path(c, all)) == -1);
}

TEST_CASE("journey: review items ask the quiz steps again, graded in core", "[journey]") {
  const Course& c = course();
  const Lesson& first = *c.lessons[0].lesson;
  std::vector<DueCard> due = {{first.id, "why-not-wait", {}},
                              {first.id, "gone", {}},
                              {"no-such-lesson", "x", {}},
                              {first.id, "hook", {}}};
  auto items = review_items(c, due);
  REQUIRE(items.size() == 1);
  const Step& quiz = items[0].quiz();
  CHECK(quiz.id == "why-not-wait");
  CHECK(answer_is_right(quiz, quiz.answer));
  CHECK_FALSE(answer_is_right(quiz, quiz.answer == 0 ? 1 : 0));
  CHECK_FALSE(answer_is_right(quiz, -1));
}

TEST_CASE("glossary: terms match whole words, ignoring case, longest first", "[glossary]") {
  std::vector<std::string> terms = {"GPU", "GB", "optimizer state", "optimizer"};
  auto m = find_terms("Two GPUs, one gpu; 80 GB of Optimizer State.", terms);
  REQUIRE(m.size() == 3);
  CHECK(m[0].term == 0);  // "gpu", not the "GPU" inside "GPUs"
  CHECK(m[0].begin == 14);
  CHECK(m[1].term == 1);
  CHECK(m[2].term == 2);
  CHECK(m[2].end == 43);
  CHECK(find_terms("VRAMs and xGB", {"VRAM", "GB"}).empty());
  CHECK(find_terms("Parámetros", {"Parámetro"}).empty());
  CHECK(find_terms("", terms).empty());
}

TEST_CASE("glossary: met terms with the lesson and step where they first appear", "[glossary]") {
  const Course& c = course();
  CHECK(met_glossary(course_path(c, {}), "en").empty());
  auto path = course_path(c, {saved(c.lessons[0].id, false)});
  auto items = met_glossary(path, "en");
  const Lesson& first = *c.lessons[0].lesson;
  REQUIRE(items.size() == first.glossary.size());
  for (std::size_t k = 1; k < items.size(); ++k) {
    CHECK(items[k - 1].term != items[k].term);
  }
  auto gpu =
      std::find_if(items.begin(), items.end(), [](const auto& i) { return i.term == "GPU"; });
  REQUIRE(gpu != items.end());
  CHECK(gpu->lesson_id == first.id);
  CHECK(gpu->step_index >= 0);
  CHECK(gpu->step_id == first.steps[static_cast<std::size_t>(gpu->step_index)].id);
  // No earlier step uses the word.
  CHECK(first_step_with(first, "GPU", "en") == gpu->step_index);
  CHECK(first_step_with(first, "no such word anywhere", "en") == -1);
  CHECK(glossary_matches(*gpu, "gpu"));
  CHECK(glossary_matches(*gpu, ""));
  CHECK_FALSE(glossary_matches(*gpu, "gpu zzzz"));
}

TEST_CASE("capability card: done lessons with what the learner can do, in Markdown", "[card]") {
  const Course& c = course();
  auto path = course_path(c, {saved(c.lessons[0].id, true), saved(c.lessons[1].id, false)});
  CapabilityCard card = capability_card(c, path, "es", "2026-11-29");
  REQUIRE(card.lines.size() == 1);
  CHECK_FALSE(card.complete());
  CHECK(card.lines[0].title == c.lessons[0].lesson->title.in("es"));
  CHECK_FALSE(card.lines[0].can_do.empty());
  std::string md = card_markdown(card);
  CHECK(md.rfind("# " + c.title.in("es"), 0) == 0);
  CHECK(md.find("2026-11-29") != std::string::npos);
  CHECK(md.find("1 de " + std::to_string(c.lessons.size())) != std::string::npos);
  CHECK(md.find(card.lines[0].can_do) != std::string::npos);
  CHECK(md.find(c.lessons[1].lesson->title.in("es")) == std::string::npos);
  CHECK(card_markdown(capability_card(c, course_path(c, {}), "en", "d")).find("No lesson") !=
        std::string::npos);
}

TEST_CASE("settings: migrated once from settings.json, then the store is the source",
          "[settings]") {
  fs::path dir = fs::temp_directory_path() / ("lessonsim-journey-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "settings.json")
      << R"({"window": {"width": 1000, "height": 700}, "locale": "en", "reduce_motion": true})";
  auto store = ProgressStore::in_memory();
  Settings s = load_settings(*store, dir);
  CHECK(s.window_width == 1000);
  CHECK(s.locale == "en");
  CHECK(s.reduce_motion);
  CHECK(s.text_percent == 100);
  s.text_percent = 175;
  s.theme = "high_contrast";
  s.desired_retention = 0.8;
  s.colour_safe = true;
  save_settings(*store, s);
  std::ofstream(dir / "settings.json") << R"({"locale": "es"})";  // no longer read
  Settings back = load_settings(*store, dir);
  CHECK(back == s);
  store->set_setting("text_percent", "900");
  store->set_setting("desired_retention", "0.5");
  store->set_setting("theme", "neon");
  Settings fixed = load_settings(*store, dir);
  CHECK(fixed.text_percent == 100);
  CHECK(fixed.desired_retention == Approx(0.9));
  CHECK(fixed.theme == "light");
  fs::remove_all(dir);
}

TEST_CASE("glossary: lesson text marks each term where it first appears", "[journey]") {
  auto all = find_terms("A GPU, a GPU and a GPU hold 80 GB; GB again.", {"GPU", "GB"});
  REQUIRE(all.size() == 5);
  auto first = first_of_each(all);
  REQUIRE(first.size() == 2);
  CHECK(first[0].term == 0);
  CHECK(first[0].begin == 2);
  CHECK(first[1].term == 1);
  CHECK(first[1].begin == all[3].begin);
}

TEST_CASE("journey: a summary's words shown away from the lesson have their figures filled in",
          "[journey]") {
  // Training memory's key idea names the bytes per parameter from its machine; the course map
  // showed "{train_bytes_per_param}" itself.
  std::shared_ptr<const Lesson> lesson;
  for (const auto& e : course().lessons)
    if (e.id == "training-memory") lesson = e.lesson;
  REQUIRE(lesson);
  const Step* summary = summary_step(*lesson);
  REQUIRE(summary);
  REQUIRE_THAT(summary->key_idea.in("es"), Catch::Contains("{train_bytes_per_param}"));
  for (const char* locale : {"es", "en", "pt-BR"}) {
    const std::string shown = summary_text(lesson, &Step::key_idea, locale);
    INFO(locale << ": " << shown);
    CHECK_FALSE(shown.empty());
    CHECK(shown.find('{') == std::string::npos);
    CHECK_THAT(shown, Catch::Contains("16"));
  }
  // Every shipped summary's texts come out whole in every locale, and the card's lines too.
  for (const auto& e : course().lessons) {
    for (const auto& locale : e.lesson->locales) {
      for (auto field : {&Step::key_idea, &Step::can_do, &Step::leads_to}) {
        const std::string shown = summary_text(e.lesson, field, locale);
        INFO(e.id << " " << locale << ": " << shown);
        CHECK(shown.find('{') == std::string::npos);
      }
    }
  }
}
