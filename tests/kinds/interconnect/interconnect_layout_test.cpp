// The interconnect canvas: its layout checked with numbers, and its buttons giving the actions.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../../ui/imgui_harness.hpp"
#include "../layout_test_support.hpp"
#include "interconnect/interconnect_layout.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;
using namespace lessonsim::ui::testing;
using lessonsim::ui::testing::ImGuiHarness;

namespace {

const Rect interconnect_area{0, 0, 800, 400};

StepFigures slow_link() {
  StepFigures f;
  f.compute_s = 2;
  f.exchange_s = 6;
  f.step_s = 8;
  f.exchange_share = 0.75;
  f.target_share = 0.25;
  f.gpus = 128;
  f.useful_gpus = 32;
  f.useful_target = 400;
  return f;
}

// The step's axis holds four times its math at entry; useful work, two and a half targets.
InterconnectView view_for(const StepFigures& f, double entry_exchange_s = 6) {
  InterconnectView v;
  v.axis_s = 4 * f.compute_s;
  v.entry_exchange_s = entry_exchange_s;
  v.useful_axis = 2.5 * f.useful_target;
  return v;
}

}  // namespace

TEST_CASE("2 s of math then 6 s of exchange: lengths of time on one axis, past the target") {
  const StepFigures f = slow_link();
  InterconnectLayout l = layout_interconnect(f, view_for(f), interconnect_area);
  const float w = l.step_bar.width();  // 8 s: four times the math
  CHECK(l.compute.x0 == Approx(l.step_bar.x0));
  CHECK(l.compute.width() == Approx(0.25 * w));
  CHECK(l.exchange.x0 == Approx(l.compute.x1));
  CHECK(l.exchange.width() == Approx(0.75 * w));
  REQUIRE(l.has_target);
  // At most a quarter of the step: it may last 2 / 0.75 s.
  CHECK(l.target_mark.center_x() == Approx(l.step_bar.x0 + (2 / 0.75) / 8 * w));
  CHECK(l.exchange_over);
  CHECK_FALSE(l.zoomed);
  CHECK(check_marks(l.marks).empty());
  // Useful work is drawn on an axis the target alone sets (two and a half targets wide), so
  // adding GPUs moves the bars and not the axis.
  const float uw = l.useful_bar.width();
  CHECK(l.useful_fill.width() == Approx(32.0 / 1000 * uw));
  CHECK(l.gpus_mark.center_x() == Approx(l.useful_bar.x0 + 128.0 / 1000 * uw));
  REQUIRE(l.has_useful_target);
  CHECK(l.useful_target_mark.center_x() == Approx(l.useful_bar.x0 + 400.0 / 1000 * uw));
  CHECK(l.useful_caption.y0 >= l.useful_bar.y1);
  CHECK_FALSE(l.crash);
  CHECK(inside(l.useful_bar, interconnect_area));
}

TEST_CASE("12 hours and 77 seconds are not bars of one length: the exchange is a length of time") {
  // The fault: normalised to 100% of a step, home internet's 12-hour exchange and
  // InfiniBand's 11 s looked alike. On one time axis, set at entry, they cannot.
  StepFigures home = slow_link();
  home.compute_s = 77;
  home.exchange_s = 43200;
  home.step_s = home.compute_s + home.exchange_s;
  home.exchange_share = home.exchange_s / home.step_s;
  StepFigures infiniband = home;
  infiniband.exchange_s = 11;
  infiniband.step_s = 88;
  infiniband.exchange_share = 11.0 / 88;
  const InterconnectView v = view_for(home, 43200);
  const InterconnectLayout a = layout_interconnect(home, v, interconnect_area);
  const InterconnectLayout b = layout_interconnect(infiniband, v, interconnect_area);
  CHECK(a.exchange_broken);  // past the axis: cut with a break and its number
  CHECK(a.exchange.x1 == Approx(a.step_bar.x1));
  CHECK(b.exchange.width() == Approx(11.0 / (4 * 77) * b.step_bar.width()));
  CHECK(a.compute.width() == Approx(b.compute.width()));  // the axis held still
  Marks both = a.marks;
  label_marks(both, "en");
  CHECK(check_marks(both).empty());
}

