#include "web_app.hpp"

#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <iostream>

#include "assets.hpp"
#include "lesson_open.hpp"
#include "lessonsim/bounded_read.hpp"
#include "lessonsim/lesson_characters.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/locale_code.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/settings_store.hpp"
#include "lessonsim/store_notice.hpp"
#include "lessonsim/share_dir.hpp"
#include "theme.hpp"

// The page's storage (index.html): copies the data folder to IndexedDB, one write at a time.
// clang-format off
EM_JS(void, lessonsim_js_save, (), { globalThis.lessonsimStorage.save(); });
EM_JS(void, lessonsim_js_title, (const char* title), { document.title = UTF8ToString(title); });
EM_JS(void, lessonsim_js_first_frame, (), { globalThis.lessonsimStorage.first_frame(); });
// clang-format on

namespace lessonsim::web {

namespace {

namespace fs = std::filesystem;

constexpr int frames_after_input = 3;
// Where the page keeps its files: the data folder is IndexedDB's (mounted by index.html), the
// fonts and the course come with the page.
constexpr const char* data_folder = "/data/lessonsim";
constexpr const char* font_folder = "/fonts";

std::vector<unsigned char> read_bytes(const std::string& path) {
  std::string bytes, error;
  if (!read_file(path, bytes, error)) return {};
  return {bytes.begin(), bytes.end()};
}

// Adds the characters the common ranges lack; true when any was new.
bool merge_characters(std::vector<char32_t>& into, const std::vector<char32_t>& more) {
  bool added = false;
  for (char32_t c : more) {
    if (c < 0x20 || c > 0xFFFF || ui::in_glyph_ranges(c) ||
        std::binary_search(into.begin(), into.end(), c))
      continue;
    into.insert(std::lower_bound(into.begin(), into.end(), c), c);
    added = true;
  }
  return added;
}

// The fonts at the device pixel ratio × the learner's text size, as the desktop builds them at
// the display's scale: ImGui's units are the canvas's pixels, so text is drawn sharp.
void build_fonts(WebApp& a, bool upload) {
  const float text =
      static_cast<float>(a.journey ? a.journey->settings().text_percent : 100) / 100.0f;
  a.scale = a.display * text;
  ui::FontData data{read_bytes(std::string(font_folder) + "/DejaVuSans.ttf"),
                    read_bytes(std::string(font_folder) + "/DejaVuSans-Bold.ttf"),
                    ui::ranges_of(a.characters),
                    {}};
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  ui::build_fonts(atlas, data, a.scale, a.display * std::min(text, ui::canvas_text_cap));
  atlas.ClearInputData();
  ui::apply_theme(a.scale);
  a.characters_changed = false;
  if (upload) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
}

void add_lesson_characters(WebApp& a) {
  if (const ui::LessonScreen* shown = a.journey->lesson_screen()) {
    a.characters_changed |= merge_characters(
        a.characters, lesson_characters(shown->engine().lesson(), shown->locale()));
    a.characters_changed |= merge_characters(a.characters, interface_characters(shown->locale()));
  }
  a.characters_changed |= merge_characters(a.characters, interface_characters(a.journey->locale()));
}

// The canvas fills the page: its pixels are the page's CSS pixels × the device pixel ratio.
EM_BOOL on_resize(int, const EmscriptenUiEvent*, void*) {
  WebApp& a = web_app();
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  a.display = std::clamp(static_cast<float>(emscripten_get_device_pixel_ratio()), 0.5f, 4.0f);
  glfwSetWindowSize(a.window, std::max(1, static_cast<int>(css_w * a.display + 0.5)),
                    std::max(1, static_cast<int>(css_h * a.display + 0.5)));
  wake();
  return EM_TRUE;
}

void wake_key(GLFWwindow*, int, int, int, int) {
  wake();
}
void wake_char(GLFWwindow*, unsigned) {
  wake();
}
void wake_button(GLFWwindow*, int, int, int) {
  wake();
}
void wake_pos(GLFWwindow*, double, double) {
  wake();
}
void wake_size(GLFWwindow*, int, int) {
  wake();
}
void wake_flag(GLFWwindow*, int) {
  wake();
}

void frame() {
  WebApp& a = web_app();
  const bool animating = a.journey->animating();
  if (a.pending == 0 && !animating) {
    // Nothing changes: no frame, and no callback either until an event resumes the loop.
    a.running = false;
    emscripten_pause_main_loop();
    return;
  }
  const double now = emscripten_get_now() / 1000.0;
  const auto dt = static_cast<float>(std::min(now - a.last, 0.1));
  a.last = now;
  const float text = static_cast<float>(a.journey->settings().text_percent) / 100.0f;
  if (a.display * text != a.scale || a.characters_changed) build_fonts(a, true);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  io.DeltaTime = std::clamp(io.DeltaTime, 1e-4f, 0.1f);
  ImGui::NewFrame();
  if (ui::LessonScreen* screen = a.journey->lesson_screen()) screen->record_picture(&a.picture);
  a.journey->frame(dt);
  ImGui::Render();
  int fw = 0, fh = 0;
  glfwGetFramebufferSize(a.window, &fw, &fh);
  glViewport(0, 0, fw, fh);
  ImVec4 bg = ImGui::ColorConvertU32ToFloat4(ui::palette::background);
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (a.frames++ == 0) lessonsim_js_first_frame();
  a.pending = std::max(0, a.pending - 1);
  if (a.journey->after_frame()) a.pending = frames_after_input;
  if (a.journey->take_look_changed()) {
    ui::set_palette(ui::theme_from_name(a.journey->settings().theme),
                    a.journey->settings().colour_safe);
    build_fonts(a, true);
    a.pending = frames_after_input;
  }
  if (a.journey->take_title_changed()) {
    lessonsim_js_title(a.journey->title().c_str());
    add_lesson_characters(a);
    if (a.characters_changed) a.pending = frames_after_input;
  }
  save_if_changed();
}

// The locale the learner's browser asks for, among those with a catalog.
std::string browser_locale(const std::vector<std::string>& wanted) {
  for (const std::string& l : wanted) {
    if (messages().has_locale(l)) return l;
    std::string language = l.substr(0, l.find('-'));
    if (messages().has_locale(language)) return language;
  }
  return {};
}

std::unique_ptr<app::Journey> open_journey(const PageRequest& r) {
  StoreNotice notice;
  auto store = ProgressStore::open(data_folder, notice);
  std::string warning;
  Settings settings = load_settings(*store, data_folder, &warning);
  if (!warning.empty()) std::cerr << "lessonsim: warning: " << warning << '\n';
  if (settings.locale.empty()) settings.locale = browser_locale(r.browser_locales);
  if (!r.locale.empty() && valid_locale_code(r.locale) && messages().has_locale(r.locale))
    settings.locale = r.locale;
  const bool fresh = store->lessons().empty();
  fs::path first = app::default_lesson_path();
  auto journey = std::make_unique<app::Journey>(
      std::move(store), data_folder, settings,
      [first]() -> std::optional<Course> { return app::course_beside(first); });
  // What happened to the saved progress, as the window says it (store_notice.hpp).
  if (!notice.empty()) journey->set_notice(tr(journey->locale(), notice.message()));
  if (!r.lesson.empty() && journey->open_lesson(r.lesson, r.step, r.locale)) return journey;
  if (fresh || !journey->course()) {
    int code = 0;
    if (auto lesson = app::load_for_window(first, code)) {
      journey->open_lesson(lesson, first, r.lesson.empty() ? r.step : std::string(), r.locale);
      return journey;
    }
  }
  journey->show(ui::ScreenId::map);
  return journey;
}

}  // namespace

WebApp& web_app() {
  static WebApp& app = *new WebApp;  // lives as long as the page
  return app;
}

void wake() {
  WebApp& a = web_app();
  a.pending = frames_after_input;
  if (!a.running) {
    a.running = true;
    a.last = emscripten_get_now() / 1000.0;
    emscripten_resume_main_loop();
  }
}

void save_if_changed() {
  // The store writes its database and its log; their times and sizes say whether a move was
  // saved since the last copy to IndexedDB.
  static std::string last;
  std::string now;
  for (const char* name : {"/progress.db", "/progress.db-wal"}) {
    struct stat st {};
    if (stat((std::string(data_folder) + name).c_str(), &st) == 0) {
      now += std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) + ":" +
             std::to_string(st.st_size) + ";";
    }
  }
  if (now == last) return;
  last = now;
  lessonsim_js_save();
}

