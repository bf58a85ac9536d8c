// xAPI 1.0.3 statements for what a learner does: ADL's verbs, stable activity ids under an IRI.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/engine.hpp"

namespace lessonsim::xapi {

inline constexpr const char* version = "1.0.3";

// ADL's verbs (http://adlnet.gov/expapi/verbs/...), the only ones lessonsim sends.
inline constexpr const char* verb_initialized = "http://adlnet.gov/expapi/verbs/initialized";
inline constexpr const char* verb_completed = "http://adlnet.gov/expapi/verbs/completed";
inline constexpr const char* verb_passed = "http://adlnet.gov/expapi/verbs/passed";
inline constexpr const char* verb_failed = "http://adlnet.gov/expapi/verbs/failed";
inline constexpr const char* verb_answered = "http://adlnet.gov/expapi/verbs/answered";

// The share of a lesson's quiz questions answered right at the first choice that passes it.
inline constexpr double mastery_score = 0.8;

// Who the statements are about and where their activities live. Activity ids are
// `{activity_iri}{course}`, `…{course}/{lesson}` and `…{course}/{lesson}/{step}`; the iri ends
// in '/'. The learner is an account (`home_page`, `learner`), never an e-mail address.
struct Identity {
  std::string activity_iri;
  std::string course_id;
  std::string home_page;
  std::string learner;
  std::string registration;  // one UUID per course attempt (ProgressStore::registration)

  std::string course_activity() const;
  std::string lesson_activity(std::string_view lesson) const;
  std::string step_activity(std::string_view lesson, std::string_view step) const;
  // A result or context extension's key: `{activity_iri}extensions/{name}`.
  std::string extension(std::string_view name) const;
  // The category activity that marks a review's statements (`{activity_iri}review`).
  std::string review_category() const;
};

// Random (version 4) UUIDs, as xAPI statement ids and registrations.
class UuidSource {
 public:
  UuidSource();
  explicit UuidSource(std::uint64_t seed) : rng_(seed) {}
  std::string next();

 private:
  std::mt19937_64 rng_;
};

// A time (milliseconds since 1970 in UTC) as xAPI writes it: ISO 8601 with milliseconds.
std::string format_timestamp(std::int64_t ms);
std::int64_t now_ms();

// Turns a lesson's moves into statements, each with its id fixed now, so it is written in the
// same transaction as the move and sent as often as needed without ever counting twice. Tallies
// an operate step's moves and the feedback rules that fired since the step was entered.
class StatementMaker {
 public:
  // `clock` gives the time in milliseconds (now_ms unless a test sets it).
  explicit StatementMaker(Identity identity, UuidSource* ids = nullptr,
                          std::function<std::int64_t()> clock = now_ms);

  const Identity& identity() const { return identity_; }

  // The statements of one move, the engine as it stands after it. `first` says the lesson had no
  // saved progress before this move (it is initialized now).
  std::vector<nlohmann::json> for_move(const Engine& after, const Events& events, bool first);

  // A review item's answer: a quiz question answered again (`choice`, right or not) or a practice
  // item played (`choice` < 0, `right`: the goal was reached), with its rating (1 again ... 4
  // easy).
  nlohmann::json review_answer(const Lesson& lesson, const std::string& step_id, int choice,
                               bool right, int rating);

 private:
  struct Tally {
    int actions = 0;
    std::map<std::string, int> rules;  // rule id -> times it fired
  };
  nlohmann::json statement(const char* verb, nlohmann::json object, nlohmann::json result,
                           const std::string& lesson_id);
  // The clock's time, one millisecond past the last statement's at least: a learner's
  // statements are ordered by their timestamps even when one move makes several.
  std::string next_timestamp();
  nlohmann::json step_object(const Lesson& lesson, const Step& step) const;
  void lesson_end(const Engine& after, std::vector<nlohmann::json>& out);

  Identity identity_;
  UuidSource own_ids_;
  UuidSource* ids_;
  std::function<std::int64_t()> clock_;
  std::int64_t last_ms_ = 0;
  std::map<int, Tally> tallies_;  // by step index, since the step was entered
};

// A feedback rule's name in statements: its id, else `rule-N` (N counted from 1).
std::string rule_name(const Step& step, int rule);

// The short verb name of one of the ADL verbs above ("answered"), else the IRI as it is.
std::string verb_name(std::string_view verb_iri);

}  // namespace lessonsim::xapi
