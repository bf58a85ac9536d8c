// Scales and marks: every quantity a picture draws as a length goes through one Scale, and each
// length it draws is recorded as a Mark, so tests and `lessonsim shot --marks` can hold the
// picture to scale.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/units.hpp"
#include "rect.hpp"

namespace lessonsim::ui {

// Which way a mark's length runs; `none` for a number in a tile (a counter, not a length).
enum class Direction { right, up, down, none };
// What a mark signals: a state within its limit, one near it, one past it, or nothing.
enum class Signal { neutral, ok, warn, fault };
const char* direction_name(Direction d);
const char* signal_name(Signal s);

// One quantity drawn as a length (or, `Direction::none`, shown as a number in a tile): `value`
// in the base unit (bytes, seconds, watts, dollars).
struct Mark {
  std::string quantity;  // "memory", "time", "power", "money", "count", "share"
  double value = 0;
  std::string unit;  // the base unit: "B", "s", "W", "USD", "GPU", "1"
  Rect rect;         // as drawn, in screen pixels
  Direction direction = Direction::right;
  bool broken = false;  // longer than the room: drawn to the room's end with a break mark
  std::string label;    // the number as shown, e.g. "280 GB"
  // Empty: the screen's own scale. Else the id of the callout it is drawn in, whose marks are
  // exactly its factor larger (see View).
  std::string view;
  std::string var;  // the machine variable it draws; empty for a fixed reference
  Signal state = Signal::neutral;
  bool faded = false;  // in a part of the picture the step is not about
  bool up() const { return direction == Direction::up || direction == Direction::down; }
  float length() const { return up() ? rect.height() : rect.width(); }
  // Marks the machine variable it draws; returns itself, for chaining in a layout.
  Mark& of(std::string name, Signal signal = Signal::neutral) {
    var = std::move(name);
    state = signal;
    return *this;
  }
};
using Marks = std::vector<Mark>;

// Pixels per unit of one quantity. `shown` values are in the unit the picture prints (GB, days,
// kW, $M), `base_per_shown` converts them to the base unit for the marks.
struct Scale {
  std::string quantity;
  std::string unit;           // base unit
  std::string shown_unit;     // what the labels say, e.g. "GB"
  double base_per_shown = 1;  // 1e9 for GB, 86400 for days
  double px_per_shown = 1;
  std::string view;

  float length(double shown) const { return static_cast<float>(shown * px_per_shown); }
  // The same scale `factor` times larger, for the marks of the callout `id`.
  Scale magnified(double factor, std::string id) const;
  // A number shown in a tile at `rect`: a mark of this quantity with no length.
  Mark tile(double shown, Rect rect) const;
  // A bar from x0 to the right within [x0, x_max]: true length, or broken at x_max.
  Mark right(double shown, float x0, float y0, float y1, float x_max) const;
  // A bar from y1 upwards within [y_min, y1]: true length, or broken at y_min.
  Mark up(double shown, float x0, float x1, float y1, float y_min) const;
};

// Scales by quantity; `px_per_shown` is what the layout chose for its screen.
Scale memory_scale_gb(double px_per_gb);
Scale time_scale(std::string_view shown_unit, double px_per_shown);  // "s", "h" or "days"
Scale power_scale_kw(double px_per_kw);
Scale money_scale_musd(double px_per_musd);
Scale compute_scale_zflop(double px_per_zflop);
Scale count_scale(std::string_view unit, double px_per_unit);
// Parts of a whole (0..1), e.g. the exchange's share of a step.
Scale share_scale(double px_per_whole);

// Fills every mark's label in the locale ("280 GB", "35 days").
void label_marks(Marks& marks, std::string_view locale);

// A magnified part of the picture, drawn as a callout: an inset (`rect`) tied by connectors to
// the region it magnifies (`source`), labelled with its factor; its marks are exactly `factor`
// times the screen's scale. `zoom_of` names the view it magnifies (empty: the screen's).
struct View {
  std::string id;
  std::string zoom_of;
  double factor = 1;
  Rect source;
  Rect rect;
};

// What breaks the scale rules on one screen, one line each (empty: the picture is to scale).
// Outside callouts, every mark of one quantity has one scale: length ∝ value within 1.5 px or
// 2 %; a callout's marks are exactly its factor larger; a larger value is never drawn shorter; a
// broken mark has its number and is longer than every unbroken one; a mark names a callout that
// exists. A number in a tile (`Direction::none`) has no length and is left out. `panels_apart`
// is round one's rule, for a kind whose picture is not yet drawn on one screen scale: a view no
// callout declares is compared among its own marks.
std::vector<std::string> check_marks(const Marks& marks, const std::vector<View>& views = {},
                                     bool panels_apart = false);

}  // namespace lessonsim::ui