TEST_CASE(
    "an exchange that would be a sliver of the step is shown in a callout, exactly magnified") {
  StepFigures f = slow_link();
  f.compute_s = 1232;  // one server's 8 GPUs: twenty minutes of math, 11 s of exchange
  f.exchange_s = 11;
  f.step_s = 1243;
  f.exchange_share = 11.0 / 1243;
  f.target_share = -1;
  InterconnectLayout l = layout_interconnect(f, view_for(f, 11), interconnect_area);
  REQUIRE(l.zoomed);
  const double factor = l.callout.view.factor;
  CHECK(factor == 100);  // 4 × 1232 × 0.4 / 11 = 179, rounded down to a round factor
  CHECK(l.zoom_exchange.width() == Approx(l.exchange.width() * factor).epsilon(0.001));
  // The callout's source is where the exchange starts on the step's axis.
  CHECK(l.callout.view.source.x0 == Approx(l.compute.x1));
  Marks marks = l.marks;
  label_marks(marks, "en");
  CHECK(check_marks(marks, {l.callout.view}).empty());
  // Drawn at the wrong factor, the checker says so.
  View wrong = l.callout.view;
  wrong.factor = 50;
  CHECK_FALSE(check_marks(marks, {wrong}).empty());
}

TEST_CASE("a crash at 36 h with checkpoints every 6 h: five marks, the last 6 h lost, on its own") {
  StepFigures f = slow_link();
  f.hours_run = 36;
  f.checkpoint_h = 6;
  f.lost_hours = 6;
  f.crash_lost_hours = 6;
  InterconnectView v = view_for(f);
  v.crash = true;
  InterconnectLayout l = layout_interconnect(f, v, interconnect_area);
  REQUIRE(l.crash);
  // Hours and seconds would be two time scales: the step and its useful work stand aside.
  CHECK_FALSE(l.step);
  CHECK_FALSE(l.useful);
  REQUIRE(l.checkpoints.size() == 5);
  CHECK(l.checkpoints[0].center_x() == Approx(l.run_bar.x0 + l.run_bar.width() / 6));
  CHECK(l.lost.x0 == Approx(l.run_bar.x0 + 30.0 / 36 * l.run_bar.width()));
  CHECK(l.lost.x1 == Approx(l.run_bar.x1));
  CHECK(inside(l.crash_caption, interconnect_area));
  CHECK(check_marks(l.marks).empty());

  f.checkpoint_h = 0;
  f.lost_hours = 36;
  f.crash_lost_hours = 36;
  l = layout_interconnect(f, v, interconnect_area);
  CHECK(l.checkpoints.empty());
  CHECK(l.lost.x0 == Approx(l.run_bar.x0));
}

TEST_CASE("a crash that loses nothing is no fault") {
  StepFigures f = slow_link();
  f.hours_run = 36;
  f.checkpoint_h = 1;
  f.lost_hours = 1;
  f.crash_lost_hours = 0;
  InterconnectView v = view_for(f);
  v.crash = true;
  const InterconnectLayout l = layout_interconnect(f, v, interconnect_area);
  for (const Mark& m : l.marks)
    CHECK(m.state != Signal::fault);
}

TEST_CASE("a crash at 36 h with a checkpoint every 24 h loses 12 h: the span starts at the mark") {
  StepFigures f = slow_link();
  f.hours_run = 36;
  f.checkpoint_h = 24;
  f.lost_hours = 24;  // at worst
  f.crash_lost_hours = 12;
  InterconnectView v = view_for(f);
  v.crash = true;
  InterconnectLayout l = layout_interconnect(f, v, interconnect_area);
  REQUIRE(l.checkpoints.size() == 1);
  CHECK(l.lost.x0 == Approx(l.checkpoints[0].center_x()));
  CHECK(l.lost.width() == Approx(l.run_bar.width() / 3));
}

