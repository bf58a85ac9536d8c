// Answers derived from the machine (`answer_from`), checked when the lesson loads.
#include <catch2/catch.hpp>

#include "../support/test_files.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;

namespace {

std::string with(std::string text, const std::string& find, const std::string& replace) {
  auto at = text.find(find);
  REQUIRE(at != std::string::npos);
  return text.replace(at, find.size(), replace);
}

int line_of(const std::string& text, const std::string& find) {
  auto at = text.find(find);
  int line = 1;
  for (std::size_t k = 0; k < at; ++k)
    line += text[k] == '\n';
  return line;
}

}  // namespace

TEST_CASE("questions: lesson 1's prediction follows the model size", "[loader][questions]") {
  std::string text = test::shipped_lesson_text("datacenter-split.json");
  Diagnostics ok("datacenter-split.json");
  auto lesson = load_lesson(text, ok);
  REQUIRE(lesson);
  const Step& guess = lesson->steps.at(static_cast<std::size_t>(lesson->step_index("guess")));
  CHECK(guess.answer == 3);  // "4 GPUs"

  // 320 GB on 80 GB GPUs: still four, the same choice.
  Diagnostics d320("datacenter-split.json");
  auto l320 = load_lesson(with(text, "\"model_gb\": 280", "\"model_gb\": 320"), d320);
  REQUIRE(l320);
  CHECK(l320->steps.at(static_cast<std::size_t>(l320->step_index("guess"))).answer == 3);

  // 350 GB needs five GPUs, which no choice offers: an error at the prediction.
  Diagnostics d350("datacenter-split.json");
  std::string t350 = with(text, "\"model_gb\": 280", "\"model_gb\": 350");
  CHECK_FALSE(load_lesson(t350, d350));
  REQUIRE(d350.error_count() == 1);
  const Diagnostic& e = d350.all().front();
  CHECK(e.pointer == "/steps/1/answer_from");
  CHECK(e.pos.line == line_of(t350, "\"answer_from\""));
  CHECK_THAT(e.message, Catch::Contains("\"min_gpus\" is 5 on this machine"));
  CHECK_THAT(e.message, Catch::Contains("no choice has that value"));

  // 94 GB GPUs: 280 / 94 needs three, a choice that exists; the derived answer moves with it.
  Diagnostics d94("datacenter-split.json");
  auto l94 = load_lesson(with(text, "\"gpu_memory_gb\": 80", "\"gpu_memory_gb\": 94"), d94);
  REQUIRE(l94);
  CHECK(l94->steps.at(static_cast<std::size_t>(l94->step_index("guess"))).answer == 2);
}

TEST_CASE("questions: a fixed answer beside answer_from is checked, and two matches fail",
          "[loader][questions]") {
  std::string text = test::shipped_lesson_text("datacenter-split.json");
  Diagnostics wrong("datacenter-split.json");
  CHECK_FALSE(load_lesson(
      with(text, "\"answer_from\": \"min_gpus\",", "\"answer\": 2, \"answer_from\": \"min_gpus\","),
      wrong));
  REQUIRE(wrong.error_count() == 1);
  CHECK_THAT(wrong.all()[0].message, Catch::Contains("\"answer\" is 2, but \"min_gpus\" is 4"));

  Diagnostics two("datacenter-split.json");
  CHECK_FALSE(load_lesson(with(text, "\"value\": 8", "\"value\": 4"), two));
  REQUIRE(two.error_count() == 1);
  CHECK_THAT(two.all()[0].message, Catch::Contains("the value of choices 3 and 4"));

  // Lesson 1 is format 4; as format 1 its choices' values are refused at the key, and the
  // format-3 keys too.
  Diagnostics old_format("datacenter-split.json");
  CHECK_FALSE(load_lesson(with(text, "\"format\": 4", "\"format\": 1"), old_format));
  bool value_refused = false;
  for (const Diagnostic& d : old_format.all())
    value_refused = value_refused || (d.pointer == "/steps/1/choices/0/value" &&
                                      d.message.find("needs \"format\": 2") != std::string::npos);
  CHECK(value_refused);
  CHECK_THAT(old_format.all().at(0).message, Catch::Contains("needs \"format\": 3"));
}

TEST_CASE("texts: computed placeholders are checked when the lesson loads", "[loader][text]") {
  std::string text = test::shipped_lesson_text("datacenter-split.json");
  std::string find = "solo sus pesos ocupan {model_gb} GB.";
  Diagnostics good("datacenter-split.json");
  CHECK(load_lesson(with(text, find, "solo sus pesos ocupan {model_gb / gpu_memory_gb:.1} chips."),
                    good));
  Diagnostics bad("datacenter-split.json");
  CHECK_FALSE(load_lesson(with(text, find, "Son {model_gb / gpu_memory:.1} chips."), bad));
  REQUIRE(bad.error_count() == 1);
  CHECK_THAT(bad.all()[0].message, Catch::Contains("unknown variable 'gpu_memory'"));
  CHECK(bad.all()[0].suggestion == "gpu_memory_gb");
  Diagnostics format("datacenter-split.json");
  CHECK_FALSE(load_lesson(with(text, find, "Son {model_gb:1} chips."), format));
  REQUIRE(format.error_count() == 1);
  CHECK_THAT(format.all()[0].message, Catch::Contains("number of decimals"));
}
