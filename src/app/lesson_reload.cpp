#include "lesson_reload.hpp"

#include <iostream>

#include "lessonsim/lesson_swap.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"
#include "lessonsim/playthrough_append.hpp"
#include "lessonsim/settings.hpp"

namespace lessonsim::app {

namespace {

namespace fs = std::filesystem;

// A file watched while the window idles: a look four times a second stays within the promised
// second from save to screen (plus the settling wait) and costs one stat() each time.
constexpr double idle_look_seconds = 0.25;
constexpr double settling_look_seconds = 0.05;

std::string say(const char* es, const char* en, std::string_view locale) {
  return LocalizedText::both(es, en).in(locale);
}

std::shared_ptr<const Lesson> with_seed(std::shared_ptr<const Lesson> lesson,
                                        const std::optional<std::int64_t>& seed,
                                        std::vector<std::string>& errors) {
  if (!lesson || !seed) return lesson;
  std::string problem;
  auto seeded = with_machine_setting(lesson, "seed", *seed, problem);
  if (!seeded) errors.push_back("--seed: " + problem);
  return seeded;
}

std::string unique_name(const Lesson& lesson, const std::string& wanted) {
  auto taken = [&](const std::string& name) {
    for (const auto& p : lesson.playthroughs) {
      if (p.name == name) return true;
    }
    return false;
  };
  std::string name = wanted;
  for (int k = 2; taken(name); ++k)
    name = wanted + " " + std::to_string(k);
  return name;
}

}  // namespace

LessonReload::LessonReload(fs::path path, std::optional<std::int64_t> seed)
    : path_(path), seed_(seed), watch_(std::move(path)) {}

void LessonReload::watch(const fs::path& path) {
  path_ = path;
  watch_ = FileWatch(path);
}

double LessonReload::wait_seconds() const {
  return watch_.settling() ? settling_look_seconds : idle_look_seconds;
}

bool LessonReload::poll(ui::LessonScreen& screen) {
  if (!watch_.poll()) return false;
  try {
    reload(screen);
  } catch (const std::exception& e) {
    // Whatever an edit does, the window stays up with the last good lesson.
    screen.instructor().set_reload_errors({path_.string() + ": " + e.what()});
  }
  return true;
}

void LessonReload::reload(ui::LessonScreen& screen) {
  Diagnostics diags(path_.string());
  std::vector<std::string> errors;
  auto lesson = with_seed(load_lesson_file(path_, diags), seed_, errors);
  for (const auto& d : diags.all()) {
    if (d.severity == Severity::error) errors.push_back(format_gcc(d));
  }
  if (!lesson || !errors.empty()) {
    for (const auto& e : errors)
      std::cerr << e << '\n';
    std::cerr << "lessonsim: " << path_.string()
              << " has errors; the window keeps its last good version\n";
    screen.instructor().set_reload_errors(std::move(errors));
    return;
  }
  SwappedLesson swapped = swap_lesson(screen.engine(), lesson);
  screen.swap_lesson(std::move(swapped.engine));
  screen.instructor().set_reload_errors({});
  std::string notice = swapped.notice.empty()
                           ? say("Lección recargada.", "Lesson reloaded.", screen.locale())
                           : swapped.notice.in(screen.locale());
  screen.set_notice(notice);
  std::cerr << "lessonsim: reloaded " << path_.string() << " at step \""
            << screen.engine().step().id << "\""
            << (swapped.notice.empty() ? "" : ": " + swapped.notice.in("en")) << '\n';
}

void LessonReload::save_recording(ui::LessonScreen& screen, nlohmann::json playthrough) {
  const std::string& loc = screen.locale();
  auto fail = [&](const std::string& why) {
    std::cerr << "lessonsim: the recording was not saved: " << why << '\n';
    screen.set_notice(say("La grabación no se guardó: ", "The recording was not saved: ", loc) +
                      why);
  };
  std::string text, error;
  if (!read_file(path_, text, error)) return fail(error);
  Diagnostics before(path_.string());
  auto current = load_lesson(text, before);
  if (!current) return fail(path_.string() + " has errors; fix them first");
  std::string name = unique_name(*current, playthrough.value("name", "recorded"));
  playthrough["name"] = name;
  if (!append_playthrough(text, playthrough, error)) return fail(error);
  // The file's own lesson (no --seed) must replay the recording, or `lessonsim test` would not.
  Diagnostics after(path_.string());
  auto lesson = load_lesson(text, after);
  if (!lesson) {
    return fail(after.all().empty() ? std::string("it does not load")
                                    : format_gcc(after.all().front()));
  }
  for (const auto& p : lesson->playthroughs) {
    if (p.name != name) continue;
    PlaythroughResult result = run_playthrough(lesson, p);
    if (!result.passed) return fail("it does not replay: " + result.message);
  }
  if (!write_file_atomically(path_, text, error)) return fail(error);
  watch_ = FileWatch(path_);  // our own write: the window already has this version
  std::vector<std::string> ignored;
  if (auto seeded = with_seed(lesson, seed_, ignored)) {
    screen.swap_lesson(swap_lesson(screen.engine(), seeded).engine);
  }
  std::size_t moves = playthrough["actions"].size();
  std::cerr << "lessonsim: recorded playthrough \"" << name << "\" (" << moves
            << " actions) appended to " << path_.string() << '\n';
  screen.set_notice(say("Grabación guardada: ", "Recording saved: ", loc) + "\"" + name + "\"");
}

}  // namespace lessonsim::app
