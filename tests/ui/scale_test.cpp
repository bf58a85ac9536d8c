// Marks' labels: the number a mark says is its value in the unit the picture prints.
#include <catch2/catch.hpp>

#include "scale.hpp"

using namespace lessonsim::ui;

TEST_CASE("scale: a time drawn in milliseconds is labelled in milliseconds") {
  // The batching canvas's time per token: seconds in the mark, milliseconds on the screen.
  Scale time = time_scale("s", 10);
  time.shown_unit = "ms";
  time.base_per_shown = 1e-3;
  Marks marks{time.right(37, 0, 0, 10, 1000)};
  label_marks(marks, "en");
  CHECK(marks[0].value == Approx(0.037));
  CHECK(marks[0].label == "37 ms");
}

TEST_CASE("scale: days and gigabytes keep their printed units") {
  Marks marks{time_scale("days", 1).right(66.5, 0, 0, 10, 1000),
              memory_scale_gb(1).right(280, 0, 0, 10, 1000)};
  label_marks(marks, "es");
  CHECK(marks[0].label == "66,5 days");
  CHECK(marks[1].label == "280 GB");
}
