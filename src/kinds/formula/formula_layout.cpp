#include "formula_layout.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace lessonsim::ui {

namespace {

using Kind = PictureItem::Kind;

double at(const std::vector<double>& values, int v) {
  return v >= 0 && static_cast<std::size_t>(v) < values.size() ? values[static_cast<std::size_t>(v)]
                                                               : 0.0;
}

bool has_lengths(Kind k) {
  return k == Kind::bars || k == Kind::stack || k == Kind::timeline;
}

// The value a whole track stands for: the declared `full`, else the largest value it shows.
double full_of(const PictureItem& item, const std::vector<double>& values) {
  if (item.full >= 0) return at(values, item.full);
  double most = 0;
  if (item.kind == Kind::stack) {
    for (const auto& p : item.parts)
      most += std::max(0.0, at(values, p.variable));
  } else {
    for (const auto& p : item.parts)
      most = std::max(most, at(values, p.variable));
  }
  return std::max({most, at(values, item.limit), at(values, item.marker)});
}

float body_height(const PictureItem& item, const FormulaMetrics& m) {
  switch (item.kind) {
    case Kind::bars:
      return static_cast<float>(item.parts.size()) * (m.bar_h + 6) - 6 + m.small_h + 4;
    case Kind::stack:
    case Kind::timeline:
      return m.bar_h + m.small_h + 6;
    case Kind::chips:
      return m.chip + m.small_h + 6;
    case Kind::counters:
      return m.text_h + m.small_h + 14;
  }
  return 0;
}

// A figure drawn as chips or as a number in a tile, not as a length: its mark stands in a view
// of its own (compared with no other), so a step's `point` can still ring it.
Mark figure_mark(const std::string& unit, double value, Rect rect, std::string view) {
  const Scale s = scale_for_unit(unit, 1);
  Mark m;
  m.quantity = s.quantity;
  m.unit = s.unit;
  m.value = value * s.base_per_shown;
  m.rect = rect;
  m.label = s.shown_unit;  // label_marks writes the number before it
  m.view = std::move(view);
  return m;
}

}  // namespace

Scale scale_for_unit(const std::string& unit, double px) {
  if (unit == "day") return time_scale("days", px);
  Scale s;
  const UnitMeasure* measured = unit_measure(unit);
  s.quantity = measured ? measured->quantity : unit.empty() ? "number" : unit;
  s.unit = measured ? measured->base : unit.empty() ? "1" : unit;
  s.shown_unit = unit;
  s.base_per_shown = measured ? measured->per_unit : 1;
  s.px_per_shown = px;
  return s;
}

namespace {

// The metrics with the bars and chips thinner, down to 60%, when the items at their natural
// height (and the least gaps) do not fit the area's height: large text in a small window.
FormulaMetrics squeezed(const FormulaDef& def, float height, FormulaMetrics m) {
  float natural = 0, squeezable = 0;
  for (std::size_t k = 0; k < def.picture.size(); ++k) {
    const PictureItem& item = def.picture[k];
    const int lines = k < m.title_lines.size() ? std::max(m.title_lines[k], 1) : 1;
    natural += m.text_h * static_cast<float>(lines) + 4 + body_height(item, m) + 2;
    if (item.kind == Kind::bars) squeezable += static_cast<float>(item.parts.size()) * m.bar_h;
    if (item.kind == Kind::stack || item.kind == Kind::timeline) squeezable += m.bar_h;
    if (item.kind == Kind::chips) squeezable += m.chip;
  }
  if (natural <= height || squeezable <= 0) return m;
  const float s = std::clamp(1 - (natural - height) / squeezable, 0.6f, 1.0f);
  m.bar_h = std::round(m.bar_h * s);
  m.chip = std::round(m.chip * s);
  return m;
}

}  // namespace

