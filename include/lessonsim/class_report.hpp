// Where a class stands and struggles, read from the xAPI statements an LRS holds for a course.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "lessonsim/xapi.hpp"

namespace lessonsim {

struct ClassReport {
  struct LessonRow {
    std::string id;
    std::string name;  // in the first language the statements give
    int started = 0;   // learners with an `initialized`
    int finished = 0;  // learners with a `completed`
  };
  struct QuestionRow {
    std::string lesson, step, name, kind;  // kind: predict or quiz
    int learners = 0;                      // learners who answered (their first answer counts)
    int right = 0;
    std::string top_wrong;       // the wrong choice chosen most (its id), empty when none
    std::string top_wrong_text;  // its words, from the statements' definition
    int top_wrong_count = 0;
  };
  struct OperateRow {
    std::string lesson, step, name;
    int learners = 0;                                // learners who reached the goal
    std::vector<std::pair<std::string, int>> rules;  // feedback rules by times fired, most first
    double median_actions = 0;  // moves to the goal, the median of the learners
  };
  struct LearnerRow {
    std::string name;
    std::string lesson, step;  // the latest statement's lesson and step (step empty: the lesson)
    std::string verb;          // and its verb ("answered", "completed" ...)
    std::string at;            // its timestamp
    int lessons_finished = 0;
    bool finished = false;  // the latest lesson is completed
  };
  std::vector<LessonRow> lessons;
  std::vector<QuestionRow> questions;
  std::vector<OperateRow> operate_steps;
  std::vector<LearnerRow> learners;
  std::size_t statements = 0;
};

// The report over `statements` of the course `identity` names (its activity iri and course id;
// the learner fields are ignored). `lesson_order` puts the lessons in the course's order; others
// follow by id. Review answers (the review category) are left out: the report is about lessons.
ClassReport class_report(const std::vector<nlohmann::json>& statements,
                         const xapi::Identity& identity,
                         const std::vector<std::string>& lesson_order = {});

nlohmann::json to_json(const ClassReport& report);

}  // namespace lessonsim
