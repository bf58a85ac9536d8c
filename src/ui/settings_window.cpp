#include "settings_window.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "journey_view.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/settings_store.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

bool SettingsWindow::frame(Settings& s, std::string_view loc) {
  if (open_) ImGui::OpenPopup("##settings");
  open_ = false;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  float width = std::min(vp->WorkSize.x * 0.9f, ImGui::GetFontSize() * 26);
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
      ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(width, 0));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(width, vp->WorkSize.y * 0.95f));
  shown_ = ImGui::BeginPopupModal("##settings", nullptr, ImGuiWindowFlags_NoTitleBar);
  if (!shown_) return false;
  bool changed = false;
  wrapped_text(phrase(loc, "journey.settings"), fonts().title);

  wrapped_text(phrase(loc, "journey.text_size"), fonts().bold);
  // Applied when the slider is let go: rebuilding the fonts while dragging would move it, so
  // the value being dragged lives here until then.
  if (!text_dragging_) text_percent_ = s.text_percent;
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderInt("##text", &text_percent_, min_text_percent, max_text_percent, "%d%%");
  text_percent_ = static_cast<int>(std::lround(text_percent_ / 25.0) * 25);
  text_dragging_ = ImGui::IsItemActive();
  if (ImGui::IsItemDeactivated() && text_percent_ != s.text_percent) {
    s.text_percent = text_percent_;
    changed = true;
  }

  wrapped_text(phrase(loc, "journey.theme"), fonts().bold);
  struct Option {
    const char* name;
    const char* label;
  } themes[] = {{"light", phrase(loc, "journey.light")},
                {"dark", phrase(loc, "journey.dark")},
                {"high_contrast", phrase(loc, "journey.high_contrast")}};
  bool first = true;
  for (const auto& t : themes) {
    if (!first) ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x <
        ImGui::CalcTextSize(t.label).x + ImGui::GetFontSize() * 2) {
      ImGui::NewLine();
    }
    if (ImGui::RadioButton(t.label, s.theme == t.name) && s.theme != t.name) {
      s.theme = t.name;
      changed = true;
    }
    first = false;
  }

  ImGui::PushTextWrapPos(0);
  if (ImGui::Checkbox(phrase(loc, "journey.colour_blind_safe_colours"), &s.colour_safe)) {
    changed = true;
  }
  if (ImGui::Checkbox(phrase(loc, "menu.reduce_motion"), &s.reduce_motion)) changed = true;
  ImGui::PopTextWrapPos();

  wrapped_text(phrase(loc, "journey.review_desired_retention"), fonts().bold);
  int retention = static_cast<int>(std::lround(s.desired_retention * 100));
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##retention", &retention, static_cast<int>(min_retention * 100),
                       static_cast<int>(std::lround(max_retention * 100)), "%d%%")) {
    s.desired_retention = std::clamp(retention / 100.0, min_retention, max_retention);
    changed = true;
  }
  wrapped_text(phrase(loc, "journey.higher_more_frequent_reviews"), fonts().small, palette::muted);
  ImGui::Dummy(ImVec2(1, ImGui::GetFontSize() * 0.3f));
  if (primary_button(phrase(loc, "dialog.close"), true) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
  return changed;
}

}  // namespace lessonsim::ui
