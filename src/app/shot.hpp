// What `lessonsim shot` is asked for, and the journey screens' half of it (shot_screen.cpp).
#pragma once

#include <string>
#include <vector>

#include "lessonsim/machine.hpp"
#include "window_context.hpp"

namespace lessonsim::app {

struct ShotOptions {
  std::string file, step, out, size = "1280x800", locale, actions, plan, screen, theme = "light",
                               data_dir, marks;
  int text_percent = 100;
  bool colour_safe = false;
  bool explorer = false;
  double at_seconds = -1;  // >= 0: motion on, the picture this long after the last action
};

// Frames before the picture: ImGui sizes some windows from the previous frame's content.
constexpr int shot_settle_frames = 4;

// The actions as JSON: an array of {"do": op, ...}, inline or in a file; false with `error`, and
// `code` the exit code the failure calls for (a file that exists but cannot be read: exit 3).
bool parse_actions(const std::string& text, std::vector<Action>& out, std::string& error,
                   int& code);

// Fewer colours than this in a shot: blank, or one flat colour.
constexpr int min_colours = 16;

// Writes the window's last frame as a PNG; an exit code, exit_wrong (after writing it) when the
// frame is not `width`×`height` or is blank.
int write_png(GlWindow& window, const std::string& out, int width, int height);

// A journey screen (map, review, glossary, card) with a sample learner's progress, or the one in
// `--data-dir`; an exit code.
int shoot_screen(const ShotOptions& o, int width, int height);

}  // namespace lessonsim::app
