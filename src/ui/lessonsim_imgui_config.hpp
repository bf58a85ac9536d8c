// ImGui build options for lessonsim's own code: a failed ImGui check throws instead of aborting.
#pragma once

namespace lessonsim::ui {
// Throws lessonsim::ui::ImGuiAssertion; declared here because imgui.h includes this file first.
[[noreturn]] void imgui_assert_failed(const char* expr, const char* file, int line);
}  // namespace lessonsim::ui

#define IM_ASSERT(_EXPR) \
  ((_EXPR) ? (void)0 : ::lessonsim::ui::imgui_assert_failed(#_EXPR, __FILE__, __LINE__))
