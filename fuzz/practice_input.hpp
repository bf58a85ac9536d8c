// The practice fuzzer's input made into a lesson, and what it does with one: shared by
// fuzz/fuzz_practice.cpp and the unit test that replays its seeds and regressions.
// The first line names the lesson and, optionally, the operate step (`datacenter-split drive`);
// the rest is the `practice` block written on that step (or the lesson's first practice step).
// An unknown lesson is picked by its name's hash, so every input reaches one.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/practice.hpp"
#include "lessonsim/practice_run.hpp"

namespace lessonsim::fuzzing {

// Where the input goes: a JSON string no shipped lesson contains, replaced by the input's text.
inline constexpr std::string_view placeholder = "\"@@fuzz-practice@@\"";

struct Base {
  std::string id;
  nlohmann::json lesson;
  std::string practice_step;  // the first step with practice: where an input goes by default
};

inline std::vector<Base> shipped_bases(const std::filesystem::path& lessons) {
  std::vector<Base> bases;
  std::vector<std::string> missing;
  for (const auto& file : lesson_files({lessons.string()}, missing)) {
    std::ifstream in(file);
    nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (!j.is_object() || !j.contains("steps")) continue;
    for (const auto& s : j["steps"]) {
      if (s.contains("practice")) {
        bases.push_back({j["id"].get<std::string>(), j, s["id"].get<std::string>()});
        break;
      }
    }
  }
  if (bases.empty()) std::abort();
  return bases;
}

// The lesson's text with `practice` (the input's text) on `step_id`, or on its first practice
// step when `step_id` names no operate step.
inline std::string lesson_text(const Base& base, const std::string& step_id,
                               std::string_view practice) {
  nlohmann::json j = base.lesson;
  nlohmann::json* target = nullptr;
  for (auto& s : j["steps"]) {
    bool operate = s.value("kind", "") == "operate";
    if (operate && s["id"] == step_id) target = &s;
    if (s.contains("practice")) {
      if (s["id"] == base.practice_step && !target) target = &s;
      s.erase("practice");
    }
  }
  if (!target) {
    for (auto& s : j["steps"]) {
      if (s["id"] == base.practice_step) target = &s;
    }
  }
  (*target)["practice"] = std::string(placeholder.substr(1, placeholder.size() - 2));
  std::string text = j.dump(1);
  text.replace(text.find(placeholder), placeholder.size(), practice);
  return text;
}

// A practice item played as a learner might: each choice, then every parameterless machine
// action a few times, an undo and a give-up.
inline void play(const std::shared_ptr<const Lesson>& item) {
  PracticeRun run(item);
  const Step& first = run.engine().step();
  for (std::size_t k = 0; k < first.choices.size() && k < 9; ++k)
    (void)run.apply(Action::with("choose", "i", static_cast<int>(k)));
  (void)run.apply(Action::make("next"));
  for (int round = 0; round < 3 && !run.over(); ++round) {
    for (const auto& a : item->machine->spec().actions) {
      if (a.params.empty()) (void)run.apply(Action::make(a.name));
    }
    (void)run.apply(Action::make("undo"));
  }
  run.give_up();
  (void)run.outcome();
  PracticeRun again = PracticeRun::replay(item, nlohmann::json::array());
  (void)again.outcome();
}

// The lesson an input makes.
inline std::string practice_input_text(const std::vector<Base>& bases, std::string_view input) {
  std::size_t eol = input.find('\n');
  std::string_view header = eol == std::string_view::npos ? input : input.substr(0, eol);
  std::string_view practice = eol == std::string_view::npos ? "" : input.substr(eol + 1);
  std::istringstream words{std::string(header)};
  std::string lesson_id, step_id;
  words >> lesson_id >> step_id;
  const Base* base = nullptr;
  for (const auto& b : bases) {
    if (b.id == lesson_id) base = &b;
  }
  if (!base) base = &bases[std::hash<std::string>{}(lesson_id) % bases.size()];
  return lesson_text(*base, step_id, practice);
}

// Loads and checks the lesson as `check` does; when it loads, draws each practice step's variant
// for a few seeds and plays each item. The lesson and every diagnostic, for a test to look at.
inline std::shared_ptr<const Lesson> exercise_practice(const std::string& text,
                                                       Diagnostics& diags) {
  auto lesson = load_lesson(text, diags);
  if (lesson) lint_lesson_source(*lesson, text, diags);
  for (const auto& d : diags.all())
    (void)format_gcc(d);
  if (!lesson) return lesson;
  for (const Step& step : lesson->steps) {
    if (!step.practice) continue;
    (void)practice_variants(*lesson, step);
    for (std::uint64_t seed : {0ULL, 1ULL, 0x1fffffffffffffULL}) {
      (void)draw_variant(*lesson, step, seed);
      std::string error;
      if (auto item = practice_lesson(*lesson, step, seed, error)) play(item);
    }
  }
  return lesson;
}

}  // namespace lessonsim::fuzzing
