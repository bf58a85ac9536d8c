// `lessonsim play FILE`: the lesson in a terminal, typed commands or a replayed script.
#include <iostream>
#include <optional>
#include <sstream>

#include "bundle_paths.hpp"
#include "classroom.hpp"
#include "commands.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/playthrough.hpp"
#include "lessonsim/session.hpp"
#include "locale_option.hpp"
#include "text_view.hpp"

namespace lessonsim::app {

// The engine's commands, then the machine's own, from its table: keys, names and arguments.
std::string play_help(const MachineSpec& spec, std::string_view locale) {
  std::string out = phrase(locale, "cli.play.engine_commands");
  for (const ActionInfo& a : spec.actions) {
    std::string line = "  ";
    for (char key : a.keys)
      line += std::string(1, key) + " / ";
    line += a.name;
    for (const ActionParam& p : a.params)
      line += p.kind == ActionParam::Kind::integer ? " N" : " " + p.name;
    const std::string what = a.key_help.empty() ? a.description : a.key_help.in(locale);
    out += line + "  (" + what + ")\n";
  }
  return out;
}

std::optional<Action> parse_command(const std::string& line, const MachineSpec& spec) {
  std::istringstream in(line);
  std::string word;
  in >> word;
  if (word.empty() || word == "n" || word == "next") return Action::make("next");
  if (word == "b" || word == "back") return Action::make("back");
  if (word == "u" || word == "undo") return Action::make("undo");
  if (word == "reset") return Action::make("reset");
  if (word == "restart") return Action::make("restart");
  if (word == "goto") {
    std::string id;
    in >> id;
    return Action::with("goto", "step", id);
  }
  if (word.size() == 1 && word[0] >= '1' && word[0] <= '9') {
    return Action::with("choose", "i", word[0] - '1');
  }
  const ActionInfo* action = spec.action(word);
  if (!action && word.size() == 1) {
    for (const ActionInfo& a : spec.actions) {
      if (a.params.empty() && a.keys.find(word[0]) != std::string::npos) action = &a;
    }
  }
  if (!action) return std::nullopt;
  Action out = Action::make(action->name);
  for (const ActionParam& p : action->params) {
    std::string arg;
    if (!(in >> arg)) break;  // the machine refuses what is missing, in its own words
    if (p.kind == ActionParam::Kind::integer) {
      std::int64_t n = 0;
      std::istringstream number(arg);
      if (!(number >> n) || !number.eof()) return std::nullopt;
      out.args[p.name] = p.typed_from_one ? n - 1 : n;
    } else {
      out.args[p.name] = arg;
    }
  }
  return out;
}

namespace {

class TerminalPlayer {
 public:
  TerminalPlayer(std::shared_ptr<const Lesson> lesson, std::string hash, ProgressStore* store,
                 std::string locale)
      : session_(std::move(lesson), std::move(hash), store), locale_(std::move(locale)) {}

  // Each move also writes its xAPI statements, and wakes `sender` to send them.
  void join(Classroom& c) {
    session_.record_statements(c.maker.get());
    sender_ = c.sender.get();
  }

  // The machine the learner sees now: the step's own, or the lesson's.
  const MachineSpec& machine_spec() const { return engine_.machine().spec(); }

  void say_resumed() {
    if (session_.resume_outcome() == ResumeOutcome::resumed) {
      std::cout << phrase(locale_, "cli.play.picking_up_where_you_left");
      return;
    }
    LocalizedText message = resume_message(session_.resume_outcome());
    if (!message.empty()) std::cout << message.in(locale_) << '\n';
  }

  void show_step() {
    const Step& s = engine_.step();
    const Lesson& l = engine_.lesson();
    std::cout << "\n── " << phrase(locale_, "cli.play.step") << engine_.step_index() + 1 << "/"
              << l.steps.size() << " · " << l.title.in(locale_) << " ──\n";
    if (!s.title.empty()) std::cout << engine_.render(s.title, locale_) << "\n\n";
    if (!s.text.empty()) std::cout << engine_.render(s.text, locale_) << '\n';
    for (std::size_t k = 0; k < s.choices.size(); ++k) {
      std::cout << "  " << k + 1 << ") " << engine_.render(s.choices[k].text, locale_) << '\n';
    }
    if (s.kind == StepKind::summary) {
      std::cout << phrase(locale_, "cli.play.key_idea") << engine_.render(s.key_idea, locale_)
                << phrase(locale_, "cli.play.you_can_now") << engine_.render(s.can_do, locale_)
                << phrase(locale_, "cli.play.next") << engine_.render(s.leads_to, locale_) << '\n';
    }
    if (std::string recall = prediction_recall(engine_, locale_); !recall.empty()) {
      std::cout << '\n' << recall << '\n';
    }
    if (engine_.shows_machine()) show_machine();
    if (s.kind == StepKind::operate) show_feedback();
  }

  void show_machine() { std::cout << '\n' << draw_machine_text(engine_, locale_); }

  void show_feedback() {
    std::string f = visible_feedback(engine_, locale_);
    if (!f.empty()) std::cout << (engine_.goal_met() ? "\n★ " : "\n→ ") << f << '\n';
  }

