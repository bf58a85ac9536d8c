// An OpenGL window with ImGui on it: GLFW, glad, the OpenGL3 backend, fonts at the display scale.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "theme.hpp"

struct GLFWwindow;

namespace lessonsim::app {

class GlWindow {
 public:
  GlWindow() = default;
  ~GlWindow();
  GlWindow(const GlWindow&) = delete;
  GlWindow& operator=(const GlWindow&) = delete;

  // Connects to the display (glfwInit); open() does it when not done yet. Call it before any
  // thread starts: Xlib reads its compose table one getc() at a time at this point, and once a
  // process has a second thread every getc() takes a lock (about 5 ms more at start).
  bool init(std::string& error);
  // Work for the font thread before it builds the atlas, done while the display sets the window
  // up: it returns more characters the first frame shows, or nullopt when the window must not
  // open (it has said why).
  using Prepare = std::function<std::optional<std::vector<char32_t>>()>;
  // Opens the window (hidden ones render into an offscreen framebuffer, for screenshots).
  // False, with `error` saying why, when there is no display or no OpenGL 3.3; false with
  // `error` empty when `prepare` refused, and then the window was never shown.
  // `install_callbacks` runs before ImGui's backend installs (and chains to) its own.
  bool open(const std::string& title, int width, int height, bool visible, std::string& error,
            void (*install_callbacks)(GLFWwindow*) = nullptr, const Prepare& prepare = {});

  GLFWwindow* handle() const { return window_; }
  // Starts an ImGui frame; rebuilds fonts and style when the display scale changed.
  void new_frame();
  // Renders the ImGui frame and shows it.
  void render();
  // The last rendered image as tightly packed RGBA rows, top row first.
  std::vector<unsigned char> read_pixels(int& width, int& height) const;
  // Text size on top of the display scale (1 = 100%); fonts and spacing follow next frame.
  void set_text_scale(float scale) { text_scale_ = scale; }
  // Rebuilds the style from the current palette (after a theme change); not inside a frame.
  void restyle() { ui::apply_theme(scale_); }
  // Draws `draw` alone into a `width`×`height` offscreen image between two of the window's
  // frames, and returns its top `draw`-reported height of rows (RGBA, top row first).
  std::vector<unsigned char> render_offscreen(int width, int height,
                                              const std::function<float()>& draw, int& rows);
  // Characters the texts on show use (from lesson_characters): the fonts hold them from the next
  // frame on, from DejaVu Sans or a fallback font; before open(), from the first frame.
  void add_characters(const std::vector<char32_t>& characters);
  // True when DejaVu Sans was missing and ImGui's own font stands in.
  bool font_fell_back() const { return fonts_.fallback; }

 private:
  void rebuild_fonts(float display_scale);
  void drop_font_inputs();
  void release_font_memory();
  void make_offscreen(int width, int height);

  GLFWwindow* window_ = nullptr;
  bool glfw_ready_ = false, imgui_ready_ = false, backends_ready_ = false;
  bool visible_ = true;
  float scale_ = 0;
  float text_scale_ = 1;
  bool texture_uploaded_ = false;
  ui::FontData font_data_;            // the fonts' bytes, only while an atlas is being built
  std::vector<char32_t> characters_;  // sorted; those outside ui::glyph_ranges()
  bool characters_changed_ = false;
  std::unique_ptr<ImFontAtlas> atlas_;  // outlives the ImGui context that shares it
  ui::Fonts fonts_;
  unsigned framebuffer_ = 0, color_ = 0;
  int offscreen_w_ = 0, offscreen_h_ = 0;
};

// DejaVu Sans (regular and bold) from fonts-dejavu-core, found through fontconfig when it is
// not in its Debian folder, with ranges for `characters` and the fallback fonts for those it
// lacks; empty buffers when no font is found.
ui::FontData load_font_data(const std::vector<char32_t>& characters = {});

}  // namespace lessonsim::app
