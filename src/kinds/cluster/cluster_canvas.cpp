// The cluster machine drawn with the draw list: the compute a model needs (6·P·T or 8·P·T), the
// days the cluster takes against the published estimate, and the work failures throw away
// between checkpoints.
#include <algorithm>
#include <cmath>
#include <string>

#include "canvas.hpp"
#include "canvas_helpers.hpp"
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

// A label's two lines: the figure (bold) and what it is measured against (small).
// `shorter` stands in for the title when the title is wider than the canvas.
void labels(ImDrawList* dl, const Rect& r, const std::string& title, const std::string& sub,
            ImU32 title_color = palette::text, const std::string& shorter = {}) {
  const Fonts& f = fonts();
  bool wide = !shorter.empty() && text_width(f.bold, title) > r.width();
  text_at(dl, f.bold, r.x0, r.y0, title_color, wide ? shorter : title);
  text_at(dl, f.small, r.x0, r.y0 + f.body->FontSize + 2, palette::muted, sub);
}
// A tag under a track at x, kept inside the track's width.
void tag(ImDrawList* dl, const Rect& track, float x, ImU32 color, const std::string& s) {
  const Fonts& f = fonts();
  float w = text_width(f.small, s);
  text_at(dl, f.small, std::clamp(x - w * 0.5f, track.x0, track.x1 - w), track.y1 + 4 * px(), color,
          s);
}
void limit_line(ImDrawList* dl, const Rect& track, float x) {
  dl->AddLine(v(x, track.y0 - 4 * px()), v(x, track.y1 + 3 * px()), palette::text, 3 * px());
}

void draw_compute(ImDrawList* dl, const ClusterLayout& l, const ClusterFigures& c, const Engine& e,
                  std::string_view loc) {
  const Fonts& f = fonts();
  labels(dl, l.compute_label,
         tr(loc, Message("canvas.cluster.compute_line").num("k", c.k).amount("zflop", c.zettaflop)),
         // Counts, not billions: the catalog says them in the locale's own words (2.8 trillion,
         // 2,8 billones), never "2800 mil millones".
         tr(loc, Message("canvas.cluster.compute_sub")
                     .num("params", ClusterReads::get<"params_b">(e.values()) * 1e9)
                     .num("tokens", ClusterReads::get<"tokens_b">(e.values()) * 1e9)));
  const double per_k = c.k > 0 ? c.zettaflop / c.k : 0;
  auto bar = [&](const Rect& track, const Rect& r, int k, const char* label_id) {
    bool chosen = k == c.k;
    fill(dl, track, palette::card, 3 * px());
    fill(dl, r, chosen ? palette::slice_a : palette::gauge, 3 * px());
    if (!chosen) hatch(dl, r, translucent(palette::hatch, 160));
    std::string s = (chosen ? "✓ " : "") + std::to_string(k) +
                    "·P·T = " + format_number(k * per_k, loc) + " ZFLOP · " + phrase(loc, label_id);
    if (text_width(f.small, s) > r.width() - 8) s = std::to_string(k) + "·P·T";
    text_at(dl, f.small, r.x0 + 6, r.center_y() - f.small->FontSize * 0.5f,
            chosen ? palette::panel : palette::text, s);
  };
  bar(l.six_track, l.six, 6, "canvas.cluster.no_recompute");
  bar(l.eight_track, l.eight, 8, "canvas.cluster.recompute");
}

