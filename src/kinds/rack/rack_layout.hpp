// Where every part of the rack machine goes on screen: a pure function of its state and a rect.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "rack.hpp"
#include "split/split_layout.hpp"

namespace lessonsim::ui {

struct RackMetrics {
  float text_h = 20;
  float small_h = 16;
  float gap = 16;
  float max_cells = 1000;  // more racks than this in view: rows drawn as bands, not cells
  // The kW tracks hold this many times the larger of the feed and the cooling, so they keep
  // their place as servers are added.
  double limits_in_view = 1.6;
};

// A horizontal bar against a limit: the fill up to the limit, the part past it apart.
struct LimitBar {
  Rect label;  // the row of text above the track
  Rect track;
  Rect fill;  // up to the value or the limit, whichever is smaller
  Rect over;  // past the limit (empty when within)
  float limit_x = 0;
  double value = 0;
  double limit = 0;
  bool over_limit = false;
  bool broken = false;  // past the track's end: cut by a break mark, the number in its label
};

struct ServerSlot {
  Rect rect;
  std::int64_t index = 0;  // 0 at the bottom of the rack, as racks fill
  bool filled = false;
};

// A row of racks seen from above: its fill tells how many of the row's racks exist.
struct RowBand {
  Rect rect;
  Rect fill;
  std::int64_t racks = 0;
};

struct HallBlock {
  Rect rect;
  Rect label;
  std::int64_t rows = 0;
  std::vector<RowBand> bands;  // empty when the rows are too thin to draw apart
  double fill_fraction = 0;    // the hall's racks over a full hall's
};

struct RackLayout {
  Rect area;
  RackMachine::Zoom zoom = RackMachine::Zoom::rack;
  // Zoom rack: the cabinet with its server slots, and three bars beside it.
  Rect cabinet;
  std::vector<ServerSlot> slots;
  LimitBar power;        // the rack's draw against its power feed
  LimitBar heat;         // the same heat against what the cooling carries away
  LimitBar clock;        // the chips' clock against full speed
  bool bar_subs = true;  // room for each bar's second line (what its limit is)
  bool bar_tags = true;  // room for the limit's tag under each track
  // Zoom row and hall: one cell per rack, rows of racks_per_row.
  Rect caption;  // two lines: where the view is (rack → row → hall → site) and what it holds
  std::vector<Rect> cells;
  std::vector<RowBand> rows;  // the hall's rows when its racks are too many for cells
  // Zoom site: halls as blocks, their rows as bands.
  std::vector<HallBlock> halls;
  std::int64_t hidden_halls = 0;
  bool empty = false;  // no servers: there is no site to draw
  // Zoom row, hall and site, under the picture: the nearer level's draw (one rack, row or hall)
  // and the view's, on one power scale fitted to the view and marked with its level's name.
  std::array<Rect, 2> power_labels{};
  std::array<Rect, 2> power_tracks{};
  // Up close: the rack's draw as power and heat, the clock's share; further out: the two draws.
  Marks marks;
};

// The name a zoomed-out view's marks carry: each level has its own power scale.
const char* rack_view_name(RackMachine::Zoom zoom);

RackLayout layout_rack(const RackMachine& machine, Rect area, const RackMetrics& metrics = {});

}  // namespace lessonsim::ui
