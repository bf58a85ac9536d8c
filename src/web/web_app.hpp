// The browser's front door: the same journey as the desktop window, drawn by ImGui through
// GLFW on a WebGL 2 canvas, one frame per event from emscripten's main loop (no blocking
// waits), paused while nothing changes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "journey.hpp"
#include "picture.hpp"

struct GLFWwindow;

namespace lessonsim::web {

// What the page's address asks for: `?lesson=ID&step=ID&locale=L`.
struct PageRequest {
  std::string lesson, step, locale;
  std::vector<std::string> browser_locales;  // navigator.languages, most wanted first
};

struct WebApp {
  GLFWwindow* window = nullptr;
  std::unique_ptr<app::Journey> journey;
  float scale = 0;                   // fonts built for display × text size
  float display = 1;                 // the device pixel ratio
  std::vector<char32_t> characters;  // beyond ui::glyph_ranges(), sorted
  bool characters_changed = false;
  int pending = 0;      // frames still to draw after an event
  bool running = true;  // the main loop is scheduled (paused while idle)
  double last = 0;      // seconds, at the last frame
  long frames = 0;      // frames drawn since the page opened
  ui::Picture picture;  // what the last frame's canvas drew (the marks dump)
};

// The one app of the page (the main loop's callback has no argument).
WebApp& web_app();

// Opens the store, the window and the journey, and starts the main loop; an exit code when the
// page cannot start.
int start(const PageRequest& request);

// Something happened that may change what the page shows: draw again (resuming the loop).
void wake();

// Pushes the progress store to IndexedDB when it changed since the last push.
void save_if_changed();

}  // namespace lessonsim::web
