// The cluster canvas's layout checked with numbers, no ImGui involved.
#include <catch2/catch.hpp>

#include "../layout_test_support.hpp"
#include "cluster/cluster.hpp"
#include "cluster/cluster_layout.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using namespace lessonsim::ui::testing;

namespace {

ClusterMachine machine(int gpus, bool recompute, int checkpoint_minutes, int deadline = 35) {
  ClusterMachine m;
  m.set("gpus", gpus);
  m.set("recompute", recompute);
  m.set("checkpoint_minutes", checkpoint_minutes);
  m.set("deadline_days", deadline);
  return m;
}

// Lesson 7's model: 140 B parameters, 2.8 T tokens, no recomputation, a 70-day deadline.
ClusterMachine lesson_machine(int gpus, int checkpoint_minutes) {
  ClusterMachine m = machine(gpus, false, checkpoint_minutes, 70);
  m.set("params", 140'000'000'000);
  m.set("tokens", 2'800'000'000'000);
  m.set("tflops", 400);
  return m;
}

const Rect cluster_area{0, 0, 900, 560};

// Everything shown, the callout's factor set from the machine as it is.
ClusterView everything(const ClusterFigures& f) {
  ClusterView v;
  v.entry_wasted_days = f.wasted_days;
  return v;
}

double px_per_day(const Mark& m) {
  return m.length() / (m.value / 86400);
}

const Mark* mark_of(const ClusterLayout& l, const std::string& var, const std::string& view = "") {
  for (const Mark& m : l.marks)
    if (m.var == var && m.view == view) return &m;
  return nullptr;
}

}  // namespace

TEST_CASE("GPT-3 on 1,024 GPUs at 140 TFLOP/s with recompute: 420 ZFLOP, 34 of 35 days") {
  ClusterFigures f = cluster_figures(machine(1024, true, 1440));
  CHECK(f.k == 8);
  CHECK(f.zettaflop == Approx(8 * 175e9 * 300e9 / 1e21));
  CHECK(f.days == Approx(420e21 / (1024 * 140e12) / 86400));
  ClusterLayout l = layout_cluster(f, everything(f), cluster_area);
  // 6·P·T is three quarters of 8·P·T.
  CHECK(l.six.width() == Approx(l.eight.width() * 0.75));
  CHECK(l.eight.width() == Approx(l.eight_track.width()));
  CHECK_FALSE(l.days.over_limit);
  CHECK(l.days.fill.x1 < l.days.limit_x);
  CHECK(inside(l.waste_track, cluster_area));
  CHECK(inside(l.days.track, cluster_area));
  if (l.zoomed) CHECK(inside(l.callout.view.rect, cluster_area));
}

TEST_CASE("half the GPUs: the days run past the deadline, shown beyond the line") {
  ClusterFigures f = cluster_figures(machine(512, true, 1440));
  ClusterLayout l = layout_cluster(f, everything(f), cluster_area);
  REQUIRE(l.days.over_limit);
  CHECK(l.days.fill.x1 == Approx(l.days.limit_x));
  CHECK(l.days.over.x0 == Approx(l.days.limit_x));
  CHECK(l.days.over.x1 == Approx(l.days.track.x0 + f.days * l.px_per_day));
}

TEST_CASE("the deadline keeps its length; twice the GPUs, half the run; past the axis, a break") {
  ClusterFigures f512 = cluster_figures(machine(512, true, 1440));
  ClusterFigures f1024 = cluster_figures(machine(1024, true, 1440));
  ClusterLayout a = layout_cluster(f512, everything(f512), cluster_area);
  ClusterLayout b = layout_cluster(f1024, everything(f1024), cluster_area);
  CHECK_FALSE(a.days_broken);
  CHECK(a.days.limit_x == Approx(b.days.limit_x));
  CHECK(b.days.fill.width() == Approx((a.days.over.x1 - a.days.track.x0) * 0.5).epsilon(0.01));
  // 128 GPUs: 272 days, past the axis of two deadlines: cut with a break mark, not stopped
  // silently, and the deadline still where it was.
  ClusterFigures f128 = cluster_figures(machine(128, true, 1440));
  ClusterLayout c = layout_cluster(f128, everything(f128), cluster_area);
  CHECK(c.days_broken);
  CHECK(c.days.over.x1 == Approx(c.days.track.x1));
  CHECK(c.days.limit_x == Approx(b.days.limit_x));
}

TEST_CASE("training-time checkpoints: the run and the days it wastes on one days axis") {
  // Issue 28: days were drawn at about 1.3, 10.7 and 40.5 px a day in three panels, so 16.6
  // wasted days looked eight times longer than the 66.5-day run.
  ClusterFigures f = cluster_figures(lesson_machine(1024, 1440));
  REQUIRE(f.days == Approx(66.5).margin(0.1));
  REQUIRE(f.wasted_days == Approx(16.6).margin(0.1));
  ClusterLayout l = layout_cluster(f, everything(f), {0, 0, 740, 560});
  const Mark* run = mark_of(l, "days");
  const Mark* wasted = mark_of(l, "wasted_days");
  REQUIRE(run);
  REQUIRE(wasted);
  CHECK(px_per_day(*wasted) == Approx(px_per_day(*run)));
  CHECK(wasted->length() < run->length() / 3);
  for (const Rect& lost : l.lost)
    CHECK(lost.width() <= l.px_per_day + 0.01);  // at most a day's work, on the same axis
  // Short on that axis, the waste is also shown magnified, by a round factor, tied to it.
  REQUIRE(l.zoomed);
  const Mark* zoomed = mark_of(l, "wasted_days", "waste");
  REQUIRE(zoomed);
  CHECK(zoomed->length() == Approx(wasted->length() * l.callout.view.factor));
  CHECK(check_marks(l.marks, {l.callout.view}).empty());
}

TEST_CASE("the callout's factor is set on entry: a move changes the waste, not the factor") {
  ClusterFigures entry = cluster_figures(lesson_machine(1024, 1440));
  ClusterFigures now = cluster_figures(lesson_machine(1024, 180));
  ClusterView v = everything(entry);
  ClusterLayout a = layout_cluster(entry, v, cluster_area);
  ClusterLayout b = layout_cluster(now, v, cluster_area);
  REQUIRE(a.zoomed);
  REQUIRE(b.zoomed);
  CHECK(a.callout.view.factor == b.callout.view.factor);
  CHECK(a.px_per_day == b.px_per_day);
  CHECK(b.zoom_lost.width() < a.zoom_lost.width());
}

TEST_CASE(
    "checkpoints every 24 h: a tick a day on the run, failures marked, waste past the least") {
  ClusterFigures f = cluster_figures(lesson_machine(1024, 1440));
  ClusterLayout l = layout_cluster(f, everything(f), cluster_area);
  CHECK(l.checkpoint_x.size() == static_cast<std::size_t>(f.days));
  CHECK_FALSE(l.checkpoints_dense);
  CHECK(l.failure_x.size() == static_cast<std::size_t>(std::round(f.failures)));
  REQUIRE(l.lost.size() == l.failure_x.size());
  for (std::size_t k = 0; k < l.lost.size(); ++k) {
    CHECK(l.failure_x[k] > l.days.track.x0);
    CHECK(l.failure_x[k] < l.days.fill.x1);
    // The hatched work runs back from the failure to the checkpoint before it.
    CHECK(l.lost[k].x1 == Approx(l.failure_x[k]));
    bool at_tick = l.lost[k].x0 == Approx(l.days.track.x0);
    for (float c : l.checkpoint_x)
      at_tick = at_tick || l.lost[k].x0 == Approx(c);
    CHECK(at_tick);
    CHECK_FALSE(overlaps(l.failure_row, l.days.track));  // the ✗s sit above the run, not on it
  }
  CHECK(l.waste_lost.width() > 0);
  CHECK(l.waste_writing.x0 == Approx(l.waste_lost.x1));
  CHECK(l.best_x < l.waste_writing.x1);
}

TEST_CASE("checkpoints every minute: too many ticks, drawn as a band") {
  ClusterFigures f = cluster_figures(lesson_machine(1024, 1));
  ClusterLayout l = layout_cluster(f, everything(f), cluster_area);
  CHECK(l.checkpoints_dense);
  CHECK(l.checkpoint_x.empty());
}

TEST_CASE("a step about the run alone: no compute bars, failures or waste, and no room for them") {
  // Issue 28: training-time's first step showed 33 failures and a waste panel.
  ClusterFigures f = cluster_figures(lesson_machine(1024, 1440));
  ClusterView v;
  v.compute = v.failures = v.waste = false;
  ClusterLayout l = layout_cluster(f, v, cluster_area);
  REQUIRE(l.marks.size() == 1);
  CHECK(l.marks[0].var == "days");
  CHECK(l.failure_x.empty());
  CHECK_FALSE(l.waste);
  CHECK_FALSE(l.zoomed);
  CHECK(l.days.track.y0 < cluster_area.y0 + 100);
}

TEST_CASE("large text in a small window: what the step does not read gives way, all inside") {
  ClusterFigures f = cluster_figures(lesson_machine(1024, 1440));
  ClusterMetrics big;
  big.text_h = 40;
  big.small_h = 32;
  big.gap = 32;
  const Rect small{0, 0, 480, 330};
  ClusterView v = everything(f);
  v.compute_optional = v.waste_optional = true;
  ClusterLayout l = layout_cluster(f, v, small, big);
  CHECK_FALSE(l.subs);
  CHECK_FALSE(l.compute);
  CHECK(inside(l.days.track, small));
  CHECK(inside(l.days_tags, small));
  if (l.waste) CHECK(inside(l.waste_tags, small));
  if (l.zoomed) CHECK(inside(l.callout.label, small));
  // The run and its waste, when the step reads them, stay.
  v.compute_optional = v.waste_optional = false;
  v.compute = false;
  ClusterLayout w = layout_cluster(f, v, small, big);
  REQUIRE(w.waste);
  CHECK(inside(w.waste_tags, small));
}
