#include "window.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <csignal>
#include <future>
#include <iostream>
#include <memory>

#include "assets.hpp"
#include "bundle_paths.hpp"
#include "card_screen.hpp"
#include "classroom.hpp"
#include "commands.hpp"
#include "imgui_assert.hpp"
#include "journey.hpp"
#include "lessonsim/capability_card.hpp"
#include "lessonsim/course.hpp"
#include "lessonsim/lesson_characters.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/progress.hpp"
#include "lessonsim/session.hpp"
#include "lessonsim/settings_store.hpp"
#include "lessonsim/share_dir.hpp"
#include "locale_option.hpp"
#include "png_file.hpp"
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
void request_stop(int) {
  stop_requested = 1;
}

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

}  // namespace

void add_window_options(CLI::App& root, WindowOptions& o) {
  root.add_option("course", o.course,
                  "A course in one file (COURSE.lessonsim, made by `lessonsim pack`) to open");
  root.add_option("--lesson", o.lesson, "The lesson to open (default: datacenter-split)");
  root.add_option("--step", o.step, "Start at the step with this id");
  root.add_option("--locale", o.locale, locale_help())->check(locale_code());
  root.add_option("--data-dir", o.data_dir,
                  "Where settings are kept (default: $XDG_DATA_HOME/lessonsim)");
  root.add_option("--seed", o.seed, "The lab's brief: the machine's seed (reproduces a learner's)");
  root.add_option("--exit-after-frames", o.exit_after_frames, "Quit after N frames (benchmarks)")
      ->check(CLI::NonNegativeNumber);
}

bool paint_card(GlWindow& window, const CapabilityCard& card, const fs::path& png,
                std::string& error) {
  float font = ImGui::GetFontSize() > 0 ? ImGui::GetFontSize() : 20.0f;
  int width = static_cast<int>(font * 40);
  int height = std::clamp(static_cast<int>(font * (14 + 7 * card.lines.size())), 200, 8192);
  int rows = 0;
  auto pixels = window.render_offscreen(
      width, height, [&card] { return ui::card_picture_frame(card); }, rows);
  pixels.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(rows) * 4);
  return write_png_file(png.string(), width, rows, pixels, error);
}

void paint_cards_with(GlWindow& window, Journey& journey) {
  journey.set_card_painter(
      [&window](const CapabilityCard& card, const fs::path& png, std::string& error) {
        return paint_card(window, card, png, error);
      });
}

namespace {

// "n statements waiting for the LRS" while the sender cannot deliver them; else nothing.
std::string class_status(const BackgroundSender& sender, const std::string& locale) {
  std::int64_t n = sender.waiting();
  if (!sender.unreachable() || n <= 0) return {};
  return tr(locale, Message("class.statements_waiting").num("n", static_cast<double>(n)));
}

// The lesson a window opens and the locale it speaks, or the exit code saying why it cannot.
struct Opening {
  std::shared_ptr<const Lesson> lesson;
  std::string locale;
  int exit_code = exit_ok;
};

// Reads the assets and the lesson, and checks the options against it; says what is wrong.
bool prepare_lesson(const WindowOptions& o, const fs::path& lesson_path,
                    const std::string& saved_locale, Opening& out) {
  install_assets();
  out.lesson = load_for_window(lesson_path, out.exit_code);
  if (!out.lesson) return false;
  if (o.seed) {
    std::string problem;
    out.lesson = with_machine_setting(out.lesson, "seed", *o.seed, problem);
    if (!out.lesson) {
      std::cerr << "lessonsim: error: --seed: " << problem << '\n';
      out.exit_code = exit_usage;
      return false;
    }
  }
  if (!o.step.empty() && out.lesson->step_index(o.step) < 0) {
    std::cerr << "lessonsim: error: the lesson has no step \"" << o.step << "\"\n";
    out.exit_code = exit_usage;
    return false;
  }
  out.locale =
      pick_locale(*out.lesson, o.locale.empty() ? saved_locale : o.locale, !o.locale.empty());
  if (out.locale.empty()) {
    out.exit_code = exit_usage;
    return false;
  }
  return true;
}

}  // namespace

