// A step's focus (what its picture is about) and `check`'s give-away rule: a predict step whose
// picture would show its answer before the choice fails, located at the step.
#include <catch2/catch.hpp>

#include <fstream>

#include <nlohmann/json.hpp>

#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/step_focus.hpp"

using namespace lessonsim;

namespace {

nlohmann::ordered_json shipped(const std::string& name) {
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/" + name);
  return nlohmann::ordered_json::parse(in);
}

nlohmann::ordered_json& step(nlohmann::ordered_json& lesson, const std::string& id) {
  for (auto& s : lesson["steps"]) {
    if (s["id"] == id) return s;
  }
  FAIL("no step " << id);
  return lesson;
}

// Loads (it must load) and lints; every diagnostic, errors and warnings.
std::vector<Diagnostic> checked(const nlohmann::ordered_json& lesson) {
  const std::string source = lesson.dump(2);
  Diagnostics diags("lesson.json");
  auto loaded = load_lesson(source, diags);
  for (const auto& d : diags.all())
    UNSCOPED_INFO(format_gcc(d));
  REQUIRE(loaded);
  lint_lesson_source(*loaded, source, diags);
  return diags.all();
}

std::vector<std::string> giveaways(const std::vector<Diagnostic>& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags) {
    if (d.severity == Severity::error && d.message.find("give") != std::string::npos)
      out.push_back(format_gcc(d));
  }
  return out;
}

std::shared_ptr<const Lesson> load(const nlohmann::ordered_json& lesson, Diagnostics& diags) {
  return load_lesson(lesson.dump(2), diags);
}

}  // namespace

TEST_CASE("check: the home-internet question that shows its 12 hours fails, at the step") {
  // decentralized as it stood: train-home asks for the exchange in hours while its picture
  // reads it in seconds, and `guess` three steps before showed the same machine.
  auto lesson = shipped("decentralized.json");
  step(lesson, "train-home").erase("hides");
  step(lesson, "guess")["machine"]["params_b"] = 140;
  const auto found = giveaways(checked(lesson));
  for (const auto& f : found)
    UNSCOPED_INFO(f);
  REQUIRE(found.size() == 2);
  CHECK_THAT(found[0],
             Catch::Contains("predict step \"train-home\" shows exchange_s (43,201.1 s)"));
  CHECK_THAT(found[0], Catch::Contains("(exchange_hours = 12 h)"));
  CHECK_THAT(found[0], Catch::Contains("\"hides\""));
  CHECK_THAT(found[1], Catch::Contains("step \"guess\" shows exchange_s"));
  CHECK_THAT(found[1], Catch::Contains("the answer to predict step \"train-home\""));
  // Located at each step: the line its object opens on.
  Diagnostics d("lesson.json");
  auto loaded = load(lesson, d);
  REQUIRE(loaded);
  CHECK_THAT(found[0],
             Catch::StartsWith("lesson.json:" + std::to_string(loaded->steps[5].pos.line) + ":"));
}

TEST_CASE("check: the fixed lesson passes, and a format-3 question drawing its answer fails") {
  CHECK(giveaways(checked(shipped("decentralized.json"))).empty());
  CHECK(giveaways(checked(shipped("datacenter-split.json"))).empty());
  // Lesson 1's question "how many GPUs?" under format 3: the chip ticks count them.
  auto lesson = shipped("datacenter-split.json");
  lesson["format"] = 3;
  bool found = false;
  for (const auto& d : checked(lesson)) {
    found = found || (d.severity == Severity::error &&
                      d.message.find("draws \"min_gpus\", its answer") != std::string::npos);
  }
  CHECK(found);
}

TEST_CASE("focus: a step shows the parts drawing what it reads; overlays only where read") {
  Diagnostics diags("datacenter-split.json");
  auto lesson = load(shipped("datacenter-split.json"), diags);
  REQUIRE(lesson);
  const MachineSpec& spec = *lesson->machine_spec;
  const Step& hook = lesson->steps[0];
  const StepFocus entered = step_focus(*lesson, hook, false);
  CHECK(entered.part(spec, "ticks") == PartFocus::folded);  // it says nothing of min_gpus
  const Step& drive = lesson->steps[static_cast<std::size_t>(lesson->step_index("drive"))];
  const StepFocus driving = step_focus(*lesson, drive, false);
  CHECK(driving.reads_var("min_gpus"));
  CHECK(driving.part(spec, "ticks") == PartFocus::shown);
  CHECK(driving.part(spec, "gpus") == PartFocus::shown);
  // The question hides its answer until the choice, then shows it.
  const Step& guess = lesson->steps[static_cast<std::size_t>(lesson->step_index("guess"))];
  CHECK(step_focus(*lesson, guess, false).hides("min_gpus"));
  CHECK_FALSE(step_focus(*lesson, guess, true).hides("min_gpus"));
}

TEST_CASE("focus: show and hide lists, and a format-3 lesson focuses nothing") {
  auto json = shipped("datacenter-split.json");
  step(json, "hook")["hide"] = {"gpu_memory_gb"};
  step(json, "hook")["show"] = {"min_gpus"};
  Diagnostics diags("lesson.json");
  auto lesson = load(json, diags);
  REQUIRE(lesson);
  const MachineSpec& spec = *lesson->machine_spec;
  const StepFocus f = step_focus(*lesson, lesson->steps[0], false);
  CHECK(f.part(spec, "gpus") == PartFocus::folded);
  CHECK(f.part(spec, "ticks") == PartFocus::shown);
  json["format"] = 3;
  step(json, "hook").erase("hide");
  step(json, "hook").erase("show");
  auto old = load(json, diags);
  REQUIRE(old);
  const StepFocus all = step_focus(*old, old->steps[0], false);
  for (PartFocus p : all.parts)
    CHECK(p == PartFocus::shown);
}

TEST_CASE("loader: show, hide and hides name variables of the step's machine, from format 4") {
  auto json = shipped("decentralized.json");
  step(json, "train-home")["hides"] = {"exchange_secs"};
  Diagnostics diags("lesson.json");
  CHECK_FALSE(load(json, diags));
  REQUIRE(diags.error_count() == 1);
  CHECK_THAT(diags.all()[0].message,
             Catch::Contains("\"hides\" names no variable \"exchange_secs\" of the interconnect "
                             "machine; did you mean \"exchange_s\"?"));
  json = shipped("decentralized.json");
  json["format"] = 3;
  step(json, "train-home").erase("hides");
  step(json, "hook")["hide"] = {"gpus"};
  Diagnostics old("lesson.json");
  CHECK_FALSE(load(json, old));
  REQUIRE(old.error_count() >= 1);
  CHECK_THAT(old.all()[0].message,
             Catch::Contains("\"hide\" needs \"format\": 4 (this file says 3; raising it to 4"));
}
