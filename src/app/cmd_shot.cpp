// `lessonsim shot FILE --step ID --out F.png`: one step, after some actions, rendered to a PNG;
// `--plan FILE` renders many in one process (one window per size), for a lesson's whole film;
// `--screen` a journey screen instead (shot_screen.cpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include <imgui.h>

#include "commands.hpp"
#include "imgui_assert.hpp"
#include "lesson_screen.hpp"
#include "lessonsim/lesson_characters.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/playthrough.hpp"
#include "locale_option.hpp"
#include "marks_dump.hpp"
#include "shot.hpp"
#include "theme.hpp"
#include "window.hpp"
#include "window_context.hpp"

namespace lessonsim::app {

namespace {

bool parse_size(const std::string& text, int& w, int& h) {
  char x = 0;
  char rest = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &w, &x, &h, &rest) != 3 || (x != 'x' && x != 'X')) {
    return false;
  }
  return w >= 320 && h >= 200 && w <= 8192 && h <= 8192;
}

}  // namespace

// The actions as JSON: an array of {"do": op, ...}, inline or in a file. `code` says whose fault
// a failure is: a file that exists but cannot be read is the environment's, the rest usage.
bool parse_actions(const std::string& text, std::vector<Action>& out, std::string& error,
                   int& code) {
  if (text.empty()) return true;
  code = exit_usage;
  std::string json = text, file_error;
  if (text.front() != '[' && !read_file(text, json, file_error)) {
    std::error_code ec;
    if (std::filesystem::exists(text, ec)) {
      error = "--actions " + text + " " + file_error;
      code = exit_environment;
    } else {
      error = "--actions is neither a JSON array nor a readable file";
    }
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

namespace {

// One picture to take: which step, after which actions, at which size and language.
struct Shot {
  std::string step, out, size, locale;
  std::vector<Action> actions;
  int width = 0, height = 0;
  bool explorer = false;   // the Instructor menu's state explorer open beside the step
  std::string marks;       // where to write the lengths drawn, or empty
  double at_seconds = -1;  // >= 0: the animations run, and the picture is this far into them
};

// The marks dump (marks_dump.hpp), with which screen it is (so check-marks can tell one step's
// dumps apart and compare their scales), written to the shot's marks file.
bool write_marks(const ui::Picture& picture, const ui::LessonScreen& screen, const Shot& shot,
                 int text_percent, ImVec2 scale) {
  nlohmann::json dump = marks_dump(picture, screen, scale.x, scale.y);
  dump["screen"] = {
      {"locale", shot.locale}, {"w", shot.width}, {"h", shot.height}, {"text_size", text_percent}};
  std::ofstream out(shot.marks);
  out << dump.dump(1) << '\n';
  return static_cast<bool>(out);
}

// Checks a shot's size and actions against the lesson; an error message (and `code` the exit
// code it calls for), or empty.
std::string prepare(Shot& shot, const std::string& actions, const Lesson& lesson, int& code) {
  code = exit_usage;
  if (!parse_size(shot.size, shot.width, shot.height))
    return "--size must be WxH between 320x200 and 8192x8192";
  std::string error;
  if (!parse_actions(actions, shot.actions, error, code)) return error;
  if (lesson.step_index(shot.step) < 0) return "the lesson has no step \"" + shot.step + "\"";
  shot.locale = pick_locale(lesson, shot.locale, true);
  if (shot.locale.empty()) return "the lesson has no such locale";
  return {};
}

// Renders one shot in an open window of its size and writes the PNG.
int take(GlWindow& window, const std::shared_ptr<const Lesson>& lesson, const Shot& shot,
         int text_percent) {
  try {
    const bool moving = shot.at_seconds >= 0;
    ui::LessonScreen screen(lesson_for_locale(lesson, shot.locale), shot.locale, !moving);
    ui::Picture picture;
    if (!shot.marks.empty()) screen.record_picture(&picture);
    screen.apply(Action::with("goto", "step", shot.step));
    for (const auto& a : shot.actions) {
      for (const auto& e : screen.apply(a)) {
        if (e.kind == EventKind::rejected) {
          std::cerr << "lessonsim shot: warning: " << shot.out << ": " << describe_action(a)
                    << " was refused: " << screen.engine().render(e.text, fallback_locale) << '\n';
        }
      }
    }
    if (shot.explorer) screen.instructor().open_explorer();
    // Mid-animation, the settling frames stand still and then the clock runs to the moment.
    const auto running = moving ? static_cast<int>(std::lround(shot.at_seconds * 60)) : 0;
    for (int k = 0; k < shot_settle_frames + running; ++k) {
      window.new_frame();
      screen.frame(moving && k < shot_settle_frames ? 0.0f : 1.0f / 60.0f);
      window.render();
    }
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    if (!shot.marks.empty() && !write_marks(picture, screen, shot, text_percent, scale)) {
      std::cerr << "lessonsim shot: error: cannot write " << shot.marks << '\n';
      return exit_environment;
    }
  } catch (const ui::ImGuiAssertion& e) {
    std::cerr << "lessonsim shot: internal error: " << shot.out << ": " << e.what() << '\n';
    return exit_wrong;
  }
  return write_png(window, shot.out, shot.width, shot.height);
}

// The plan's lines, `STEP|OUT.png|WxH|LOCALE|ACTIONS[|MARKS.json]` (empty fields take the
// defaults; `#` starts a comment line). Errors name the plan's line; the exit code, exit_ok when
// all is well.
int read_plan(const ShotOptions& o, const Lesson& lesson, std::vector<Shot>& shots) {
  std::string text, read_error;
  if (!read_file(o.plan, text, read_error)) {
    std::cerr << "lessonsim shot: error: the plan " << o.plan << ' ' << read_error << '\n';
    return exit_environment;
  }
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line.front() == '#') continue;
    std::vector<std::string> fields;
    for (std::size_t at = 0;;) {
      std::size_t bar = fields.size() < 4 ? line.find('|', at) : std::string::npos;
      fields.push_back(line.substr(at, bar == std::string::npos ? std::string::npos : bar - at));
      if (bar == std::string::npos) break;
      at = bar + 1;
    }
    fields.resize(5);
    // The actions are a JSON array (or a file), so a last `|…json` after them is the marks file.
    std::string marks;
    if (std::size_t bar = fields[4].rfind('|'); bar != std::string::npos) {
      marks = fields[4].substr(bar + 1);
      fields[4].resize(bar);
    }
    Shot shot;
    shot.step = fields[0];
    shot.out = fields[1];
    shot.size = fields[2].empty() ? o.size : fields[2];
    shot.locale = fields[3].empty() ? o.locale : fields[3];
    shot.marks = marks;
    int code = exit_usage;
    std::string error =
        shot.out.empty() ? "no output file" : prepare(shot, fields[4], lesson, code);
    if (!error.empty()) {
      std::cerr << o.plan << ':' << number << ": error: " << error << '\n';
      return code;
    }
    shots.push_back(std::move(shot));
  }
  return exit_ok;
}

int shoot(const ShotOptions& o) {
  if (!o.screen.empty()) {
    int width = 0, height = 0;
    if (!parse_size(o.size, width, height) || o.out.empty()) {
      std::cerr << "lessonsim shot: error: --screen needs --out and a --size between 320x200 "
                   "and 8192x8192\n";
      return exit_usage;
    }
    return shoot_screen(o, width, height);
  }
  if (o.file.empty() || (o.plan.empty() && (o.step.empty() || o.out.empty()))) {
    std::cerr << "lessonsim shot: error: give a lesson file with --step and --out, or --plan, "
                 "or --screen\n";
    return exit_usage;
  }
  int exit_code = exit_ok;
  auto lesson = load_for_window(o.file, exit_code);
  if (!lesson) return exit_code;
  std::vector<Shot> shots;
  if (!o.plan.empty()) {
    if (int code = read_plan(o, *lesson, shots); code != exit_ok) return code;
  } else {
    Shot shot;
    shot.step = o.step;
    shot.out = o.out;
    shot.size = o.size;
    shot.locale = o.locale;
    shot.marks = o.marks;
    shot.explorer = o.explorer;
    shot.at_seconds = o.at_seconds;
    int code = exit_usage;
    if (std::string error = prepare(shot, o.actions, *lesson, code); !error.empty()) {
      std::cerr << "lessonsim shot: error: " << error << '\n';
      return code;
    }
    shots.push_back(std::move(shot));
  }
  // One window per size: opening it (GL context, fonts) is most of a single shot's time.
  std::map<std::pair<int, int>, std::vector<const Shot*>> by_size;
  for (const auto& shot : shots)
    by_size[{shot.width, shot.height}].push_back(&shot);
  int failed = 0;
  ui::set_palette(ui::theme_from_name(o.theme), o.colour_safe);
  for (const auto& [size, group] : by_size) {
    GlWindow window;
    window.set_text_scale(static_cast<float>(std::clamp(o.text_percent, 100, 200)) / 100.0f);
    for (const Shot* shot : group) {
      window.add_characters(
          lesson_characters(*lesson_for_locale(lesson, shot->locale), shot->locale));
      window.add_characters(interface_characters(shot->locale));
    }
    std::string error;
    if (!window.open("lessonsim shot", size.first, size.second, false, error)) {
      std::cerr << "lessonsim shot: " << error << '\n';
      return exit_environment;
    }
    for (const Shot* shot : group) {
      if (int code = take(window, lesson, *shot, std::clamp(o.text_percent, 100, 200));
          code != exit_ok) {
        if (shots.size() == 1) return code;
        ++failed;
      }
    }
  }
  return failed > 0 ? exit_wrong : exit_ok;
}

}  // namespace

