// Where the course map puts its lesson cards: a grid that reflows from the width and text size.
#pragma once

#include <vector>

namespace lessonsim::ui {

struct MapGrid {
  int columns = 1;
  float card_width = 0;
  float gap = 0;
  float left = 0;  // the grid's left edge, centring it in the width
};

// Cards are at least `font`·18 wide and at most `font`·30; as many columns as fit, up to four,
// never wider than `width`. A width too small for even one minimum card gives one card as wide as
// the width.
MapGrid map_grid(float width, float font);

// The row and column of each of `count` cards, in path order: left to right, top to bottom.
struct GridCell {
  int row = 0, column = 0;
};
std::vector<GridCell> map_cells(int count, const MapGrid& grid);

}  // namespace lessonsim::ui
