// glad's header must come before any other OpenGL header (GLFW's included).
#include <glad/gl.h>

#include "window_context.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <thread>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "font_fallback.hpp"
#include "font_files.hpp"
#include "lessonsim/bounded_read.hpp"

namespace lessonsim::app {

namespace {

std::string last_glfw_error;

void on_glfw_error(int, const char* description) {
  last_glfw_error = description;
}

// A font file's bytes; empty when it is missing or not a regular file (ImGui's own font then
// stands in).
std::vector<unsigned char> read_bytes(const std::string& path) {
  std::string bytes, error;
  if (!read_file(path, bytes, error)) return {};
  std::vector<unsigned char> out(bytes.size());
  std::memcpy(out.data(), bytes.data(), bytes.size());  // an element-wise copy costs ~1 ms
  return out;
}

// Adds to the sorted `into` each of `more` that the common ranges lack; true when any was new.
bool merge_characters(std::vector<char32_t>& into, const std::vector<char32_t>& more) {
  bool added = false;
  for (char32_t c : more) {
    if (ui::in_glyph_ranges(c) || std::binary_search(into.begin(), into.end(), c)) continue;
    into.insert(std::lower_bound(into.begin(), into.end(), c), c);
    added = true;
  }
  return added;
}

}  // namespace

ui::FontData load_font_data(const std::vector<char32_t>& characters) {
  std::string regular = regular_font_file();
  ui::FontData data{read_bytes(regular), read_bytes(bold_font_file()), {}, {}};
  if (data.regular.empty()) {
    // Not where Debian puts it: fontconfig knows where this system keeps DejaVu Sans, or its
    // nearest sans-serif face.
    regular = find_font_file(window_font_name, false);
    data.regular = read_bytes(regular);
    data.bold = read_bytes(find_font_file(window_font_name, true));
  }
  // Only the characters the texts use beyond the common ranges go into the atlas; fontconfig is
  // asked only for those the font lacks, so a start-up with none pays nothing for it.
  GlyphCoverage own(data.regular);
  std::vector<char32_t> extra, missing;
  for (char32_t c : characters) {
    if (c < 0x20 || c > 0xFFFF || ui::in_glyph_ranges(c)) continue;
    (own.has(c) ? extra : missing).push_back(c);
  }
  data.extra = ui::ranges_of(std::move(extra));
  for (FallbackFont& f : find_fallback_fonts(missing, regular)) {
    std::vector<unsigned char> bytes = read_bytes(f.file);
    if (bytes.empty()) continue;
    data.fallbacks.push_back({std::move(bytes), f.index, ui::ranges_of(std::move(f.code_points))});
  }
  return data;
}

void GlWindow::add_characters(const std::vector<char32_t>& characters) {
  if (merge_characters(characters_, characters)) characters_changed_ = true;
}

GlWindow::~GlWindow() {
  if (backends_ready_) {
    if (framebuffer_) {
      glDeleteFramebuffers(1, &framebuffer_);
      glDeleteRenderbuffers(1, &color_);
    }
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
  }
  if (imgui_ready_) ImGui::DestroyContext();
  if (window_) glfwDestroyWindow(window_);
  if (glfw_ready_) glfwTerminate();
}

bool GlWindow::init(std::string& error) {
  if (glfw_ready_) return true;
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) {
    error = "no display to open a window on (" + last_glfw_error +
            "); set DISPLAY, or run under a virtual one: xvfb-run -a lessonsim …";
    return false;
  }
  glfw_ready_ = true;
  return true;
}

