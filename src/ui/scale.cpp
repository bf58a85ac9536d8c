#include "scale.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <utility>

#include "lessonsim/text.hpp"

namespace lessonsim::ui {

namespace {

Scale make(std::string quantity, std::string unit, std::string shown_unit, double base_per_shown,
           double px) {
  Scale s;
  s.quantity = std::move(quantity);
  s.unit = std::move(unit);
  s.shown_unit = std::move(shown_unit);
  s.base_per_shown = base_per_shown;
  s.px_per_shown = px;
  return s;
}

Mark base(const Scale& s, double shown) {
  Mark m;
  m.quantity = s.quantity;
  m.unit = s.unit;
  m.value = shown * s.base_per_shown;
  m.view = s.view;
  // Until label_marks gives it the locale's digits; the unit stays as the picture says it.
  m.label = s.shown_unit;
  return m;
}

}  // namespace

const char* direction_name(Direction d) {
  switch (d) {
    case Direction::right:
      return "right";
    case Direction::up:
      return "up";
    case Direction::down:
      return "down";
    case Direction::none:
      return "none";
  }
  return "right";
}

const char* signal_name(Signal s) {
  switch (s) {
    case Signal::neutral:
      return "neutral";
    case Signal::ok:
      return "ok";
    case Signal::warn:
      return "warn";
    case Signal::fault:
      return "fault";
  }
  return "neutral";
}

Scale Scale::magnified(double factor, std::string id) const {
  Scale s = *this;
  s.px_per_shown *= factor;
  s.view = std::move(id);
  return s;
}

Mark Scale::tile(double shown, Rect rect) const {
  Mark m = base(*this, shown);
  m.direction = Direction::none;
  m.rect = rect;
  return m;
}

Mark Scale::right(double shown, float x0, float y0, float y1, float x_max) const {
  Mark m = base(*this, shown);
  float len = length(std::max(shown, 0.0));
  m.broken = x0 + len > x_max + 0.5f;
  m.rect = {x0, y0, m.broken ? x_max : x0 + len, y1};
  return m;
}

Mark Scale::up(double shown, float x0, float x1, float y1, float y_min) const {
  Mark m = base(*this, shown);
  m.direction = Direction::up;
  float len = length(std::max(shown, 0.0));
  m.broken = y1 - len < y_min - 0.5f;
  m.rect = {x0, m.broken ? y_min : y1 - len, x1, y1};
  return m;
}

Scale memory_scale_gb(double px_per_gb) {
  return make("memory", "B", "GB", 1e9, px_per_gb);
}
Scale time_scale(std::string_view shown_unit, double px) {
  double per = shown_unit == "days" ? 86400 : shown_unit == "h" ? 3600 : 1;
  return make("time", "s", std::string(shown_unit), per, px);
}
Scale power_scale_kw(double px) {
  return make("power", "W", "kW", 1e3, px);
}
Scale money_scale_musd(double px) {
  return make("money", "USD", "$M", 1e6, px);
}
Scale compute_scale_zflop(double px) {
  return make("compute", "FLOP", "ZFLOP", 1e21, px);
}
Scale count_scale(std::string_view unit, double px) {
  return make("count", std::string(unit), std::string(unit), 1, px);
}
Scale share_scale(double px) {
  return make("share", "1", "%", 0.01, px / 100);
}

void label_marks(Marks& marks, std::string_view locale) {
  for (Mark& m : marks) {
    std::string unit = m.label.substr(m.label.rfind(' ') + 1);
    const UnitMeasure* shown = unit_measure(unit);
    double per = shown ? shown->per_unit : 1;
    m.label = format_number(m.value / per, locale) + " " + unit;
  }
}

namespace {

// How many times the screen's scale a view draws at: its factor times the factors of the views
// it magnifies in turn; 0 for a view the screen does not declare (or a loop of them).
double marks_view_factor(const std::vector<View>& views, const std::string& id) {
  double factor = 1;
  std::string at = id;
  for (std::size_t depth = 0; !at.empty(); ++depth) {
    auto it = std::find_if(views.begin(), views.end(), [&](const View& v) { return v.id == at; });
    if (it == views.end() || depth > views.size() || it->factor <= 0) return 0;
    factor *= it->factor;
    at = it->zoom_of;
  }
  return factor;
}

// Pixels per base unit that the longest unbroken mark among `group` gives, divided by `factor`;
// 0 when none has a length.
double marks_scale_of(const std::vector<const Mark*>& group, double factor) {
  const Mark* longest = nullptr;
  for (const Mark* m : group) {
    if (!m->broken && m->value > 0 && (!longest || m->value > longest->value)) longest = m;
  }
  return longest ? longest->length() / longest->value / factor : 0;
}

// How far a mark reaches along its direction: its right end, or how high its top is (upwards
// screen y runs down, so it is negated). A broken mark must reach past every unbroken one: it
// runs to the room's end, even when it starts after another (an exchange after the math).
float marks_far_end(const Mark& m) {
  if (m.direction == Direction::up) return -m.rect.y0;
  if (m.direction == Direction::down) return m.rect.y1;
  return m.rect.x1;
}

std::string marks_px_text(double px) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", px);
  return buf;
}

}  // namespace

std::vector<std::string> check_marks(const Marks& marks, const std::vector<View>& views,
                                     bool panels_apart) {
  std::vector<std::string> out;
  // quantity -> view -> its marks with a length
  std::map<std::string, std::map<std::string, std::vector<const Mark*>>> groups;
  for (const Mark& m : marks) {
    if (m.direction == Direction::none) continue;
    if (!m.view.empty() && marks_view_factor(views, m.view) == 0 && !panels_apart) {
      out.push_back(m.quantity + ": " + m.label + " is drawn in \"" + m.view +
                    "\", which is no callout on the screen (one quantity, one scale)");
      continue;
    }
    groups[m.quantity][m.view].push_back(&m);
  }
  for (const auto& [quantity, by_view] : groups) {
    // One scale per quantity on the screen: the marks outside callouts set it.
    double k = by_view.count("") ? marks_scale_of(by_view.at(""), 1) : 0;
    for (const auto& [view, group] : by_view) {
      const double declared = view.empty() ? 1 : marks_view_factor(views, view);
      // A panel of its own (round one's rule): its own scale.
      const bool apart = declared == 0;
      const double factor = apart ? 1 : declared;
      const double here = (k > 0 && !apart ? k : marks_scale_of(group, factor)) * factor;
      const std::string name = quantity + (view.empty() ? "" : " (callout " + view + ")");
      float unbroken_max = -std::numeric_limits<float>::infinity();
      for (const Mark* m : group) {
        if (m->broken) continue;
        unbroken_max = std::max(unbroken_max, marks_far_end(*m));
        double want = m->value * here;
        if (std::abs(m->length() - want) > std::max(1.5, 0.02 * want)) {
          out.push_back(name + ": " + m->label + " is " + marks_px_text(m->length()) +
                        " px long, to the screen's scale it would be " + marks_px_text(want) +
                        " px");
        }
      }
      for (const Mark* a : group) {
        if (a->broken) {
          if (a->label.find_first_of("0123456789") == std::string::npos)
            out.push_back(name + ": a broken mark without its number");
          if (marks_far_end(*a) <= unbroken_max)
            out.push_back(name + ": broken " + a->label +
                          " reaches no further than an unbroken mark");
        }
        for (const Mark* b : group) {
          if (a->value > b->value && a->length() < b->length() - 0.5f) {
            out.push_back(name + ": " + a->label + " is drawn shorter than " + b->label);
          }
        }
      }
    }
  }
  return out;
}

}  // namespace lessonsim::ui
