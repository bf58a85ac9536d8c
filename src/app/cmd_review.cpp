// `lessonsim review`: what is due (--list, --json), or the review itself in the terminal: quiz
// questions rated by the learner, practice items played on the same engine as `play`.
#include <fstream>
#include <iostream>

#include "classroom.hpp"
#include "commands.hpp"
#include "course_locale.hpp"
#include "lessonsim/catalog.hpp"
#include "lessonsim/course.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/playthrough.hpp"
#include "lessonsim/review_queue.hpp"
#include "lessonsim/settings.hpp"
#include "lessonsim/settings_store.hpp"
#include "lessonsim/share_dir.hpp"
#include "locale_option.hpp"
#include "text_view.hpp"

namespace lessonsim::app {

namespace {

struct ReviewOptions {
  std::string data_dir, at, locale, script, course;
  bool list = false, json = false;
};

nlohmann::ordered_json item_json(const ReviewItem& item) {
  nlohmann::ordered_json j;
  j["lesson"] = item.due.lesson_id;
  j["kind"] = item.is_practice() ? "practice" : "quiz";
  j["step"] = item.due.step_id;
  j["settings"] = item.settings;
  j["seed"] = item.due.seed;
  j["due"] = iso_day(item.due.card.due);
  return j;
}

void print_list(const std::vector<ReviewItem>& items, bool json) {
  if (json) {
    nlohmann::ordered_json out;
    out["items"] = nlohmann::ordered_json::array();
    for (const auto& item : items)
      out["items"].push_back(item_json(item));
    std::cout << out.dump(2) << '\n';
    return;
  }
  for (const auto& item : items) {
    std::cout << iso_day(item.due.card.due) << "  "
              << (item.is_practice() ? "practice" : "quiz    ") << "  " << item.due.lesson_id << '/'
              << item.due.step_id;
    for (const auto& [key, value] : item.settings.items())
      std::cout << "  " << key << '=' << value.dump();
    if (item.is_practice()) std::cout << "  seed " << item.due.seed;
    std::cout << '\n';
  }
  std::cout << items.size() << " item(s) due\n";
}

// Reads the learner's lines from the terminal or a script (# comments and blank lines skipped
// in a script, and echoed so the transcript reads like a session).
class Input {
 public:
  explicit Input(std::istream& in, bool script) : in_(in), script_(script) {}
  bool next(std::string& line) {
    while (true) {
      if (!script_) std::cout << "\n> " << std::flush;
      if (!std::getline(in_, line)) return false;
      if (!script_) return true;
      if (line.empty() || line[0] == '#') continue;
      std::cout << "\n> " << line << '\n';
      return true;
    }
  }

 private:
  std::istream& in_;
  bool script_;
};

class TerminalReview {
 public:
  TerminalReview(ProgressStore& store, Input& input, std::string locale, std::int64_t today,
                 double retention)
      : store_(store),
        input_(input),
        locale_(std::move(locale)),
        today_(today),
        scheduler_({retention, 36500}) {}

  // Each answer also writes its xAPI statement (null: none); not owned.
  void join(xapi::StatementMaker* maker) { statements_ = maker; }

  // One item; false once the learner quits the review.
  bool run(const ReviewItem& item) {
    std::cout << "\n══ " << item.lesson->title.in(loc(*item.lesson)) << " · "
              << phrase(locale_, item.is_practice() ? "cli.review.kind.practice"
                                                    : "cli.review.kind.question")
              << " ══\n";
    return item.is_practice() ? practice(item) : quiz(item);
  }

 private:
  std::string loc(const Lesson& lesson) const {
    for (const auto& l : lesson.locales)
      if (l == locale_) return l;
    return lesson.locales.empty() ? std::string(fallback_locale) : lesson.locales.front();
  }

  void say_next_due(const DueCard& card) {
    std::cout << tr(locale_, Message("cli.review.next_review").day("day", card.card.due)) << '\n';
  }

