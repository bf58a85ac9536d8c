// Engine::restore: a saved state read back from the progress store. The store is a file the
// learner (or a crash, or another program) may have changed, so the state is checked as input:
// anything the engine would not have saved — a value of the wrong type, a number out of range, a
// step or a machine setting this lesson does not have — refuses the whole state, and the caller
// starts the lesson afresh rather than resuming into something half right.
#include <cstdint>
#include <limits>
#include <optional>

#include "lessonsim/engine.hpp"

namespace lessonsim {

namespace {

// The most attempts a step may have had; far more than a learner makes, far from overflowing.
constexpr std::int64_t max_attempts = 1'000'000;

// `object[key]` as a whole number in [lo, hi]: `fallback` when absent, nullopt when present but
// not such a number. Reads floats and huge values without converting them (that would be UB).
std::optional<std::int64_t> saved_integer(const nlohmann::json& object, const char* key,
                                          std::int64_t lo, std::int64_t hi, std::int64_t fallback) {
  auto it = object.find(key);
  if (it == object.end()) return fallback;
  if (it->is_number_unsigned()) {
    auto v = it->get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(hi)) return std::nullopt;
    return static_cast<std::int64_t>(v);
  }
  if (!it->is_number_integer()) return std::nullopt;
  auto v = it->get<std::int64_t>();
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

// `object[key]` as a flag: `fallback` when absent, nullopt when present but not a boolean.
std::optional<bool> saved_flag(const nlohmann::json& object, const char* key, bool fallback) {
  auto it = object.find(key);
  if (it == object.end()) return fallback;
  if (!it->is_boolean()) return std::nullopt;
  return it->get<bool>();
}

// `object[key]`, which must be an object when present; null when absent or not one.
const nlohmann::json* saved_object(const nlohmann::json& object, const char* key, bool& ok) {
  auto it = object.find(key);
  if (it == object.end()) return nullptr;
  if (!it->is_object()) ok = false;
  return it->is_object() ? &*it : nullptr;
}

const std::string* saved_string(const nlohmann::json& object, const char* key) {
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get_ptr<const std::string*>() : nullptr;
}

}  // namespace

bool Engine::restore(const nlohmann::json& saved) {
  try {
    return restore_checked(saved);
  } catch (const nlohmann::json::exception&) {
    return false;  // restore_checked throws nothing it knows of; a save is never worth a crash
  }
}

bool Engine::restore_checked(const nlohmann::json& saved) {
  if (!saved.is_object()) return false;
  const std::string* lesson_id = saved_string(saved, "lesson");
  const std::string* step_id = saved_string(saved, "step");
  if (!lesson_id || *lesson_id != lesson_->id || !step_id) return false;
  int index = lesson_->step_index(*step_id);
  if (index < 0) return false;
  bool ok = true;
  // The machine as saved: every setting must be one the machine takes, and together consistent.
  auto machine_from = [](const nlohmann::json* settings, const Machine& base, bool& fits) {
    std::unique_ptr<Machine> m = base.clone();
    if (settings) {
      for (const auto& [key, value] : settings->items()) {
        if (!m->set(key, value).empty()) fits = false;
      }
    }
    if (!m->check().empty()) fits = false;
    return m;
  };
  State s;
  s.step = index;
  s.records.resize(lesson_->steps.size());
  const nlohmann::json* records = saved_object(saved, "records", ok);
  for (std::size_t k = 0; k < lesson_->steps.size() && records; ++k) {
    auto it = records->find(lesson_->steps[k].id);
    if (it == records->end()) continue;
    if (!it->is_object()) return false;
    StepRecord& r = s.records[k];
    auto choice = saved_integer(*it, "choice", -1, std::numeric_limits<std::int64_t>::max(), -1);
    auto attempts = saved_integer(*it, "attempts", 0, max_attempts, 0);
    auto goal = saved_flag(*it, "goal_reached", false);
    if (!choice || !attempts || !goal) return false;
    // A choice beyond this step's choices fits an earlier version of the lesson: forget it.
    auto choices = static_cast<std::int64_t>(lesson_->steps[k].choices.size());
    r.choice = *choice < choices ? static_cast<int>(*choice) : -1;
    r.attempts = static_cast<int>(*attempts);
    r.goal_reached = *goal;
    bool has_machine = it->contains("machine");
    const nlohmann::json* machine = saved_object(*it, "machine", ok);
    if (has_machine && machine) {
      // A machine that does not fit the step's fits an earlier version of the lesson (the step
      // since got or lost a machine of its own): the step starts afresh, its answers are kept.
      bool fits = true;
      r.machine = machine_from(machine, lesson_->machine_of(lesson_->steps[k]), fits);
      if (!fits) r.machine = nullptr;
    }
  }
  const Step& current = lesson_->steps[static_cast<std::size_t>(index)];
  // The save's "machine" is a step's own exactly when the save also holds the lesson's
  // ("lesson_machine"), whatever the step has now: the lesson may have changed since.
  const bool saved_own = saved.contains("lesson_machine");
  const nlohmann::json* machine = saved_object(saved, "machine", ok);
  const nlohmann::json* lesson_machine = saved_object(saved, "lesson_machine", ok);
  const StepRecord& rec = s.records[static_cast<std::size_t>(index)];
  // The machine `current` shows on entry, for a save taken on another machine than its own.
  auto on_entry = [&] {
    bool resumes = current.kind == StepKind::operate && rec.machine;
    if (resumes) return rec.machine->clone();
    std::unique_ptr<Machine> m = fresh_machine(current);
    for (const auto& a : current.actions)
      m->apply(a);
    return m;
  };
  if (current.machine && saved_own) {
    s.machine = machine_from(machine, *current.machine, ok);
    s.lesson_machine = machine_from(lesson_machine, *lesson_->machine, ok);
  } else if (current.machine) {
    // Saved on the lesson's machine (a format-2 save, or the step had no machine of its own
    // then): that is the learner's lesson machine, set aside; the step's own is as on entry.
    s.lesson_machine = machine_from(machine, *lesson_->machine, ok);
    s.machine = on_entry();
  } else {
    // Saved on a step's own machine the step no longer has: the learner's lesson machine is the
    // one that was set aside, shown as the step shows it on entry.
    s.machine = machine_from(saved_own ? lesson_machine : machine, *lesson_->machine, ok);
    if (saved_own && sets_up_machine(*lesson_, current)) s.machine = on_entry();
  }
  auto finished = saved_flag(saved, "finished", false);
  if (!ok || !finished) return false;
  s.finished = *finished;
  state_ = std::move(s);
  history_.clear();
  refresh_values();
  if (step().kind == StepKind::operate) {
    Events ignored;
    evaluate(ignored);
  }
  return true;
}

}  // namespace lessonsim
