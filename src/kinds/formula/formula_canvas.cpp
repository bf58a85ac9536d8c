// The formula machine drawn from its declared picture: bars against a limit, stacked parts, a
// timeline, a row of chips and counters, every length on the picture's shared scales. Past a
// limit is hatched and marked ▲ with its number, never told by colour alone.
#include <algorithm>
#include <cmath>
#include <string>

#include "canvas.hpp"
#include "canvas_helpers.hpp"
#include "draw.hpp"
#include "formula.hpp"
#include "formula_layout.hpp"
#include "lessonsim/messages.hpp"
#include "point_ring.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

using namespace draw;
using Kind = PictureItem::Kind;

struct Painter {
  ImDrawList* dl;
  const Engine& engine;
  const FormulaDef& def;
  const std::vector<double>& values;
  std::string_view loc;

  double value(int v) const {
    return v >= 0 && static_cast<std::size_t>(v) < values.size()
               ? values[static_cast<std::size_t>(v)]
               : 0.0;
  }
  // A variable's value as the learner reads it, with its unit.
  std::string shown(int v) const {
    std::string unit = v >= 0 ? def.unit_of(v) : std::string();
    const auto& vars = def.spec.variables;
    if (v >= 0 && static_cast<std::size_t>(v) < vars.size() &&
        vars[static_cast<std::size_t>(v)].type == ValueType::boolean) {
      return format_bool(value(v) != 0, loc);
    }
    return format_number(value(v), loc) + (unit.empty() || unit == "1" ? "" : " " + unit);
  }
  std::string text(const LocalizedText& t) const { return t.empty() ? "" : engine.render(t, loc); }

  void tag(const Rect& track, float x, ImU32 color, const std::string& s) const {
    const Fonts& f = fonts();
    float w = text_width(f.small, s);
    text_at(dl, f.small, std::clamp(x - w * 0.5f, track.x0, track.x1 - w), track.y1 + 3 * px(),
            color, s);
  }
  void line(const FormulaItemLayout& l, const Rect& top, const Rect& bottom,
            const LocalizedText& label) const {
    if (!l.has_line) return;
    dl->AddLine(v(l.line_x, top.y0 - 4 * px()), v(l.line_x, bottom.y1 + 3 * px()), palette::text,
                3 * px());
    std::string s = text(label);
    s += (s.empty() ? "" : " ") + format_number(l.line_value, loc) + (l.line_beyond ? " ▸" : "");
    tag(bottom, l.line_x, palette::text, s);
  }
  void bar(const FormulaBar& b, ImU32 color) const {
    fill(dl, b.rect, color, 3 * px());
    if (b.over.width() > 0) {
      fill(dl, b.over, palette::warning);
      hatch(dl, b.over, translucent(palette::hatch, 150));
    }
    if (b.broken) break_mark(dl, b.rect, false, palette::panel);
  }
  // A bar's number inside it when it fits, else just past its end.
  void number(const FormulaBar& b, const Rect& track, const std::string& s) const {
    const Fonts& f = fonts();
    float w = text_width(f.small, s);
    float y = track.center_y() - f.small->FontSize * 0.5f;
    if (w + 12 < b.rect.width() && !b.broken) {
      text_at(dl, f.small, b.rect.x1 - w - 6, y, palette::panel, s);
    } else if (b.broken) {
      text_at(dl, f.small, track.x1 - w - 30 * px(), y, palette::panel, s);
    } else {
      text_at(dl, f.small, std::min(b.rect.x1 + 6, track.x1 - w), y, palette::text, s);
    }
  }

