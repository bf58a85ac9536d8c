#include <catch2/catch.hpp>

#include <algorithm>

#include "lessonsim/engine.hpp"
#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/practice.hpp"
#include "lessonsim/practice_run.hpp"

using namespace lessonsim;

namespace {

std::string split_source() {
  std::string text, error;
  REQUIRE(
      read_file(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json", text, error));
  return text;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

std::shared_ptr<const Lesson> load(const std::string& text) {
  Diagnostics diags("datacenter-split.json");
  auto lesson = load_lesson(text, diags);
  for (const auto& d : diags.all())
    INFO(format_gcc(d));
  REQUIRE(lesson);
  return lesson;
}

const Step& drive(const Lesson& lesson) {
  return lesson.steps[static_cast<std::size_t>(lesson.step_index("drive"))];
}

std::vector<Diagnostic> checked(const std::string& text) {
  Diagnostics diags("datacenter-split.json");
  auto lesson = load_lesson(text, diags);
  REQUIRE(lesson);
  lint_lesson_source(*lesson, text, diags);
  return diags.all();
}

int practice_line_of(const std::string& text, const std::string& needle) {
  auto at = text.find(needle);
  REQUIRE(at != std::string::npos);
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

double value(const Engine& e, const char* name) {
  return e.value(name);
}

}  // namespace

TEST_CASE("practice: lesson 1 declares variants from real chips, none the lesson's own",
          "[practice]") {
  auto lesson = load(split_source());
  const Step& step = drive(*lesson);
  REQUIRE(step.practice);
  auto variants = practice_variants(*lesson, step);
  // 4 model sizes x 4 chips (the 80 GB A100 is the lesson's own) x 1 GPU limit.
  CHECK(variants.size() == 16);
  for (const auto& v : variants) {
    CHECK(v["model_gb"] != 280);
    CHECK(v["gpu_memory_gb"] != 80);
  }
  auto has_memory = [&](int gb) {
    return std::any_of(variants.begin(), variants.end(),
                       [&](const nlohmann::json& v) { return v["gpu_memory_gb"] == gb; });
  };
  CHECK(has_memory(40));   // a100-40 in assets/hardware.json
  CHECK(has_memory(141));  // h200
  CHECK(has_memory(192));  // mi300x
}

TEST_CASE("practice: a seed draws one variant, the same every time", "[practice]") {
  auto lesson = load(split_source());
  const Step& step = drive(*lesson);
  CHECK(draw_variant(*lesson, step, 42) == draw_variant(*lesson, step, 42));
  std::set<std::string> seen;
  std::uint64_t seed = 1;
  for (int k = 0; k < 40; ++k, seed = next_seed(seed))
    seen.insert(draw_variant(*lesson, step, seed).dump());
  CHECK(seen.size() > 4);  // fresh numbers, not one variant over and over
}

TEST_CASE("practice: the item asks the variant's minimum as a number with one right choice",
          "[practice]") {
  auto lesson = load(split_source());
  std::string error;
  auto item = practice_lesson(*lesson, drive(*lesson), 7, error);
  REQUIRE(item);
  REQUIRE(item->steps.size() == 2);
  const Step& predict = item->steps[0];
  CHECK(predict.kind == StepKind::predict);
  CHECK(predict.choices.size() == 4);
  Engine engine(item);
  nlohmann::json v = draw_variant(*lesson, drive(*lesson), 7);
  CHECK(value(engine, "model_gb") == v["model_gb"].get<double>());
  CHECK(value(engine, "gpu_memory_gb") == v["gpu_memory_gb"].get<double>());
  std::string right = format_number(value(engine, "min_gpus"), "en") + " GPUs";
  CHECK(predict.choices[static_cast<std::size_t>(predict.answer)].text.in("en") == right);
  // The prompt shows the variant's numbers, not the lesson's.
  std::string prompt = engine.render(predict.text, "en");
  CHECK(prompt.find(format_number(value(engine, "model_gb"), "en") + " GB") != std::string::npos);
  CHECK(prompt.find("280") == std::string::npos);
}

TEST_CASE("check: every shipped variant of lesson 1 is solvable", "[practice][check]") {
  for (const auto& d : checked(split_source())) {
    INFO(format_gcc(d));
    CHECK(d.severity != Severity::error);
  }
}

TEST_CASE("check: a variant that cannot reach its goal is a located error", "[practice][check]") {
  // With the lesson's 16-GPU limit, 810 GB on 40 GB chips needs 21 GPUs: unsolvable.
  std::string text = replaced(split_source(), "\"max_gpus\": [24]", "\"max_gpus\": [16]");
  auto found = checked(text);
  auto it = std::find_if(found.begin(), found.end(), [](const Diagnostic& d) {
    return d.severity == Severity::error && d.message.find("unsolvable") != std::string::npos;
  });
  REQUIRE(it != found.end());
  CHECK(it->message.find("model_gb = 810") != std::string::npos);
  CHECK(it->message.find("gpu_memory_gb = 40") != std::string::npos);
  CHECK(it->pointer.ends_with("/practice/vary"));
  CHECK(it->pos.line == practice_line_of(text, "\"vary\": {\n          \"model_gb\": [282"));
}

TEST_CASE("check: a practice prediction with two right choices is a located error",
          "[practice][check]") {
  std::string text = replaced(split_source(), "\"min_gpus - 2\", ", "\"min_gpus * 1\", ");
  auto found = checked(text);
  auto it = std::find_if(found.begin(), found.end(), [](const Diagnostic& d) {
    return d.severity == Severity::error &&
           d.message.find("not exactly one right choice") != std::string::npos;
  });
  REQUIRE(it != found.end());
  CHECK(it->pointer.ends_with("/practice/ask"));
  CHECK(it->pos.line > 0);
}

TEST_CASE("practice: an unknown chip or setting is a located load error", "[practice]") {
  std::string text = replaced(split_source(), "\"a100-40\", \"h200\"", "\"a100-40\", \"h20\"");
  Diagnostics diags("datacenter-split.json");
  CHECK_FALSE(load_lesson(text, diags));
  REQUIRE(diags.has_errors());
  CHECK(diags.all()[0].message.find("did you mean \"h200\"") != std::string::npos);
  CHECK(diags.all()[0].pos.line == practice_line_of(text, "\"a100-40\", \"h20\""));
  text = replaced(split_source(), "\"model_gb\": [282", "\"model_g\": [282");
  Diagnostics again("datacenter-split.json");
  CHECK_FALSE(load_lesson(text, again));
  CHECK(again.all()[0].message.find("did you mean \"model_gb\"") != std::string::npos);
}

namespace {

// Plays lesson 1's practice item: the prediction, `wobble` times a GPU added and taken away
// again (a step back), then GPUs added one at a time to the goal.
PracticeRun play(const std::shared_ptr<const Lesson>& item, bool predict_right, int wobble) {
  PracticeRun run(item);
  const Step& predict = item->steps[0];
  int choice = predict_right ? predict.answer : (predict.answer + 1) % 4;
  run.apply(Action::with("choose", "i", choice));
  run.apply(Action::make("next"));
  int need = static_cast<int>(run.engine().value("min_gpus"));
  for (int k = 0; k < wobble; ++k) {
    run.apply(Action::make("add_gpu"));
    run.apply(Action::make("remove_gpu"));
  }
  for (int k = 1; k < need; ++k)
    run.apply(Action::make("add_gpu"));
  return run;
}

}  // namespace

TEST_CASE("practice: the rating comes from what the learner did", "[practice]") {
  auto lesson = load(split_source());
  std::string error;
  // A variant that needs at least 3 GPUs, so that a GPU can be added and taken back before the
  // goal.
  std::uint64_t seed = 1;
  while (Engine(practice_lesson(*lesson, drive(*lesson), seed, error)).value("min_gpus") < 3)
    seed = next_seed(seed);
  auto item = practice_lesson(*lesson, drive(*lesson), seed, error);
  REQUIRE(item);

  PracticeRun clean = play(item, true, 0);
  CHECK(clean.over());
  CHECK(clean.outcome() == PracticeOutcome::right_first_time);
  CHECK(clean.rating() == Rating::good);

  PracticeRun wrong_guess = play(item, false, 0);
  CHECK(wrong_guess.over());
  CHECK(wrong_guess.outcome() == PracticeOutcome::needed_feedback);
  CHECK(wrong_guess.rating() == Rating::hard);

  // A GPU added and taken back: the goal, but after a step back.
  PracticeRun wobbled = play(item, true, 1);
  CHECK(wobbled.over());
  CHECK(wobbled.outcome() == PracticeOutcome::needed_feedback);

  PracticeRun undone(item);
  undone.apply(Action::with("choose", "i", item->steps[0].answer));
  undone.apply(Action::make("next"));
  undone.apply(Action::make("add_gpu"));
  undone.apply(Action::make("undo"));
  for (int k = 1; k < static_cast<int>(undone.engine().value("min_gpus")); ++k)
    undone.apply(Action::make("add_gpu"));
  CHECK(undone.over());
  CHECK(undone.outcome() == PracticeOutcome::needed_feedback);

  PracticeRun quit(item);
  quit.apply(Action::with("choose", "i", item->steps[0].answer));
  quit.apply(Action::make("next"));
  quit.give_up();
  CHECK(quit.over());
  CHECK(quit.outcome() == PracticeOutcome::gave_up);
  CHECK(quit.rating() == Rating::again);
}

TEST_CASE("practice: once the goal is met the reveal stays and moves are refused", "[practice]") {
  auto lesson = load(split_source());
  std::string error;
  auto item = practice_lesson(*lesson, drive(*lesson), 3, error);
  REQUIRE(item);
  PracticeRun run = play(item, true, 0);
  REQUIRE(run.over());
  Events e = run.apply(Action::make("add_gpu"));
  REQUIRE(e.size() == 1);
  CHECK(e[0].kind == EventKind::rejected);
  CHECK(run.engine().goal_met());
}
