#include "glossary_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>

#include "lessonsim/glossary.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

struct Run {
  std::size_t begin, end;
  int term;  // -1: plain text
};

std::vector<Run> runs_of(const std::string& text, const std::vector<TermMatch>& matches) {
  std::vector<Run> runs;
  std::size_t at = 0;
  for (const auto& m : matches) {
    if (m.begin > at) runs.push_back({at, m.begin, -1});
    runs.push_back({m.begin, m.end, m.term});
    at = m.end;
  }
  if (at < text.size()) runs.push_back({at, text.size(), -1});
  return runs;
}

}  // namespace

void text_with_terms(const std::string& text, const Lesson& lesson, std::string_view locale) {
  std::vector<std::string> terms;
  for (const auto& g : lesson.glossary)
    terms.push_back(g.term.in(locale));
  auto matches = first_of_each(find_terms(text, terms));
  if (matches.empty()) {
    wrapped_text(text);
    return;
  }
  ImFont* font = ImGui::GetFont();
  float size = ImGui::GetFontSize();
  float line_h = ImGui::GetTextLineHeight();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  float right = origin.x + std::max(available_width(), size * 4);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  float x = origin.x, y = origin.y;
  const char* base = text.c_str();
  int hovered = -1;
  for (const Run& run : runs_of(text, matches)) {
    ImU32 color = run.term >= 0 ? palette::accent : palette::text;
    // Word by word (a word keeps its trailing space), so lines break where wrapped_text's would.
    for (std::size_t at = run.begin; at < run.end;) {
      if (text[at] == '\n') {
        x = origin.x;
        y += line_h;
        ++at;
        continue;
      }
      std::size_t end = at;
      while (end < run.end && text[end] != ' ' && text[end] != '\n')
        ++end;
      std::size_t word_end = end;
      while (end < run.end && text[end] == ' ')
        ++end;
      float word_w = font->CalcTextSizeA(size, FLT_MAX, 0, base + at, base + word_end).x;
      float full_w = font->CalcTextSizeA(size, FLT_MAX, 0, base + at, base + end).x;
      if (x > origin.x && x + word_w > right) {
        x = origin.x;
        y += line_h;
      }
      dl->AddText(font, size, ImVec2(x, y), color, base + at, base + word_end);
      if (run.term >= 0) {
        float underline = y + line_h - std::max(1.0f, size / 16);
        dl->AddLine(ImVec2(x, underline), ImVec2(x + word_w, underline), palette::accent,
                    std::max(1.0f, size / 20));
        // An item for keyboard navigation: the definition shows when the term has the focus.
        ImGui::SetCursorScreenPos(ImVec2(x, y));
        ImGui::PushID(base + at);
        ImGui::InvisibleButton("##term", ImVec2(std::max(word_w, 1.0f), line_h));
        ImGui::PopID();
        if (ImGui::IsItemHovered() || ImGui::IsItemFocused()) hovered = run.term;
      }
      x += full_w;
      at = end;
    }
  }
  ImGui::SetCursorScreenPos(origin);
  ImGui::Dummy(ImVec2(right - origin.x, y + line_h - origin.y));
  if (hovered >= 0) {
    const GlossaryEntry& g = lesson.glossary[static_cast<std::size_t>(hovered)];
    ImGui::BeginTooltip();
    // Not wrapped_text: that wraps at the card the term sits in, not at the tooltip's edge.
    ImGui::PushTextWrapPos(size * 22);
    ImGui::PushFont(fonts().bold);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::accent), "%s",
                       g.term.in(locale).c_str());
    ImGui::PopFont();
    ImGui::TextUnformatted(g.definition.in(locale).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

}  // namespace lessonsim::ui