TEST_CASE("at 1024x640 the step and its useful work still fit in the canvas") {
  StepFigures f = slow_link();
  const Rect small{0, 0, 540, 290};  // the canvas at 1024x640 under two rows of buttons
  InterconnectLayout l = layout_interconnect(f, view_for(f), small, {16, 13, 14});
  CHECK(inside(l.step_bar, small));
  CHECK(inside(l.useful_bar, small));
}

TEST_CASE("the link, GPU and checkpoint buttons give the engine's actions") {
  auto l = shipped_lesson("interconnect.json");
  ImGuiHarness imgui;
  LessonScreen screen(l, "en", true);
  screen.apply(Action::with("goto", "step", "pick-link"));
  imgui.frame(screen);
  CHECK(screen.target("link:ethernet-100g").has_value());
  imgui.click(screen, target_of(screen, "link:infiniband-ndr"));
  CHECK(screen.applied().back().to_json() ==
        Action::with("set_link", "to", "infiniband-ndr").to_json());
  CHECK(screen.engine().goal_met());

  screen.apply(Action::with("goto", "step", "scale"));
  imgui.frame(screen);
  imgui.click(screen, target_of(screen, "double_gpus"));
  CHECK(screen.applied().back().op == "double_gpus");
  CHECK(screen.engine().value("gpus") == 256);

  screen.apply(Action::with("goto", "step", "checkpoints"));
  imgui.frame(screen);
  imgui.click(screen, target_of(screen, "checkpoint_more"));
  CHECK(screen.applied().back().op == "checkpoint_more");
  CHECK(screen.engine().value("checkpoint_h") == 24);
}

TEST_CASE("the gradient exchange's pulses cross at a pace proportional to the link's bandwidth") {
  StepFigures nvlink = slow_link();
  nvlink.link_gb_per_s = 900;
  nvlink.fastest_gb_per_s = 900;
  StepFigures ethernet = nvlink;
  ethernet.link_gb_per_s = 12.5;
  const InterconnectLayout l = layout_interconnect(nvlink, view_for(nvlink), {0, 0, 800, 560});
  REQUIRE(l.has_lane);
  CHECK(inside(l.lane, l.area));
  CHECK(l.gpu_a.x1 <= l.lane.x0);
  CHECK(l.lane.x1 <= l.gpu_b.x0);

  // t = 0: one pulse leaving the first GPU.
  auto start = exchange_pulses(l, nvlink, 0);
  REQUIRE(start.size() == 1);
  CHECK(start[0].x0 == Approx(l.lane.x0));

  // Mid-way: the first pulse has gone 72 times as far on NVLink as on Ethernet.
  const float t = 0.2f;
  auto fast = exchange_pulses(l, nvlink, t);
  auto slow = exchange_pulses(l, ethernet, t);
  REQUIRE_FALSE(fast.empty());
  REQUIRE_FALSE(slow.empty());
  const float fast_gone = fast[0].x0 - l.lane.x0;
  const float slow_gone = slow[0].x0 - l.lane.x0;
  CHECK(fast_gone == Approx(l.lane.width() * t / fastest_crossing_s));
  CHECK(fast_gone / slow_gone == Approx(900 / 12.5).epsilon(0.01));
  for (const Rect& p : slow)
    CHECK(inside(p, l.lane));

  // A NVLink pulse has arrived (and is gone) after one crossing; an Ethernet one is still on
  // its way.
  const float later = fastest_crossing_s + 0.01f;
  CHECK(exchange_pulses(l, nvlink, later).size() == 1);  // only the one that left at 0.25 s
  CHECK(exchange_pulses(l, ethernet, later).size() == 2);
  // No exchange shown (reduced motion, or none running): no pulses.
  CHECK(exchange_pulses(l, nvlink, -1).empty());
}
