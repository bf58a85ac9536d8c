// The machines' toolbar packing: full size while it takes two rows, tighter and smaller beyond.
#include <catch2/catch.hpp>

#include <vector>

#include "toolbar_layout.hpp"

using namespace lessonsim::ui;

namespace {

// The batching toolbar's seven labels in en-XA, measured in the canvas's body font at 200% text
// (25 px), and in its small font (20 px).
const std::vector<float> batching_xa_body = {145, 149, 149, 145, 114, 114, 110};
std::vector<float> small_of(const std::vector<float>& body) {
  std::vector<float> out;
  for (float w : body)
    out.push_back(w * 0.8f);
  return out;
}
// The style at 200% text: ImGui's padding and spacing scaled twice, the fonts capped at 125%.
const ToolbarMetrics at_200{25, 20, 32, 20, 28, 20};

}  // namespace

TEST_CASE("toolbar: buttons flow left to right and wrap where the next one would pass the edge") {
  CHECK(toolbar_rows({}, 400, 10) == 0);
  CHECK(toolbar_rows({100, 100, 100}, 320, 10) == 1);
  CHECK(toolbar_rows({100, 100, 100}, 319, 10) == 2);
  CHECK(toolbar_rows({500, 100}, 300, 10) == 2);  // a button wider than the row has its own
}

TEST_CASE("toolbar: at 100% text in a wide canvas the buttons keep their full size") {
  const ToolbarMetrics at_100{20, 16, 16, 10, 14, 10};
  ToolbarPlan plan = plan_toolbar({70, 80, 80, 70, 50, 50, 45},
                                  small_of({70, 80, 80, 70, 50, 50, 45}), 700, at_100);
  CHECK_FALSE(plan.style.small_font);
  CHECK(plan.style.pad_x == 16);
  CHECK(plan.rows <= 2);
}

TEST_CASE("toolbar: en-XA at 200% in a 1024x640 window packs into three rows, not five") {
  const float row_w = 435;  // the canvas's width beside the narration
  const float canvas_h = 360;
  std::vector<float> full;
  for (float w : batching_xa_body)
    full.push_back(w + 2 * at_200.pad_x);
  REQUIRE(toolbar_rows(full, row_w, at_200.spacing_x) == 5);  // what stacked down the canvas
  ToolbarPlan plan = plan_toolbar(batching_xa_body, small_of(batching_xa_body), row_w, at_200);
  CHECK(plan.rows <= 3);
  CHECK(plan.style.small_font);
  // The picture keeps at least 70% of the canvas.
  CHECK(plan.height <= canvas_h * 0.3f);
}

TEST_CASE("toolbar: the least height wins when none of the sizes fits in two rows") {
  std::vector<float> many(12, 140);
  ToolbarPlan plan = plan_toolbar(many, small_of(many), 435, at_200);
  CHECK(plan.style.small_font);
  CHECK(plan.rows == 4);
}

TEST_CASE("toolbar: labels each wider than half the row go two to a row on two lines") {
  // own-or-rent's six month and cooling buttons in en-XA at 200% text, small font, in the
  // 441 px a 1024x640 window leaves the canvas: each over half of it, about half broken in two.
  const std::vector<float> small_w = {218, 232, 220, 236, 212, 210};
  const std::vector<float> body_w = {272, 290, 275, 295, 265, 262};
  const std::vector<float> two_line_w = {120, 130, 122, 140, 112, 104};
  const ToolbarPlan one = plan_toolbar(body_w, small_w, 441, at_200);
  CHECK(one.rows == 6);
  CHECK_FALSE(one.style.two_lines);
  const ToolbarPlan two = plan_toolbar(body_w, small_w, 441, at_200, 2, two_line_w);
  CHECK(two.style.two_lines);
  CHECK(two.style.small_font);
  CHECK(two.rows == 3);
  CHECK(two.height < one.height);
}

TEST_CASE("toolbar: two-line labels are not chosen when one line packs no taller") {
  // Six labels that take three rows on one line (102 px); broken in two they would take the two
  // rows allowed, but of twice the height (106 px).
  const std::vector<float> small_w = {130, 150, 135, 155, 140, 130};
  const std::vector<float> body_w = {163, 188, 169, 194, 175, 163};
  const std::vector<float> two_line_w = {70, 80, 72, 82, 75, 70};
  const ToolbarPlan plan = plan_toolbar(body_w, small_w, 441, at_200, 2, two_line_w);
  CHECK_FALSE(plan.style.two_lines);
  CHECK(plan.style.small_font);
  CHECK(plan.rows == 3);
}
