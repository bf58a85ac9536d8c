// en-XA given to a lesson at load: every English text gets its pseudo text, and the English
// playthroughs replay under it.
#include <catch2/catch.hpp>

#include "../support/shipped_course.hpp"
#include "lessonsim/engine.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/playthrough.hpp"
#include "lessonsim/pseudo_locale.hpp"

using namespace lessonsim;

TEST_CASE("pseudo lesson: asked for en-XA, an English lesson gains it; otherwise unchanged") {
  const auto& lesson = test::shipped_course().lessons.front().lesson;
  REQUIRE(lesson);
  CHECK(lesson_for_locale(lesson, "en") == lesson);
  CHECK(lesson_for_locale(lesson, "es") == lesson);
  auto pseudo = lesson_for_locale(lesson, "en-XA");
  REQUIRE(pseudo != lesson);
  CHECK(std::find(pseudo->locales.begin(), pseudo->locales.end(), "en-XA") !=
        pseudo->locales.end());
  CHECK(std::find(lesson->locales.begin(), lesson->locales.end(), "en-XA") ==
        lesson->locales.end());
  CHECK(pseudo->title.in("en-XA") == pseudo_localize(lesson->title.in("en")));
  for (std::size_t k = 0; k < lesson->steps.size(); ++k) {
    const Step& s = pseudo->steps[k];
    INFO(s.id);
    CHECK(s.text.in("en-XA") == pseudo_localize(lesson->steps[k].text.in("en")));
    for (const auto& rule : s.feedback)
      CHECK(rule.say.in("en-XA").starts_with("⟦"));
    for (const auto& c : s.choices)
      CHECK(c.text.in("en-XA").starts_with("⟦"));
  }
  // Asking again of a lesson that has it already changes nothing.
  CHECK(lesson_for_locale(pseudo, "en-XA") == pseudo);
}

TEST_CASE("pseudo lesson: the placeholders still fill with the machine's numbers") {
  auto pseudo = lesson_for_locale(test::shipped_course().lessons.front().lesson, "en-XA");
  Engine engine(pseudo);
  engine.apply(Action::with("goto", "step", "drive"));
  std::string feedback = visible_feedback(engine, "en-XA");
  CHECK(feedback.find('{') == std::string::npos);
  CHECK(feedback.find(pseudo_accent("it overflows by 200 GB")) != std::string::npos);
}

TEST_CASE("pseudo lesson: every English playthrough of the course passes under en-XA") {
  int replayed = 0;
  for (const auto& entry : test::shipped_course().lessons) {
    REQUIRE(entry.lesson);
    auto pseudo = lesson_for_locale(entry.lesson, "en-XA");
    for (const auto& p : entry.lesson->playthroughs) {
      if (p.locale != "en") continue;
      PlaythroughResult r = run_playthrough(pseudo, pseudo_playthrough(p));
      INFO(entry.id << ": " << p.name << ": " << r.message);
      CHECK(r.passed);
      ++replayed;
    }
  }
  CHECK(replayed > 20);
}

TEST_CASE("lesson locale: a learner's language, else its region's sibling, else English") {
  Lesson lesson;
  lesson.locales = {"es", "en", "pt-PT"};
  CHECK(lesson_locale_for(lesson, "en") == "en");
  CHECK(lesson_locale_for(lesson, "pt-BR") == "pt-PT");
  CHECK(lesson_locale_for(lesson, "fr") == "en");
  CHECK(lesson_locale_for(lesson, "en-XA") == "en-XA");
  CHECK(lesson_locale_for(lesson, "") == "es");
  lesson.locales = {"es"};
  CHECK(lesson_locale_for(lesson, "fr") == "es");
  CHECK(lesson_locale_for(lesson, "en-XA") == "es");
  CHECK_FALSE(lesson_has_locale(lesson, "en-XA"));
}

TEST_CASE("pseudo lesson: a machine declared in the lesson gets en-XA labels and action texts") {
  const auto& course = test::shipped_course();
  int at = course.index_of("own-or-rent");
  REQUIRE(at >= 0);
  const auto& lesson = course.lessons[static_cast<std::size_t>(at)].lesson;
  REQUIRE(lesson);
  auto pseudo = lesson_for_locale(lesson, "en-XA");
  REQUIRE(pseudo->machine != lesson->machine);
  CHECK(pseudo->machine_spec == &pseudo->machine->spec());
  const auto& actions = pseudo->machine->spec().actions;
  REQUIRE_FALSE(actions.empty());
  for (std::size_t k = 0; k < actions.size(); ++k) {
    INFO(actions[k].name);
    CHECK(actions[k].key_help.in("en-XA") ==
          pseudo_localize(lesson->machine->spec().actions[k].key_help.in("en")));
  }
  // The machine starts where the lesson's does.
  CHECK(pseudo->machine->settings() == lesson->machine->settings());
  CHECK(pseudo->machine->spec().variables.size() == lesson->machine->spec().variables.size());
}