  // Applies one action and prints what the learner would see; false once the lesson is over.
  bool apply(const Action& action) {
    Events events = session_.apply(action);
    if (sender_) sender_->wake();
    bool step_changed = false, machine_changed = false;
    for (const auto& e : events) {
      switch (e.kind) {
        case EventKind::rejected:
          std::cout << "✗ " << engine_.render(e.text, locale_) << '\n';
          break;
        case EventKind::answer_judged:
          std::cout << (e.correct ? phrase(locale_, "cli.play.right")
                                  : phrase(locale_, "cli.play.not_quite"))
                    << engine_.render(e.text, locale_) << '\n';
          break;
        case EventKind::step_changed:
          step_changed = true;
          break;
        case EventKind::machine_changed:
          machine_changed = true;
          break;
        case EventKind::lesson_finished:
          std::cout << phrase(locale_, "cli.play.lesson_complete");
          return false;
        default:
          break;
      }
    }
    if (step_changed) {
      show_step();
    } else if (machine_changed) {
      show_machine();
      show_feedback();
    }
    return true;
  }

 private:
  Session session_;
  BackgroundSender* sender_ = nullptr;
  const Engine& engine_ = session_.engine();
  std::string locale_;
};

}  // namespace

void add_play_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("play", "Play a lesson in the terminal");
  static std::string file, locale, script, data_dir;
  static std::optional<std::int64_t> seed;
  cmd->add_option("file", file, "The lesson file, or a course bundle (.lessonsim)")->required();
  static std::string lesson_id;
  cmd->add_option("--id", lesson_id,
                  "With a course bundle: the lesson with this id (default: its first)");
  cmd->add_option("--locale", locale, locale_help())->check(locale_code());
  cmd->add_option("--script", script, "Replay the commands in FILE (one per line) and exit");
  cmd->add_option("--data-dir", data_dir, "Save progress in DIR and resume from it");
  cmd->add_option("--seed", seed, "The lab's brief: the machine's seed (reproduces a learner's)");
  cmd->callback([&exit_code] {
    // A bundle is played from its folder, unpacked read-only while the lesson runs.
    std::shared_ptr<OpenedBundle> bundle;
    if (is_bundle_path(file)) {
      std::string error;
      bundle = open_bundle(file, error);
      std::string lesson = bundle ? course_lesson(bundle->folder().string(), lesson_id) : "";
      if (!bundle) std::cerr << file << ": error: the course " << error << '\n';
      if (lesson.empty()) {
        exit_code = exit_wrong;
        return;
      }
      file = lesson;
    }
    Diagnostics diags(file);
    std::string text, read_error;
    if (!read_file(file, text, read_error)) {
      std::cerr << file << ": error: the file " << read_error << '\n';
      exit_code = exit_environment;
      return;
    }
    auto lesson = load_lesson(text, diags);
    for (const auto& d : diags.all())
      std::cerr << format_gcc(d) << '\n';
    if (!lesson) {
      exit_code = exit_wrong;
      return;
    }
    if (seed) {
      std::string problem;
      lesson = with_machine_setting(lesson, "seed", *seed, problem);
      if (!lesson) {
        std::cerr << "error: --seed: " << problem << '\n';
        exit_code = exit_usage;
        return;
      }
    }
    if (locale.empty()) locale = lesson->locales.front();
    lesson = lesson_for_locale(lesson, locale);
    if (!lesson_speaks(*lesson, locale)) {
      std::cerr << "error: the lesson has no locale \"" << locale << "\"\n";
      exit_code = exit_usage;
      return;
    }
    std::istringstream script_in;
    if (!script.empty()) {
      std::string commands;
      if (!read_file(script, commands, read_error)) {
        std::cerr << script << ": error: the script " << read_error << '\n';
        exit_code = exit_environment;
        return;
      }
      script_in.str(std::move(commands));
    }
    std::istream& in = script.empty() ? std::cin : script_in;
    std::unique_ptr<ProgressStore> store;
    if (!data_dir.empty()) {
      std::string notice;
      store = ProgressStore::open(data_dir, notice);
      if (!notice.empty()) std::cerr << "lessonsim: progress: " << notice << '\n';
    }
    TerminalPlayer player(lesson, content_hash(text), store.get(), locale);
    Classroom classroom;
    if (store) {
      classroom = join_class(*store, data_dir, std::filesystem::path(file).parent_path());
      if (!classroom.problem.empty()) std::cerr << "lessonsim: xAPI: " << classroom.problem << '\n';
      player.join(classroom);
    }
    player.say_resumed();
    player.show_step();
    std::string line;
    while (true) {
      if (script.empty()) std::cout << "\n> " << std::flush;
      if (!std::getline(in, line)) break;
      if (!script.empty()) {
        if (line.empty() || line[0] == '#') continue;
        std::cout << "\n> " << line << '\n';
      }
      if (line == "q" || line == "quit") break;
      if (line == "?" || line == "help") {
        std::cout << play_help(player.machine_spec(), locale);
        continue;
      }
      auto action = parse_command(line, player.machine_spec());
      if (!action) {
        std::cout << phrase(locale, "cli.play.unknown_command_type_for_the");
        continue;
      }
      if (!player.apply(*action)) break;
    }
    if (classroom.sender) say_delivery(*classroom.sender, classroom.config.endpoint);
    exit_code = exit_ok;
  });
}

}  // namespace lessonsim::app
