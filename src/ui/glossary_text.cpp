#include "glossary_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>

#include "lessonsim/glossary.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

std::vector<PlacedPiece> place_pieces(
    const std::string& text, const std::vector<std::pair<std::size_t, std::size_t>>& terms,
    float width, const std::function<float(std::size_t, std::size_t)>& measure) {
  // Runs of plain text and of terms, in order.
  std::vector<PlacedPiece> runs;
  std::size_t at = 0;
  for (std::size_t k = 0; k < terms.size(); ++k) {
    if (terms[k].first > at) runs.push_back({at, terms[k].first, 0, 0, 0, -1});
    runs.push_back({terms[k].first, terms[k].second, 0, 0, 0, static_cast<int>(k)});
    at = terms[k].second;
  }
  if (at < text.size()) runs.push_back({at, text.size(), 0, 0, 0, -1});
  auto is_gap = [&](std::size_t i) { return text[i] == ' ' || text[i] == '\n'; };
  std::vector<PlacedPiece> out;
  float x = 0;
  int line = 0;
  for (const PlacedPiece& run : runs) {
    // Word by word (a word keeps its trailing spaces, which are not drawn).
    for (std::size_t from = run.begin; from < run.end;) {
      if (text[from] == '\n') {
        x = 0;
        ++line;
        ++from;
        continue;
      }
      std::size_t word_end = from;
      while (word_end < run.end && !is_gap(word_end))
        ++word_end;
      std::size_t end = word_end;
      while (end < run.end && text[end] == ' ')
        ++end;
      if (word_end == from) {  // spaces that begin a run, after a term
        x += measure(from, end);
        from = end;
        continue;
      }
      // A line breaks only before a word's first piece, and only when the whole word, across
      // the runs it spans, is past the edge.
      if (from == 0 || is_gap(from - 1)) {
        std::size_t whole_end = word_end;
        while (whole_end < text.size() && !is_gap(whole_end))
          ++whole_end;
        if (x > 0 && x + measure(from, whole_end) > width) {
          x = 0;
          ++line;
        }
      }
      out.push_back({from, word_end, x, measure(from, word_end), line, run.term});
      x += measure(from, end);
      from = end;
    }
  }
  return out;
}

void text_with_terms(const std::string& text, const Lesson& lesson, std::string_view locale) {
  std::vector<std::string> names;
  for (const auto& g : lesson.glossary)
    names.push_back(g.term.in(locale));
  auto matches = first_of_each(find_terms(text, names));
  if (matches.empty()) {
    wrapped_text(text);
    return;
  }
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  for (const auto& m : matches)
    spans.emplace_back(m.begin, m.end);
  ImFont* font = ImGui::GetFont();
  float size = ImGui::GetFontSize();
  float line_h = ImGui::GetTextLineHeight();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  float right = origin.x + std::max(available_width(), size * 4);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const char* base = text.c_str();
  auto measure = [&](std::size_t b, std::size_t e) {
    return font->CalcTextSizeA(size, FLT_MAX, 0, base + b, base + e).x;
  };
  int hovered = -1, lines = 0;
  for (const PlacedPiece& p : place_pieces(text, spans, right - origin.x, measure)) {
    const int term = p.term >= 0 ? matches[static_cast<std::size_t>(p.term)].term : -1;
    const float x = origin.x + p.x, y = origin.y + static_cast<float>(p.line) * line_h;
    lines = p.line;
    dl->AddText(font, size, ImVec2(x, y), term >= 0 ? palette::accent : palette::text,
                base + p.begin, base + p.end);
    if (term < 0) continue;
    float underline = y + line_h - std::max(1.0f, size / 16);
    dl->AddLine(ImVec2(x, underline), ImVec2(x + p.width, underline), palette::accent,
                std::max(1.0f, size / 20));
    // An item for keyboard navigation: the definition shows when the term has the focus.
    ImGui::SetCursorScreenPos(ImVec2(x, y));
    ImGui::PushID(base + p.begin);
    ImGui::InvisibleButton("##term", ImVec2(std::max(p.width, 1.0f), line_h));
    ImGui::PopID();
    if (ImGui::IsItemHovered() || ImGui::IsItemFocused()) hovered = term;
  }
  const float y = origin.y + static_cast<float>(lines) * line_h;
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