bool GlWindow::open(const std::string& title, int width, int height, bool visible,
                    std::string& error, void (*install_callbacks)(GLFWwindow*),
                    const Prepare& prepare) {
  visible_ = visible;
  if (!init(error)) return false;
  // Reading the fonts (1.4 MB) and rasterizing the atlas take as long as a tenth of the start, so
  // both are done on another thread while the X server and the driver set the window up, after
  // `prepare`. No ImGui context exists yet, so the two threads share nothing until the join.
  // It is built once, at the size the first frame uses (display scale × the learner's text size).
  float sx = 1, sy = 1;
  if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) glfwGetMonitorContentScale(monitor, &sx, &sy);
  float display = std::clamp(std::max(sx, sy), 0.5f, 4.0f);
  float scale = display * text_scale_;
  float canvas_scale = display * std::min(text_scale_, ui::canvas_text_cap);
  atlas_ = std::make_unique<ImFontAtlas>();
  std::vector<char32_t> characters = characters_;
  bool prepared = true;
  std::jthread font_builder([&, scale, canvas_scale] {
    if (prepare) {
      auto more = prepare();
      prepared = more.has_value();
      if (!prepared) return;
      merge_characters(characters, *more);
    }
    font_data_ = load_font_data(characters);
    fonts_ = ui::build_fonts(*atlas_, font_data_, scale, canvas_scale);
    drop_font_inputs();
  });
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  // Shown once `prepare` has agreed, so a lesson that fails to load never flashes a window.
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!window_) {
    error = "cannot open an OpenGL 3.3 window (" + last_glfw_error + ")";
    return false;
  }
  glfwSetWindowSizeLimits(window_, 640, 400, GLFW_DONT_CARE, GLFW_DONT_CARE);
  glfwMakeContextCurrent(window_);
  if (!gladLoadGL(glfwGetProcAddress)) {
    error = "cannot load the OpenGL 3.3 functions";
    return false;
  }
  glfwSwapInterval(visible ? 1 : 0);

  font_builder.join();
  if (!prepared) return false;
  characters_ = std::move(characters);
  characters_changed_ = false;
  IMGUI_CHECKVERSION();
  ImGui::CreateContext(atlas_.get());
  imgui_ready_ = true;
  scale_ = scale;
  ui::apply_theme(scale);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the UI writes no files; the app keeps its own settings
  io.LogFilename = nullptr;
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  if (install_callbacks) install_callbacks(window_);
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  backends_ready_ = true;
  if (visible) {
    glfwShowWindow(window_);
  } else {
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(window_, &fw, &fh);
    make_offscreen(fw, fh);
  }
  return true;
}

void GlWindow::make_offscreen(int width, int height) {
  // A hidden window's own framebuffer may hold nothing, so screenshots render into this one.
  glGenFramebuffers(1, &framebuffer_);
  glGenRenderbuffers(1, &color_);
  glBindRenderbuffer(GL_RENDERBUFFER, color_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
  offscreen_w_ = width;
  offscreen_h_ = height;
}

void GlWindow::rebuild_fonts(float display_scale) {
  float scale = display_scale * text_scale_;
  scale_ = scale;
  font_data_ = load_font_data(characters_);  // dropped after every build
  characters_changed_ = false;
  fonts_ = ui::build_fonts(*ImGui::GetIO().Fonts, font_data_, scale,
                           display_scale * std::min(text_scale_, ui::canvas_text_cap));
  drop_font_inputs();
  ui::apply_theme(scale);
  if (texture_uploaded_) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    release_font_memory();
  }
}

void GlWindow::drop_font_inputs() {
  // Once the atlas is built, only its RGBA pixels are needed, to make the texture: ImGui's own
  // copy of the TrueType bytes for each face (it copies them even when told not to own them, so
  // four faces hold 2.8 MB), its one-byte pixels and our bytes are read again by a rebuild.
  // Freed here, before the first frame, they are not part of its peak (about 4.4 MiB).
  atlas_->ClearInputData();
  IM_FREE(atlas_->TexPixelsAlpha8);
  atlas_->TexPixelsAlpha8 = nullptr;
  font_data_ = {};
#ifdef __GLIBC__
  // Freed is not yet returned: glibc keeps what the font thread's arena held (3 MiB, the copies
  // came after its mmap threshold had risen past their size) unless asked to give it back.
  malloc_trim(0);
#endif
}