int start(const PageRequest& request) {
  WebApp& a = web_app();
  app::install_assets();
  if (!glfwInit()) {
    std::cerr << "lessonsim: cannot start GLFW in this browser\n";
    return 3;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  a.display = std::clamp(static_cast<float>(emscripten_get_device_pixel_ratio()), 0.5f, 4.0f);
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  a.window = glfwCreateWindow(std::max(1, static_cast<int>(css_w * a.display + 0.5)),
                              std::max(1, static_cast<int>(css_h * a.display + 0.5)), "lessonsim",
                              nullptr, nullptr);
  if (!a.window) {
    std::cerr << "lessonsim: this browser has no WebGL 2\n";
    return 3;
  }
  glfwMakeContextCurrent(a.window);
  a.journey = open_journey(request);
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ui::set_palette(ui::theme_from_name(a.journey->settings().theme),
                  a.journey->settings().colour_safe);
  add_lesson_characters(a);
  build_fonts(a, false);
  // Installed before ImGui's backend, which chains to them, so ImGui still sees every event.
  glfwSetKeyCallback(a.window, wake_key);
  glfwSetCharCallback(a.window, wake_char);
  glfwSetMouseButtonCallback(a.window, wake_button);
  glfwSetCursorPosCallback(a.window, wake_pos);
  glfwSetScrollCallback(a.window, wake_pos);
  glfwSetWindowSizeCallback(a.window, wake_size);
  glfwSetWindowFocusCallback(a.window, wake_flag);
  glfwSetCursorEnterCallback(a.window, wake_flag);
  ImGui_ImplGlfw_InitForOpenGL(a.window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  emscripten_set_resize_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, EM_FALSE, on_resize);
  lessonsim_js_title(a.journey->title().c_str());
  a.pending = frames_after_input;
  a.last = emscripten_get_now() / 1000.0;
  emscripten_set_main_loop(frame, 0, EM_FALSE);
  return 0;
}

}  // namespace lessonsim::web
