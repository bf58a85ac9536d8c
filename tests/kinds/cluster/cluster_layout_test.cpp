// The cluster canvas's layout checked with numbers, no ImGui involved.
#include <catch2/catch.hpp>

#include "../layout_test_support.hpp"
#include "cluster/cluster.hpp"
#include "cluster/cluster_layout.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using namespace lessonsim::ui::testing;

namespace {

ClusterMachine machine(int gpus, bool recompute, int checkpoint_minutes) {
  ClusterMachine m;
  m.set("gpus", gpus);
  m.set("recompute", recompute);
  m.set("checkpoint_minutes", checkpoint_minutes);
  return m;
}

const Rect cluster_area{0, 0, 900, 560};

}  // namespace

TEST_CASE("GPT-3 on 1,024 GPUs at 140 TFLOP/s with recompute: 420 ZFLOP, 34 of 35 days") {
  ClusterFigures f = cluster_figures(machine(1024, true, 1440));
  CHECK(f.k == 8);
  CHECK(f.zettaflop == Approx(8 * 175e9 * 300e9 / 1e21));
  CHECK(f.days == Approx(420e21 / (1024 * 140e12) / 86400));
  ClusterLayout l = layout_cluster(f, cluster_area);
  // 6·P·T is three quarters of 8·P·T.
  CHECK(l.six.width() == Approx(l.eight.width() * 0.75));
  CHECK(l.eight.width() == Approx(l.eight_track.width()));
  CHECK_FALSE(l.days.over_limit);
  CHECK(l.days.fill.x1 < l.days.limit_x);
  CHECK(inside(l.waste_track, cluster_area));
  CHECK(inside(l.timeline, cluster_area));
}

TEST_CASE("half the GPUs: the days run past the deadline, shown beyond the line") {
  ClusterFigures f = cluster_figures(machine(512, true, 1440));
  ClusterLayout l = layout_cluster(f, cluster_area);
  REQUIRE(l.days.over_limit);
  CHECK(l.days.fill.x1 == Approx(l.days.limit_x));
  CHECK(l.days.over.x0 == Approx(l.days.limit_x));
  CHECK(l.days.over.x1 == Approx(l.days.track.x0 + f.days * l.px_per_day));
}

TEST_CASE("128 then 256 GPUs: 271 days, then half as long, the deadline where it was") {
  ClusterFigures f128 = cluster_figures(machine(128, true, 1440));
  ClusterFigures f256 = cluster_figures(machine(256, true, 1440));
  ClusterLayout a = layout_cluster(f128, cluster_area);
  ClusterLayout b = layout_cluster(f256, cluster_area);
  CHECK_FALSE(a.days_broken);
  CHECK(a.days.limit_x == Approx(b.days.limit_x));
  const float len_a = a.days.over.x1 - a.days.track.x0;
  const float len_b = b.days.over.x1 - b.days.track.x0;
  CHECK(len_b == Approx(len_a / 2).epsilon(0.01));
  // 64 GPUs: 542 days, past the axis: cut with a break mark, not stopped silently.
  ClusterLayout c = layout_cluster(cluster_figures(machine(64, true, 1440)), cluster_area);
  CHECK(c.days_broken);
  CHECK(c.days.over.x1 == Approx(c.days.track.x1));
}

TEST_CASE("checkpoints every 24 h: one tick a day, failures marked, waste past the least") {
  ClusterFigures f = cluster_figures(machine(1024, true, 1440));
  ClusterLayout l = layout_cluster(f, cluster_area);
  CHECK(l.checkpoint_x.size() == static_cast<std::size_t>(f.days));
  CHECK_FALSE(l.checkpoints_dense);
  CHECK(l.failure_x.size() == static_cast<std::size_t>(std::round(f.failures)));
  REQUIRE(l.lost.size() == l.failure_x.size());
  for (std::size_t k = 0; k < l.lost.size(); ++k) {
    CHECK(l.failure_x[k] > l.timeline.x0);
    CHECK(l.failure_x[k] < l.timeline.x1);
    // The hatched work runs back from the failure to the checkpoint before it.
    CHECK(l.lost[k].x1 == Approx(l.failure_x[k]));
    CHECK(l.lost[k].width() <= l.timeline.width() * 24 / (f.days * 24) + 0.01f);
    bool at_tick = l.lost[k].x0 == Approx(l.timeline.x0);
    for (float c : l.checkpoint_x)
      at_tick = at_tick || l.lost[k].x0 == Approx(c);
    CHECK(at_tick);
  }
  CHECK(l.waste_lost.width() > 0);
  CHECK(l.waste_writing.x0 == Approx(l.waste_lost.x1));
  CHECK(l.best_x < l.waste_writing.x1);
}

TEST_CASE("checkpoints every minute: too many ticks, drawn as a band") {
  ClusterLayout l = layout_cluster(cluster_figures(machine(1024, true, 1)), cluster_area);
  CHECK(l.checkpoints_dense);
  CHECK(l.checkpoint_x.empty());
}
