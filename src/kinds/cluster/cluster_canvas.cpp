// The cluster machine drawn through the canvas skeleton: the compute a model needs (6·P·T or
// 8·P·T), the days the cluster takes against the deadline with the failures and checkpoints on
// them, and the days the failures waste, every length of time on one days axis (the waste
// magnified in a callout when it is short).
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>

#include "canvas.hpp"
#include "canvas_frame.hpp"
#include "cluster.hpp"
#include "cluster_layout.hpp"
#include "cluster_reads.hpp"
#include "draw.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

using namespace draw;

std::string cluster_days(double days, std::string_view loc) {
  return format_number(days, loc) + phrase(loc, "canvas.cluster.days");
}

// A label's two lines: the figure (bold) and, with room, what it is measured against (small);
// each shortened with "…" rather than cut.
void labels(ImDrawList* dl, const ClusterLayout& l, const Rect& r, const std::string& title,
            const std::string& sub, ImU32 title_color = palette::text) {
  const Fonts& f = fonts();
  text_at(dl, f.bold, r.x0, r.y0, title_color, fit_text(f.bold, title, r.width()));
  if (l.subs && !sub.empty()) {
    text_at(dl, f.small, r.x0, r.y0 + f.bold->FontSize + 2, palette::muted,
            fit_text(f.small, sub, r.width()));
  }
}
// A tag in a row at x, kept inside the row's width.
void tag(ImDrawList* dl, const Rect& row, float x, ImU32 color, const std::string& s,
         ImFont* font = nullptr) {
  font = font ? font : fonts().small;
  const std::string shown = fit_text(font, s, row.width());
  const float w = text_width(font, shown);
  text_in_row(dl, font, std::clamp(x - w * 0.5f, row.x0, row.x1 - w), row, color, shown);
}
void limit_line(ImDrawList* dl, const Rect& track, float x) {
  dl->AddLine(v(x, track.y0 - 3 * px()), v(x, track.y1 + 2 * px()), palette::text, 3 * px());
}
ImU32 signal_color(Signal s) {
  switch (s) {
    case Signal::fault:
      return palette::warning;
    case Signal::warn:
      return palette::caution;
    default:
      return palette::text;
  }
}
std::string signal_glyph(Signal s) {
  switch (s) {
    case Signal::ok:
      return " ✓";
    case Signal::neutral:
      return "";
    default:
      return " ▲";
  }
}

void draw_compute(ImDrawList* dl, const ClusterLayout& l, const ClusterFigures& c, const Engine& e,
                  std::string_view loc) {
  const Fonts& f = fonts();
  labels(dl, l, l.compute_label,
         tr(loc, Message("canvas.cluster.compute_line").num("k", c.k).amount("zflop", c.zettaflop)),
         // Counts, not billions: the catalog says them in the locale's own words (2.8 trillion,
         // 2,8 billones), never "2800 mil millones".
         tr(loc, Message("canvas.cluster.compute_sub")
                     .num("params", ClusterReads::get<"params_b">(e.values()) * 1e9)
                     .num("tokens", ClusterReads::get<"tokens_b">(e.values()) * 1e9)));
  const double per_k = c.k > 0 ? c.zettaflop / c.k : 0;
  auto bar = [&](const Rect& track, const Rect& r, int k, const char* label_id) {
    const bool chosen = k == c.k;
    fill(dl, track, palette::card, 3 * px());
    fill(dl, r, chosen ? palette::slice_a : palette::gauge, 3 * px());
    if (!chosen) hatch(dl, r, translucent(palette::hatch, 160));
    // The chosen count is marked with a dot: a tick would say "fine" whatever else is broken.
    std::string s = (chosen ? "● " : "") + std::to_string(k) +
                    "·P·T = " + format_number(k * per_k, loc) + " ZFLOP · " + phrase(loc, label_id);
    if (text_width(f.small, s) > r.width() - 8) s = std::to_string(k) + "·P·T";
    if (text_width(f.small, s) <= r.width() - 8 && r.height() >= f.small->FontSize) {
      text_in_row(dl, f.small, r.x0 + 6, r, chosen ? palette::panel : palette::text, s);
    }
  };
  bar(l.six_track, l.six, 6, "canvas.cluster.no_recompute");
  bar(l.eight_track, l.eight, 8, "canvas.cluster.recompute");
}