int run_window(const WindowOptions& options) {
  WindowOptions o = options;
  // A course bundle opens at its first lesson (or `--lesson`, an id in it), from its folder,
  // unpacked read-only while the window is open; its course map is the bundle's course.
  std::shared_ptr<OpenedBundle> bundle;
  if (!o.course.empty()) {
    std::string error;
    bundle = open_bundle(o.course, error);
    if (!bundle) {
      std::cerr << o.course << ": error: the course " << error << '\n';
      return exit_wrong;
    }
    o.lesson = course_lesson(bundle->folder().string(), o.lesson);
    if (o.lesson.empty()) return exit_wrong;
  }
  fs::path lesson_path = o.lesson.empty() ? default_lesson_path() : fs::path(o.lesson);
  fs::path dir = data_dir(o.data_dir);
  std::string store_notice;
  std::unique_ptr<ProgressStore> store = ProgressStore::open(dir, store_notice);
  std::string warning;
  Settings settings = load_settings(*store, dir, &warning);
  if (!warning.empty()) std::cerr << "lessonsim: warning: " << warning << '\n';
  // A lesson asked for, or a learner with no progress yet, starts in the lesson; anyone coming
  // back starts at the course map.
  const bool lesson_first =
      !o.lesson.empty() || !o.step.empty() || o.seed.has_value() || store->lessons().empty();

  GlWindow window;
  std::string error;
  Opening opening;
  // The display first, while the process has one thread (see GlWindow::init).
  if (!window.init(error)) {
    // A lesson that cannot open is said first, as it would be with a display.
    if (!prepare_lesson(o, lesson_path, settings.locale, opening)) return opening.exit_code;
    std::cerr << "lessonsim: " << error << '\n';
    return exit_environment;
  }
  // The assets and the lesson are read on the font thread while the X server and the driver set
  // the window up; a lesson's first frame needs none of the course's other lessons, which are
  // read when first needed (the map, the next lesson, the card), or then too for the map.
  std::future<std::optional<Course>> course;
  auto prepare = [&]() -> std::optional<std::vector<char32_t>> {
    if (!prepare_lesson(o, lesson_path, settings.locale, opening)) return std::nullopt;
    if (!lesson_first) course = std::async(std::launch::async, course_beside, lesson_path);
    std::vector<char32_t> characters =
        lesson_characters(*lesson_for_locale(opening.lesson, opening.locale), opening.locale);
    std::vector<char32_t> interface = interface_characters(opening.locale);
    characters.insert(characters.end(), interface.begin(), interface.end());
    return characters;
  };
  window.set_text_scale(static_cast<float>(settings.text_percent) / 100.0f);
  if (!window.open("lessonsim", settings.window_width, settings.window_height, true, error,
                   install_wake_callbacks, prepare)) {
    if (error.empty()) return opening.exit_code;
    std::cerr << "lessonsim: " << error << '\n';
    return exit_environment;
  }
  settings.locale = opening.locale;
  const std::shared_ptr<const Lesson>& lesson = opening.lesson;
  const std::string& locale = opening.locale;
  try {
    Journey journey(std::move(store), dir, settings,
                    [&course, lesson_path]() -> std::optional<Course> {
                      return course.valid() ? course.get() : course_beside(lesson_path);
                    });
    paint_cards_with(window, journey);
    // A learner in a class: moves write statements, and the sender's thread delivers them.
    Classroom classroom = join_class(journey.store(), dir, lesson_path.parent_path());
    if (!classroom.problem.empty()) std::cerr << "lessonsim: xAPI: " << classroom.problem << '\n';
    if (classroom.maker) {
      journey.join_class(classroom.maker.get(),
                         [sender = classroom.sender.get()] { sender->wake(); });
    }
    window.restyle();  // the journey set the learner's theme
    if (store_notice.starts_with("moved:")) {
      journey.set_notice(LocalizedText::of("window.your_saved_progress_was_damaged").in(locale));
    } else if (store_notice == "busy") {
      journey.set_notice(LocalizedText::of("window.another_lessonsim_is_using_your").in(locale));
    }
    if (o.seed) journey.set_seed(lesson_path, *o.seed);
    if (lesson_first || !journey.course()) {
      journey.open_lesson(lesson, lesson_path, o.step);
    } else {
      journey.show(ui::ScreenId::map);
    }
    glfwSetWindowTitle(window.handle(), journey.title().c_str());
    int frames = 0, pending = frames_after_input;
    std::string class_shown;
    bool font_checked = false;
    double last = glfwGetTime();
    std::signal(SIGINT, request_stop);
    std::signal(SIGTERM, request_stop);
    while (!glfwWindowShouldClose(window.handle()) && !stop_requested) {
      bool animating = journey.animating();
      // A run told to exit after N frames draws them whatever the input: an idle window would
      // otherwise wait for events that never come.
      if (o.exit_after_frames > 0) pending = std::max(pending, 1);
      if (pending > 0) {
        glfwPollEvents();
      } else if (animating) {
        glfwWaitEventsTimeout(std::max(0.0, animation_frame_seconds - (glfwGetTime() - last)));
      } else {
        glfwWaitEventsTimeout(std::min(idle_wait_seconds, journey.reload_wait_seconds()));
      }
      if (woken) pending = frames_after_input;
      woken = false;
      if (journey.poll_reload()) pending = frames_after_input;
      // The sender's thread says how it went; the window draws again only when that changes.
      if (classroom.sender) {
        std::string status = class_status(*classroom.sender, journey.locale());
        if (status != class_shown) {
          class_shown = status;
          journey.set_class_status(status);
          pending = frames_after_input;
        }
      }
      if (pending == 0 && !animating) continue;
      double now = glfwGetTime();
      auto dt = static_cast<float>(std::min(now - last, 0.1));
      last = now;
      window.new_frame();
      if (!font_checked && window.font_fell_back()) {
        std::cerr << "lessonsim: " << phrase(fallback_locale, "window.font_fallback") << '\n';
        journey.set_notice(phrase(journey.locale(), "window.font_fallback"));
      }
      font_checked = true;
      journey.frame(dt);
      window.render();
      pending = std::max(0, pending - 1);
      if (journey.after_frame()) pending = frames_after_input;
      if (journey.take_look_changed()) {
        window.set_text_scale(static_cast<float>(journey.settings().text_percent) / 100.0f);
        window.restyle();
        pending = frames_after_input;
      }
      if (journey.take_title_changed()) {
        glfwSetWindowTitle(window.handle(), journey.title().c_str());
        if (const ui::LessonScreen* shown = journey.lesson_screen()) {
          window.add_characters(lesson_characters(shown->engine().lesson(), shown->locale()));
          window.add_characters(interface_characters(shown->locale()));
        }
      }
      if (journey.quit_requested()) break;
      if (o.exit_after_frames > 0 && ++frames >= o.exit_after_frames) break;
    }
    int w = 0, h = 0;
    glfwGetWindowSize(window.handle(), &w, &h);
    Settings& s = journey.settings();
    if (!glfwGetWindowAttrib(window.handle(), GLFW_ICONIFIED) && w > 0 && h > 0 &&
        (w != s.window_width || h != s.window_height)) {
      s.window_width = w;
      s.window_height = h;
      save_settings(journey.store(), s);
    }
  } catch (const ui::ImGuiAssertion& e) {
    std::cerr << "lessonsim: internal error: " << e.what() << '\n';
    return exit_wrong;
  }
  return exit_ok;
}

}  // namespace lessonsim::app
