// A formula machine in a terminal: its declared picture as lines of text, bars as cells.
#include <algorithm>
#include <cmath>

#include "formula.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

std::string draw_formula_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const FormulaMachine&>(machine);
  const FormulaDef& def = m.def();
  std::vector<double> v;
  m.values(v);
  auto at = [&](int k) {
    return k >= 0 && static_cast<std::size_t>(k) < v.size() ? v[static_cast<std::size_t>(k)] : 0.0;
  };
  auto say = [&](const LocalizedText& t) {
    return t.empty() ? std::string() : render(t.in(locale), locale, def.spec.variables, v);
  };
  auto shown = [&](int k) {
    const std::string& unit = def.unit_of(k);
    return format_number(at(k), locale) + (unit.empty() || unit == "1" ? "" : " " + unit);
  };
  std::string out;
  for (const PictureItem& item : def.picture) {
    std::string title = say(item.title);
    double full = item.full >= 0 ? at(item.full) : 0;
    if (full <= 0) {
      for (const auto& p : item.parts)
        full = std::max(full, at(p.variable));
      full = std::max(full, at(item.limit));
    }
    auto fraction = [&](double x) { return full > 0 ? x / full : 0.0; };
    const double limit = at(item.limit);
    switch (item.kind) {
      case PictureItem::Kind::bars:
        if (!title.empty()) out += title + '\n';
        for (const auto& p : item.parts) {
          bool over = item.limit >= 0 && at(p.variable) > limit;
          out += "  " + say(p.label) + "  " + text_bar(fraction(at(p.variable)), 30) +
                 (fraction(at(p.variable)) > 1 ? "▸ " : " ") + shown(p.variable) +
                 (over ? " ▲" : "") + '\n';
        }
        if (item.limit >= 0) out += "  | " + say(item.limit_label) + " " + shown(item.limit) + '\n';
        break;
      case PictureItem::Kind::stack: {
        double total = 0;
        std::string parts;
        for (const auto& p : item.parts) {
          total += at(p.variable);
          parts += (parts.empty() ? "" : " + ") + say(p.label) + " " + shown(p.variable);
        }
        bool over = item.limit >= 0 && total > limit;
        out += title + "  " + text_bar(fraction(total), 30) + " " + format_number(total, locale) +
               (item.limit >= 0 ? (over ? " ▲" : " ✓") : "") + '\n';
        out += "  " + parts + '\n';
        if (item.limit >= 0) out += "  | " + say(item.limit_label) + " " + shown(item.limit) + '\n';
        break;
      }
      case PictureItem::Kind::timeline: {
        const int now = item.parts.front().variable;
        out +=
            title + "  " + text_bar(fraction(at(now)), 30) + " " + format_number(at(now), locale);
        if (item.marker >= 0)
          out += "  | " + say(item.marker_label) + " " + format_number(at(item.marker), locale);
        out += '\n';
        break;
      }
      case PictureItem::Kind::chips: {
        const double n = std::max(0.0, std::round(at(item.parts.front().variable)));
        std::string row;
        for (int k = 0; k < static_cast<int>(std::min(n, 32.0)); ++k)
          row += "■";
        if (n > 32) row += " +" + format_number(n - 32, locale);
        bool warn = item.warn >= 0 && at(item.warn) != 0;
        out += (title.empty() ? "" : title + "  ") + row + " " + format_number(n, locale) +
               (warn ? " ▲ " + say(item.warn_label) : "") + '\n';
        break;
      }
      case PictureItem::Kind::counters: {
        std::string row;
        for (const auto& p : item.parts)
          row += (row.empty() ? "" : " · ") + say(p.label) + " " +
                 format_number(at(p.variable), locale);
        out += (title.empty() ? "" : title + ": ") + row + '\n';
        break;
      }
    }
  }
  return out;
}

}  // namespace

const TextView& formula_text_view() {
  static const TextView view{"formula", &draw_formula_text};
  return view;
}

}  // namespace lessonsim::app