void GlWindow::release_font_memory() {
  // Once the texture is on the GPU, the atlas's pixels are needed only by a rebuild.
  atlas_->ClearTexData();
}

void GlWindow::new_frame() {
  float sx = 1, sy = 1;
  glfwGetWindowContentScale(window_, &sx, &sy);
  float display_scale = std::clamp(std::max(sx, sy), 0.5f, 4.0f);
  if (display_scale * text_scale_ != scale_ || characters_changed_) rebuild_fonts(display_scale);
  ImGui_ImplOpenGL3_NewFrame();  // uploads the font texture the first time
  if (!texture_uploaded_) release_font_memory();
  texture_uploaded_ = true;
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  // After a long wait the clock jumps; ImGui's own timers need no more than a tenth of a second.
  io.DeltaTime = std::clamp(io.DeltaTime, 1e-4f, 0.1f);
  ImGui::NewFrame();
}

void GlWindow::render() {
  ImGui::Render();
  int fw = 0, fh = 0;
  glfwGetFramebufferSize(window_, &fw, &fh);
  if (framebuffer_) {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    fw = std::min(fw, offscreen_w_);
    fh = std::min(fh, offscreen_h_);
  }
  glViewport(0, 0, fw, fh);
  ImVec4 bg = ImGui::ColorConvertU32ToFloat4(ui::palette::background);
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (visible_) glfwSwapBuffers(window_);
}

std::vector<unsigned char> GlWindow::render_offscreen(int width, int height,
                                                      const std::function<float()>& draw,
                                                      int& rows) {
  unsigned fbo = 0, color = 0;
  glGenFramebuffers(1, &fbo);
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(GL_RENDERBUFFER, color);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  ImGuiIO& io = ImGui::GetIO();
  ImVec2 size = io.DisplaySize, fb_scale = io.DisplayFramebufferScale;
  float used = static_cast<float>(height);
  // A few frames, as ImGui sizes some windows from the previous frame's content.
  for (int k = 0; k < 4; ++k) {
    ImGui_ImplOpenGL3_NewFrame();
    io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    ImGui::NewFrame();
    used = draw();
    texture_uploaded_ = true;
    ImGui::Render();
    glViewport(0, 0, width, height);
    ImVec4 bg = ImGui::ColorConvertU32ToFloat4(ui::palette::background);
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  }
  io.DisplaySize = size;
  io.DisplayFramebufferScale = fb_scale;
  std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(1, &color);
  rows = std::clamp(static_cast<int>(used), 1, height);
  // OpenGL's rows run bottom up: the picture's top `rows` rows are the buffer's last ones.
  std::size_t row = static_cast<std::size_t>(width) * 4;
  std::vector<unsigned char> out(row * static_cast<std::size_t>(rows));
  for (int y = 0; y < rows; ++y) {
    std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>((height - 1 - y) * row), row,
                out.begin() + static_cast<std::ptrdiff_t>(y * row));
  }
  for (std::size_t k = 3; k < out.size(); k += 4)
    out[k] = 255;
  return out;
}

std::vector<unsigned char> GlWindow::read_pixels(int& width, int& height) const {
  glfwGetFramebufferSize(window_, &width, &height);
  if (framebuffer_) {
    width = std::min(width, offscreen_w_);
    height = std::min(height, offscreen_h_);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  }
  std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  // OpenGL's rows run bottom up; PNG's top down.
  std::size_t row = static_cast<std::size_t>(width) * 4;
  for (int y = 0; y < height / 2; ++y) {
    std::swap_ranges(pixels.begin() + static_cast<std::ptrdiff_t>(y * row),
                     pixels.begin() + static_cast<std::ptrdiff_t>((y + 1) * row),
                     pixels.begin() + static_cast<std::ptrdiff_t>((height - 1 - y) * row));
  }
  for (std::size_t k = 3; k < pixels.size(); k += 4)
    pixels[k] = 255;
  return pixels;
}

}  // namespace lessonsim::app