void draw_failures(ImDrawList* dl, const ClusterLayout& l, const ClusterFigures& c,
                   std::string_view loc) {
  const Fonts& f = fonts();
  if (l.failure_text.height() > 0) {
    Rect first = l.failure_text, second = l.failure_text;
    if (l.subs) first.y1 = second.y0 = first.center_y();
    const std::string rate = tr(loc, Message("canvas.cluster.failures_line")
                                         .amount("hours", c.hours_between_failures)
                                         .amount("failures", c.failures));
    text_in_row(dl, f.small, first.x0, first, palette::text,
                fit_text(f.small, rate, first.width()));
    if (l.subs) {
      const std::string every =
          tr(loc, Message("canvas.cluster.checkpoint_line").amount("hours", c.checkpoint_hours));
      text_in_row(dl, f.small, second.x0, second, palette::muted,
                  fit_text(f.small, every, second.width()));
    }
  }
  // A failure: a ✗ over the run where they stand apart, else a short line; many, a band.
  const Rect& row = l.failure_row;
  const float cross_w = text_width(f.small, "✗");
  const float spacing = l.failure_x.size() > 1 ? l.failure_x[1] - l.failure_x[0] : row.width();
  const bool crosses = row.height() >= f.small->FontSize && spacing >= cross_w + 2;
  for (float x : l.failure_x) {
    if (crosses) {
      text_centered(dl, f.small, {x - cross_w, row.y0, x + cross_w, row.y1}, palette::warning, "✗");
    } else {
      dl->AddLine(v(x, row.y0), v(x, row.y1), palette::warning, 2 * px());
    }
  }
  if (l.failures_dense) {
    fill(dl, {row.x0, row.y0 + 2 * px(), l.days.fill.x1 + l.days.over.width(), row.y1 - 2 * px()},
         palette::caution_soft);
  }
}

void draw_run(ImDrawList* dl, const ClusterLayout& l, const ClusterFigures& c, Signal state,
              std::string_view loc) {
  const LimitBar& b = l.days;
  const bool judged = state != Signal::neutral;
  labels(dl, l, l.days_label,
         tr(loc, Message("canvas.cluster.speed")
                     .num("n", c.gpus)
                     .amount("gpus", c.gpus)
                     .amount("tflops", c.tflops_per_gpu)
                     .amount("pflops", c.cluster_pflops)
                     .amount("days", c.days)) +
             signal_glyph(state),
         phrase(loc, "canvas.cluster.the_line_the_deadline") + cluster_days(c.deadline_days, loc),
         signal_color(state));
  if (l.failures) draw_failures(dl, l, c, loc);
  fill(dl, b.track, palette::gauge, 4 * px());
  fill(dl, b.fill, judged && !b.over_limit ? palette::success : palette::accent, 4 * px());
  if (b.over_limit) {
    fill(dl, b.over, judged ? signal_color(state) : palette::accent);
    if (judged) hatch(dl, b.over, translucent(palette::hatch, 150));
  }
  for (const Rect& lost : l.lost) {
    fill(dl, lost, palette::caution);
    hatch(dl, lost, translucent(palette::hatch, 170));
  }
  for (float x : l.checkpoint_x)
    dl->AddLine(v(x, b.track.y0), v(x, b.track.y1), palette::panel, 1.5f * px());
  if (l.checkpoints_dense && l.failures) {
    fill(dl, {b.track.x0, b.track.y0, b.fill.x1 + b.over.width(), b.track.center_y()},
         translucent(palette::panel, 110));
  }
  if (l.days_broken) break_mark(dl, b.over_limit ? b.over : b.fill, false, palette::panel);
  limit_line(dl, b.track, b.limit_x);
  const std::string deadline = phrase(loc, "canvas.cluster.deadline") +
                               format_number(c.deadline_days, loc) +
                               phrase(loc, "canvas.cluster.d");
  if (l.days_broken) {
    // The deadline's tag at the line, the run's number at the break: apart, or one row.
    const std::string more = format_number(c.days, loc) + phrase(loc, "canvas.cluster.days_more");
    const float more_w = text_width(fonts().small, more);
    const float deadline_x1 = b.limit_x + text_width(fonts().small, deadline) * 0.5f;
    tag(dl, l.days_tags, b.track.x1, signal_color(state), more);
    if (deadline_x1 + 8 * px() < b.track.x1 - more_w)
      tag(dl, l.days_tags, b.limit_x, palette::text, deadline);
  } else {
    tag(dl, l.days_tags, b.limit_x, palette::text, deadline);
  }
}

