// The window's preview load: broken playthroughs do not hide an otherwise valid edit.
#include <catch2/catch.hpp>

#include "../app/temp_dir.hpp"
#include "../support/test_files.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;

TEST_CASE("preview: a lesson whose only errors are in its playthroughs still shows",
          "[loader][preview]") {
  TempDir dir;
  // A playthrough naming a step that is gone (say, just deleted): one error, in /playthroughs.
  std::string edited = test::shipped_lesson_text("datacenter-split.json");
  auto at = edited.find("\"playthroughs\": [");
  REQUIRE(at != std::string::npos);
  edited.insert(at + 17, R"({"name": "stale", "actions": [{"do": "goto", "step": "gone"}],
     "expect": [{"at_end": true, "step": "hook"}]},)");
  auto file = dir.write("lesson.json", edited);

  Diagnostics strict(file.string());
  CHECK_FALSE(load_lesson_file(file, strict));

  Diagnostics diags(file.string());
  std::vector<Diagnostic> playthrough_errors;
  auto lesson = load_lesson_preview(file, diags, playthrough_errors);
  REQUIRE(lesson);
  CHECK_FALSE(diags.has_errors());
  REQUIRE(playthrough_errors.size() == 1);
  CHECK_THAT(playthrough_errors[0].message, Catch::Contains("names no step \"gone\""));
  CHECK(lesson->playthroughs.empty());
  CHECK(lesson->step_index("drive") >= 0);

  // An error outside the playthroughs still keeps the last good version.
  std::string broken = edited;
  broken.replace(broken.find("\"goal\": \"fits && gpus == min_gpus\""), 34,
                 "\"goal\": \"fits && gpus == min_gpu\"");
  auto bad = dir.write("broken.json", broken);
  Diagnostics bad_diags(bad.string());
  std::vector<Diagnostic> none;
  CHECK_FALSE(load_lesson_preview(bad, bad_diags, none));
  CHECK(bad_diags.has_errors());
}