  // The item's title with what it adds (a sum, a count, a warning), as one line.
  std::string title_text(const FormulaItemLayout& l) const {
    std::string extra;
    switch (l.kind) {
      case Kind::bars:
        extra = l.over_limit ? "▲" : "";
        break;
      case Kind::stack: {
        double total = 0;
        for (const auto& b : l.bars)
          total += std::max(0.0, b.value);
        const std::string& unit = l.item->unit;
        extra = "= " + format_number(total, loc) + (unit.empty() || unit == "1" ? "" : " " + unit);
        if (l.item->limit >= 0) extra += l.over_limit ? " ▲" : " ✓";
        break;
      }
      case Kind::timeline:
        extra = "· " + format_number(value(l.item->parts.front().variable), loc);
        break;
      case Kind::chips:
        extra = "· " + format_number(l.chip_count, loc);
        if (l.warn) extra += " ▲ " + text(l.item->warn_label);
        break;
      case Kind::counters:
        break;
    }
    std::string s = text(l.item->title);
    if (!extra.empty()) s += (s.empty() ? "" : " ") + extra;
    return s;
  }
  // The title wrapped to the picture's width, as the layout was given its lines.
  std::string wrapped_title(const FormulaItemLayout& l) const {
    const ImFont& bold = *fonts().bold;
    return break_at_spaces(title_text(l), bold, bold.FontSize, l.title.width());
  }
  std::string marker_text(const FormulaItemLayout& l) const {
    std::string s = text(l.item->marker_label);
    return s + (s.empty() ? "" : " ") + format_number(l.line_value, loc) +
           (l.line_beyond ? " ▸" : "");
  }
  static float marker_x(const FormulaItemLayout& l, const std::string& s) {
    const float w = text_width(fonts().small, s);
    return std::clamp(l.line_x - w * 0.5f, l.title.x0, l.tracks.front().x1 - w);
  }
  // The lines the title needs: its words wrapped, and on a timeline one more when the
  // marker's words, which share the title's last line, would run into them.
  int title_lines(const FormulaItemLayout& l) const {
    const std::string wrapped = wrapped_title(l);
    int lines = 1 + static_cast<int>(std::count(wrapped.begin(), wrapped.end(), '\n'));
    if (l.kind == Kind::timeline && l.has_line) {
      const std::string last = wrapped.substr(wrapped.rfind('\n') + 1);
      const std::string marker = marker_text(l);
      if (marker_x(l, marker) < l.title.x0 + text_width(fonts().bold, last) + 8 * px()) ++lines;
    }
    return lines;
  }
  void title(const FormulaItemLayout& l, bool alarm) const {
    text_at(dl, fonts().bold, l.title.x0, l.title.y0, alarm ? palette::warning : palette::text,
            wrapped_title(l));
  }

  // A bar's label in its column: the body font, else the small one, else cut short with an
  // ellipsis (never clipped at the canvas's edge).
  void label(const Rect& r, const std::string& s) const {
    const Fonts& f = fonts();
    ImFont* font = text_width(f.body, s) <= r.width() ? f.body : f.small;
    const std::string shown = fit_text(font, s, r.width());
    text_right(dl, font, r, palette::text, shown);
  }

  void bars(const FormulaItemLayout& l) const {
    title(l, l.over_limit);
    static const ImU32* colors[] = {&palette::accent, &palette::slice_a, &palette::exchange};
    for (std::size_t k = 0; k < l.bars.size(); ++k) {
      const FormulaBar& b = l.bars[k];
      fill(dl, l.tracks[k], palette::gauge, 3 * px());
      bar(b, *colors[k % 3]);
      label(b.label, text(l.item->parts[k].label));
      number(b, l.tracks[k], shown(b.variable) + (b.over.width() > 0 ? " ▲" : ""));
    }
    if (!l.tracks.empty()) line(l, l.tracks.front(), l.tracks.back(), l.item->limit_label);
  }

  void stack(const FormulaItemLayout& l) const {
    title(l, l.over_limit);
    const Rect& track = l.tracks.front();
    fill(dl, track, palette::gauge, 3 * px());
    static const ImU32* colors[] = {&palette::slice_a, &palette::caution, &palette::exchange};
    const Fonts& f = fonts();
    for (std::size_t k = 0; k < l.bars.size(); ++k) {
      const FormulaBar& b = l.bars[k];
      bar(b, *colors[k % 3]);
      // Each part says what it is inside itself when it has the room.
      std::string s = text(l.item->parts[k].label) + " " + format_number(b.value, loc);
      if (text_width(f.small, s) + 10 > b.rect.width()) s = text(l.item->parts[k].label);
      if (text_width(f.small, s) + 10 <= b.rect.width()) {
        text_at(dl, f.small, b.rect.x0 + 5, track.center_y() - f.small->FontSize * 0.5f,
                palette::panel, s);
      }
    }
    line(l, track, track, l.item->limit_label);
  }

