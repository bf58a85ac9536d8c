// The pixels a frame's draw data asks the rasterizer to fill, counted on the CPU from ImGui's
// triangles clipped to their clip rects: a measure of overdraw that no machine load disturbs.
#pragma once

#include <imgui.h>

namespace lessonsim::bench {

// The area of every triangle in `data`, clipped to its command's clip rect, in pixels.
double filled_pixels(const ImDrawData& data);

}  // namespace lessonsim::bench
