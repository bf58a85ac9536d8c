// The rack machine's layout: a cabinet and bars up close, cells and bands further out.
#include "rack_layout.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace lessonsim::ui {

namespace {

LimitBar limit_bar(Rect label, Rect track, double value, double limit, const Scale& scale,
                   Marks& marks) {
  LimitBar b;
  b.label = label;
  b.track = track;
  b.value = value;
  b.limit = limit;
  Mark mark = scale.right(value, track.x0, track.y0, track.y1, track.x1);
  b.broken = mark.broken;
  b.limit_x = std::min(track.x0 + scale.length(limit), track.x1);
  b.fill = {track.x0, track.y0, std::min(mark.rect.x1, b.limit_x), track.y1};
  b.over_limit = value > limit;
  if (b.over_limit) b.over = {b.limit_x, track.y0, mark.rect.x1, track.y1};
  marks.push_back(std::move(mark));
  return b;
}

void layout_close_up(RackLayout& l, const RackMachine& m, Rect body, const RackMetrics& mt) {
  float cab_w = std::clamp(body.width() * 0.28f, 110.0f, 240.0f);
  l.cabinet = {body.x0, body.y0, body.x0 + cab_w, body.y1};
  const std::int64_t max_servers = static_cast<std::int64_t>(m.settings()["max_servers"]);
  float pad = std::round(mt.gap * 0.5f);
  float inner_h = l.cabinet.height() - 2 * pad;
  float slot_h = inner_h / static_cast<float>(std::max<std::int64_t>(max_servers, 1));
  float slot_gap = std::min(3.0f, slot_h * 0.15f);
  for (std::int64_t k = 0; k < max_servers; ++k) {
    float y1 = l.cabinet.y1 - pad - slot_h * static_cast<float>(k);
    l.slots.push_back(
        {{l.cabinet.x0 + pad, y1 - slot_h + slot_gap, l.cabinet.x1 - pad, y1}, k, k < m.servers()});
  }

  Rect bars{l.cabinet.x1 + mt.gap * 2, body.y0, body.x1, body.y1};
  // Short of room (large text in a small window), each bar drops its second line, then the
  // limit's tag under its track, rather than let one bar's words run over the next one's.
  const float min_track = mt.small_h * 0.8f;
  auto needs = [&](bool sub, bool tags) {
    return mt.text_h + (sub ? mt.small_h + 4 : 2) + 2 + min_track + (tags ? mt.small_h + 8 : 0) +
           mt.gap * 0.5f;
  };
  l.bar_subs = needs(true, true) <= bars.height() / 3;
  l.bar_tags = l.bar_subs || needs(false, true) <= bars.height() / 3;
  float label_h = mt.text_h + (l.bar_subs ? mt.small_h + 4 : 2);
  float tag_h = l.bar_tags ? mt.small_h + 8 : 0;  // the limit's tag under each track
  float track_h = std::clamp(bars.height() / 3 - label_h - 2 - tag_h - mt.gap * 0.5f,
                             mt.small_h * 0.8f, std::round(mt.text_h * 1.4f));
  float block = std::min(bars.height() / 3, label_h + 2 + track_h + tag_h + mt.gap);
  auto slot = [&](int k, Rect& label, Rect& track) {
    float y = bars.y0 + block * static_cast<float>(k);
    label = {bars.x0, y, bars.x1, y + label_h};
    track = {bars.x0, y + label_h + 2, bars.x1, y + label_h + 2 + track_h};
  };
  // Power and heat share one kW scale so the feed and the cooling can be compared by eye.
  const auto draw = static_cast<double>(m.rack_watts());
  const auto feed = static_cast<double>(m.budget_watts());
  const auto cooling = static_cast<double>(m.cooling_watts());
  Rect label, track;
  slot(0, label, track);
  const Scale kw = power_scale_kw(
      track.width() / std::max(std::max(feed, cooling) / 1000 * mt.limits_in_view, 1e-9));
  l.power = limit_bar(label, track, draw / 1000, feed / 1000, kw, l.marks);
  slot(1, label, track);
  l.heat = limit_bar(label, track, draw / 1000, cooling / 1000, kw, l.marks);
  slot(2, label, track);
  l.clock = limit_bar(label, track, m.clock() * 100, 100, share_scale(track.width()), l.marks);
}

void layout_cells(RackLayout& l, std::int64_t racks, std::int64_t per_row, Rect body,
                  const RackMetrics& mt) {
  const std::int64_t cols = std::min(per_row, racks);
  const std::int64_t nrows = (racks + per_row - 1) / per_row;
  float row_h = std::min(body.height() / static_cast<float>(nrows), mt.text_h * 6);
  if (static_cast<float>(racks) > mt.max_cells) {
    for (std::int64_t r = 0; r < nrows; ++r) {
      std::int64_t in_row = std::min(per_row, racks - r * per_row);
      float y0 = body.y0 + row_h * static_cast<float>(r);
      Rect band{body.x0, y0, body.x1, y0 + std::max(row_h - 1.0f, 1.0f)};
      Rect fill = band;
      fill.x1 = band.x0 + band.width() * static_cast<float>(in_row) / static_cast<float>(per_row);
      l.rows.push_back({band, fill, in_row});
    }
    return;
  }
  float cell_w = body.width() / static_cast<float>(cols);
  float cell_h = std::min(row_h, cell_w * 2.5f);
  float g = std::min(4.0f, std::min(cell_w, cell_h) * 0.15f);
  for (std::int64_t k = 0; k < racks; ++k) {
    float x0 = body.x0 + cell_w * static_cast<float>(k % per_row);
    float y0 = body.y0 + row_h * static_cast<float>(k / per_row);
    l.cells.push_back({x0, y0, x0 + cell_w - g, y0 + cell_h - g});
  }
}

void layout_site(RackLayout& l, const RackMachine& m, std::int64_t per_row, std::int64_t per_hall,
                 Rect body, const RackMetrics& mt) {
  const calc::SitePlan s = m.site();
  const std::int64_t shown = std::min<std::int64_t>(s.halls, 48);
  l.hidden_halls = s.halls - shown;
  double aspect = static_cast<double>(body.width()) / std::max(1.0f, body.height());
  auto cols = std::clamp<std::int64_t>(
      static_cast<std::int64_t>(std::ceil(std::sqrt(static_cast<double>(shown) * aspect))), 1,
      shown);
  const std::int64_t grid_rows = (shown + cols - 1) / cols;
  float cw = body.width() / static_cast<float>(cols);
  float ch = body.height() / static_cast<float>(grid_rows);
  const double full_hall = static_cast<double>(per_row * per_hall);
  for (std::int64_t h = 0; h < shown; ++h) {
    HallBlock b;
    float x0 = body.x0 + cw * static_cast<float>(h % cols);
    float y0 = body.y0 + ch * static_cast<float>(h / cols);
    b.rect = {x0, y0, x0 + cw - mt.gap * 0.5f, y0 + ch - mt.gap * 0.5f};
    b.label = {b.rect.x0 + 4, b.rect.y0 + 2, b.rect.x1 - 4, b.rect.y0 + 2 + mt.small_h};
    const std::int64_t first_row = h * per_hall;
    b.rows = std::min(per_hall, s.rows - first_row);
    const std::int64_t hall_racks =
        std::min(static_cast<std::int64_t>(full_hall), s.racks - first_row * per_row);
    b.fill_fraction = static_cast<double>(hall_racks) / full_hall;
    Rect inner{b.rect.x0 + 4, b.label.y1 + 4, b.rect.x1 - 4, b.rect.y1 - 4};
    float band_h = inner.height() / static_cast<float>(per_hall);
    if (band_h >= 2) {
      for (std::int64_t r = 0; r < b.rows; ++r) {
        std::int64_t racks = std::min(per_row, s.racks - (first_row + r) * per_row);
        float by = inner.y0 + band_h * static_cast<float>(r);
        Rect band{inner.x0, by, inner.x1, by + (band_h >= 4 ? band_h - 1 : band_h)};
        Rect fill = band;
        fill.x1 = band.x0 + band.width() * static_cast<float>(racks) / static_cast<float>(per_row);
        b.bands.push_back({band, fill, racks});
      }
    }
    l.halls.push_back(std::move(b));
  }
}

// Two rows at the bottom of `body`, a label over a track each; returns what is left above.
Rect layout_power(RackLayout& l, const RackMachine& m, Rect body, const RackMetrics& mt) {
  using Z = RackMachine::Zoom;
  const float row_h = mt.small_h + 2 + std::round(mt.small_h * 0.6f);
  const float top = body.y1 - 2 * row_h;
  for (int k = 0; k < 2; ++k) {
    const float y = top + row_h * static_cast<float>(k);
    l.power_labels[k] = {body.x0, y, body.x1, y + mt.small_h};
    l.power_tracks[k] = {body.x0, y + mt.small_h + 2, body.x1, y + row_h - 2};
  }
  const Z near = static_cast<Z>(static_cast<int>(m.zoom()) - 1);
  const auto near_w = static_cast<double>(m.level_watts(near));
  const auto view_w = static_cast<double>(m.view_watts());
  const Rect& t = l.power_tracks[1];
  Scale kw = power_scale_kw(t.width() / std::max(view_w / 1000, 1e-9));
  kw.view = rack_view_name(m.zoom());
  for (int k = 0; k < 2; ++k) {
    const Rect& r = l.power_tracks[k];
    l.marks.push_back(kw.right((k == 0 ? near_w : view_w) / 1000, r.x0, r.y0, r.y1, r.x1));
  }
  return {body.x0, body.y0, body.x1, std::max(body.y0, top - mt.gap * 0.5f)};
}

}  // namespace

