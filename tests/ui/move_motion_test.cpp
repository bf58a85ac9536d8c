// The learner's moves shown happening: a zoom and a cut animate, other moves do not, a key
// skips, and reduced motion shows the end at once.
#include <catch2/catch.hpp>

#include "imgui_harness.hpp"
#include "lessonsim/loader.hpp"
#include "move_motion.hpp"
#include "rack/rack.hpp"
#include "split/split.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

std::shared_ptr<const Lesson> lesson(const char* machine, const char* allow) {
  std::string text = std::string(R"({"format": 1, "id": "m", "version": "1", "locales": ["en"],
    "title": {"en": "M"}, "machine": )") +
                     machine + R"(, "steps": [{"id": "play", "kind": "operate", "allow": )" +
                     allow + R"(, "text": {"en": "Play"}, "goal": "gpus < 0",
    "reveal": {"en": "Done"}}]})";
  Diagnostics diags("m");
  auto l = load_lesson(text, diags);
  REQUIRE(l);
  return l;
}

const char* rack = R"({"kind": "rack", "servers": 4, "budget_kw": 100})";
const char* split = R"({"kind": "split", "model_gb": 280, "gpu_memory_gb": 80, "gpus": 4})";

}  // namespace

TEST_CASE("a zoom out animates in frames, with the machine before it kept for the canvas") {
  ImGuiHarness imgui;
  LessonScreen screen(lesson(rack, R"(["zoom_out", "zoom_in", "add_server"])"), "en", false);
  screen.apply(Action::make("add_server"));
  CHECK_FALSE(screen.animating());
  screen.apply(Action::make("zoom_out"));
  CHECK(screen.animating());
  CHECK(screen.engine().value("zoom") == 1);  // the engine is already there
  int frames = 0;
  for (; frames < 200 && screen.animating(); ++frames)
    imgui.frame(screen);
  CHECK(frames > 30);  // over a second at 60 frames a second
  CHECK_FALSE(screen.animating());
}

TEST_CASE("Escape skips a zoom; reduced motion never starts one") {
  ImGuiHarness imgui;
  LessonScreen moving(lesson(rack, R"(["zoom_out"])"), "en", false);
  moving.apply(Action::make("zoom_out"));
  imgui.frame(moving);
  CHECK(moving.animating());
  imgui.key(moving, ImGuiKey_Escape);
  CHECK_FALSE(moving.animating());

  LessonScreen calm(lesson(rack, R"(["zoom_out"])"), "en", true);
  calm.apply(Action::make("zoom_out"));
  CHECK_FALSE(calm.animating());
  CHECK(calm.engine().value("zoom") == 1);
}

TEST_CASE("a cut and a merge animate; adding a GPU does not") {
  LessonScreen screen(lesson(split, R"(["slice", "merge", "add_gpu"])"), "en", false);
  screen.apply(Action::make("add_gpu"));
  CHECK_FALSE(screen.animating());
  screen.apply(Action::make("slice"));
  CHECK(screen.animating());
  screen.finish_animations();
  screen.apply(Action::make("merge"));
  CHECK(screen.animating());
  LessonScreen calm(lesson(split, R"(["slice"])"), "en", true);
  calm.apply(Action::make("slice"));
  CHECK_FALSE(calm.animating());
}

TEST_CASE("move_seconds: only a change of zoom or of slices is shown happening") {
  RackMachine a, b;
  b.set("zoom", "site");
  CHECK(move_seconds(a, b) > 0);
  CHECK(move_seconds(a, a) == 0);
  SplitMachine s1, s2;
  s2.set("slices", 2);
  CHECK(move_seconds(s1, s2) > 0);
  CHECK(move_seconds(s1, a) == 0);
}

TEST_CASE("a change of link shows the exchange on the new one; reduced motion shows none") {
  const char* link = R"({"kind": "interconnect", "params_b": 140, "tokens_per_step_m": 4,
    "gpu": "h100-sxm", "utilization": 0.4, "link": "ethernet-100g", "gpus": 128})";
  ImGuiHarness imgui;
  LessonScreen moving(lesson(link, R"(["next_link", "add_gpu"])"), "en", false);
  moving.apply(Action::make("add_gpu"));
  CHECK_FALSE(moving.animating());
  moving.apply(Action::make("next_link"));
  CHECK(moving.animating());
  imgui.frame(moving);
  CHECK(moving.animating());
  LessonScreen calm(lesson(link, R"(["next_link"])"), "en", true);
  calm.apply(Action::make("next_link"));
  CHECK_FALSE(calm.animating());
}