void draw_days(ImDrawList* dl, const ClusterLayout& l, const ClusterFigures& c,
               std::string_view loc) {
  const LimitBar& b = l.days;
  labels(dl, l.days_label,
         tr(loc, Message("canvas.cluster.speed")
                     .num("n", c.gpus)
                     .amount("gpus", c.gpus)
                     .amount("tflops", c.tflops_per_gpu)
                     .amount("pflops", c.cluster_pflops)
                     .amount("days", c.days)) +
             (b.over_limit ? " ▲" : " ✓"),
         phrase(loc, "canvas.cluster.the_line_the_deadline") + format_number(c.deadline_days, loc) +
             phrase(loc, "canvas.cluster.days"),
         b.over_limit ? palette::warning : palette::text,
         format_number(c.cluster_pflops, loc) + " PFLOP/s → " + format_number(c.days, loc) +
             phrase(loc, "canvas.cluster.days") + (b.over_limit ? " ▲" : " ✓"));
  fill(dl, b.track, palette::gauge, 4 * px());
  fill(dl, b.fill, b.over_limit ? palette::accent : palette::success, 4 * px());
  if (b.over_limit) {
    fill(dl, b.over, palette::warning);
    hatch(dl, b.over, translucent(palette::hatch, 150));
    std::string over =
        "▲ +" + format_number(c.days - c.deadline_days, loc) + phrase(loc, "canvas.cluster.days");
    if (text_width(fonts().small, over) + 8 < b.over.width() &&
        b.over.height() >= fonts().small->FontSize + 2) {
      text_centered(dl, fonts().small, b.over, palette::panel, over);
    }
  }
  if (l.days_broken) {
    break_mark(dl, b.over_limit ? b.over : b.fill, false, palette::panel);
    std::string days = format_number(c.days, loc) + phrase(loc, "canvas.cluster.days_more");
    tag(dl, b.track, b.track.x1, palette::warning, days);
  }
  limit_line(dl, b.track, b.limit_x);
  tag(dl, b.track, b.limit_x, palette::text,
      phrase(loc, "canvas.cluster.deadline") + format_number(c.deadline_days, loc) +
          phrase(loc, "canvas.cluster.d"));
}

void draw_timeline(ImDrawList* dl, const ClusterLayout& l, const ClusterFigures& c,
                   std::string_view loc) {
  const Fonts& f = fonts();
  const Rect& t = l.timeline;
  labels(dl, l.timeline_label,
         tr(loc, Message("canvas.cluster.failures_line")
                     .amount("hours", c.hours_between_failures)
                     .amount("failures", c.failures)),
         tr(loc, Message("canvas.cluster.checkpoint_line").amount("hours", c.checkpoint_hours)));
  fill(dl, t, palette::card, 4 * px());
  if (l.checkpoints_dense) fill(dl, t, palette::accent_soft, 4 * px());
  // A failure throws away the work since the last checkpoint: hatch it.
  for (const Rect& lost : l.lost) {
    fill(dl, lost, palette::caution_soft);
    hatch(dl, lost, translucent(palette::caution, 170));
  }
  for (float x : l.checkpoint_x) {
    dl->AddLine(v(x, t.y0), v(x, t.y1), palette::accent, 2 * px());
  }
  for (float x : l.failure_x) {
    text_centered(dl, f.small, {x - 10, t.y0, x + 10, t.y1}, palette::warning, "✗");
  }
  if (l.failures_dense) {
    text_centered(dl, f.small, t, palette::warning,
                  format_number(c.failures, loc) + phrase(loc, "canvas.cluster.failures"));
  }
  tag(dl, t, t.x0, palette::muted, phrase(loc, "canvas.cluster.day_0"));
  tag(dl, t, t.x1, palette::muted, phrase(loc, "canvas.cluster.day") + format_number(c.days, loc));
}

