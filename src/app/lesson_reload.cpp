#include "lesson_reload.hpp"

#include <iostream>

#include "lessonsim/lesson_swap.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/playthrough_append.hpp"
#include "lessonsim/settings.hpp"

namespace lessonsim::app {

namespace {

namespace fs = std::filesystem;

// A file watched while the window idles: a look four times a second stays within the promised
// second from save to screen (plus the settling wait) and costs one stat() each time.
constexpr double idle_look_seconds = 0.25;
constexpr double settling_look_seconds = 0.05;

std::shared_ptr<const Lesson> with_seed(std::shared_ptr<const Lesson> lesson,
                                        const std::optional<std::int64_t>& seed,
                                        std::vector<std::string>& errors) {
  if (!lesson || !seed) return lesson;
  std::string problem;
  auto seeded = with_machine_setting(lesson, "seed", *seed, problem);
  if (!seeded) errors.push_back("--seed: " + problem);
  return seeded;
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
  std::vector<Diagnostic> playthrough_errors;
  auto lesson = with_seed(load_lesson_preview(path_, diags, playthrough_errors), seed_, errors);
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
  SwappedLesson swapped = swap_lesson_replaying(screen.engine(), lesson, screen.applied());
  screen.swap_lesson(std::move(swapped.engine));
  screen.instructor().set_reload_errors({});
  // Broken playthroughs don't hide the edited lesson: it shows, and they are listed beside it.
  std::vector<std::string> warnings;
  for (const auto& d : playthrough_errors) {
    Diagnostic w = d;
    w.severity = Severity::warning;
    warnings.push_back(format_gcc(w));
    std::cerr << warnings.back() << '\n';
  }
  screen.instructor().set_reload_warnings(std::move(warnings));
  std::string notice = swapped.notice.empty() ? tr(screen.locale(), "lesson_reload.lesson_reloaded")
                                              : swapped.notice.in(screen.locale());
  screen.set_notice(notice);
  std::cerr << "lessonsim: reloaded " << path_.string() << " at step \""
            << screen.engine().step().id << "\""
            << (swapped.notice.empty() ? "" : ": " + swapped.notice.in(fallback_locale)) << '\n';
}

void LessonReload::save_recording(ui::LessonScreen& screen, nlohmann::json playthrough) {
  const std::string& loc = screen.locale();
  auto fail = [&](const std::string& why) {
    std::cerr << "lessonsim: the recording was not saved: " << why << '\n';
    screen.set_notice(tr(loc, "lesson_reload.the_recording_was_not_saved") + why);
  };
  std::string text, error;
  if (!read_file(path_, text, error)) return fail(error);
  auto appended = append_recording(text, std::move(playthrough), error);
  if (!appended) return fail(error);
  if (!write_file_atomically(path_, appended->text, error)) return fail(error);
  watch_ = FileWatch(path_);  // our own write: the window already has this version
  std::vector<std::string> ignored;
  if (auto seeded = with_seed(appended->lesson, seed_, ignored)) {
    screen.swap_lesson(swap_lesson(screen.engine(), seeded).engine);
  }
  const std::string& name = appended->name;
  std::size_t moves = appended->lesson->playthroughs.back().actions.size();
  std::cerr << "lessonsim: recorded playthrough \"" << name << "\" (" << moves
            << " actions) appended to " << path_.string() << '\n';
  screen.set_notice(tr(loc, "lesson_reload.recording_saved") + "\"" + name + "\"");
}

}  // namespace lessonsim::app
