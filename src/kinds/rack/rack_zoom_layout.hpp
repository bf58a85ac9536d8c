// The rack machine's zoom as frames: a camera over the farther level while the nearer one
// shrinks into (or grows out of) its place in it, so the site is seen to be made of such racks.
#pragma once

#include <vector>

#include "rack_layout.hpp"

namespace lessonsim::ui {

struct RackZoomFrame {
  RackLayout far;        // the level with more racks, seen through the camera
  RackLayout near;       // the level with fewer, drawn inside `near_rect`
  Rect body;             // the picture under the caption, where both are clipped
  Rect near_rect;        // where the nearer level sits at this frame
  float near_alpha = 1;  // the nearer level fades out as it shrinks
  float zoom = 1;        // the camera's scale on the farther level: 1 when it is seen whole
  // Where the farther level shows, each drawn with its own clip: the whole body while the nearer
  // level fades, else only the body around the nearer level's opaque panel (a software
  // rasterizer fills every layer it is sent, hidden or not). Whole-pixel inner edges, so the
  // strips neither overlap nor leave a seam; each reaches a pixel under the panel.
  std::vector<Rect> far_clips;
  Marks marks;  // what this frame draws to scale (the nearer level's, while shown)
};

// `from` and `to` differ in their zoom; t runs 0..1 over the animation. At t = 1 the frame is
// the still picture of `to`: zooming out, `far` as layout_rack draws it and the nearer level
// gone; zooming in, `near` as layout_rack draws it over the whole body.
RackZoomFrame rack_zoom_frame(const RackMachine& from, const RackMachine& to, Rect area, float t,
                              const RackMetrics& metrics = {});

// Where the nearer level's view (the first rack, row or hall) is drawn in a farther layout.
Rect part_in_view(const RackLayout& far, RackMachine::Zoom near, std::int64_t racks_per_row);

}  // namespace lessonsim::ui