void draw_waste_bar(ImDrawList* dl, const Rect& track, const Rect& lost, const Rect& writing,
                    float best_x, bool broken) {
  fill(dl, track, palette::gauge, 4 * px());
  fill(dl, lost, palette::caution);
  hatch(dl, lost, translucent(palette::hatch, 120));
  fill(dl, writing, palette::accent);
  if (broken) break_mark(dl, track, false, palette::panel);
  limit_line(dl, track, best_x);
}

void draw_waste(const CanvasFrame& frame, const ClusterLayout& l, const ClusterFigures& c,
                Signal state, bool says_best_interval) {
  ImDrawList* dl = frame.dl();
  const std::string_view loc = frame.ctx.locale;
  // The interval that wastes least is the step's answer: it is said once the goal is met.
  const Message least =
      says_best_interval ? Message("canvas.cluster.least_line")
                               .amount("hours", c.best_checkpoint_hours)
                               .amount("days", c.min_wasted_days)
                         : Message("canvas.cluster.least_days").amount("days", c.min_wasted_days);
  labels(dl, l, l.waste_label,
         tr(loc, Message("canvas.cluster.wasted_line")
                     .amount("wasted", c.wasted_days)
                     .amount("lost", c.lost_days)
                     .amount("writing", c.writing_days)
                     .text("mark", signal_glyph(state))),
         tr(loc, least), signal_color(state));
  draw_waste_bar(dl, l.waste_track, l.waste_lost, l.waste_writing, l.best_x, l.waste_broken);
  const std::string least_tag = phrase(loc, "canvas.cluster.least");
  const std::string more =
      format_number(c.wasted_days, loc) + phrase(loc, "canvas.cluster.days_more");
  if (l.waste_broken) tag(dl, l.waste_tags, l.waste_track.x1, signal_color(state), more);
  if (!l.zoomed) {
    if (!l.waste_broken) tag(dl, l.waste_tags, l.best_x, palette::text, least_tag);
    return;
  }
  frame.callout(l.callout);
  const Rect& inset = l.callout.view.rect;
  const Rect zt{inset.x0 + 2, l.zoom_lost.y0, inset.x1 - 2, l.zoom_lost.y1};
  draw_waste_bar(dl, zt, l.zoom_lost, l.zoom_writing, l.zoom_best_x, l.zoom_broken);
  // Under the inset, right of its factor: where the least waste ends, and a cut total's number.
  Rect row = l.callout.label;
  row.x0 += text_width(fonts().bold, callout_label(l.callout.view.factor, loc)) + 12 * px();
  if (l.zoom_broken) {
    tag(dl, row, row.x1, signal_color(state), more);
    row.x1 -= text_width(fonts().small, more) + 12 * px();
  }
  if (row.width() > text_width(fonts().small, least_tag))
    tag(dl, row, l.zoom_best_x, palette::text, least_tag);
}