void add_shot_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("shot", "Render steps of a lesson to PNGs");
  static ShotOptions o;
  cmd->add_option("file", o.file, "The lesson file (with --screen: one beside course.json)");
  cmd->add_option("--step", o.step, "The step to show");
  cmd->add_option("--out", o.out, "The PNG to write");
  cmd->add_option("--size", o.size, "Window size in pixels, WxH (default 1280x800)");
  cmd->add_option("--locale", o.locale, locale_help())->check(locale_code());
  cmd->add_option("--actions", o.actions,
                  "Actions to apply first: a JSON array like [{\"do\":\"add_gpu\"}], or a file "
                  "(with --screen review: moves on the practice item)");
  cmd->add_option(
      "--screen", o.screen,
      "A journey screen instead of a step: map, review, glossary, card or class (with a "
      "sample learner's progress unless --data-dir is given)");
  cmd->add_option("--data-dir", o.data_dir, "The progress to show on --screen");
  cmd->add_option("--theme", o.theme, "light, dark or high_contrast");
  cmd->add_option("--text-size", o.text_percent, "Text size in percent, 100 to 200")
      ->check(CLI::Range(100, 200));
  cmd->add_flag("--colour-safe", o.colour_safe, "Colour-blind-safe colours");
  cmd->add_flag("--explorer", o.explorer,
                "Open the Instructor menu's state explorer beside an operate step");
  cmd->add_option("--plan", o.plan,
                  "Many shots in one run: a file of STEP|OUT.png|WxH|LOCALE|ACTIONS[|MARKS.json] "
                  "lines");
  cmd->add_option("--at-seconds", o.at_seconds,
                  "Motion on: the picture this many seconds after the last action (or after "
                  "entering the step), mid-animation")
      ->check(CLI::Range(0.0, 30.0));
  cmd->add_option("--marks", o.marks,
                  "Also write every quantity drawn as a length to this JSON file");
  cmd->callback([&exit_code] { exit_code = shoot(o); });
}

}  // namespace lessonsim::app
