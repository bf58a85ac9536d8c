// `lessonsim check PATH...`: validate and lint lessons, printing located diagnostics as GCC-style
// lines or, with `--format json`, as one JSON array for editors.
#include <algorithm>
#include <atomic>
#include <iostream>
#include <thread>

#include "commands.hpp"
#include "lessonsim/course.hpp"
#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"

namespace lessonsim::app {

namespace {

nlohmann::ordered_json to_json(const Diagnostic& d) {
  return {{"file", d.file},
          {"line", d.pos.line},
          {"column", d.pos.column},
          {"pointer", d.pointer},
          {"severity", d.severity == Severity::error ? "error" : "warning"},
          {"message", d.message},
          {"suggestion", d.suggestion}};
}

// Loads one file and, when it loads, lints it; every diagnostic ends up in `diags`.
void check_file(const std::filesystem::path& file, Diagnostics& diags) {
  std::string text, error;
  if (!read_file(file, text, error)) {
    diags.error({}, "the file " + error);
    return;
  }
  auto root = parse_json_source(text, diags);
  if (!root) return;
  if (auto lesson = load_lesson(*root, diags)) lint_lesson(*lesson, *root, diags);
}

// Each file is checked on its own, so the files are shared among the cores; the diagnostics
// come back in the files' order whatever order the threads finish in.
std::vector<std::vector<Diagnostic>> check_files(const std::vector<std::filesystem::path>& files) {
  std::vector<std::vector<Diagnostic>> found(files.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t k = next++; k < files.size(); k = next++) {
      Diagnostics diags(files[k].string());
      check_file(files[k], diags);
      found[k] = diags.all();
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

}  // namespace

void add_check_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("check", "Validate lesson files; print every problem, located");
  static std::vector<std::string> paths;
  static std::string format = "gcc";
  cmd->add_option("paths", paths, "Lesson files or folders (folders are searched for *.json)")
      ->required();
  cmd->add_option("--format", format, "gcc: FILE:LINE:COL lines; json: one array of objects")
      ->check(CLI::IsMember({"gcc", "json"}));
  cmd->callback([&exit_code] {
    std::vector<std::string> missing;
    auto files = lesson_files(paths, missing);
    std::vector<Diagnostic> all;
    for (const auto& m : missing) {
      Diagnostics d(m);
      d.error({}, "no such file or folder");
      all.insert(all.end(), d.all().begin(), d.all().end());
    }
    for (const auto& found : check_files(files))
      all.insert(all.end(), found.begin(), found.end());
    // A folder's course.json (or one named directly) is checked against the lessons it lists.
    int courses = 0;
    for (const auto& p : paths) {
      std::filesystem::path course = p;
      std::error_code ec;
      if (std::filesystem::is_directory(course, ec)) course /= "course.json";
      if (course.filename() != "course.json" || !std::filesystem::exists(course, ec)) continue;
      Diagnostics diags(course.string());
      load_course(course, diags);
      ++courses;
      all.insert(all.end(), diags.all().begin(), diags.all().end());
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
