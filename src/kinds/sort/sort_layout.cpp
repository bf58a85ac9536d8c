// The sort table's geometry: the bins as two columns on the right, the rows as tall as their
// wrapped names, squeezed evenly when the area is short.
#include "sort_layout.hpp"

#include <algorithm>

namespace lessonsim::ui {

bool sort_stacked(Rect area, const SortMetrics& m) {
  const float side = std::max(m.slot_w, area.width() * 0.18f);
  return area.width() - 2 * side - 1.5f * m.gap < area.width() * 0.35f;
}

float sort_slot_width(Rect area, const SortMetrics& m) {
  if (sort_stacked(area, m)) return (area.width() - m.gap * 0.5f) * 0.5f;
  return std::max(m.slot_w, area.width() * 0.18f);
}

SortLayout layout_sort(Rect area, const std::function<float(std::size_t, float)>& text_height,
                       const std::array<bool, sort_item_count>& extra_lines, const SortMetrics& m) {
  SortLayout l;
  l.stacked = sort_stacked(area, m);
  float slot_w = sort_slot_width(area, m);
  float net_x0 = area.x1 - slot_w;
  float dc_x0 = net_x0 - m.gap * 0.5f - slot_w;
  // Stacked, each name takes the row's whole width above its two buttons.
  float text_x1 = l.stacked ? area.x1 : dc_x0 - m.gap;
  float below = l.stacked ? m.button_h : 0;
  float header_h = m.header_h + m.pad + m.bar_h;
  l.header_jobs = {area.x0, area.y0, l.stacked ? area.x0 : text_x1, area.y0 + header_h};
  l.header_datacenter = {dc_x0, area.y0, dc_x0 + slot_w, area.y0 + header_h};
  l.header_network = {net_x0, area.y0, area.x1, area.y0 + header_h};
  const float bar_y0 = area.y0 + m.header_h;
  l.track_datacenter = {dc_x0, bar_y0, dc_x0 + slot_w, bar_y0 + m.bar_h};
  l.track_network = {net_x0, bar_y0, area.x1, bar_y0 + m.bar_h};

  float text_w = std::max(text_x1 - area.x0 - 2 * m.pad, 1.0f);
  std::array<float, sort_item_count> content{};
  float total_content = 0;
  for (std::size_t k = 0; k < sort_item_count; ++k) {
    float h = text_height(k, text_w) + (extra_lines[k] ? m.small_h : 0) + below;
    content[k] = std::max(h, m.button_h);
    total_content += content[k];
  }
  float room = area.y1 - l.header_jobs.y1 - m.pad;
  auto rows = static_cast<float>(sort_item_count);
  // Short of room, the padding goes first; only then are the rows themselves squeezed.
  float pad = std::clamp((room - total_content) / (2 * rows), 0.0f, m.pad);
  float total = total_content + 2 * pad * rows;
  l.fits = total <= room + 0.01f;
  float squeeze = l.fits ? 1.0f : room / total;
  std::array<float, sort_item_count> wanted{};
  for (std::size_t k = 0; k < sort_item_count; ++k)
    wanted[k] = content[k] + 2 * pad;
  float y = l.header_jobs.y1 + m.pad;
  for (std::size_t k = 0; k < sort_item_count; ++k) {
    float h = wanted[k] * squeeze;
    SortRow& r = l.rows[k];
    r.row = {area.x0, y, area.x1, y + h};
    r.text = {area.x0 + m.pad, y + pad * squeeze, text_x1 - m.pad,
              y + h - pad * squeeze - below * squeeze};
    float by1 = l.stacked ? r.row.y1 - pad * squeeze : r.row.center_y() + m.button_h * 0.5f;
    float by0 = by1 - (l.stacked ? below * squeeze : m.button_h);
    r.datacenter = {dc_x0, by0, dc_x0 + slot_w, by1};
    r.network = {net_x0, by0, area.x1, by1};
    y += h;
  }
  return l;
}

Marks sort_marks(const SortLayout& l, double in_datacenter, double in_network) {
  const Scale jobs =
      count_scale("job", std::min(l.track_datacenter.width(), l.track_network.width()) /
                             static_cast<double>(sort_item_count));
  const Rect& dc = l.track_datacenter;
  const Rect& net = l.track_network;
  return {jobs.right(in_datacenter, dc.x0, dc.y0, dc.y1, dc.x1),
          jobs.right(in_network, net.x0, net.y0, net.y1, net.x1)};
}

}  // namespace lessonsim::ui
