// `lessonsim check PATH...`: validate and lint lessons, printing located diagnostics as GCC-style
// lines or, with `--format json`, as one JSON array for editors.
#include <algorithm>
#include <atomic>
#include <iostream>
#include <map>
#include <thread>

#include "bundle_paths.hpp"
#include "check_locale.hpp"
#include "commands.hpp"
#include "font_files.hpp"
#include "lessonsim/course.hpp"
#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/state_explorer.hpp"
#include "locale_option.hpp"

namespace lessonsim::app {

namespace {

nlohmann::ordered_json to_json(const Diagnostic& d) {
  return {{"file", bundle_display_path(d.file)},
          {"line", d.pos.line},
          {"column", d.pos.column},
          {"pointer", d.pointer},
          {"severity", d.severity == Severity::error ? "error" : "warning"},
          {"message", d.message},
          {"suggestion", d.suggestion}};
}

// Loads one file and, when it loads, lints it; every diagnostic ends up in `diags`. A lesson that
// loads keeps its id and `next`, with their places, for the checks across files.
void check_file(const std::filesystem::path& file, Diagnostics& diags, LessonSummary& summary,
                const LintOptions& options) {
  std::string text, error;
  summary.file = file.string();
  if (!read_file(file, text, error)) {
    diags.error({}, "the file " + error);
    return;
  }
  auto root = parse_json_source(text, diags);
  if (!root) return;
  auto lesson = load_lesson(*root, diags);
  if (!lesson) return;  // its errors say enough; it takes part in no check across files
  lint_lesson(*lesson, *root, diags, options);
  if (const JsonNode* id = root->find("id")) {
    summary.id = lesson->id;
    summary.id_pos = id->pos;
  }
  summary.next = lesson->next;
  if (const JsonNode* next = root->find("next")) summary.next_pos = next->pos;
}

struct Checked {
  std::vector<Diagnostic> diags;
  LessonSummary summary;
};

// Each file is checked on its own, so the files are shared among the cores; the diagnostics
// come back in the files' order whatever order the threads finish in.
std::vector<Checked> check_files(const std::vector<std::filesystem::path>& files) {
  std::vector<Checked> found(files.size());
  // The window's font, read once and shared by the threads, tells which characters it draws;
  // without it there is nothing to check them against.
  std::string font, error;
  if (!read_file(regular_font_file(), font, error)) font.clear();
  GlyphCoverage coverage(
      std::span(reinterpret_cast<const unsigned char*>(font.data()), font.size()));
  LintOptions options;
  if (coverage.loaded()) {
    options.font_name = window_font_name;
    options.can_draw = [&coverage](char32_t c) { return coverage.has(c); };
  }
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t k = next++; k < files.size(); k = next++) {
      Diagnostics diags(files[k].string());
      check_file(files[k], diags, found[k].summary, options);
      found[k].diags = diags.all();
    }
  };
  const std::size_t threads = std::min<std::size_t>(
      {std::max(1u, std::thread::hardware_concurrency()), 8, (files.size() + 15) / 16});
  std::vector<std::jthread> pool;
  for (std::size_t t = 1; t < threads; ++t)
    pool.emplace_back(work);
  work();
  return found;
}

namespace fs = std::filesystem;

