#include <catch2/catch.hpp>

#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"

using namespace lessonsim;

namespace {

std::shared_ptr<Lesson> valid_copy() {
  Diagnostics d("valid.json");
  auto lesson =
      load_lesson_file(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/valid.json", d);
  REQUIRE(lesson);
  return std::make_shared<Lesson>(*lesson);
}

}  // namespace

TEST_CASE("playthrough: an action the step does not allow is the failure, before what follows",
          "[playthrough]") {
  auto lesson = valid_copy();
  lesson->steps.at(3).allow = {"add_gpu"};  // the drive step no longer allows set_gpus
  Playthrough p = lesson->playthroughs.at(0);
  Expectation reveal;
  reveal.after = 3;
  reveal.reveal_shown = true;
  p.expect.push_back(reveal);
  auto r = run_playthrough(lesson, p);
  CHECK_FALSE(r.passed);
  // The refusal is named, not the reveal that could not follow from it.
  CHECK_THAT(r.message, Catch::StartsWith("action 3 (set_gpus n=4) was refused: "));
}
