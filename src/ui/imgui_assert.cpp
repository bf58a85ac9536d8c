#include "imgui_assert.hpp"

#include <string>

#include <imgui.h>

namespace lessonsim::ui {

void imgui_assert_failed(const char* expr, const char* file, int line) {
  throw ImGuiAssertion(std::string("ImGui check failed: ") + expr + " (" + file + ":" +
                       std::to_string(line) + ")");
}

}  // namespace lessonsim::ui
