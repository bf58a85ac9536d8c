#include <catch2/catch.hpp>

#include "lessonsim/class_report.hpp"

using namespace lessonsim;

namespace {

const xapi::Identity class_course{"https://school.example/ls/", "ai", "", "", ""};

// One statement as an LRS gives it back, with only what the report reads.
nlohmann::json said(const std::string& who, const char* verb, const std::string& object,
                    const std::string& at, nlohmann::json result = nullptr,
                    nlohmann::json definition = nullptr) {
  nlohmann::json s = {{"id", who + object + at},
                      {"actor",
                       {{"objectType", "Agent"},
                        {"account", {{"homePage", "https://school.example"}, {"name", who}}}}},
                      {"verb", {{"id", verb}}},
                      {"object", {{"id", "https://school.example/ls/ai/" + object}}},
                      {"timestamp", at}};
  if (!result.is_null()) s["result"] = result;
  if (!definition.is_null()) s["object"]["definition"] = definition;
  return s;
}

nlohmann::json answer(const std::string& who, const std::string& choice, bool right,
                      const std::string& at) {
  nlohmann::json def = {
      {"name", {{"en", "Guess"}}},
      {"extensions", {{"https://school.example/ls/extensions/step-kind", "predict"}}},
      {"choices",
       {{{"id", "0"}, {"description", {{"en", "one GPU"}}}},
        {{"id", "1"}, {"description", {{"en", "two GPUs"}}}},
        {{"id", "3"}, {"description", {{"en", "four GPUs"}}}}}}};
  return said(who, xapi::verb_answered, "l1/guess", at, {{"success", right}, {"response", choice}},
              def);
}

nlohmann::json goal(const std::string& who, int actions, nlohmann::json rules,
                    const std::string& at) {
  return said(who, xapi::verb_completed, "l1/drive", at,
              {{"success", true},
               {"extensions",
                {{"https://school.example/ls/extensions/actions", actions},
                 {"https://school.example/ls/extensions/feedback", rules}}}});
}

}  // namespace

TEST_CASE("class report: lessons started and finished, by learner", "[class]") {
  std::vector<nlohmann::json> s = {
      said("ana", xapi::verb_initialized, "l1", "2026-01-01T10:00:00.000Z"),
      said("ben", xapi::verb_initialized, "l1", "2026-01-01T10:00:01.000Z"),
      said("ana", xapi::verb_completed, "l1", "2026-01-01T10:30:00.000Z"),
      said("ana", xapi::verb_initialized, "l2", "2026-01-01T10:31:00.000Z"),
      said("ana", xapi::verb_initialized, "l1", "2026-01-01T10:00:02.000Z"),  // again: one learner
  };
  ClassReport r = class_report(s, class_course, {"l2", "l1"});
  REQUIRE(r.lessons.size() == 2);
  CHECK(r.lessons[0].id == "l2");  // the course's order
  CHECK(r.lessons[1].id == "l1");
  CHECK(r.lessons[1].started == 2);
  CHECK(r.lessons[1].finished == 1);
  REQUIRE(r.learners.size() == 2);
  CHECK(r.learners[0].name == "ana");
  CHECK(r.learners[0].lesson == "l2");  // her latest
  CHECK_FALSE(r.learners[0].finished);
  CHECK(r.learners[0].lessons_finished == 1);
  CHECK(r.learners[1].name == "ben");
  CHECK(r.learners[1].lesson == "l1");
}

TEST_CASE("class report: the share right counts first answers; the most chosen wrong one",
          "[class]") {
  std::vector<nlohmann::json> s = {
      answer("ana", "3", true, "2026-01-01T10:00:00.000Z"),
      answer("ben", "1", false, "2026-01-01T10:00:00.000Z"),
      answer("ben", "3", true, "2026-01-01T10:01:00.000Z"),  // a second try does not count
      answer("cid", "1", false, "2026-01-01T10:00:00.000Z"),
      answer("dee", "0", false, "2026-01-01T10:00:00.000Z"),
  };
  ClassReport r = class_report(s, class_course);
  REQUIRE(r.questions.size() == 1);
  const auto& q = r.questions[0];
  CHECK(q.step == "guess");
  CHECK(q.kind == "predict");
  CHECK(q.learners == 4);
  CHECK(q.right == 1);
  CHECK(q.top_wrong == "1");
  CHECK(q.top_wrong_text == "two GPUs");
  CHECK(q.top_wrong_count == 2);
  CHECK(to_json(r)["questions"][0]["share_right"] == 0.25);
}

TEST_CASE("class report: an operate step's rules by times fired and the median moves", "[class]") {
  std::vector<nlohmann::json> s = {
      goal("ana", 3, {{"overflow", 2}}, "2026-01-01T10:00:00.000Z"),
      goal("ben", 9, {{"overflow", 5}, {"idle", 5}}, "2026-01-01T10:00:00.000Z"),
      goal("cid", 4, nlohmann::json::object(), "2026-01-01T10:00:00.000Z"),
      goal("dee", 5, {{"idle", 1}}, "2026-01-01T10:00:00.000Z"),
  };
  ClassReport r = class_report(s, class_course);
  REQUIRE(r.operate_steps.size() == 1);
  const auto& o = r.operate_steps[0];
  CHECK(o.learners == 4);
  CHECK(o.median_actions == 4.5);
  REQUIRE(o.rules.size() == 2);
  CHECK(o.rules[0] == std::pair<std::string, int>("overflow", 7));
  CHECK(o.rules[1] == std::pair<std::string, int>("idle", 6));
}

TEST_CASE("class report: reviews, other courses and malformed statements are left out", "[class]") {
  nlohmann::json review = answer("ana", "0", false, "2026-01-01T10:00:00.000Z");
  review["context"]["contextActivities"]["category"] = {
      {{"id", "https://school.example/ls/review"}}};
  nlohmann::json other = answer("ben", "0", false, "2026-01-01T10:00:00.000Z");
  other["object"]["id"] = "https://school.example/ls/other/l1/guess";
  std::vector<nlohmann::json> s = {review,
                                   other,
                                   nlohmann::json::array(),
                                   {{"actor", 3}},
                                   answer("cid", "3", true, "2026-01-01T10:00:00.000Z")};
  ClassReport r = class_report(s, class_course);
  REQUIRE(r.questions.size() == 1);
  CHECK(r.questions[0].learners == 1);
  CHECK(r.questions[0].right == 1);
  CHECK(r.statements == 5);
  REQUIRE(r.learners.size() == 1);
  CHECK(r.learners[0].name == "cid");
}
