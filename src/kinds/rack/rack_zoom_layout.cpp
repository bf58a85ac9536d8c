// The zoom between two rack levels: both still layouts, moved by one uniform camera.
#include "rack_zoom_layout.hpp"

#include <algorithm>
#include <cmath>

#include "tween.hpp"

namespace lessonsim::ui {

namespace {

void move(LimitBar& b, const Affine& a) {
  b.label = a(b.label);
  b.track = a(b.track);
  b.fill = a(b.fill);
  b.over = a(b.over);
  b.limit_x = a.x(b.limit_x);
}

// Everything the picture draws under the caption; the caption stays where it is.
void move(RackLayout& l, const Affine& a) {
  l.cabinet = a(l.cabinet);
  for (auto& s : l.slots)
    s.rect = a(s.rect);
  move(l.power, a);
  move(l.heat, a);
  move(l.clock, a);
  for (auto& c : l.cells)
    c = a(c);
  for (auto& r : l.rows) {
    r.rect = a(r.rect);
    r.fill = a(r.fill);
  }
  for (auto& h : l.halls) {
    h.rect = a(h.rect);
    h.label = a(h.label);
    for (auto& b : h.bands) {
      b.rect = a(b.rect);
      b.fill = a(b.fill);
    }
  }
  for (std::size_t k = 0; k < l.power_tracks.size(); ++k) {
    l.power_labels[k] = a(l.power_labels[k]);
    l.power_tracks[k] = a(l.power_tracks[k]);
  }
  for (auto& m : l.marks)
    m.rect = a(m.rect);
}

Rect first_of(const Rect& band, std::int64_t of) {
  Rect r = band;
  r.x1 = band.x0 + band.width() / static_cast<float>(std::max<std::int64_t>(of, 1));
  return r;
}

// The largest rect of `shape`'s proportions inside `r`, centred.
Rect fitted(const Rect& shape, const Rect& r) {
  const float aspect = shape.width() / std::max(shape.height(), 1e-6f);
  float w = r.width(), h = r.height();
  if (w / std::max(h, 1e-6f) > aspect) {
    w = h * aspect;
  } else {
    h = w / aspect;
  }
  return {r.center_x() - w / 2, r.center_y() - h / 2, r.center_x() + w / 2, r.center_y() + h / 2};
}

// `outer` less the opaque `hole`, as at most four strips that tile it: above, below, then left
// and right between them. Their edges inside the hole are whole pixels at least one pixel in,
// so a clip rounded to pixels never uncovers what the hole's own (pixel-rounded) clip paints.
std::vector<Rect> around(const Rect& outer, const Rect& hole) {
  const Rect in{std::ceil(hole.x0) + 1, std::ceil(hole.y0) + 1, std::floor(hole.x1) - 1,
                std::floor(hole.y1) - 1};
  if (in.x0 >= in.x1 || in.y0 >= in.y1) return {outer};
  const float top = std::clamp(in.y0, outer.y0, outer.y1);
  const float bottom = std::clamp(in.y1, top, outer.y1);
  std::vector<Rect> out;
  auto add = [&](Rect r) {
    if (r.width() > 0 && r.height() > 0) out.push_back(r);
  };
  add({outer.x0, outer.y0, outer.x1, top});
  add({outer.x0, bottom, outer.x1, outer.y1});
  add({outer.x0, top, std::clamp(in.x0, outer.x0, outer.x1), bottom});
  add({std::clamp(in.x1, outer.x0, outer.x1), top, outer.x1, bottom});
  return out;
}

}  // namespace

Rect part_in_view(const RackLayout& far, RackMachine::Zoom near, std::int64_t per_row) {
  using Z = RackMachine::Zoom;
  if (!far.halls.empty()) {
    const HallBlock& h = far.halls.front();
    if (near == Z::hall || h.bands.empty()) return h.rect;
    return near == Z::row ? h.bands.front().rect : first_of(h.bands.front().rect, per_row);
  }
  if (!far.rows.empty()) {
    const Rect& band = far.rows.front().rect;
    return near == Z::rack ? first_of(band, per_row) : band;
  }
  if (far.cells.empty()) return far.area;
  if (near == Z::rack) return far.cells.front();
  Rect r = far.cells.front();
  const auto n = std::min<std::size_t>(far.cells.size(), static_cast<std::size_t>(per_row));
  for (std::size_t k = 1; k < n; ++k) {
    r.x0 = std::min(r.x0, far.cells[k].x0);
    r.y0 = std::min(r.y0, far.cells[k].y0);
    r.x1 = std::max(r.x1, far.cells[k].x1);
    r.y1 = std::max(r.y1, far.cells[k].y1);
  }
  return r;
}

RackZoomFrame rack_zoom_frame(const RackMachine& from, const RackMachine& to, Rect area, float t,
                              const RackMetrics& mt) {
  const bool out = to.zoom() > from.zoom();
  const RackMachine& near_m = out ? from : to;
  const RackMachine& far_m = out ? to : from;
  RackZoomFrame f;
  f.far = layout_rack(far_m, area, mt);
  f.near = layout_rack(near_m, area, mt);
  f.body = {area.x0, f.far.caption.y1 + mt.gap, area.x1, area.y1};
  // z: 0 with the nearer level filling the body, 1 with the farther one seen whole.
  const float e = ease(t);
  const float z = out ? e : 1 - e;
  const auto per_row = far_m.settings()["racks_per_row"].get<std::int64_t>();
  const Rect home =
      f.far.empty ? f.body : fitted(f.body, part_in_view(f.far, near_m.zoom(), per_row));
  // The camera zooms about the one point that stays put, at a steady pace in log scale.
  const float k0 = f.body.width() / std::max(home.width(), 1e-6f);
  Affine camera;
  if (k0 > 1.0001f) {
    f.zoom = std::pow(k0, 1 - z);
    const float cx = (k0 * home.x0 - f.body.x0) / (k0 - 1);
    const float cy = (k0 * home.y0 - f.body.y0) / (k0 - 1);
    camera = {f.zoom, cx * (1 - f.zoom), cy * (1 - f.zoom)};
  }
  move(f.far, camera);
  f.near_rect = camera(home);
  move(f.near, Affine::onto(f.body, f.near_rect));
  f.near_alpha = std::clamp((0.75f - z) / 0.45f, 0.0f, 1.0f);
  f.far_clips = f.near_alpha >= 1 ? around(f.body, f.near_rect) : std::vector<Rect>{f.body};
  if (f.near_alpha > 0) f.marks = f.near.marks;
  // The farther level's marks only while some of it shows round the nearer one's opaque panel.
  const bool far_hidden = f.near_alpha >= 1 && f.near_rect.x0 <= f.body.x0 + 0.5f &&
                          f.near_rect.y0 <= f.body.y0 + 0.5f &&
                          f.near_rect.x1 >= f.body.x1 - 0.5f && f.near_rect.y1 >= f.body.y1 - 0.5f;
  if (!far_hidden) f.marks.insert(f.marks.end(), f.far.marks.begin(), f.far.marks.end());
  return f;
}

}  // namespace lessonsim::ui