  void timeline(const FormulaItemLayout& l) const {
    const Rect& track = l.tracks.front();
    title(l, false);
    fill(dl, track, palette::card, 3 * px());
    bar(l.bars.front(), palette::accent);
    tag(track, track.x0, palette::muted, "0");
    if (l.item->full >= 0)
      tag(track, track.x1, palette::muted, format_number(value(l.item->full), loc));
    // The marker says itself on the title's row, so it never runs into the axis's end numbers.
    if (!l.has_line) return;
    dl->AddLine(v(l.line_x, track.y0 - 4 * px()), v(l.line_x, track.y1 + 3 * px()), palette::text,
                3 * px());
    const std::string s = marker_text(l);
    const Fonts& f = fonts();
    text_at(dl, f.small, marker_x(l, s), l.title.y1 - f.small->FontSize, palette::text, s);
  }

  void chips(const FormulaItemLayout& l) const {
    title(l, l.warn);
    for (const Rect& c : l.chips) {
      fill(dl, c, l.warn ? palette::warning_soft : palette::accent_soft, 3 * px());
      dl->AddRect(v(c.x0, c.y0), v(c.x1, c.y1), l.warn ? palette::warning : palette::accent,
                  3 * px(), 0, 1.5f * px());
      if (l.warn) hatch(dl, c, translucent(palette::warning, 140));
    }
    if (l.hidden_chips > 0 && !l.chips.empty()) {
      const Rect& last = l.chips.back();
      text_in_row(dl, fonts().bold, last.x1 + 6, last, palette::text,
                  "+" + format_number(l.hidden_chips, loc));
    }
  }

  void counters(const FormulaItemLayout& l) const {
    if (!l.item->title.empty()) title(l, false);
    const Fonts& f = fonts();
    for (std::size_t k = 0; k < l.tiles.size(); ++k) {
      const Rect& t = l.tiles[k];
      fill(dl, t, palette::card, 4 * px());
      const int var = l.item->parts[k].variable;
      text_at(dl, f.bold, t.x0 + 8, t.y0 + 4, palette::text, format_number(value(var), loc));
      text_at(dl, f.small, t.x0 + 8, t.y0 + 6 + f.body->FontSize, palette::muted,
              text(l.item->parts[k].label));
    }
  }
};

void formula_toolbar(ViewContext& ctx) {
  // Its labels are long phrases ("six months back"): in a long language at large text each
  // would stand alone on its row, so they may take two lines, two to a row.
  Toolbar bar(ctx);
  bar.two_lines_when_long();
  for (const auto& action : ctx.engine.machine().spec().actions) {
    if (!action.params.empty()) continue;
    bar.button(action.name.c_str(),
               action.key_help.empty() ? action.name : ctx.render(action.key_help));
  }
  bar.undo(phrase(ctx.locale, "machine.undo")).draw();
}

// The picture laid out in `area`, and again with the lines its titles take when some wrap.
FormulaLayout formula_laid_out(const Painter& p, Rect area, FormulaMetrics m) {
  FormulaLayout l = layout_formula(p.def, p.values, area, m);
  for (const auto& item : l.items)
    m.title_lines.push_back(p.title_lines(item));
  if (std::any_of(m.title_lines.begin(), m.title_lines.end(), [](int n) { return n > 1; }))
    l = layout_formula(p.def, p.values, area, m);
  return l;
}

void paint_formula(const Painter& p, const FormulaLayout& l) {
  for (const auto& item : l.items) {
    switch (item.kind) {
      case Kind::bars:
        p.bars(item);
        break;
      case Kind::stack:
        p.stack(item);
        break;
      case Kind::timeline:
        p.timeline(item);
        break;
      case Kind::chips:
        p.chips(item);
        break;
      case Kind::counters:
        p.counters(item);
        break;
    }
  }
}

