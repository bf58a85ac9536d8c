// Practice variants: how an operate step's machine may vary, and the small seeded lesson a
// practice item in review plays (a prediction asked as a number, then the machine to drive).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/diagnostics.hpp"
#include "lessonsim/expr.hpp"
#include "lessonsim/text.hpp"

namespace lessonsim {

struct Lesson;
struct Step;

// One machine setting a practice variant changes, with every value it may take.
struct VariedSetting {
  std::string name;
  std::vector<nlohmann::json> values;
  SourcePos pos;
  std::string pointer;
};

// The prediction of a practice item, asked as a number: `answer` is a machine expression
// evaluated on the variant's machine as the operate step starts; the choices shown are that
// number and `show - 1` of the `choices` expressions that differ from it, picked by the seed.
struct PracticeAsk {
  LocalizedText prompt;
  LocalizedText unit;  // optional, written after each number
  LocalizedText explain;
  std::optional<Expression> answer;
  std::vector<Expression> choices;
  int show = 4;
  SourcePos pos;
  std::string pointer;
};

// An operate step's `practice`: what varies, the prediction tied to it, and texts that replace
// the step's own where those name the lesson's fixed numbers (the prediction has no title of
// its own: the step's may name them too).
struct Practice {
  std::vector<VariedSetting> vary;
  std::optional<PracticeAsk> ask;
  LocalizedText title, text, reveal;  // optional overrides of the step's
  SourcePos pos;
  std::string pointer;
};

// Check can prove each variant of a step only while there are this many.
inline constexpr std::size_t max_practice_variants = 400;

// Seeds are 53-bit so they survive any JSON reader.
std::uint64_t next_seed(std::uint64_t seed);
std::uint64_t practice_seed(const std::string& lesson_id, const std::string& step_id,
                            std::int64_t day);

// Every variant a seed can draw: each varied setting takes each of its values other than the
// lesson's own (so a practice item never repeats the lesson's numbers).
std::vector<nlohmann::json> practice_variants(const Lesson& lesson, const Step& step);
// The variant seed `seed` draws, as {setting: value}; empty when the step has no practice.
nlohmann::json draw_variant(const Lesson& lesson, const Step& step, std::uint64_t seed);

// The numbers a practice prediction offers on `values` (the variant's start state): the right
// one and the wrong ones the seed picks, in ascending order, and which is right (-1 if none).
struct AskedNumbers {
  std::vector<double> numbers;
  int answer = -1;
  std::string problem;  // why the question has not exactly one right choice; empty when it has
};
AskedNumbers asked_numbers(const PracticeAsk& ask, const std::vector<double>& values,
                           std::uint64_t seed);

// The practice item for `step` (an operate step with practice) with the variant of `seed`: a
// lesson of its prediction (when the practice asks one) and the operate step, the machine set
// to the variant. Null and `error` set when the variant cannot be set up.
std::shared_ptr<const Lesson> practice_lesson(const Lesson& lesson, const Step& step,
                                              std::uint64_t seed, std::string& error);

// The same for a given variant ({setting: value}), as check proves each one.
std::shared_ptr<const Lesson> practice_lesson_with(const Lesson& lesson, const Step& step,
                                                   const nlohmann::json& variant,
                                                   std::uint64_t seed, std::string& error);

// The step ids of a practice lesson.
inline constexpr const char* practice_predict_id = "practice-predict";

}  // namespace lessonsim
