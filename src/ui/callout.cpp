#include "callout.hpp"

#include <cmath>

#include "draw.hpp"
#include "lessonsim/text.hpp"
#include "theme.hpp"

namespace lessonsim::ui {

double callout_factor(double wanted) {
  if (!(wanted > 1)) return 1;
  const double decade = std::pow(10.0, std::floor(std::log10(wanted)));
  for (double step : {5.0, 2.0, 1.0}) {
    if (step * decade <= wanted * (1 + 1e-9)) {
      // Below 5 every whole factor is round enough to read.
      if (decade == 1 && wanted < 5) return std::floor(wanted + 1e-9);
      return step * decade;
    }
  }
  return decade;
}

Callout layout_callout(std::string id, double factor, Rect source, Rect inset, float label_h,
                       std::string zoom_of) {
  Callout c;
  c.view = {std::move(id), std::move(zoom_of), factor, source, inset};
  // Under the inset, where no connector runs.
  c.label = {inset.x0, inset.y1 + 2, inset.x1, inset.y1 + 2 + label_h};
  const Rect& s = source;
  const Rect& i = inset;
  using Line = std::array<float, 4>;
  if (i.x0 >= s.x1) {  // to the right: right corners to left corners
    c.connectors = {Line{s.x1, s.y0, i.x0, i.y0}, Line{s.x1, s.y1, i.x0, i.y1}};
  } else if (i.x1 <= s.x0) {  // to the left
    c.connectors = {Line{s.x0, s.y0, i.x1, i.y0}, Line{s.x0, s.y1, i.x1, i.y1}};
  } else if (i.y0 >= s.y1) {  // below
    c.connectors = {Line{s.x0, s.y1, i.x0, i.y0}, Line{s.x1, s.y1, i.x1, i.y0}};
  } else {  // above
    c.connectors = {Line{s.x0, s.y0, i.x0, i.y1}, Line{s.x1, s.y0, i.x1, i.y1}};
  }
  return c;
}

std::string callout_label(double factor, std::string_view locale) {
  return "×" + format_number(factor, locale);
}

void draw_callout(ImDrawList* dl, const Callout& c, std::string_view locale) {
  using namespace draw;
  const float t = 1.5f * px();
  const Rect& s = c.view.source;
  const Rect& i = c.view.rect;
  dl->AddRect(v(s.x0 - t, s.y0 - t), v(s.x1 + t, s.y1 + t), palette::text, 0, 0, t);
  for (const auto& line : c.connectors)
    dl->AddLine(v(line[0], line[1]), v(line[2], line[3]), palette::muted, t);
  dl->AddRect(v(i.x0, i.y0), v(i.x1, i.y1), palette::text, 4 * px(), 0, t);
  text_in_row(dl, fonts().bold, i.x0, c.label, palette::text, callout_label(c.view.factor, locale));
}

}  // namespace lessonsim::ui
