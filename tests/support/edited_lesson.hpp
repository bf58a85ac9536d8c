// Lessons edited as JSON in a test: the format-3 fixture with step machines, loading an edited
// copy (its diagnostics shown on failure), and finding one of its steps by id.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "lessonsim/loader.hpp"

namespace lessonsim::test {

// A format-3 lesson with steps on machines of their own (memory stack, rack).
inline nlohmann::json machines_lesson() {
  std::string text, error;
  REQUIRE(read_file(std::string(LESSONSIM_SOURCE_DIR) + "/tests/core/data/format3_machines.json",
                    text, error));
  return nlohmann::json::parse(text);
}

inline std::shared_ptr<const Lesson> load_edited(const nlohmann::json& j) {
  Diagnostics d("edited.json");
  auto lesson = load_lesson(j.dump(2), d);
  for (const auto& diag : d.all())
    UNSCOPED_INFO(format_gcc(diag));
  REQUIRE(lesson);
  return lesson;
}

inline nlohmann::json& step_of(nlohmann::json& lesson, const std::string& id) {
  for (auto& s : lesson["steps"]) {
    if (s["id"] == id) return s;
  }
  FAIL("no step " << id);
  return lesson;
}

}  // namespace lessonsim::test