  bool quiz(const ReviewItem& item) {
    const Step& q = item.quiz();
    std::string l = loc(*item.lesson);
    std::cout << q.text.in(l) << '\n';
    for (std::size_t k = 0; k < q.choices.size(); ++k)
      std::cout << "  " << k + 1 << ") " << q.choices[k].text.in(l) << '\n';
    std::string line;
    int choice = -1;
    while (choice < 0) {
      if (!input_.next(line) || line == "q" || line == "quit") return false;
      if (line.size() == 1 && line[0] >= '1' && line[0] <= '9' &&
          static_cast<std::size_t>(line[0] - '1') < q.choices.size()) {
        choice = line[0] - '1';
      } else {
        std::cout << phrase(locale_, "cli.review.pick_a_number_from_the");
      }
    }
    bool right = answer_is_right(q, choice);
    std::cout << (right ? phrase(locale_, "cli.review.right")
                        : phrase(locale_, "cli.review.not_quite"))
              << q.explain.in(l) << '\n'
              << phrase(locale_, "cli.review.how_well_did_you_remember");
    while (true) {
      if (!input_.next(line) || line == "q" || line == "quit") return false;
      if (line.size() == 1 && line[0] >= '1' && line[0] <= '4') break;
      std::cout << phrase(locale_, "cli.review.rate_from_1_to_4");
    }
    auto rating = static_cast<Rating>(line[0] - '0');
    DueCard next = after_review(item.due, rating, today_, scheduler_);
    std::vector<nlohmann::json> said;
    if (statements_) {
      said.push_back(statements_->review_answer(*item.lesson, item.due.step_id, choice, right,
                                                static_cast<int>(rating)));
    }
    store_.save_card(next, said);
    say_next_due(next);
    return true;
  }

  void show_step(const Engine& engine, const std::string& l) {
    const Step& s = engine.step();
    if (!s.title.empty()) std::cout << engine.render(s.title, l) << "\n\n";
    std::cout << engine.render(s.text, l) << '\n';
    for (std::size_t k = 0; k < s.choices.size(); ++k)
      std::cout << "  " << k + 1 << ") " << engine.render(s.choices[k].text, l) << '\n';
    if (std::string recall = prediction_recall(engine, l); !recall.empty())
      std::cout << '\n' << recall << '\n';
    if (s.kind == StepKind::operate) show_machine(engine, l);
  }

  void show_machine(const Engine& engine, const std::string& l) {
    std::cout << '\n' << draw_machine_text(engine, l);
    std::string f = visible_feedback(engine, l);
    if (!f.empty()) std::cout << (engine.goal_met() ? "\n★ " : "\n→ ") << f << '\n';
  }

  bool practice(const ReviewItem& item) {
    PracticeRun run(item.practice);
    std::string l = loc(*item.lesson);
    show_step(run.engine(), l);
    std::string line;
    while (!run.over()) {
      if (!input_.next(line) || line == "q" || line == "quit") return false;
      if (line == "give up" || line == "giveup" || line == "skip") {
        run.give_up();
        break;
      }
      auto action = parse_command(line, run.engine().machine().spec());
      if (!action) {
        std::cout << phrase(locale_, "cli.review.unknown_command_or_type_give");
        continue;
      }
      bool step_changed = false, machine_changed = false;
      for (const auto& e : run.apply(*action)) {
        if (e.kind == EventKind::rejected)
          std::cout << "✗ " << run.engine().render(e.text, l) << '\n';
        if (e.kind == EventKind::answer_judged) {
          std::cout << (e.correct ? phrase(locale_, "cli.review.right")
                                  : phrase(locale_, "cli.review.not_quite"))
                    << run.engine().render(e.text, l) << '\n';
        }
        step_changed = step_changed || e.kind == EventKind::step_changed;
        machine_changed = machine_changed || e.kind == EventKind::machine_changed;
      }
      if (step_changed) {
        show_step(run.engine(), l);
      } else if (machine_changed) {
        show_machine(run.engine(), l);
      }
    }
    const char* how[] = {"right_first_time", "needed_feedback", "gave_up"};
    int k = static_cast<int>(run.outcome());
    std::vector<nlohmann::json> said;
    if (statements_) {
      said.push_back(statements_->review_answer(*item.lesson, item.due.step_id, -1,
                                                run.outcome() != PracticeOutcome::gave_up,
                                                static_cast<int>(run.rating())));
    }
    DueCard next = record_practice(store_, item, run, today_, scheduler_, said);
    std::cout << phrase(locale_, "cli.review.practice")
              << phrase(locale_, "cli.review.how." + std::to_string(k)) << " (" << how[k] << ")\n";
    say_next_due(next);
    return true;
  }

