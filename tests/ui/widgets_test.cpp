// Text wrapping: lines break at spaces only, so numbers like 14.6 or 2.000.000 stay whole.
#include <catch2/catch.hpp>

#include "imgui_harness.hpp"
#include "widgets.hpp"

using namespace lessonsim::ui;
using lessonsim::ui::testing::ImGuiHarness;

TEST_CASE("ui wrap: lines break at spaces, never inside a number", "[ui]") {
  ImGuiHarness imgui(1280, 800);
  const ImFont& font = *ImGui::GetIO().Fonts->Fonts[0];
  const float size = 20;
  const std::string text =
      "There are still 14.6 GB free: 2.000.000 $ and 1,234,567 tokens, more will fit.";
  for (float width = 40; width <= 900; width += 7) {
    INFO("width " << width);
    std::string lines = break_at_spaces(text, font, size, width);
    REQUIRE(lines.size() == text.size());
    for (const char* number : {"14.6", "2.000.000", "1,234,567"}) {
      CHECK(lines.find(number) != std::string::npos);
    }
    // Every line fits, unless it is a single word wider than the width.
    std::size_t start = 0;
    while (start <= lines.size()) {
      std::size_t end = lines.find('\n', start);
      if (end == std::string::npos) end = lines.size();
      const std::string line = lines.substr(start, end - start);
      const float w = font.CalcTextSizeA(size, FLT_MAX, 0, line.c_str()).x;
      CHECK((w <= width + 0.01f || line.find(' ') == std::string::npos));
      start = end + 1;
    }
  }
  // Wide enough for everything: one line, unchanged.
  CHECK(break_at_spaces(text, font, size, 5000) == text);
  // Line breaks already in the text stay where they are.
  CHECK(break_at_spaces("a\nb c", font, size, 5000) == "a\nb c");
}
