#include "journey.hpp"

#include "class_fetch.hpp"

#include <imgui.h>

#include <algorithm>
#include <iostream>
#include <utility>

#include "lesson_open.hpp"
#include "lessonsim/capability_card.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/review_queue.hpp"
#include "lessonsim/session.hpp"
#include "lessonsim/settings_store.hpp"
#include "theme.hpp"

namespace lessonsim::app {

namespace fs = std::filesystem;
using ui::ScreenId;

const Journey::View Journey::views_[] = {
    {ScreenId::lesson, &Journey::lesson_frame}, {ScreenId::map, &Journey::map_frame},
    {ScreenId::review, &Journey::review_frame}, {ScreenId::glossary, &Journey::glossary_frame},
    {ScreenId::card, &Journey::card_frame},     {ScreenId::classroom, &Journey::class_frame},
};

namespace {

std::string file_hash(const fs::path& path) {
  std::string text, error;
  return read_file(path, text, error) ? content_hash(text) : std::string();
}

}  // namespace

Journey::Journey(std::unique_ptr<ProgressStore> store, fs::path data_dir, Settings settings,
                 std::optional<Course> course)
    : store_(std::move(store)),
      dir_(std::move(data_dir)),
      settings_(std::move(settings)),
      course_(std::move(course)) {
  ui::set_palette(ui::theme_from_name(settings_.theme), settings_.colour_safe);
}

Journey::Journey(std::unique_ptr<ProgressStore> store, fs::path data_dir, Settings settings,
                 CourseSource course)
    : Journey(std::move(store), std::move(data_dir), std::move(settings), std::nullopt) {
  course_source_ = std::move(course);
}

const std::optional<Course>& Journey::course() const {
  if (course_source_) course_ = std::exchange(course_source_, nullptr)();
  return course_;
}

std::string Journey::locale() const {
  // Away from a lesson the screens speak the learner's language, even after a lesson they
  // opened in another one because it is not written in theirs yet.
  if (lesson_ && current_ == ui::ScreenId::lesson) return lesson_->locale();
  if (!settings_.locale.empty()) return settings_.locale;
  if (course() && !course()->lessons.empty() && course()->lessons[0].lesson &&
      !course()->lessons[0].lesson->locales.empty()) {
    return course()->lessons[0].lesson->locales.front();
  }
  return std::string(fallback_locale);
}

std::string Journey::title() const {
  if (current_ == ScreenId::lesson && lesson_) {
    return "lessonsim — " + lesson_->engine().lesson().title.in(lesson_->locale());
  }
  return course() ? "lessonsim — " + course()->title.in(locale()) : std::string("lessonsim");
}

void Journey::set_class_status(const std::string& status) {
  if (status == class_status_) return;
  class_status_ = status;
  if (lesson_) lesson_->set_status(status);
  view_stale_ = true;
}

void Journey::set_notice(const std::string& notice) {
  notice_ = notice;
  if (lesson_) lesson_->set_notice(notice);
  view_stale_ = true;
}

void Journey::open_lesson(std::shared_ptr<const Lesson> lesson, const fs::path& path,
                          const std::string& step, const std::string& wanted) {
  std::string loc = pick_locale(*lesson, wanted.empty() ? locale() : wanted, false);
  lesson = lesson_for_locale(std::move(lesson), loc);
  lesson_ = std::make_unique<ui::LessonScreen>(lesson, loc, settings_.reduce_motion);
  lesson_path_ = path;
  lesson_hash_ = file_hash(path);
  std::optional<std::int64_t> seed;
  if (seed_ && seed_->first == path) seed = seed_->second;
  reload_.emplace(path, seed);
  if (!notice_.empty()) lesson_->set_notice(notice_);
  lesson_->set_status(class_status_);
  auto saved = store_->lesson(lesson->id);
  saved_state_ = nullptr;  // the first frame saves where the learner is...
  if (!step.empty()) {
    if (saved) lesson_->resume(saved->state);
    lesson_->apply(Action::with("goto", "step", step));
    lesson_->take_events();
  } else if (saved) {
    bool restored = lesson_->resume(saved->state);
    LocalizedText message = resume_message(resume_outcome(restored, *saved, lesson_hash_, *lesson));
    if (!message.empty()) {
      lesson_->set_notice(message.in(loc));
      std::cerr << "lessonsim: " << lesson->id << ": " << message.in(fallback_locale) << '\n';
    }
    // ...unless it is exactly what the store holds: then no write, and no sync to disk, stands
    // between the learner and the first frame.
    if (restored && saved->lesson_hash == lesson_hash_) saved_state_ = lesson_->engine().save();
  }
  show(ScreenId::lesson);
}

bool Journey::open_lesson(const std::string& id, const std::string& step,
                          const std::string& wanted) {
  if (course()) {
    int at = course()->index_of(id);
    if (at >= 0 && course()->lessons[static_cast<std::size_t>(at)].lesson) {
      const CourseEntry& e = course()->lessons[static_cast<std::size_t>(at)];
      open_lesson(e.lesson, e.file, step, wanted);
      return true;
    }
  }
  // No course (a lesson opened on its own): the course goes on in the file of that id beside it.
  fs::path next_path = lesson_path_.parent_path() / (id + ".json");
  int code = 0;
  auto next = lesson_path_.empty() ? nullptr : load_for_window(next_path, code);
  if (!next) return false;
  open_lesson(next, next_path, step, wanted);
  return true;
}

void Journey::show(ScreenId screen) {
  if (screen == ScreenId::lesson && !lesson_) {
    int next = lesson_to_continue(view().path);
    if (next >= 0) open_lesson(view_.path[static_cast<std::size_t>(next)].id);
    return;
  }
  if (screen == ScreenId::card) card_wanted_ = true;
  current_ = screen;
  view_stale_ = true;
  title_changed_ = true;
}

bool Journey::poll_reload() {
  if (!lesson_ || !reload_ || !reload_->poll(*lesson_)) return false;
  lesson_hash_ = file_hash(lesson_path_);
  saved_state_ = nullptr;  // the next frame saves the place in the edited lesson
  view_stale_ = true;
  return true;
}

bool Journey::animating() const {
  // While the class is being read the screen keeps drawing, to show it when it comes.
  if (class_read_.valid()) return true;
  return current_ == ScreenId::lesson && lesson_ && lesson_->animating();
}

void Journey::read_class() {
  if (class_read_.valid()) return;
  fs::path course_dir = lesson_path_.empty() ? fs::path() : lesson_path_.parent_path();
  LrsConfig config = lrs_config(dir_, course_dir);
  class_view_ = {};
  class_view_.lrs = config.endpoint;
  if (config.endpoint.empty()) {
    class_view_.state = ui::ClassView::State::not_set;
  } else if (!config.problems.empty()) {
    class_view_.state = ui::ClassView::State::failed;
    class_view_.error = config.problems.front();
  } else {
    class_view_.state = ui::ClassView::State::reading;
    class_read_ = std::async(std::launch::async, [config, course_dir] {
      ClassRead read = app::read_class(config.endpoint, config, course_dir);
      ui::ClassView v;
      v.lrs = config.endpoint;
      v.state = read.ok ? ui::ClassView::State::ready : ui::ClassView::State::failed;
      v.error = read.error;
      v.report = std::move(read.report);
      return v;
    });
  }
  view_stale_ = true;
}

void Journey::poll_class() {
  if (!class_read_.valid() ||
      class_read_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
    return;
  }
  class_view_ = class_read_.get();
  view_stale_ = true;
}

const ui::JourneyView& Journey::view() {
  if (view_stale_) refresh_view();
  return view_;
}

void Journey::refresh_view() {
  view_stale_ = false;
  ui::JourneyView v;
  v.locale = locale();
  v.notice = notice_;
  v.status = class_status_;
  v.class_view = class_view_;
  if (course()) {
    v.course_title = course()->title.in(v.locale);
    for (const auto& e : course()->lessons) {
      if (!e.lesson) continue;
      for (const auto& l : e.lesson->locales) {
        if (std::find(v.locales.begin(), v.locales.end(), l) == v.locales.end()) {
          v.locales.push_back(l);
        }
      }
    }
    v.locales = messages().choosable(v.locales);
    v.path = course_path(*course(), store_->lessons());
    for (const auto& p : v.path)
      v.key_ideas.push_back(p.state == LessonState::done
                                ? summary_text(p.lesson, &Step::key_idea, v.locale)
                                : std::string());
    v.due = review_items(*course(), store_->due_cards(today_utc()));
    v.today = today_utc();
    v.next_due = practice_next_due_;
    v.glossary = met_glossary(v.path, v.locale);
    v.card = capability_card(*course(), v.path, v.locale, today_iso());
  }
  if (!card_md_.empty()) {
    v.card_markdown_path = card_md_.string();
    v.card_png_path = card_png_.string();
  }
  view_ = std::move(v);
}

void Journey::frame(float dt) {
  poll_class();
  for (const auto& v : views_) {
    if (v.id == current_) (this->*v.frame)(dt);
  }
  if (settings_window_.frame(settings_, locale())) {
    if (lesson_) lesson_->set_reduce_motion(settings_.reduce_motion);
    ui::set_palette(ui::theme_from_name(settings_.theme), settings_.colour_safe);
    look_changed_ = true;
    save_settings_now();
  }
}

void Journey::save_settings_now() {
  lessonsim::save_settings(*store_, settings_);
}

void Journey::lesson_frame(float dt) {
  ui::LessonScreen& screen = *lesson_;
  screen.frame(dt);
  Events events = screen.take_events();
  // Every move is saved as it happens, so closing (or a crash) never loses the place.
  if (nlohmann::json state = screen.engine().save(); state != saved_state_ || !events.empty()) {
    std::size_t said =
        record_move(*store_, screen.engine(), lesson_hash_, events, today_utc(), statements_);
    if (said > 0 && wrote_) wrote_();
    saved_state_ = std::move(state);
    view_stale_ = true;
  }
  bool finished = std::any_of(events.begin(), events.end(),
                              [](const Event& e) { return e.kind == EventKind::lesson_finished; });
  if (finished && view().card.complete()) card_wanted_ = true;
  auto r = screen.take_requests();
  if (r.settings_changed) {
    settings_.locale = screen.locale();
    settings_.reduce_motion = screen.reduce_motion();
    save_settings_now();
    title_changed_ = true;
    view_stale_ = true;
  }
  if (r.open_settings) settings_window_.open();
  if (r.save_playthrough && reload_) {
    reload_->save_recording(screen, std::move(*r.save_playthrough));
    lesson_hash_ = file_hash(lesson_path_);
    saved_state_ = nullptr;
  }
  if (!r.open_lesson.empty() && !open_lesson(r.open_lesson)) {
    screen.set_notice(LocalizedText::of("window.the_next_lesson_could_not").in(screen.locale()));
  }
  if (r.open_class) open_class();
  if (r.open_map && lesson_.get() == &screen) show(ScreenId::map);
  if (r.quit) quit_ = true;
}

void Journey::map_frame(float) {
  ui::JourneyRequests r;
  map_.frame(view(), r);
  act(r);
}

void Journey::review_frame(float) {
  ui::JourneyRequests r;
  review_.frame(view(), r);
  act(r);
}

void Journey::glossary_frame(float) {
  ui::JourneyRequests r;
  glossary_.frame(view(), r);
  act(r);
}

void Journey::card_frame(float) {
  ui::JourneyRequests r;
  card_.frame(view(), r);
  act(r);
}

void Journey::class_frame(float) {
  ui::JourneyRequests r;
  class_screen_.frame(view(), r);
  act(r);
}

void Journey::act(const ui::JourneyRequests& r) {
  if (r.read_class) read_class();
  if (r.rate || r.practice_done) {
    ReviewScheduler scheduler({settings_.desired_retention, 36500});
    for (const auto& item : view_.due) {
      if (item.due.lesson_id != r.rated_lesson || item.due.step_id != r.rated_step) continue;
      if (r.practice_done) {
        std::vector<nlohmann::json> said;
        if (statements_ && item.lesson) {
          const PracticeRun& run = *r.practice_done;
          said.push_back(statements_->review_answer(*item.lesson, item.due.step_id, -1,
                                                    run.outcome() != PracticeOutcome::gave_up,
                                                    static_cast<int>(run.rating())));
        }
        DueCard saved =
            record_practice(*store_, item, *r.practice_done, today_utc(), scheduler, said);
        if (!said.empty() && wrote_) wrote_();
        practice_next_due_[item.due.lesson_id + "/" + item.due.step_id] = saved.card.due;
      } else {
        std::vector<nlohmann::json> said;
        const Lesson* lesson = item.lesson.get();
        if (statements_ && lesson) {
          said.push_back(statements_->review_answer(*lesson, item.due.step_id, r.rated_choice,
                                                    r.rated_right, static_cast<int>(*r.rate)));
        }
        store_->save_card(after_review(item.due, *r.rate, today_utc(), scheduler), said);
        if (!said.empty() && wrote_) wrote_();
      }
      break;
    }
    view_stale_ = true;
  }
  if (!r.locale.empty()) {
    settings_.locale = r.locale;
    if (lesson_) lesson_->set_locale(pick_locale(lesson_->engine().lesson(), r.locale, false));
    save_settings_now();
    view_stale_ = true;
    title_changed_ = true;
  }
  if (r.write_card) card_wanted_ = true;
  if (r.open_settings) settings_window_.open();
  if (!r.open_lesson.empty() && !open_lesson(r.open_lesson, r.open_step, r.open_locale)) {
    set_notice(LocalizedText::of("window.the_lesson_could_not_be").in(locale()));
  }
  if (r.go) show(*r.go);
  if (r.quit) quit_ = true;
}

bool Journey::after_frame() {
  if (!card_wanted_) return false;
  card_wanted_ = false;
  std::string error;
  if (!write_card(error)) std::cerr << "lessonsim: card: " << error << '\n';
  return true;
}

bool Journey::write_card(std::string& error, const fs::path& dir) {
  fs::path out = dir.empty() ? dir_ : dir;
  std::error_code ec;
  fs::create_directories(out, ec);
  refresh_view();
  if (!write_file_atomically(out / "card.md", card_markdown(view_.card), error)) return false;
  card_md_ = out / "card.md";
  card_png_.clear();
  if (card_painter_ && card_painter_(view_.card, out / "card.png", error))
    card_png_ = out / "card.png";
  view_stale_ = true;
  return card_painter_ == nullptr || !card_png_.empty();
}

}  // namespace lessonsim::app
