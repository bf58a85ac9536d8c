// assets/lesson.schema.json applied by an independent validator (python3-jsonschema), and the
// loader's verdict on the same text, for the tests that hold the two to each other.
#pragma once

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lessonsim/loader.hpp"

namespace schema_check {

namespace fs = std::filesystem;
using lessonsim::Diagnostics;

inline const std::string source_dir = LESSONSIM_SOURCE_DIR;

inline nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

inline nlohmann::json schema() {
  return read_json(source_dir + "/assets/lesson.schema.json");
}

// Debian's python3-jsonschema lives beside Debian's interpreter, which may not be first on PATH.
inline std::string python() {
  return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

// What the schema says of each file: "ok", or why it rejects it.
inline std::map<std::string, std::string> validate(const std::vector<fs::path>& files) {
  std::string cmd = python() + " '" + source_dir + "/tests/app/validate_lessons.py' '" +
                    source_dir + "/assets/lesson.schema.json'";
  for (const auto& f : files)
    cmd += " '" + f.string() + "'";
  cmd += " 2>&1";
  std::string out;
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe);
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0)
    out.append(buf.data(), n);
  int status = pclose(pipe);
  INFO(out);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  std::map<std::string, std::string> verdicts;
  std::size_t start = 0;
  while (start < out.size()) {
    std::size_t end = out.find('\n', start);
    std::string line = out.substr(start, end - start);
    start = end == std::string::npos ? out.size() : end + 1;
    std::size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    std::size_t tab2 = line.find('\t', tab + 1);
    std::string file = line.substr(tab + 1, tab2 == std::string::npos ? tab2 : tab2 - tab - 1);
    verdicts[file] = line.substr(0, tab) == "ok" ? "ok" : line.substr(tab2 + 1);
  }
  return verdicts;
}

inline bool loader_accepts(const std::string& text, std::string& problems) {
  Diagnostics diags("lesson.json");
  bool ok = lessonsim::load_lesson(text, diags) != nullptr;
  for (const auto& d : diags.all())
    problems += lessonsim::format_gcc(d) + "\n";
  return ok;
}

}  // namespace schema_check