void draw_waste(ImDrawList* dl, const ClusterLayout& l, const ClusterFigures& c,
                std::string_view loc) {
  const bool near_best = c.wasted_days <= c.min_wasted_days * 1.2;
  labels(dl, l.waste_label,
         tr(loc, Message("canvas.cluster.wasted_line")
                     .amount("wasted", c.wasted_days)
                     .amount("lost", c.lost_days)
                     .amount("writing", c.writing_days)
                     .text("mark", near_best ? "✓" : "▲")),
         tr(loc, Message("canvas.cluster.least_line")
                     .amount("hours", c.best_checkpoint_hours)
                     .amount("days", c.min_wasted_days)),
         near_best ? palette::text : palette::caution);
  fill(dl, l.waste_track, palette::gauge, 4 * px());
  fill(dl, l.waste_lost, palette::caution);
  hatch(dl, l.waste_lost, translucent(palette::hatch, 120));
  fill(dl, l.waste_writing, palette::accent);
  const std::string least = phrase(loc, "canvas.cluster.least");
  if (l.waste_broken) {
    break_mark(dl, l.waste_track, false, palette::panel);
    // With the least line near the right end both tags would sit there: the number then goes
    // one line lower, so neither covers the other.
    const std::string more =
        format_number(c.wasted_days, loc) + phrase(loc, "canvas.cluster.days_more");
    const float least_w = text_width(fonts().small, least);
    const float least_x1 =
        std::clamp(l.best_x + least_w * 0.5f, l.waste_track.x0 + least_w, l.waste_track.x1);
    Rect under = l.waste_track;
    if (least_x1 + 4 * px() > under.x1 - text_width(fonts().small, more))
      under.y1 += fonts().small->FontSize + 2 * px();
    tag(dl, under, under.x1, palette::caution, more);
  }
  limit_line(dl, l.waste_track, l.best_x);
  tag(dl, l.waste_track, l.best_x, palette::text, least);
  // This bar is magnified against the days above; the picture says by how much.
  const std::string zoom =
      phrase(loc, "canvas.cluster.scale") + format_number(ClusterMetrics{}.waste_zoom, loc);
  text_at(dl, fonts().small, l.waste_label.x1 - text_width(fonts().small, zoom),
          l.waste_label.y0 + fonts().body->FontSize + 2, palette::muted, zoom);
}

void cluster_toolbar(ViewContext& ctx) {
  const Engine& e = ctx.engine;
  std::string_view loc = ctx.locale;
  Toolbar bar(ctx);
  bar.button("halve_gpus", phrase(loc, "canvas.cluster.halve_gpus"));
  bar.button("double_gpus", phrase(loc, "canvas.cluster.double_gpus"));
  const auto tflops = static_cast<std::int64_t>(ClusterReads::get<"tflops_per_gpu">(e.values()));
  bar.button("set_tflops", "− 10 TFLOP/s", Action::with("set_tflops", "n", tflops - 10),
             "tflops_down");
  bar.button("set_tflops", "+ 10 TFLOP/s", Action::with("set_tflops", "n", tflops + 10),
             "tflops_up");
  if (ClusterReads::get<"recompute">(e.values()) != 0) {
    bar.button("recompute_off", phrase(loc, "canvas.cluster.no_recompute_6_p_t"));
  } else {
    bar.button("recompute_on", phrase(loc, "canvas.cluster.recompute_8_p_t"));
  }
  bar.button("checkpoint_more_often", phrase(loc, "canvas.cluster.save_more_often"));
  bar.button("checkpoint_less_often", phrase(loc, "canvas.cluster.save_less_often"));
  bar.undo(phrase(loc, "canvas.cluster.undo")).draw();
}

void draw_cluster(ViewContext& ctx) {
  const Machine& m = ctx.engine.machine();
  if (m.spec().kind != "cluster") {
    variables_canvas().draw(ctx);
    return;
  }
  if (ctx.engine.step().kind == StepKind::operate) cluster_toolbar(ctx);
  ImGui::Dummy(ImVec2(1, fonts().body->FontSize * 0.4f));
  const Rect area = remaining_area();
  claim(area);
  const auto metrics = text_metrics<ClusterMetrics>(0.8f);
  const ClusterFigures c = cluster_figures(m);
  ClusterLayout l = layout_cluster(c, area, metrics);
  ctx.record(l.marks);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(v(area.x0, area.y0), v(area.x1, area.y1), true);
  draw_compute(dl, l, c, ctx.engine, ctx.locale);
  draw_days(dl, l, c, ctx.locale);
  draw_timeline(dl, l, c, ctx.locale);
  draw_waste(dl, l, c, ctx.locale);
  dl->PopClipRect();
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
