#include "lessonsim/lesson_flow.hpp"

namespace lessonsim {

bool asks_to_act(const Step& step) {
  return step.kind == StepKind::predict || step.kind == StepKind::quiz ||
         step.kind == StepKind::operate;
}

LessonFlow lesson_flow(const Lesson& lesson) {
  LessonFlow flow;
  flow.steps = static_cast<int>(lesson.steps.size());
  int run = 0;
  for (int k = 0; k < flow.steps; ++k) {
    const Step& s = lesson.steps[static_cast<std::size_t>(k)];
    if (asks_to_act(s)) {
      ++flow.acting;
      run = 0;
    } else if (++run > flow.longest_passive_run) {
      flow.longest_passive_run = run;
      flow.passive_run_start = k - run + 1;
    }
    if (!s.show) {
      if (flow.without_machine++ == 0) flow.first_without_machine = k;
    }
  }
  return flow;
}

}  // namespace lessonsim
