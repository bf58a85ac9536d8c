#include "window.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <csignal>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "imgui_assert.hpp"
#include "lesson_reload.hpp"
#include "lesson_screen.hpp"
#include "lessonsim/catalog.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/progress.hpp"
#include "lessonsim/session.hpp"
#include "lessonsim/settings.hpp"
#include "strings.hpp"
#include "window_context.hpp"

namespace lessonsim::app {

namespace {

namespace fs = std::filesystem;

constexpr int frames_after_input = 3;
constexpr double idle_wait_seconds = 1.0;
constexpr double animation_frame_seconds = 1.0 / 60.0;

// Set by GLFW's callbacks: something happened that may change what the window shows.
bool woken = false;

// Ctrl-C or a polite kill: leave the loop so the window size is still saved. The idle wait's
// timeout bounds how long the loop takes to notice.
volatile std::sig_atomic_t stop_requested = 0;
void request_stop(int) { stop_requested = 1; }

void wake(GLFWwindow*) {
  woken = true;
}
void wake_key(GLFWwindow* w, int, int, int, int) {
  wake(w);
}
void wake_char(GLFWwindow* w, unsigned) {
  wake(w);
}
void wake_button(GLFWwindow* w, int, int, int) {
  wake(w);
}
void wake_pos(GLFWwindow* w, double, double) {
  wake(w);
}
void wake_size(GLFWwindow* w, int, int) {
  wake(w);
}
void wake_flag(GLFWwindow* w, int) {
  wake(w);
}
void wake_scale(GLFWwindow* w, float, float) {
  wake(w);
}

// Installed before ImGui's backend, which chains to them, so ImGui still sees every event.
void install_wake_callbacks(GLFWwindow* w) {
  glfwSetKeyCallback(w, wake_key);
  glfwSetCharCallback(w, wake_char);
  glfwSetMouseButtonCallback(w, wake_button);
  glfwSetCursorPosCallback(w, wake_pos);
  glfwSetScrollCallback(w, wake_pos);
  glfwSetWindowSizeCallback(w, wake_size);
  glfwSetFramebufferSizeCallback(w, wake_size);
  glfwSetWindowRefreshCallback(w, wake);
  glfwSetWindowFocusCallback(w, wake_flag);
  glfwSetCursorEnterCallback(w, wake_flag);
  glfwSetWindowContentScaleCallback(w, wake_scale);
}

void save(const fs::path& dir, const Settings& settings) {
  std::string error;
  if (!save_settings(dir, settings, error)) std::cerr << "lessonsim: warning: " << error << '\n';
}

}  // namespace

fs::path default_lesson_path() {
  std::error_code ec;
  fs::path beside = assets_dir().parent_path() / "lessons" / "datacenter-split.json";
  if (fs::exists(beside, ec)) return beside;
  return fs::path(LESSONSIM_SOURCE_DIR) / "lessons" / "datacenter-split.json";
}

std::shared_ptr<const Lesson> load_for_window(const fs::path& path, int& exit_code) {
  Diagnostics diags(path.string());
  auto lesson = load_lesson_file(path, diags);
  for (const auto& d : diags.all())
    std::cerr << format_gcc(d) << '\n';
  if (!lesson) {
    exit_code =
        diags.all().size() == 1 && diags.all()[0].pos.line == 0 ? exit_environment : exit_wrong;
  }
  return lesson;
}

std::string pick_locale(const Lesson& lesson, const std::string& wanted, bool strict) {
  const auto& locales = lesson.locales;
  if (!wanted.empty() && std::find(locales.begin(), locales.end(), wanted) != locales.end()) {
    return wanted;
  }
  if (strict && !wanted.empty()) {
    std::cerr << "lessonsim: error: the lesson has no locale \"" << wanted << "\"\n";
    return {};
  }
  return locales.empty() ? std::string("en") : locales.front();
}

void add_window_options(CLI::App& root, WindowOptions& o) {
  root.add_option("--lesson", o.lesson, "The lesson to open (default: datacenter-split)");
  root.add_option("--step", o.step, "Start at the step with this id");
  root.add_option("--locale", o.locale, "Language: es or en (remembered)");
  root.add_option("--data-dir", o.data_dir,
                  "Where settings are kept (default: $XDG_DATA_HOME/lessonsim)");
  root.add_option("--seed", o.seed, "The lab's brief: the machine's seed (reproduces a learner's)");
  root.add_option("--exit-after-frames", o.exit_after_frames, "Quit after N frames (benchmarks)")
      ->check(CLI::NonNegativeNumber);
}

namespace {

std::string file_hash(const fs::path& path) {
  std::string text, error;
  return read_file(path, text, error) ? content_hash(text) : std::string();
}

// Where the learner left this lesson, when the store has it and no --step says otherwise.
void resume_saved(ui::LessonScreen& screen, ProgressStore& store, const fs::path& path) {
  auto saved = store.lesson(screen.engine().lesson().id);
  if (!saved || !screen.resume(saved->state)) return;
  if (saved->lesson_hash != file_hash(path)) {
    screen.set_notice(LocalizedText::both("La lección ha cambiado desde tu última visita.",
                                          "The lesson has changed since your last visit.")
                          .in(screen.locale()));
  }
}

}  // namespace

int run_window(const WindowOptions& o) {
  fs::path lesson_path = o.lesson.empty() ? default_lesson_path() : fs::path(o.lesson);
  int exit_code = exit_ok;
  auto lesson = load_for_window(lesson_path, exit_code);
  if (!lesson) return exit_code;
  if (o.seed) {
    std::string problem;
    lesson = with_machine_setting(lesson, "seed", *o.seed, problem);
    if (!lesson) {
      std::cerr << "lessonsim: error: --seed: " << problem << '\n';
      return exit_usage;
    }
  }
  if (!o.step.empty() && lesson->step_index(o.step) < 0) {
    std::cerr << "lessonsim: error: the lesson has no step \"" << o.step << "\"\n";
    return exit_usage;
  }
  fs::path dir = data_dir(o.data_dir);
  std::string warning;
  Settings settings = load_settings(dir, &warning);
  Settings saved = settings;
  if (!warning.empty()) std::cerr << "lessonsim: warning: " << warning << '\n';
  std::string locale =
      pick_locale(*lesson, o.locale.empty() ? settings.locale : o.locale, !o.locale.empty());
  if (locale.empty()) return exit_usage;

  GlWindow window;
  std::string error;
  if (!window.open("lessonsim — " + lesson->title.in(locale), settings.window_width,
                   settings.window_height, true, error, install_wake_callbacks)) {
    std::cerr << "lessonsim: " << error << '\n';
    return exit_environment;
  }
  try {
    auto screen_ptr = std::make_unique<ui::LessonScreen>(lesson, locale, settings.reduce_motion);
    std::string store_notice;
    std::unique_ptr<ProgressStore> store = ProgressStore::open(dir, store_notice);
    if (store_notice.starts_with("moved:")) {
      screen_ptr->set_notice(
          LocalizedText::both("Tu progreso guardado estaba dañado; se apartó y empiezas de nuevo.",
                              "Your saved progress was damaged; it was set aside, starting fresh.")
              .in(locale));
    } else if (store_notice == "busy") {
      screen_ptr->set_notice(LocalizedText::both(
                                 "Otro lessonsim usa tu progreso: esta sesión no se guardará.",
                                 "Another lessonsim is using your progress: this session is not saved.")
                                 .in(locale));
    }
    if (o.step.empty()) {
      resume_saved(*screen_ptr, *store, lesson_path);
    } else {
      screen_ptr->apply(Action::with("goto", "step", o.step));
    }
    std::string lesson_hash = file_hash(lesson_path);
    LessonReload reload(lesson_path, o.seed);
    nlohmann::json saved_state;  // null: the first frame saves where the learner is
    int frames = 0, pending = frames_after_input;
    bool font_checked = false;
    double last = glfwGetTime();
    std::signal(SIGINT, request_stop);
    std::signal(SIGTERM, request_stop);
    while (!glfwWindowShouldClose(window.handle()) && !stop_requested) {
      ui::LessonScreen& screen = *screen_ptr;
      bool animating = screen.animating();
      if (pending > 0) {
        glfwPollEvents();
      } else if (animating) {
        glfwWaitEventsTimeout(std::max(0.0, animation_frame_seconds - (glfwGetTime() - last)));
      } else {
        glfwWaitEventsTimeout(std::min(idle_wait_seconds, reload.wait_seconds()));
      }
      if (woken) pending = frames_after_input;
      woken = false;
      auto reloaded = [&] {
        lesson = screen.engine().lesson_ptr();
        lesson_hash = file_hash(lesson_path);
        saved_state = nullptr;
        pending = frames_after_input;
      };
      if (reload.poll(screen)) reloaded();
      if (pending == 0 && !animating) continue;
      double now = glfwGetTime();
      auto dt = static_cast<float>(std::min(now - last, 0.1));
      last = now;
      window.new_frame();
      if (!font_checked && window.font_fell_back()) {
        std::cerr << "lessonsim: " << ui::tr(ui::Str::font_fallback, "en") << '\n';
        screen.set_notice(ui::tr(ui::Str::font_fallback, locale));
      }
      font_checked = true;
      screen.frame(dt);
      window.render();
      pending = std::max(0, pending - 1);
      auto requests = screen.take_requests();
      if (requests.settings_changed) {
        settings.locale = screen.locale();
        settings.reduce_motion = screen.reduce_motion();
        glfwSetWindowTitle(window.handle(),
                           ("lessonsim — " + lesson->title.in(screen.locale())).c_str());
        save(dir, settings);
        saved = settings;
      }
      // Every move is saved as it happens, so closing (or a crash) never loses the place.
      if (nlohmann::json state = screen.engine().save(); state != saved_state) {
        const Engine& e = screen.engine();
        store->save_lesson({e.lesson().id, lesson_hash, state, e.finished(), {}}, {});
        saved_state = std::move(state);
      }
      if (requests.save_playthrough) {
        reload.save_recording(screen, std::move(*requests.save_playthrough));
        reloaded();
      }
      if (!requests.open_lesson.empty()) {
        // The course goes on in the lesson file of that id beside this one.
        fs::path next_path = lesson_path.parent_path() / (requests.open_lesson + ".json");
        int next_code = exit_ok;
        if (auto next = load_for_window(next_path, next_code)) {
          lesson = next;
          lesson_path = next_path;
          screen_ptr = std::make_unique<ui::LessonScreen>(lesson, pick_locale(*lesson, screen.locale(), false),
                                                          screen.reduce_motion());
          glfwSetWindowTitle(window.handle(),
                             ("lessonsim — " + lesson->title.in(screen_ptr->locale())).c_str());
          resume_saved(*screen_ptr, *store, lesson_path);
          lesson_hash = file_hash(lesson_path);
          reload.watch(lesson_path);
          saved_state = nullptr;
          pending = frames_after_input;
          continue;
        }
        screen.set_notice(LocalizedText::both("No se pudo abrir la siguiente lección.",
                                              "The next lesson could not be opened.")
                              .in(screen.locale()));
      }
      if (requests.quit) break;
      if (o.exit_after_frames > 0 && ++frames >= o.exit_after_frames) break;
    }
    ui::LessonScreen& screen = *screen_ptr;
    int w = 0, h = 0;
    glfwGetWindowSize(window.handle(), &w, &h);
    if (!glfwGetWindowAttrib(window.handle(), GLFW_ICONIFIED) && w > 0 && h > 0) {
      settings.window_width = w;
      settings.window_height = h;
    }
    settings.locale = screen.locale();
    settings.reduce_motion = screen.reduce_motion();
    // Unchanged settings are not rewritten: no disk write (and fsync) on every quit.
    if (!(settings == saved)) save(dir, settings);
  } catch (const ui::ImGuiAssertion& e) {
    std::cerr << "lessonsim: internal error: " << e.what() << '\n';
    return exit_wrong;
  }
  return exit_ok;
}

}  // namespace lessonsim::app
