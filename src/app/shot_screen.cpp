// `lessonsim shot --screen map|review|glossary|card|class`: a journey screen rendered to a PNG.
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <chrono>
#include <map>
#include <thread>

#include "commands.hpp"
#include "course_locale.hpp"
#include "imgui_assert.hpp"
#include "journey.hpp"
#include "lessonsim/settings_store.hpp"
#include "png_file.hpp"
#include "shot.hpp"
#include "window.hpp"

namespace lessonsim::app {

namespace fs = std::filesystem;

namespace {

// How long `--screen class` waits for the LRS: 3,000 frames of 10 ms, then the screen as it is.
constexpr int class_read_frames = 3000;

// A learner part-way through the course, for pictures of the journey screens: the first two
// lessons done, the third in progress, the first lesson's questions and practice due (the
// practice item a day earlier, so that review opens on it).
void seed_demo_progress(ProgressStore& store, const Course& course) {
  std::int64_t today = today_utc();
  for (std::size_t k = 0; k < course.lessons.size() && k < 3; ++k) {
    const auto& e = course.lessons[k];
    if (!e.lesson) continue;
    Engine engine(e.lesson);
    if (k == 2 && e.lesson->steps.size() > 2) {
      engine.apply(Action::with("goto", "step", e.lesson->steps[2].id));
    }
    store.save_lesson({e.id, "", engine.save(), k < 2, "2026-11-2" + std::to_string(k + 1)}, {});
    if (k == 0) {
      for (const auto& s : e.lesson->steps) {
        if (s.kind == StepKind::quiz) store.add_card(e.id, s.id, today - 1);
        if (s.practice) store.add_practice(e.id, s.id, practice_seed(e.id, s.id, today), today - 2);
      }
    }
  }
}

}  // namespace

int write_png(GlWindow& window, const std::string& out, int width, int height) {
  int w = 0, h = 0;
  std::vector<unsigned char> pixels = window.read_pixels(w, h);
  std::string error;
  if (!write_png_file(out, w, h, pixels, error)) {
    std::cerr << "lessonsim shot: error: " << out << ": " << error << '\n';
    return exit_environment;
  }
  // Written either way, so the picture can be looked at; but a blank one or one of another size
  // than asked for is a failed shot.
  if (w != width || h != height) {
    std::cerr << "lessonsim shot: error: " << out << " is " << w << "x" << h << ", not the "
              << width << "x" << height << " asked for\n";
    return exit_wrong;
  }
  if (int colours = count_colours(pixels, min_colours); colours < min_colours) {
    std::cerr << "lessonsim shot: error: " << out << " is blank: " << colours << " colour"
              << (colours == 1 ? "" : "s") << '\n';
    return exit_wrong;
  }
  return exit_ok;
}

int shoot_screen(const ShotOptions& o, int width, int height) {
  std::map<std::string, ui::ScreenId> screens = {{"map", ui::ScreenId::map},
                                                 {"review", ui::ScreenId::review},
                                                 {"glossary", ui::ScreenId::glossary},
                                                 {"card", ui::ScreenId::card},
                                                 {"class", ui::ScreenId::classroom}};
  auto screen = screens.find(o.screen);
  if (screen == screens.end()) {
    std::cerr << "lessonsim shot: error: --screen must be map, review, glossary, card or class\n";
    return exit_usage;
  }
  fs::path lesson_path = o.file.empty() ? default_lesson_path() : fs::path(o.file);
  auto course = course_beside(lesson_path);
  if (!course) {
    std::cerr << "lessonsim shot: error: no course.json beside " << lesson_path.string() << '\n';
    return exit_environment;
  }
  std::string notice;
  auto store =
      o.data_dir.empty() ? ProgressStore::in_memory() : ProgressStore::open(o.data_dir, notice);
  if (o.data_dir.empty()) seed_demo_progress(*store, *course);
  Settings settings;
  settings.locale = o.locale.empty() ? course_first_locale(*course) : o.locale;
  settings.theme = o.theme;
  settings.text_percent = o.text_percent;
  settings.colour_safe = o.colour_safe;
  settings.reduce_motion = true;
  settings = clamped(settings);
  GlWindow window;
  std::string error;
  window.set_text_scale(static_cast<float>(settings.text_percent) / 100.0f);
  if (!window.open("lessonsim shot", width, height, false, error)) {
    std::cerr << "lessonsim shot: " << error << '\n';
    return exit_environment;
  }
  fs::path temp = fs::temp_directory_path() / ("lessonsim-shot-" + std::to_string(::getpid()));
  try {
    Journey journey(std::move(store), temp, settings, std::move(course));
    if (screen->second == ui::ScreenId::card) paint_cards_with(window, journey);
    window.restyle();  // the journey set the learner's theme
    journey.show(screen->second);
    // The class is read from the LRS the settings name; the shot waits for it (within a bound).
    if (screen->second == ui::ScreenId::classroom) {
      journey.open_class();
      for (int k = 0; k < class_read_frames && journey.animating(); ++k) {
        window.new_frame();
        journey.frame(1.0f / 60.0f);
        window.render();
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
    }
    // On review, --actions are moves on the practice item it opens on (its first frame starts it).
    if (screen->second == ui::ScreenId::review && !o.actions.empty()) {
      std::vector<Action> actions;
      std::string error;
      int code = exit_usage;
      if (!parse_actions(o.actions, actions, error, code)) {
        std::cerr << "lessonsim shot: error: " << error << '\n';
        return code;
      }
      window.new_frame();
      journey.frame(1.0f / 60.0f);
      window.render();
      for (const auto& a : actions)
        journey.review_screen().play_practice(a);
    }
    for (int k = 0; k < shot_settle_frames; ++k) {
      window.new_frame();
      journey.frame(1.0f / 60.0f);
      window.render();
      journey.after_frame();
    }
  } catch (const ui::ImGuiAssertion& e) {
    std::cerr << "lessonsim shot: internal error: " << e.what() << '\n';
    return exit_wrong;
  }
  std::error_code ec;
  fs::remove_all(temp, ec);
  return write_png(window, o.out, width, height);
}

}  // namespace lessonsim::app