  ProgressStore& store_;
  Input& input_;
  std::string locale_;
  std::int64_t today_;
  ReviewScheduler scheduler_;
  xapi::StatementMaker* statements_ = nullptr;
};

int run_review(const ReviewOptions& o) {
  std::int64_t today = today_utc();
  if (!o.at.empty()) {
    auto day = parse_iso_day(o.at);
    if (!day) {
      std::cerr << "lessonsim review: error: --at takes a date as YYYY-MM-DD, not \"" << o.at
                << "\"\n";
      return exit_usage;
    }
    today = *day;
  }
  std::filesystem::path course_file =
      o.course.empty() ? lessons_dir() / "course.json" : std::filesystem::path(o.course);
  Diagnostics diags(course_file.string());
  auto course = load_course(course_file, diags);
  for (const auto& d : diags.all())
    std::cerr << format_gcc(d) << '\n';
  if (!course) return exit_environment;
  std::string notice;
  auto store = ProgressStore::open(data_dir(o.data_dir), notice);
  if (!notice.empty()) std::cerr << "lessonsim: progress: " << notice << '\n';
  std::vector<ReviewItem> items = review_items(*course, store->due_cards(today));
  if (o.list) {
    print_list(items, o.json);
    return exit_ok;
  }
  std::ifstream script_in;
  if (!o.script.empty()) {
    script_in.open(o.script);
    if (!script_in) {
      std::cerr << o.script << ": error: cannot read the script\n";
      return exit_environment;
    }
  }
  Input input(o.script.empty() ? std::cin : script_in, !o.script.empty());
  Settings settings = load_settings(*store, data_dir(o.data_dir));
  std::string locale = !o.locale.empty()         ? o.locale
                       : settings.locale.empty() ? course_first_locale(*course)
                                                 : settings.locale;
  if (items.empty()) {
    std::cout << phrase(locale, "cli.review.nothing_to_review_now");
    return exit_ok;
  }
  std::cout << items.size() << phrase(locale, "cli.review.due_today");
  TerminalReview review(*store, input, locale, today, settings.desired_retention);
  Classroom classroom = join_class(*store, data_dir(o.data_dir), course_file.parent_path());
  if (!classroom.problem.empty()) std::cerr << "lessonsim: xAPI: " << classroom.problem << '\n';
  review.join(classroom.maker.get());
  for (const auto& item : items) {
    if (!review.run(item)) break;
  }
  if (classroom.sender) say_delivery(*classroom.sender, classroom.config.endpoint);
  return exit_ok;
}

}  // namespace

void add_review_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("review", "List what is due for review, or review it here");
  static ReviewOptions o;
  cmd->add_flag("--list", o.list, "List the due quiz and practice items instead of reviewing");
  cmd->add_flag("--json", o.json, "With --list: one JSON object {\"items\": [...]}");
  cmd->add_option("--data-dir", o.data_dir,
                  "Where progress is kept (default: $XDG_DATA_HOME/lessonsim)");
  cmd->add_option("--at", o.at, "The day to review on, YYYY-MM-DD (default: today)");
  cmd->add_option("--locale", o.locale, locale_help())->check(locale_code());
  cmd->add_option("--script", o.script, "Read the answers and moves from FILE, one per line");
  cmd->add_option("--course", o.course,
                  "The course file (default: the shipped lessons/course.json)");
  cmd->callback([&exit_code] { exit_code = run_review(o); });
}

}  // namespace lessonsim::app
