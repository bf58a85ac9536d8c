// `lessonsim shot FILE --step ID --out F.png`: one step, after some actions, rendered to a PNG.
#include <stb_image_write.h>

#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "imgui_assert.hpp"
#include "lesson_screen.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"
#include "window.hpp"
#include "window_context.hpp"

namespace lessonsim::app {

namespace {

// Frames before the picture: ImGui sizes some windows from the previous frame's content.
constexpr int settle_frames = 4;

struct ShotOptions {
  std::string file, step, out, size = "1280x800", locale, actions;
};

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

  GlWindow window;
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
  int w = 0, h = 0;
  std::vector<unsigned char> pixels = window.read_pixels(w, h);
  if (!stbi_write_png(o.out.c_str(), w, h, 4, pixels.data(), w * 4)) {
    std::cerr << "lessonsim shot: error: cannot write " << o.out << '\n';
    return exit_environment;
  }
  return exit_ok;
}

}  // namespace

void add_shot_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("shot", "Render one step of a lesson to a PNG");
  static ShotOptions o;
  cmd->add_option("file", o.file, "The lesson file")->required();
  cmd->add_option("--step", o.step, "The step to show")->required();
  cmd->add_option("--out", o.out, "The PNG to write")->required();
  cmd->add_option("--size", o.size, "Window size in pixels, WxH (default 1280x800)");
  cmd->add_option("--locale", o.locale, "Language: es or en (default: the lesson's first)");
  cmd->add_option("--actions", o.actions,
                  "Actions to apply first: a JSON array like [{\"do\":\"add_gpu\"}], or a file");
  cmd->callback([&exit_code] { exit_code = shoot(o); });
}

}  // namespace lessonsim::app
