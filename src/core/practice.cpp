#include "lessonsim/practice.hpp"
#include "lessonsim/messages.hpp"

#include <algorithm>
#include <cmath>

#include "lessonsim/lesson.hpp"

namespace lessonsim {

namespace {

constexpr std::uint64_t seed_mask = (std::uint64_t{1} << 53) - 1;

// SplitMix64: a tiny generator whose output is the same on every platform, unlike the standard
// distributions, so a stored seed draws the same variant everywhere.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// The values of `v` a variant may take: all but the lesson's own, unless that is all there is.
std::vector<nlohmann::json> fresh_values(const VariedSetting& v, const nlohmann::json& own) {
  std::vector<nlohmann::json> out;
  for (const auto& value : v.values) {
    if (value != own) out.push_back(value);
  }
  return out.empty() ? v.values : out;
}

nlohmann::json own_settings(const Lesson& lesson, const Step& step) {
  nlohmann::json own =
      lesson.machine ? lesson.machine_of(step).settings() : nlohmann::json::object();
  for (const auto& [key, value] : step.setup.items())
    own[key] = value;
  return own;
}

bool same_number(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

}  // namespace

std::uint64_t next_seed(std::uint64_t seed) {
  return mix(seed) & seed_mask;
}

std::uint64_t practice_seed(const std::string& lesson_id, const std::string& step_id,
                            std::int64_t day) {
  std::uint64_t h = 1469598103934665603ull;
  for (char c : lesson_id + "/" + step_id) {
    h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  }
  return mix(h ^ static_cast<std::uint64_t>(day)) & seed_mask;
}

std::vector<nlohmann::json> practice_variants(const Lesson& lesson, const Step& step) {
  std::vector<nlohmann::json> out;
  if (!step.practice || step.practice->vary.empty()) return out;
  nlohmann::json own = own_settings(lesson, step);
  out.push_back(nlohmann::json::object());
  for (const auto& v : step.practice->vary) {
    std::vector<nlohmann::json> values = fresh_values(v, own.value(v.name, nlohmann::json()));
    if (values.empty() || out.size() * values.size() > max_practice_variants) return {};
    std::vector<nlohmann::json> grown;
    for (const auto& partial : out) {
      for (const auto& value : values) {
        nlohmann::json next = partial;
        next[v.name] = value;
        grown.push_back(std::move(next));
      }
    }
    out = std::move(grown);
  }
  return out;
}

nlohmann::json draw_variant(const Lesson& lesson, const Step& step, std::uint64_t seed) {
  nlohmann::json variant = nlohmann::json::object();
  if (!step.practice) return variant;
  nlohmann::json own = own_settings(lesson, step);
  std::uint64_t state = seed;
  for (const auto& v : step.practice->vary) {
    std::vector<nlohmann::json> values = fresh_values(v, own.value(v.name, nlohmann::json()));
    if (values.empty()) continue;
    state = mix(state);
    variant[v.name] = values[state % values.size()];
  }
  return variant;
}

AskedNumbers asked_numbers(const PracticeAsk& ask, const std::vector<double>& values,
                           std::uint64_t seed) {
  AskedNumbers out;
  if (!ask.answer) return out;
  double right = ask.answer->evaluate(values);
  if (!std::isfinite(right)) {
    out.problem = "the answer \"" + ask.answer->text() + "\" is not a number here";
    return out;
  }
  std::vector<double> wrong;
  for (const auto& c : ask.choices) {
    double x = c.evaluate(values);
    if (!std::isfinite(x) || x <= 0) continue;  // no "-1 GPUs" among the choices
    if (same_number(x, right)) {
      out.problem = "the choice \"" + c.text() + "\" equals the answer " +
                    format_number(right, fallback_locale) + " too, so two choices would be right";
      return out;
    }
    // Two numbers that read alike would be one choice to the learner.
    bool repeated = std::any_of(wrong.begin(), wrong.end(), [&](double w) {
      return format_number(w, fallback_locale) == format_number(x, fallback_locale);
    });
    if (!repeated) wrong.push_back(x);
  }
  for (double w : wrong) {
    if (format_number(w, fallback_locale) == format_number(right, fallback_locale)) {
      out.problem =
          "a wrong choice reads the same as the answer " + format_number(right, fallback_locale);
      return out;
    }
  }
  std::size_t want = static_cast<std::size_t>(std::max(1, ask.show - 1));
  if (wrong.size() < want) {
    out.problem =
        "only " + std::to_string(wrong.size()) + " positive choices differ from the answer " +
        format_number(right, fallback_locale) + ", and \"show\" asks for " + std::to_string(want);
    return out;
  }
  // Pick `want` wrong numbers by the seed (a partial Fisher-Yates shuffle).
  std::uint64_t state = seed ^ 0xA5A5A5A5ull;
  for (std::size_t k = 0; k < want; ++k) {
    state = mix(state);
    std::swap(wrong[k], wrong[k + state % (wrong.size() - k)]);
  }
  wrong.resize(want);
  out.numbers = wrong;
  out.numbers.push_back(right);
  std::sort(out.numbers.begin(), out.numbers.end());
  for (std::size_t k = 0; k < out.numbers.size(); ++k) {
    if (same_number(out.numbers[k], right)) out.answer = static_cast<int>(k);
  }
  return out;
}

std::shared_ptr<const Lesson> practice_lesson(const Lesson& lesson, const Step& step,
                                              std::uint64_t seed, std::string& error) {
  return practice_lesson_with(lesson, step, draw_variant(lesson, step, seed), seed, error);
}

std::shared_ptr<const Lesson> practice_lesson_with(const Lesson& lesson, const Step& step,
                                                   const nlohmann::json& variant,
                                                   std::uint64_t seed, std::string& error) {
  if (!step.practice || !lesson.machine) {
    error = "step \"" + step.id + "\" declares no practice";
    return nullptr;
  }
  const Practice& p = *step.practice;
  // The machine of every step of the item is the operate step's start, with the variant.
  nlohmann::json setup = step.setup;
  for (const auto& [key, value] : variant.items())
    setup[key] = value;
  std::unique_ptr<Machine> machine = lesson.machine_of(step).clone();
  for (const auto& [key, value] : setup.items()) {
    if (std::string why = machine->set(key, value); !why.empty()) {
      error = "\"" + key + "\" " + why;
      return nullptr;
    }
  }
  if (std::string why = machine->check(); !why.empty()) {
    error = why;
    return nullptr;
  }
  auto out = std::make_shared<Lesson>();
  out->file = lesson.file;
  out->id = lesson.id;
  out->version = lesson.version;
  out->locales = lesson.locales;
  out->title = lesson.title;
  out->format = lesson.format;
  out->machine_spec = &machine->spec();
  out->glossary = lesson.glossary;

  Step operate = step;
  operate.setup = setup;
  operate.practice = nullptr;
  operate.machine = nullptr;  // the item's machine is the step's
  operate.prediction.clear();
  if (!p.title.empty()) operate.title = p.title;
  if (!p.text.empty()) operate.text = p.text;
  if (!p.reveal.empty()) operate.reveal = p.reveal;

  if (p.ask) {
    std::vector<double> values;
    machine->values(values);
    AskedNumbers asked = asked_numbers(*p.ask, values, seed);
    if (asked.answer < 0) {
      error = "the prediction has no single right choice: " + asked.problem;
      return nullptr;
    }
    Step predict;
    predict.id = practice_predict_id;
    predict.kind = StepKind::predict;
    predict.pos = p.ask->pos;
    predict.pointer = p.ask->pointer;
    predict.text = p.ask->prompt;
    predict.explain = p.ask->explain;
    predict.answer = asked.answer;
    for (double n : asked.numbers) {
      Choice c;
      for (const auto& locale : lesson.locales) {
        std::string unit = p.ask->unit.empty() ? std::string() : " " + p.ask->unit.in(locale);
        c.text.by_locale.emplace(locale, format_number(n, locale) + unit);
      }
      predict.choices.push_back(std::move(c));
    }
    out->steps.push_back(std::move(predict));
    operate.prediction = practice_predict_id;
  }
  out->steps.push_back(std::move(operate));
  out->machine = std::move(machine);
  return out;
}

}  // namespace lessonsim