FormulaLayout layout_formula(const FormulaDef& def, const std::vector<double>& values, Rect area,
                             const FormulaMetrics& given) {
  const FormulaMetrics m = squeezed(def, area.height(), given);
  FormulaLayout out;
  const float track_x0 = area.x0 + std::min(m.label_w, area.width() * 0.35f);
  const float track_w = std::max(1.0f, area.x1 - track_x0);
  // One scale per quantity across the picture (kW and MW items alike), in pixels per base unit:
  // the tightest any item needs for its whole track.
  auto quantity_of = [](const Scale& s) { return s.quantity + "/" + s.unit; };
  std::map<std::string, double> px_per_base;
  for (const auto& item : def.picture) {
    if (!has_lengths(item.kind)) continue;
    double full = full_of(item, values);
    if (full <= 0) continue;
    const Scale unit = scale_for_unit(item.unit, 1);
    double px = track_w / (full * unit.base_per_shown);
    auto [it, fresh] = px_per_base.emplace(quantity_of(unit), px);
    if (!fresh) it->second = std::min(it->second, px);
  }
  // Items keep their natural height; the gaps shrink when the canvas is short.
  auto title_h = [&](std::size_t k) {
    const int lines = k < m.title_lines.size() ? std::max(m.title_lines[k], 1) : 1;
    return m.text_h * static_cast<float>(lines);
  };
  float natural = 0;
  for (std::size_t k = 0; k < def.picture.size(); ++k)
    natural += title_h(k) + 4 + body_height(def.picture[k], m);
  const auto n = static_cast<float>(def.picture.size());
  const float gap = n > 1 ? std::clamp((area.height() - natural) / (n - 1), 2.0f, m.gap) : 0;
  float y = area.y0;
  for (std::size_t index = 0; index < def.picture.size(); ++index) {
    const PictureItem& item = def.picture[index];
    FormulaItemLayout l;
    l.kind = item.kind;
    l.item = &item;
    l.title = {area.x0, y, area.x1, y + title_h(index)};
    y = l.title.y1 + 4;
    Scale scale = scale_for_unit(item.unit, 0);
    if (auto it = px_per_base.find(quantity_of(scale)); it != px_per_base.end()) {
      scale.px_per_shown = it->second * scale.base_per_shown;
    }
    const bool limited = item.limit >= 0 || item.marker >= 0;
    const double line = item.limit >= 0 ? at(values, item.limit) : at(values, item.marker);
    auto place_line = [&](const Rect& track) {
      l.has_line = limited;
      l.line_value = line;
      float x = track.x0 + scale.length(std::max(line, 0.0));
      l.line_beyond = x > track.x1 + 0.5f;
      l.line_x = std::min(x, track.x1);
    };
    // A bar from x0; the part past the limit line is its `over`.
    auto bar = [&](int variable, float x0, const Rect& track) {
      FormulaBar b;
      b.variable = variable;
      b.value = at(values, variable);
      Mark mark = scale.right(std::max(b.value, 0.0), x0, track.y0, track.y1, track.x1);
      b.rect = mark.rect;
      b.broken = mark.broken;
      if (item.limit >= 0 && b.rect.x1 > l.line_x + 0.5f) {
        b.over = {std::max(b.rect.x0, l.line_x), b.rect.y0, b.rect.x1, b.rect.y1};
      }
      if (b.value > 0) out.marks.push_back(std::move(mark));
      return b;
    };
    switch (item.kind) {
      case Kind::bars: {
        for (std::size_t k = 0; k < item.parts.size(); ++k) {
          Rect track{track_x0, y, area.x1, y + m.bar_h};
          if (k == 0) place_line(track);
          l.tracks.push_back(track);
          FormulaBar b = bar(item.parts[k].variable, track_x0, track);
          b.label = {area.x0, track.y0, track_x0 - 8, track.y1};
          l.over_limit = l.over_limit || (item.limit >= 0 && b.value > line);
          l.bars.push_back(std::move(b));
          y = track.y1 + 6;
        }
        y += m.small_h - 2;
        break;
      }
      case Kind::stack: {
        Rect track{track_x0, y, area.x1, y + m.bar_h};
        place_line(track);
        l.tracks.push_back(track);
        float x = track_x0;
        double total = 0;
        for (const auto& p : item.parts) {
          if (x >= track.x1) break;  // the rest is past the break, said by the total's number
          FormulaBar b = bar(p.variable, x, track);
          x = b.rect.x1;
          total += std::max(0.0, b.value);
          l.bars.push_back(std::move(b));
        }
        l.over_limit = item.limit >= 0 && total > line;
        y = track.y1 + m.small_h + 6;
        break;
      }
      case Kind::timeline: {
        Rect track{track_x0, y, area.x1, y + m.bar_h};
        place_line(track);
        l.tracks.push_back(track);
        l.bars.push_back(bar(item.parts[0].variable, track_x0, track));
        if (item.marker >= 0 && line > 0 && !l.line_beyond) {
          // The marker is a length from the start of the axis, held to the same scale.
          out.marks.push_back(scale.right(line, track_x0, track.y1 - 2, track.y1, track.x1));
        }
        y = track.y1 + m.small_h + 6;
        break;
      }
      case Kind::chips: {
        l.chip_count = std::max(0.0, std::round(at(values, item.parts[0].variable)));
        l.warn = item.warn >= 0 && at(values, item.warn) != 0;
        const float step = m.chip + 6;
        const int room = std::max(1, static_cast<int>((area.width() + 6) / step));
        const int count = static_cast<int>(std::min(l.chip_count, 100000.0));
        const int shown = count > room ? room - 1 : count;
        for (int k = 0; k < shown; ++k) {
          float x = area.x0 + static_cast<float>(k) * step;
          l.chips.push_back({x, y, x + m.chip, y + m.chip});
        }
        l.hidden_chips = count - shown;
        if (shown > 0) {
          const Rect row{area.x0, y, l.chips.back().x1, y + m.chip};
          out.marks.push_back(figure_mark(def.unit_of(item.parts[0].variable), l.chip_count, row,
                                          "chips " + std::to_string(out.items.size())));
        }
        y += m.chip + m.small_h + 6;
        break;
      }
      case Kind::counters: {
        const auto cols = static_cast<float>(std::max<std::size_t>(1, item.parts.size()));
        const float w = (area.width() - 8 * (cols - 1)) / cols;
        for (std::size_t k = 0; k < item.parts.size(); ++k) {
          float x = area.x0 + static_cast<float>(k) * (w + 8);
          l.tiles.push_back({x, y, x + w, y + m.text_h + m.small_h + 10});
          const int var = item.parts[k].variable;
          if (at(values, var) > 0) {
            out.marks.push_back(
                figure_mark(def.unit_of(var), at(values, var), l.tiles.back(),
                            "tile " + std::to_string(out.items.size()) + "." + std::to_string(k)));
          }
        }
        y += m.text_h + m.small_h + 14;
        break;
      }
    }
    out.items.push_back(std::move(l));
    out.height = y - area.y0;
    y += gap;
  }
  return out;
}

}  // namespace lessonsim::ui
