#include "lessonsim/xapi.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>

namespace lessonsim::xapi {

namespace {

constexpr const char* type_lesson = "http://adlnet.gov/expapi/activities/lesson";
constexpr const char* type_course = "http://adlnet.gov/expapi/activities/course";
constexpr const char* type_interaction = "http://adlnet.gov/expapi/activities/cmi.interaction";
constexpr const char* type_simulation = "http://adlnet.gov/expapi/activities/simulation";

nlohmann::json language_map(const LocalizedText& text) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [locale, words] : text.by_locale)
    out[locale] = words;
  return out;
}

// The lesson's texts in each of its locales with the machine's values as they stand now.
nlohmann::json rendered_map(const Engine& engine, const LocalizedText& text) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& locale : engine.lesson().locales)
    out[locale] = engine.render(text, locale);
  return out;
}

bool asks(const Step& s) {
  return s.kind == StepKind::predict || s.kind == StepKind::quiz;
}

}  // namespace

std::string Identity::course_activity() const {
  return activity_iri + course_id;
}

std::string Identity::lesson_activity(std::string_view lesson) const {
  return course_activity() + "/" + std::string(lesson);
}

std::string Identity::step_activity(std::string_view lesson, std::string_view step) const {
  return lesson_activity(lesson) + "/" + std::string(step);
}

std::string Identity::extension(std::string_view name) const {
  return activity_iri + "extensions/" + std::string(name);
}

std::string Identity::review_category() const {
  return activity_iri + "review";
}

UuidSource::UuidSource() {
  std::random_device device;
  std::seed_seq seed{device(), device(), device(), device(), device(), device()};
  rng_.seed(seed);
}

