// The app's screens over one progress store: the lesson, the course map, review, glossary and
// the capability card. Screens are registered in one table (journey.cpp), not switched on.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "card_screen.hpp"
#include "course_map_screen.hpp"
#include "glossary_screen.hpp"
#include "lesson_reload.hpp"
#include "lesson_screen.hpp"
#include "lessonsim/course.hpp"
#include "lessonsim/progress.hpp"
#include "lessonsim/settings.hpp"
#include "lessonsim/xapi.hpp"
#include "review_screen.hpp"
#include "settings_window.hpp"
#include "xapi_class_screen.hpp"

namespace lessonsim::app {

class Journey {
 public:
  // Writes card.png for a card; false with `error` when it cannot.
  using CardPainter =
      std::function<bool(const CapabilityCard&, const std::filesystem::path&, std::string& error)>;

  // Reads the course when first asked for it: a lesson's first frame needs none of the others.
  using CourseSource = std::function<std::optional<Course>()>;

  Journey(std::unique_ptr<ProgressStore> store, std::filesystem::path data_dir, Settings settings,
          std::optional<Course> course);
  Journey(std::unique_ptr<ProgressStore> store, std::filesystem::path data_dir, Settings settings,
          CourseSource course);

  // Opens a lesson already loaded from `path` (resuming where the learner left it unless `step`
  // is given) and shows it.
  // `locale` (empty: the learner's, or the nearest the lesson has) is the language it opens in.
  void open_lesson(std::shared_ptr<const Lesson> lesson, const std::filesystem::path& path,
                   const std::string& step = {}, const std::string& locale = {});
  // Opens a lesson of the course (or beside the current one) by id; false when it cannot.
  bool open_lesson(const std::string& id, const std::string& step = {},
                   const std::string& locale = {});
  void show(ui::ScreenId screen);
  // Instructor → Class: shows the class screen and reads the class from the LRS on a thread.
  void open_class() {
    read_class();
    show(ui::ScreenId::classroom);
  }
  // The lab's brief asked for with --seed, kept for the lesson at `path` when it is reloaded.
  void set_seed(const std::filesystem::path& path, std::int64_t seed) { seed_ = {path, seed}; }
  // Looks at the open lesson's file (hot reload); true when the screen has something new.
  bool poll_reload();
  // How long the window may sleep before polling again.
  double reload_wait_seconds() const { return reload_ ? reload_->wait_seconds() : 1.0; }
  ui::ScreenId current() const { return current_; }

  // One frame of the current screen and the settings window, between NewFrame and Render.
  void frame(float dt);
  bool animating() const;

  // Work that cannot happen inside an ImGui frame (drawing card.png offscreen), done after
  // rendering; true when it changed what the screen shows.
  bool after_frame();
  // Writes card.md and card.png into `dir` (the data folder when empty); false with `error`.
  // Not inside a frame: ask for it with a request and after_frame() does it.
  bool write_card(std::string& error, const std::filesystem::path& dir = {});
  void set_card_painter(CardPainter painter) { card_painter_ = std::move(painter); }
  // A learner in a class: each move and review also writes its xAPI statements through `maker`,
  // then `wrote` is called (the sender wakes). Not owned; null: nothing is recorded.
  void join_class(xapi::StatementMaker* maker, std::function<void()> wrote) {
    statements_ = maker;
    wrote_ = std::move(wrote);
  }
  // "n statements waiting" while the LRS cannot take them; empty clears it.
  void set_class_status(const std::string& status);

  ProgressStore& store() { return *store_; }
  const Settings& settings() const { return settings_; }
  Settings& settings() { return settings_; }
  std::string locale() const;
  std::string title() const;
  void set_notice(const std::string& notice);
  // True once after the text size, theme or colours changed: the window restyles.
  bool take_look_changed() { return std::exchange(look_changed_, false); }
  bool take_title_changed() { return std::exchange(title_changed_, false); }
  bool quit_requested() const { return quit_; }
  // The course (read now if it was not yet); nullopt when there is none or it does not load.
  const std::optional<Course>& course() const;
  ui::LessonScreen* lesson_screen() { return lesson_.get(); }
  ui::ReviewScreen& review_screen() { return review_; }
  const ui::JourneyView& view();

 private:
  void lesson_frame(float dt);
  void map_frame(float dt);
  void review_frame(float dt);
  void glossary_frame(float dt);
  void card_frame(float dt);
  void class_frame(float dt);
  // Instructor → Class: reads the class from the LRS the settings name, on its own thread.
  void read_class();
  void poll_class();
  void act(const ui::JourneyRequests& r);
  void save_settings_now();
  void refresh_view();

  struct View {
    ui::ScreenId id;
    void (Journey::*frame)(float dt);
  };
  static const View views_[];

  std::unique_ptr<ProgressStore> store_;
  std::filesystem::path dir_;
  Settings settings_;
  mutable std::optional<Course> course_;
  mutable CourseSource course_source_;  // set until the course is read
  ui::ScreenId current_ = ui::ScreenId::map;

  std::unique_ptr<ui::LessonScreen> lesson_;
  std::optional<LessonReload> reload_;
  std::optional<std::pair<std::filesystem::path, std::int64_t>> seed_;
  std::filesystem::path lesson_path_;
  std::string lesson_hash_;
  nlohmann::json saved_state_;

  ui::CourseMapScreen map_;
  ui::ReviewScreen review_;
  ui::GlossaryScreen glossary_;
  ui::CardScreen card_;
  ui::ClassScreen class_screen_;
  ui::ClassView class_view_;
  std::future<ui::ClassView> class_read_;
  ui::SettingsWindow settings_window_;
  ui::JourneyView view_;
  bool view_stale_ = true;
  std::string notice_;
  std::map<std::string, std::int64_t> practice_next_due_;  // practice saved this session
  CardPainter card_painter_;
  xapi::StatementMaker* statements_ = nullptr;
  std::function<void()> wrote_;
  std::string class_status_;
  std::filesystem::path card_md_, card_png_;
  bool look_changed_ = false, title_changed_ = false, quit_ = false, card_wanted_ = false;
};

}  // namespace lessonsim::app