// A folder's course.json (or one named directly) is checked against the lessons it lists, and
// every checked lesson against the course beside it, if there is one (read once per folder).
std::vector<Diagnostic> check_courses(const std::vector<std::string>& paths,
                                      const std::vector<LessonSummary>& lessons, int& reported) {
  std::vector<Diagnostic> out;
  std::map<fs::path, bool> courses;  // course file -> reported in full
  std::error_code ec;
  for (const auto& p : paths) {
    fs::path course = p;
    if (fs::is_directory(course, ec)) course /= "course.json";
    if (course.filename() == "course.json" && fs::exists(course, ec)) {
      courses[course.lexically_normal()] = true;
    }
  }
  std::map<fs::path, std::vector<LessonSummary>> by_course;
  for (const auto& l : lessons) {
    fs::path course = (fs::path(l.file).parent_path() / "course.json").lexically_normal();
    if (!courses.count(course) && !fs::exists(course, ec)) continue;
    courses.try_emplace(course, false);
    by_course[course].push_back(l);
  }
  for (const auto& [file, report] : courses) {
    Diagnostics diags(file.string());
    auto course = read_course(file, diags);
    if (report) {
      ++reported;
      out.insert(out.end(), diags.all().begin(), diags.all().end());
    }
    if (!course) continue;
    auto found = check_against_course(by_course[file], *course, file.string(), report);
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

// `check --explain STEP FILE`: the state explorer's table for one operate step.
int explain_step(const std::vector<std::string>& paths, const std::string& step_id) {
  if (paths.size() != 1) {
    std::cerr << "error: --explain takes one lesson file\n";
    return exit_usage;
  }
  Diagnostics diags(paths.front());
  auto lesson = load_lesson_file(paths.front(), diags);
  for (const auto& d : diags.all())
    std::cerr << format_gcc(d) << '\n';
  if (!lesson) return exit_wrong;
  int index = lesson->step_index(step_id);
  if (index < 0 || lesson->steps[static_cast<std::size_t>(index)].kind != StepKind::operate) {
    std::vector<std::string> ids;
    for (const auto& s : lesson->steps) {
      if (s.kind == StepKind::operate) ids.push_back(s.id);
    }
    std::string close = closest_name(step_id, ids);
    std::cerr << paths.front() << ": error: no operate step \"" << step_id << "\""
              << (close.empty() ? "" : "; did you mean \"" + close + "\"?") << '\n';
    return exit_usage;
  }
  const Step& step = lesson->steps[static_cast<std::size_t>(index)];
  std::cout << format_exploration(*lesson, step, explore_states(*lesson, step));
  return exit_ok;
}

}  // namespace

void add_check_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("check", "Validate lesson files; print every problem, located");
  static std::vector<std::string> paths;
  static std::string format = "gcc";
  cmd->add_option("paths", paths, "Lesson files or folders (folders are searched for *.json)")
      ->required();
  cmd->add_option("--format", format, "gcc: FILE:LINE:COL lines; json: one array of objects")
      ->check(CLI::IsMember({"gcc", "json"}));
  static std::string locale;
  cmd->add_option("--locale", locale,
                  "Also report what this language lacks: missing catalog messages and lessons "
                  "without its texts (warnings)")
      ->check(locale_code());
  static std::string explain;
  cmd->add_option("--explain", explain,
                  "Print the reachable states of this operate step, grouped by the feedback "
                  "rule that fires (one lesson file)");
  cmd->callback([&exit_code] {
    if (!explain.empty()) {
      exit_code = explain_step(paths, explain);
      return;
    }
    std::vector<std::string> missing;
    // A course bundle is checked as its folder, unpacked read-only for the run.
    std::vector<Diagnostic> all;
    OpenedPaths opened = open_paths(paths, all);
    auto files = lesson_files(opened.paths, missing);
    for (const auto& m : missing) {
      Diagnostics d(m);
      d.error({}, "no such file or folder");
      all.insert(all.end(), d.all().begin(), d.all().end());
    }
    std::vector<Checked> checked = check_files(files);
    std::vector<LessonSummary> summaries;
    for (auto& c : checked) {
      all.insert(all.end(), c.diags.begin(), c.diags.end());
      summaries.push_back(std::move(c.summary));
    }
    auto duplicates = duplicate_lesson_ids(summaries);
    all.insert(all.end(), duplicates.begin(), duplicates.end());
    int courses = 0;
    for (const auto& d : check_courses(opened.paths, summaries, courses))
      all.push_back(d);
    if (!locale.empty()) {
      auto coverage = check_locale_coverage(locale, files);
      all.insert(all.end(), coverage.begin(), coverage.end());
    }
    int errors = 0, warnings = 0;
    for (const auto& d : all)
      (d.severity == Severity::error ? errors : warnings) += 1;
    if (format == "json") {
      nlohmann::ordered_json out = nlohmann::ordered_json::array();
      for (const auto& d : all)
        out.push_back(to_json(d));
      std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    } else {
      for (const auto& d : all)
        std::cerr << format_gcc(d) << '\n';
      std::string what = std::to_string(files.size()) + " lesson file(s)";
      if (courses > 0) what += " and " + std::to_string(courses) + " course(s)";
      if (errors > 0 || warnings > 0) {
        std::cerr << what << " checked: " << errors << " error(s), " << warnings << " warning(s)\n";
      } else {
        std::cout << what << " checked: no problems\n";
      }
    }
    if (!missing.empty() && files.empty()) {
      exit_code = exit_environment;
    } else {
      exit_code = errors > 0 ? exit_wrong : exit_ok;
    }
  });
}

}  // namespace lessonsim::app
