#include "course_map_layout.hpp"

#include <algorithm>

namespace lessonsim::ui {

MapGrid map_grid(float width, float font) {
  MapGrid g;
  g.gap = font * 0.8f;
  float min_card = font * 18, max_card = font * 30;
  width = std::max(width, 1.0f);
  g.columns = std::clamp(static_cast<int>((width + g.gap) / (min_card + g.gap)), 1, 4);
  float fitted =
      (width - g.gap * static_cast<float>(g.columns - 1)) / static_cast<float>(g.columns);
  g.card_width = std::min(fitted, max_card);
  float used =
      g.card_width * static_cast<float>(g.columns) + g.gap * static_cast<float>(g.columns - 1);
  g.left = std::max(0.0f, (width - used) * 0.5f);
  return g;
}

std::vector<GridCell> map_cells(int count, const MapGrid& grid) {
  std::vector<GridCell> cells;
  int columns = std::max(grid.columns, 1);
  for (int k = 0; k < count; ++k)
    cells.push_back({k / columns, k % columns});
  return cells;
}

}  // namespace lessonsim::ui
