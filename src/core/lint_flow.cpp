// The flow warnings of `check`: a format-3 lesson that reads more than it lets the learner do.
#include <cmath>

#include "lessonsim/lesson_flow.hpp"
#include "lint_detail.hpp"

namespace lessonsim::lint_detail {

void lint_flow(const Lesson& lesson, const JsonNode& root, Diagnostics& diags) {
  // Before format 3 a text step cannot show a machine, so the rules are format 3's.
  if (lesson.format < 3 || lesson.steps.empty()) return;
  LessonFlow flow = lesson_flow(lesson);
  if (flow.acting_share() < min_acting_share) {
    int needed = static_cast<int>(std::ceil(min_acting_share * flow.steps));
    diags.warning(pos_at(root, "/steps"),
                  std::to_string(flow.acting) + " of " + std::to_string(flow.steps) +
                      " steps ask the learner to act (predict, quiz, operate); the course asks " +
                      "for at least 60% (" + std::to_string(needed) + " of " +
                      std::to_string(flow.steps) + ")",
                  "/steps");
  }
  if (flow.longest_passive_run > max_passive_run) {
    const Step& first = lesson.steps[static_cast<std::size_t>(flow.passive_run_start)];
    diags.warning(first.pos,
                  std::to_string(flow.longest_passive_run) + " steps in a row from \"" + first.id +
                      "\" ask for no action; the course allows at most " +
                      std::to_string(max_passive_run) +
                      " (turn one into a predict, quiz or operate step)",
                  first.pointer);
  }
  if (flow.without_machine > max_without_machine) {
    const Step& first = lesson.steps[static_cast<std::size_t>(flow.first_without_machine)];
    diags.warning(first.pos,
                  std::to_string(flow.without_machine) +
                      " steps show no machine (\"show\": false), from \"" + first.id +
                      "\"; the course allows at most " + std::to_string(max_without_machine) +
                      ", normally the summary",
                  first.pointer);
  }
}

}  // namespace lessonsim::lint_detail
