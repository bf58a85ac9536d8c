// `lessonsim test PATH...`: run every scripted playthrough and report each, JUnit on request.
#include <fstream>
#include <iostream>
#include <optional>

#include "bundle_paths.hpp"
#include "commands.hpp"
#include "lessonsim/lesson_locale.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/playthrough.hpp"
#include "lessonsim/pseudo_locale.hpp"
#include "lessonsim/random_play.hpp"

namespace lessonsim::app {

namespace {

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

bool write_junit(const std::string& path, const std::vector<PlaythroughResult>& results) {
  std::ofstream out(path);
  if (!out) return false;
  int failures = 0;
  for (const auto& r : results)
    failures += r.passed ? 0 : 1;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"lessonsim\" tests=\""
      << results.size() << "\" failures=\"" << failures << "\">\n";
  for (const auto& r : results) {
    out << "  <testcase classname=\"" << xml_escape(r.lesson) << "\" name=\"" << xml_escape(r.name)
        << "\" time=\"" << r.seconds << "\"";
    if (r.passed) {
      out << "/>\n";
    } else {
      out << ">\n    <failure message=\"" << xml_escape(r.message) << "\">"
          << xml_escape(r.details.empty() ? r.message : r.details) << "</failure>\n  </testcase>\n";
    }
  }
  out << "</testsuite>\n";
  return static_cast<bool>(out);
}

// The playthrough as `--locale` runs it: as written when it is in that locale (or no locale was
// asked for), the English one accented for en-XA, else none.
std::optional<Playthrough> in_locale(const Playthrough& p, const std::string& locale) {
  if (locale.empty() || p.locale == locale) return p;
  if (locale == pseudo_locale && p.locale == pseudo_source_locale) return pseudo_playthrough(p);
  return std::nullopt;
}

}  // namespace

void add_test_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("test", "Run every lesson's scripted playthroughs");
  static std::vector<std::string> paths;
  static std::string junit, only, locale;
  static long fuzz = 0;
  static std::uint64_t seed = 1;
  cmd->add_option("paths", paths, "Lesson files or folders")->required();
  cmd->add_option("--junit", junit, "Also write the results as JUnit XML to FILE");
  cmd->add_option("--only", only, "Run only the playthrough with this name");
  cmd->add_option("--locale", locale,
                  "Run only the playthroughs written in this locale (en-XA: the English ones, "
                  "under the pseudo-locale)");
  cmd->add_option("--fuzz", fuzz, "Also drive each lesson with N random legal and illegal actions")
      ->check(CLI::Range(0L, 1'000'000'000L));
  cmd->add_option("--seed", seed, "The seed of the random actions (default 1)");
  cmd->callback([&exit_code] {
    std::vector<std::string> missing;
    std::vector<Diagnostic> unopened;
    OpenedPaths opened = open_paths(paths, unopened);
    auto files = lesson_files(opened.paths, missing);
    std::vector<PlaythroughResult> results;
    int passed = 0, failed = 0;
    for (const auto& m : missing) {
      std::cerr << m << ": error: no such file or folder\n";
      ++failed;
    }
    for (const auto& d : unopened) {
      std::cerr << format_gcc(d) << '\n';
      ++failed;
    }
    for (const auto& file : files) {
      Diagnostics diags(file.string());
      auto lesson = load_lesson_file(file, diags);
      std::string details;
      for (const auto& d : diags.all()) {
        std::cerr << format_gcc(d) << '\n';
        details += format_gcc(d) + '\n';
      }
      if (!lesson) {
        // The first error is the cause a dashboard shows; the body holds every diagnostic.
        std::string first;
        for (const auto& d : diags.all()) {
          if (d.severity == Severity::error && first.empty()) first = format_gcc(d);
        }
        std::cout << "FAIL " << file.string() << ": the lesson does not load\n";
        results.push_back({file.stem().string(), "(load)", false,
                           "the lesson does not load: " + first, details, 0});
        ++failed;
        continue;
      }
      if (fuzz > 0) {
        RandomPlayResult r = random_play(lesson, fuzz, seed);
        std::string name =
            "random play, " + std::to_string(fuzz) + " actions, seed " + std::to_string(seed);
        if (r.passed) {
          std::cout << "PASS " << lesson->id << ": " << name << '\n';
          ++passed;
        } else {
          std::cout << "FAIL " << lesson->id << ": " << name << " — " << r.message
                    << " (replay: lessonsim test " << file.string() << " --fuzz " << fuzz
                    << " --seed " << seed << ")\n";
          ++failed;
        }
        results.push_back({lesson->id, name, r.passed, r.message, {}, 0});
      }
      auto played = lesson_for_locale(lesson, locale);
      for (const auto& written : lesson->playthroughs) {
        if (!only.empty() && written.name != only) continue;
        std::optional<Playthrough> p = in_locale(written, locale);
        if (!p) continue;
        PlaythroughResult r = run_playthrough(played, *p);
        if (r.passed) {
          std::cout << "PASS " << r.lesson << ": " << r.name << '\n';
          ++passed;
        } else {
          std::cout << "FAIL " << r.lesson << ": " << r.name << " — " << r.message << '\n';
          // The same, located at the expectation (or the refused action), for editors.
          Diagnostic located{Severity::error, file.string(),
                             r.pos,           "playthrough \"" + r.name + "\", " + r.message,
                             r.pointer,       {}};
          std::cerr << format_gcc(located) << '\n';
          r.details = format_gcc(located);
          ++failed;
        }
        results.push_back(std::move(r));
      }
    }
    if (!only.empty() && passed + failed == 0) {
      std::cerr << "error: no playthrough is named \"" << only << "\"\n";
      ++failed;
    } else if (!locale.empty() && passed + failed == 0) {
      std::cerr << "error: no playthrough is written in \"" << locale << "\"\n";
      ++failed;
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    if (!junit.empty() && !write_junit(junit, results)) {
      std::cerr << junit << ": error: cannot write the JUnit report\n";
      exit_code = exit_environment;
      return;
    }
    exit_code = failed > 0 ? exit_wrong : exit_ok;
  });
}

}  // namespace lessonsim::app
