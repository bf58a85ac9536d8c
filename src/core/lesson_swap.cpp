#include "lessonsim/lesson_swap.hpp"
#include "lessonsim/messages.hpp"

#include <algorithm>

namespace lessonsim {

namespace {

// The machine's settings as the lesson sets it up on entering step `index`, before the learner
// touches it.
nlohmann::json baseline(const Lesson& lesson, int index) {
  const Step& s = lesson.steps[static_cast<std::size_t>(index)];
  std::unique_ptr<Machine> m = lesson.machine_of(s).clone();
  if (sets_up_machine(lesson, s)) {
    for (const auto& [key, value] : s.setup.items())
      m->set(key, value);
    for (const auto& a : s.actions)
      m->apply(a);
  }
  return m->settings();
}

// `learner` moved onto the edited lesson: the keys that differ from the old baseline are the
// learner's doing and stay; the rest come from the new baseline.
nlohmann::json carry(const nlohmann::json& learner, const nlohmann::json& old_base,
                     const nlohmann::json& new_base) {
  nlohmann::json out = new_base;
  if (!learner.is_object()) return out;
  for (const auto& [key, value] : learner.items()) {
    auto was = old_base.find(key);
    if (was == old_base.end() || *was != value) out[key] = value;
  }
  return out;
}

// The same machine kind with the same settings: a lesson-declared (formula) machine has a spec
// of its own in each load, so its settings are compared by name instead of its spec's address.
bool same_kind_of_machine(const MachineSpec* a, const MachineSpec* b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  const auto& x = a->settings;
  const auto& y = b->settings;
  return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                    [](const SettingInfo& p, const SettingInfo& q) { return p.name == q.name; });
}

}  // namespace

SwappedLesson swap_lesson(const Engine& old, std::shared_ptr<const Lesson> lesson) {
  const Lesson& before = old.lesson();
  const Lesson& after = *lesson;
  std::string step_id = old.step().id;
  int index = after.step_index(step_id);
  LocalizedText notice;
  if (index < 0) {
    index = std::clamp(old.step_index(), 0, static_cast<int>(after.steps.size()) - 1);
    const std::string& now = after.steps[static_cast<std::size_t>(index)].id;
    notice =
        LocalizedText::of(Message("lesson_swap.step_gone").text("step", step_id).text("now", now));
  }
  nlohmann::json saved = old.save();
  saved["lesson"] = after.id;
  saved["step"] = after.steps[static_cast<std::size_t>(index)].id;
  // The machine step `k` of a lesson works on (its own or the lesson's), or null for none.
  auto spec_at = [](const Lesson& l, int k) {
    return k < 0 ? nullptr : &l.spec_of(l.steps[static_cast<std::size_t>(k)]);
  };
  nlohmann::json& records = saved["records"];
  for (auto& [id, record] : records.items()) {
    int was = before.step_index(id), is = after.step_index(id);
    if (!record.contains("machine")) continue;
    if (was < 0 || is < 0 || !same_kind_of_machine(spec_at(before, was), spec_at(after, is))) {
      record.erase("machine");
    } else {
      record["machine"] = carry(record["machine"], baseline(before, was), baseline(after, is));
    }
  }
  nlohmann::json new_base = baseline(after, index);
  int old_index = before.step_index(step_id);
  // The learner's lesson machine, on screen or set aside behind a step's own (as the save says),
  // kept when the lesson's machine is the same kind.
  bool old_own = saved.contains("lesson_machine");
  bool new_own = after.steps[static_cast<std::size_t>(index)].machine != nullptr;
  nlohmann::json lesson_machine = after.machine->settings();
  if (same_kind_of_machine(before.machine_spec, after.machine_spec)) {
    lesson_machine = old_own ? saved["lesson_machine"] : saved["machine"];
  }
  if (old_own != new_own) {
    // The step got or lost a machine of its own: the save holds the learner's lesson machine
    // where a save on the old step would, and restore shows the step's machine as on entry.
    saved.erase("lesson_machine");
    saved[new_own ? "machine" : "lesson_machine"] = lesson_machine;
  } else {
    bool same_machine = old_index >= 0 && after.step_index(step_id) >= 0 &&
                        same_kind_of_machine(spec_at(before, old_index), spec_at(after, index));
    saved["machine"] =
        same_machine ? carry(saved["machine"], baseline(before, old_index), new_base) : new_base;
    if (old_own) saved["lesson_machine"] = lesson_machine;
  }

  SwappedLesson out{Engine(lesson), std::move(notice)};
  if (out.engine.restore(saved)) return out;
  // The learner's machine does not fit the edited lesson (say, a setting's range shrank): keep
  // the step and the answers, start the machines afresh.
  if (old_own == new_own) {
    saved["machine"] = new_base;
    if (new_own) saved["lesson_machine"] = after.machine->settings();
  } else {
    saved[new_own ? "machine" : "lesson_machine"] = after.machine->settings();
  }
  if (!out.engine.restore(saved)) {
    out.engine = Engine(lesson);
    out.engine.apply(Action::with("goto", "step", saved["step"]));
  }
  if (out.notice.empty()) {
    out.notice = LocalizedText::of("lesson_swap.this_step_s_machine_starts");
  }
  return out;
}

}  // namespace lessonsim

namespace lessonsim {

SwappedLesson swap_lesson_replaying(const Engine& old, std::shared_ptr<const Lesson> lesson,
                                    const std::vector<Action>& moves) {
  SwappedLesson swapped = swap_lesson(old, lesson);
  if (!swapped.notice.empty()) return swapped;  // the place moved: the old moves mean other things
  Engine replayed(lesson);
  for (const auto& a : moves)
    replayed.apply(a);
  // The same place reached move by move has the moves to undo; anything else keeps the swap.
  if (replayed.save() == swapped.engine.save()) swapped.engine = std::move(replayed);
  return swapped;
}

}  // namespace lessonsim