std::string UuidSource::next() {
  std::uint64_t hi = rng_(), lo = rng_();
  hi = (hi & 0xFFFFFFFFFFFF0FFFULL) | 0x0000000000004000ULL;  // version 4
  lo = (lo & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;  // RFC 4122 variant
  char buf[37];
  std::snprintf(buf, sizeof buf, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
                static_cast<unsigned>((hi >> 16) & 0xFFFF), static_cast<unsigned>(hi & 0xFFFF),
                static_cast<unsigned>(lo >> 48),
                static_cast<unsigned long long>(lo & 0xFFFFFFFFFFFFULL));
  return buf;
}

std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string format_timestamp(std::int64_t ms) {
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[40];
  std::size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  std::snprintf(buf + n, sizeof buf - n, ".%03dZ", static_cast<int>(ms % 1000));
  return buf;
}

std::string rule_name(const Step& step, int rule) {
  if (rule < 0 || rule >= static_cast<int>(step.feedback.size())) return {};
  const std::string& id = step.feedback[static_cast<std::size_t>(rule)].id;
  return id.empty() ? "rule-" + std::to_string(rule + 1) : id;
}

std::string verb_name(std::string_view verb_iri) {
  constexpr std::string_view prefix = "http://adlnet.gov/expapi/verbs/";
  return verb_iri.starts_with(prefix) ? std::string(verb_iri.substr(prefix.size()))
                                      : std::string(verb_iri);
}

StatementMaker::StatementMaker(Identity identity, UuidSource* ids,
                               std::function<std::int64_t()> clock)
    : identity_(std::move(identity)), ids_(ids ? ids : &own_ids_), clock_(std::move(clock)) {}

std::string StatementMaker::next_timestamp() {
  last_ms_ = std::max(clock_(), last_ms_ + 1);
  return format_timestamp(last_ms_);
}

nlohmann::json StatementMaker::statement(const char* verb, nlohmann::json object,
                                         nlohmann::json result, const std::string& lesson_id) {
  nlohmann::json context = {
      {"registration", identity_.registration},
      {"platform", "lessonsim"},
      {"contextActivities",
       {{"grouping",
         {{{"id", identity_.course_activity()}, {"definition", {{"type", type_course}}}}}}}}};
  if (!lesson_id.empty() && object["id"] != identity_.lesson_activity(lesson_id)) {
    context["contextActivities"]["parent"] = {{{"id", identity_.lesson_activity(lesson_id)}}};
  }
  nlohmann::json s = {
      {"id", ids_->next()},
      {"actor",
       {{"objectType", "Agent"},
        {"account", {{"homePage", identity_.home_page}, {"name", identity_.learner}}}}},
      {"verb", {{"id", verb}, {"display", {{"en-US", verb_name(verb)}}}}},
      {"object", std::move(object)},
      {"context", std::move(context)},
      {"timestamp", next_timestamp()}};
  if (!result.is_null()) s["result"] = std::move(result);
  return s;
}

nlohmann::json StatementMaker::step_object(const Lesson& lesson, const Step& step) const {
  nlohmann::json definition = {
      {"type", asks(step) ? type_interaction : type_simulation},
      {"name",
       step.title.by_locale.empty() ? nlohmann::json{{"und", step.id}} : language_map(step.title)},
      {"extensions", {{identity_.extension("step-kind"), step_kind_name(step.kind)}}}};
  if (asks(step)) {
    definition["interactionType"] = "choice";
    if (step.answer >= 0) definition["correctResponsesPattern"] = {std::to_string(step.answer)};
  }
  return {{"objectType", "Activity"},
          {"id", identity_.step_activity(lesson.id, step.id)},
          {"definition", std::move(definition)}};
}

std::vector<nlohmann::json> StatementMaker::for_move(const Engine& after, const Events& events,
                                                     bool first) {
  const Lesson& lesson = after.lesson();
  std::vector<nlohmann::json> out;
  auto lesson_object = [&] {
    return nlohmann::json{
        {"objectType", "Activity"},
        {"id", identity_.lesson_activity(lesson.id)},
        {"definition", {{"type", type_lesson}, {"name", language_map(lesson.title)}}}};
  };
  if (first) out.push_back(statement(verb_initialized, lesson_object(), nullptr, lesson.id));
  // A machine set up on entering a step is not a move of the learner's.
  bool entered = std::any_of(events.begin(), events.end(),
                             [](const Event& e) { return e.kind == EventKind::step_changed; });
  for (const Event& e : events) {
    if (e.step < 0 || e.step >= static_cast<int>(lesson.steps.size())) continue;
    const Step& s = lesson.steps[static_cast<std::size_t>(e.step)];
    Tally& tally = tallies_[e.step];
    switch (e.kind) {
      case EventKind::step_changed:
        tally = {};  // counted afresh each time the step is entered
        break;
      case EventKind::machine_changed:
        if (s.kind == StepKind::operate && !entered) ++tally.actions;
        break;
      case EventKind::feedback: {
        for (std::size_t k = 0; k < s.feedback.size(); ++k) {
          if (s.feedback[k].say.by_locale == e.text.by_locale) {
            ++tally.rules[rule_name(s, static_cast<int>(k))];
            break;
          }
        }
        break;
      }
      case EventKind::answer_judged: {
        nlohmann::json object = step_object(lesson, s);
        nlohmann::json choices = nlohmann::json::array();
        for (std::size_t k = 0; k < s.choices.size(); ++k) {
          choices.push_back(
              {{"id", std::to_string(k)}, {"description", rendered_map(after, s.choices[k].text)}});
        }
        object["definition"]["choices"] = std::move(choices);
        object["definition"]["description"] = rendered_map(after, s.text);
        int attempt = after.record(e.step).attempts;
        out.push_back(statement(verb_answered, std::move(object),
                                {{"success", e.correct},
                                 {"response", std::to_string(e.choice)},
                                 {"extensions", {{identity_.extension("attempt"), attempt}}}},
                                lesson.id));
        break;
      }
      case EventKind::goal_reached: {
        nlohmann::json rules = nlohmann::json::object();
        for (const auto& [name, times] : tally.rules)
          rules[name] = times;
        out.push_back(statement(verb_completed, step_object(lesson, s),
                                {{"success", true},
                                 {"completion", true},
                                 {"extensions",
                                  {{identity_.extension("actions"), tally.actions},
                                   {identity_.extension("feedback"), std::move(rules)}}}},
                                lesson.id));
        break;
      }
      case EventKind::lesson_finished:
        out.push_back(
            statement(verb_completed, lesson_object(), {{"completion", true}}, lesson.id));
        lesson_end(after, out);
        break;
      default:
        break;
    }
  }
  return out;
}

void StatementMaker::lesson_end(const Engine& after, std::vector<nlohmann::json>& out) {
  const Lesson& lesson = after.lesson();
  int quizzes = 0, first_time = 0;
  for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
    if (lesson.steps[k].kind != StepKind::quiz) continue;
    ++quizzes;
    const StepRecord& r = after.record(static_cast<int>(k));
    if (r.attempts == 1 && after.choice_right(static_cast<int>(k)).value_or(false)) ++first_time;
  }
  double scaled = quizzes == 0 ? 1.0 : static_cast<double>(first_time) / quizzes;
  bool passed = scaled >= mastery_score;
  nlohmann::json object = {
      {"objectType", "Activity"},
      {"id", identity_.lesson_activity(lesson.id)},
      {"definition", {{"type", type_lesson}, {"name", language_map(lesson.title)}}}};
  out.push_back(statement(
      passed ? verb_passed : verb_failed, std::move(object),
      {{"success", passed},
       {"score", {{"scaled", scaled}, {"raw", first_time}, {"min", 0}, {"max", quizzes}}}},
      lesson.id));
}

nlohmann::json StatementMaker::review_answer(const Lesson& lesson, const std::string& step_id,
                                             int choice, bool right, int rating) {
  int at = lesson.step_index(step_id);
  nlohmann::json object = at >= 0
                              ? step_object(lesson, lesson.steps[static_cast<std::size_t>(at)])
                              : nlohmann::json{{"objectType", "Activity"},
                                               {"id", identity_.step_activity(lesson.id, step_id)}};
  nlohmann::json result = {{"success", right},
                           {"extensions", {{identity_.extension("rating"), rating}}}};
  if (choice >= 0) result["response"] = std::to_string(choice);
  nlohmann::json s = statement(verb_answered, std::move(object), std::move(result), lesson.id);
  s["context"]["contextActivities"]["category"] = {{{"id", identity_.review_category()}}};
  return s;
}

}  // namespace lessonsim::xapi