const char* rack_view_name(RackMachine::Zoom zoom) {
  switch (zoom) {
    case RackMachine::Zoom::rack:
      return "";
    case RackMachine::Zoom::row:
      return "row";
    case RackMachine::Zoom::hall:
      return "hall";
    case RackMachine::Zoom::site:
      return "site";
  }
  return "";
}

RackLayout layout_rack(const RackMachine& m, Rect area, const RackMetrics& mt) {
  RackLayout l;
  l.area = area;
  l.zoom = m.zoom();
  l.caption = {area.x0, area.y0, area.x1, area.y0 + mt.text_h + mt.small_h + 8};
  Rect body{area.x0, l.caption.y1 + mt.gap, area.x1, area.y1};
  if (l.zoom == RackMachine::Zoom::rack) {
    layout_close_up(l, m, body, mt);
    return l;
  }
  const std::int64_t racks = m.view_racks();
  if (racks <= 0) {
    l.empty = true;
    return l;
  }
  const nlohmann::json set = m.settings();
  const auto per_row = set["racks_per_row"].get<std::int64_t>();
  const auto per_hall = set["rows_per_hall"].get<std::int64_t>();
  body = layout_power(l, m, body, mt);
  if (l.zoom == RackMachine::Zoom::site) {
    layout_site(l, m, per_row, per_hall, body, mt);
  } else {
    layout_cells(l, racks, per_row, body, mt);
  }
  return l;
}

}  // namespace lessonsim::ui