// What the step shows of the cluster, and what its marks signal.
ClusterView cluster_view(const CanvasFrame& frame, const ClusterFigures& c) {
  const StepFocus& focus = frame.focus();
  ClusterView v;
  v.compute = frame.shows("compute");
  v.failures = frame.shows("run");
  v.run = v.failures || frame.shows("days") || !v.compute;
  v.waste = frame.shows("waste");
  auto reads_part = [&](std::initializer_list<const char*> vars) {
    for (const char* var : vars)
      if (focus.reads_var(var)) return true;
    return false;
  };
  v.compute_optional = !reads_part(
      {"zettaflop", "cluster_pflops", "gpus", "tflops_per_gpu", "flops_per_param_token"});
  v.waste_optional = !reads_part(
      {"wasted_days", "lost_days", "writing_days", "best_checkpoint_hours", "min_wasted_days"});
  // The deadline and the waste are judged (✓, ▲) only where the step is about them.
  if (focus.reads_var("deadline_days") || focus.reads_var("meets_deadline")) {
    v.days_state = c.days > c.deadline_days ? frame.signal(Signal::fault, "days") : Signal::ok;
  }
  if (focus.reads_var("wasted_days") || focus.reads_var("min_wasted_days")) {
    v.waste_state = c.wasted_days <= c.min_wasted_days * 1.2
                        ? Signal::ok
                        : frame.signal(Signal::warn, "wasted_days");
  }
  v.entry_wasted_days = ClusterReads::get<"wasted_days">(frame.on_entry());
  return v;
}

void draw_cluster(ViewContext& ctx) {
  const Machine& m = ctx.engine.machine();
  if (m.spec().kind != "cluster") {
    variables_canvas().draw(ctx);
    return;
  }
  const Engine& e = ctx.engine;
  const std::string_view loc = ctx.locale;
  CanvasOptions options;
  // The recompute switch offers the one way it can go.
  options.not_in_toolbar = {ClusterReads::get<"recompute">(e.values()) != 0 ? "recompute_on"
                                                                            : "recompute_off"};
  options.more_buttons = [&](Toolbar& bar) {
    const auto tflops = static_cast<std::int64_t>(ClusterReads::get<"tflops_per_gpu">(e.values()));
    bar.button("set_tflops", "− 10 TFLOP/s", Action::with("set_tflops", "n", tflops - 10),
               "tflops_down");
    bar.button("set_tflops", "+ 10 TFLOP/s", Action::with("set_tflops", "n", tflops + 10),
               "tflops_up");
  };
  CanvasFrame frame(ctx, options);
  const ClusterFigures c = cluster_figures(m);
  const ClusterView view = cluster_view(frame, c);
  const ClusterLayout l = layout_cluster(c, view, frame.area(), text_metrics<ClusterMetrics>(0.8f));
  frame.record(l.marks);
  ImDrawList* dl = frame.dl();
  if (l.compute) frame.in_part("compute", [&] { draw_compute(dl, l, c, e, loc); });
  frame.in_part(view.failures ? "run" : "days", [&] { draw_run(dl, l, c, view.days_state, loc); });
  const bool met = e.step().kind != StepKind::operate || e.goal_met();
  if (l.waste) frame.in_part("waste", [&] { draw_waste(frame, l, c, view.waste_state, met); });
}

std::string cluster_result(const Engine& e, std::string_view loc) {
  return tr(loc, Message("canvas.cluster.result")
                     .amount("gpus", ClusterReads::get<"gpus">(e.values()))
                     .amount("days", ClusterReads::get<"days">(e.values()))
                     .amount("deadline", ClusterReads::get<"deadline_days">(e.values()))
                     .amount("wasted", ClusterReads::get<"wasted_days">(e.values())));
}

}  // namespace

const CanvasKind& cluster_canvas() {
  static const CanvasKind kind{"cluster", &draw_cluster, &cluster_result, &ClusterReads::resolve};
  return kind;
}

}  // namespace lessonsim::ui