// In a scrolling picture the step's ring is drawn in the pane, so that it scrolls and clips with
// what it rings (over the buttons it would ring nothing); on entering the step the pane brings
// it into view.
void point_in_pane(ViewContext& ctx) {
  const Rect& ring = ctx.pointed->rect;
  const float top = ImGui::GetWindowPos().y, bottom = top + ImGui::GetWindowSize().y;
  ImGuiStorage* seen = ImGui::GetStateStorage();
  const ImGuiID key = ImGui::GetID("##pointed_step");
  if (seen->GetInt(key, -1) != ctx.engine.step_index()) {
    seen->SetInt(key, ctx.engine.step_index());
    if (ring.y0 < top || ring.y1 > bottom) ImGui::SetScrollFromPosY(ring.center_y() - top, 0.5f);
  }
  if (auto tag = draw_point_ring(*ctx.pointed, ctx.mark_rects)) ctx.target("point_tag", *tag);
  ctx.pointed.reset();
}

void draw_formula(ViewContext& ctx) {
  const auto* machine = dynamic_cast<const FormulaMachine*>(&ctx.engine.machine());
  if (!machine || machine->def().picture.empty()) {
    variables_canvas().draw(ctx);
    return;
  }
  if (ctx.engine.step().kind == StepKind::operate) formula_toolbar(ctx);
  ImGui::Dummy(ImVec2(1, fonts().body->FontSize * 0.4f));
  Rect area = remaining_area();
  const Fonts& f = fonts();
  auto m = text_metrics<FormulaMetrics>(0.9f);
  m.label_w = std::round(f.body->FontSize * 7);
  m.bar_h = std::round(f.body->FontSize * 1.2f);
  m.chip = std::round(f.body->FontSize * 1.5f);
  const FormulaDef& def = machine->def();
  const std::vector<double>& values = ctx.engine.values();
  Painter p{ImGui::GetWindowDrawList(), ctx.engine, def, values, ctx.locale};
  FormulaLayout l = formula_laid_out(p, area, m);
  // Large text in a small window: when the items, thinned as far as they go, are still taller
  // than the room, the picture scrolls in a pane of its own under the buttons, so every item
  // stays within reach, drawn to the same scales.
  const bool scrolls = l.height > area.height() + 0.5f;
  if (scrolls) {
    ImGui::BeginChild("##formula_picture", ImVec2(area.width(), area.height()), false,
                      ImGuiWindowFlags_AlwaysVerticalScrollbar);
    area = remaining_area();
    p.dl = ImGui::GetWindowDrawList();
    l = formula_laid_out(p, area, m);
    area.y1 = area.y0 + std::max(area.height(), l.height);
  }
  claim(area);
  ctx.record(l.marks);
  p.dl->PushClipRect(v(area.x0, area.y0), v(area.x1, area.y1), true);
  paint_formula(p, l);
  p.dl->PopClipRect();
  if (scrolls) {
    if (ctx.pointed) point_in_pane(ctx);
    ImGui::EndChild();
  }
}

// The first picture item's values, as the sentence beside the learner's prediction.
std::string formula_result(const Engine& e, std::string_view loc) {
  const auto* machine = dynamic_cast<const FormulaMachine*>(&e.machine());
  if (!machine || machine->def().picture.empty()) return {};
  const FormulaDef& def = machine->def();
  const PictureItem& item = def.picture.front();
  Painter p{nullptr, e, def, e.values(), loc};
  std::string s;
  for (const auto& part : item.parts) {
    std::string label = p.text(part.label);
    s += (s.empty() ? "" : " · ") + (label.empty() ? "" : label + ": ") + p.shown(part.variable);
  }
  return s.empty() ? s : s + ".";
}

}  // namespace

const CanvasKind& formula_canvas() {
  static const CanvasKind kind{"formula", &draw_formula, &formula_result};
  return kind;
}

}  // namespace lessonsim::ui
