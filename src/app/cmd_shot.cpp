// `lessonsim shot FILE --step ID --out F.png`: one step, after some actions, rendered to a PNG.
#include <stb_image_write.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

#include "commands.hpp"
#include "imgui_assert.hpp"
#include "journey.hpp"
#include "lesson_screen.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"
#include "lessonsim/settings_store.hpp"
#include "window.hpp"
#include "window_context.hpp"

namespace lessonsim::app {

namespace {

namespace fs = std::filesystem;

// Frames before the picture: ImGui sizes some windows from the previous frame's content.
constexpr int settle_frames = 4;

struct ShotOptions {
  std::string file, step, out, size = "1280x800", locale, actions, screen, theme = "light",
                               data_dir;
  int text_percent = 100;
  bool colour_safe = false;
};

// A learner part-way through the course, for pictures of the journey screens: the first two
// lessons done, the third in progress, the first lesson's questions due.
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
      }
    }
  }
}

int write_png(GlWindow& window, const std::string& out) {
  int w = 0, h = 0;
  std::vector<unsigned char> pixels = window.read_pixels(w, h);
  if (!stbi_write_png(out.c_str(), w, h, 4, pixels.data(), w * 4)) {
    std::cerr << "lessonsim shot: error: cannot write " << out << '\n';
    return exit_environment;
  }
  return exit_ok;
}

int shoot_screen(const ShotOptions& o, int width, int height) {
  std::map<std::string, ui::ScreenId> screens = {{"map", ui::ScreenId::map},
                                                 {"review", ui::ScreenId::review},
                                                 {"glossary", ui::ScreenId::glossary},
                                                 {"card", ui::ScreenId::card}};
  auto screen = screens.find(o.screen);
  if (screen == screens.end()) {
    std::cerr << "lessonsim shot: error: --screen must be map, review, glossary or card\n";
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
  settings.locale = o.locale.empty() ? "es" : o.locale;
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
    for (int k = 0; k < settle_frames; ++k) {
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
  return write_png(window, o.out);
}

bool parse_size(const std::string& text, int& w, int& h) {
  char x = 0;
  char rest = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &w, &x, &h, &rest) != 3 || (x != 'x' && x != 'X')) {
    return false;
  }
  return w >= 320 && h >= 200 && w <= 8192 && h <= 8192;
}

// The actions as JSON: an array of {"do": op, ...}, inline or in a file.
bool parse_actions(const std::string& text, std::vector<Action>& out, std::string& error) {
  if (text.empty()) return true;
  std::string json = text, file_error;
  if (text.front() != '[' && !read_file(text, json, file_error)) {
    error = "--actions is neither a JSON array nor a readable file";
    return false;
  }
  nlohmann::json j = nlohmann::json::parse(json, nullptr, false);
  if (!j.is_array()) {
    error = "--actions must be a JSON array of {\"do\": ...} objects";
    return false;
  }
  for (const auto& item : j) {
    auto op = item.is_object() ? item.find("do") : item.end();
    if (!item.is_object() || op == item.end() || !op->is_string()) {
      error = "each action needs \"do\": " + item.dump();
      return false;
    }
    Action a = Action::make(op->get<std::string>());
    for (const auto& [key, value] : item.items()) {
      if (key != "do") a.args[key] = value;
    }
    out.push_back(std::move(a));
  }
  return true;
}

int shoot(const ShotOptions& o) {
  int width = 0, height = 0;
  if (!parse_size(o.size, width, height)) {
    std::cerr << "lessonsim shot: error: --size must be WxH between 320x200 and 8192x8192\n";
    return exit_usage;
  }
  if (!o.screen.empty()) return shoot_screen(o, width, height);
  if (o.file.empty() || o.step.empty()) {
    std::cerr << "lessonsim shot: error: give a lesson file and --step, or --screen\n";
    return exit_usage;
  }
  std::vector<Action> actions;
  std::string error;
  if (!parse_actions(o.actions, actions, error)) {
    std::cerr << "lessonsim shot: error: " << error << '\n';
    return exit_usage;
  }
  int exit_code = exit_ok;
  auto lesson = load_for_window(o.file, exit_code);
  if (!lesson) return exit_code;
  if (lesson->step_index(o.step) < 0) {
    std::cerr << "lessonsim shot: error: the lesson has no step \"" << o.step << "\"\n";
    return exit_usage;
  }
  std::string locale = pick_locale(*lesson, o.locale, true);
  if (locale.empty()) return exit_usage;

  ui::set_palette(ui::theme_from_name(o.theme), o.colour_safe);
  GlWindow window;
  window.set_text_scale(static_cast<float>(std::clamp(o.text_percent, 100, 200)) / 100.0f);
  if (!window.open("lessonsim shot", width, height, false, error)) {
    std::cerr << "lessonsim shot: " << error << '\n';
    return exit_environment;
  }
  try {
    ui::LessonScreen screen(lesson, locale, true);
    screen.apply(Action::with("goto", "step", o.step));
    for (const auto& a : actions) {
      for (const auto& e : screen.apply(a)) {
        if (e.kind == EventKind::rejected) {
          std::cerr << "lessonsim shot: warning: " << describe_action(a)
                    << " was refused: " << screen.engine().render(e.text, "en") << '\n';
        }
      }
    }
    for (int k = 0; k < settle_frames; ++k) {
      window.new_frame();
      screen.frame(1.0f / 60.0f);
      window.render();
    }
  } catch (const ui::ImGuiAssertion& e) {
    std::cerr << "lessonsim shot: internal error: " << e.what() << '\n';
    return exit_wrong;
  }
  return write_png(window, o.out);
}

}  // namespace

void add_shot_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("shot", "Render one step of a lesson, or a screen, to a PNG");
  static ShotOptions o;
  cmd->add_option("file", o.file, "The lesson file (with --screen: one beside course.json)");
  cmd->add_option("--step", o.step, "The step to show");
  cmd->add_option("--screen", o.screen,
                  "A journey screen instead of a step: map, review, glossary or card (with a "
                  "sample learner's progress unless --data-dir is given)");
  cmd->add_option("--data-dir", o.data_dir, "The progress to show on --screen");
  cmd->add_option("--theme", o.theme, "light, dark or high_contrast");
  cmd->add_option("--text-size", o.text_percent, "Text size in percent, 100 to 200")
      ->check(CLI::Range(100, 200));
  cmd->add_flag("--colour-safe", o.colour_safe, "Colour-blind-safe colours");
  cmd->add_option("--out", o.out, "The PNG to write")->required();
  cmd->add_option("--size", o.size, "Window size in pixels, WxH (default 1280x800)");
  cmd->add_option("--locale", o.locale, "Language: es or en (default: the lesson's first)");
  cmd->add_option("--actions", o.actions,
                  "Actions to apply first: a JSON array like [{\"do\":\"add_gpu\"}], or a file");
  cmd->callback([&exit_code] { exit_code = shoot(o); });
}

}  // namespace lessonsim::app
