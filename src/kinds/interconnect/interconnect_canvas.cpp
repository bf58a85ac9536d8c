// The interconnect machine drawn: a step's math then its gradient exchange, the useful work, and
// what a crash throws away between checkpoints.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <regex>

#include "canvas.hpp"
#include "canvas_frame.hpp"
#include "draw.hpp"
#include "interconnect.hpp"
#include "interconnect_layout.hpp"
#include "interconnect_reads.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"
#include "words.hpp"

namespace lessonsim::ui {

namespace {

using namespace draw;

struct LinkWords {
  const char* id;
  Words name;
};
// Short button names; the catalog's own name (English) stands in for a link not listed here.
constexpr LinkWords link_names[] = {
    {"nvlink-h100", {"canvas.interconnect.link.nvlink"}},
    {"infiniband-ndr", {"canvas.interconnect.link.infiniband"}},
    {"ethernet-100g", {"canvas.interconnect.link.ethernet"}},
    {"home-internet", {"canvas.interconnect.link.home_internet"}},
};

constexpr Words step_title{"canvas.interconnect.step_title", {"seconds"}};
constexpr Words math{"canvas.interconnect.math"};
constexpr Words exchange{"canvas.interconnect.exchange"};
constexpr Words target_word{"canvas.interconnect.target_word"};
constexpr Words share_of_step{"canvas.interconnect.share_of_step", {"pct"}};
constexpr Words useful_title{"canvas.interconnect.useful_title", {"useful", "gpus"}};
constexpr Words crash_title{"canvas.interconnect.crash_title", {"hours", "checkpoints"}};
constexpr Words never{"canvas.interconnect.never"};
constexpr Words every{"canvas.interconnect.every", {"hours"}};
constexpr Words lost_caption{"canvas.interconnect.lost_caption", {"lost", "worst", "gpu_hours"}};
constexpr Words result_step{"canvas.interconnect.result_step", {"gpus", "link", "share", "lost"}};

ImU32 math_color() {
  return palette::accent;
}
ImU32 exchange_color() {
  return palette::exchange;
}

std::string num(double value, std::string_view locale) {
  return format_number(value, locale);
}
std::string seconds(double value, std::string_view locale) {
  return num(value, locale) + " s";
}

// The number the step's goal compares `var` with (e.g. `exchange_share <= 0.25`), so the picture
// can mark the lesson's own target.
std::optional<double> goal_bound(const Engine& e, const std::string& var) {
  const Step& step = e.step();
  if (!step.goal) return std::nullopt;
  std::regex pattern("\\b" + var + R"(\s*(<=|>=|<|>)\s*([0-9]+(\.[0-9]+)?))");
  std::smatch match;
  const std::string& text = step.goal->text();
  if (!std::regex_search(text, match, pattern)) return std::nullopt;
  return std::stod(match[2].str());
}

StepFigures figures(const Engine& e, const InterconnectMachine& m) {
  StepFigures f;
  f.compute_s = InterconnectReads::get<"compute_s">(e.values());
  f.exchange_s = InterconnectReads::get<"exchange_s">(e.values());
  f.step_s = InterconnectReads::get<"step_s">(e.values());
  f.exchange_share = InterconnectReads::get<"exchange_share">(e.values());
  f.target_share = goal_bound(e, "exchange_share").value_or(-1);
  f.gpus = InterconnectReads::get<"gpus">(e.values());
  f.useful_gpus = InterconnectReads::get<"useful_gpus">(e.values());
  f.useful_target = goal_bound(e, "useful_gpus").value_or(-1);
  f.hours_run = InterconnectReads::get<"hours_run">(e.values());
  f.checkpoint_h = InterconnectReads::get<"checkpoint_h">(e.values());
  f.lost_hours = InterconnectReads::get<"lost_hours">(e.values());
  f.crash_lost_hours = InterconnectReads::get<"crash_lost_hours">(e.values());
  f.link_gb_per_s = InterconnectReads::get<"link_gb_per_s">(e.values());
  if (const Catalog* catalog = m.catalog()) {
    for (const auto& link : catalog->links)
      f.fastest_gb_per_s = std::max(f.fastest_gb_per_s, link.gb_per_s);
  }
  return f;
}

// How many times its math the step's time axis holds, and the useful-work axis its target (or
// the GPUs at entry).
constexpr double computes_in_view = 4;
constexpr double targets_in_view = 2.5;

// What the step shows: its focus, what it keeps back until a choice, and axes from the machine
// as the step is entered.
InterconnectView view_of(const CanvasFrame& frame, const StepFigures& f) {
  const Engine& e = frame.ctx.engine;
  InterconnectView v;
  v.step = frame.shows("step");
  v.useful = frame.shows("useful");
  v.useful_faded = frame.part("useful") == PartFocus::faded;
  v.step_title_optional = !frame.focus().reads_var("step_s");
  // The crash is drawn where the step speaks of it; before format 4 (nothing folds) where its
  // actions are allowed or checkpoints are set.
  const bool focused = e.lesson().format >= 4;
  v.crash = focused ? frame.shows("crash")
                    : e.allows("checkpoint_more") || e.allows("checkpoint_less") ||
                          e.allows("set_checkpoint") || f.checkpoint_h > 0;
  for (const char* var :
       {"exchange_s", "exchange_hours", "step_s", "exchange_share", "exchange_pct"})
    v.exchange_hidden = v.exchange_hidden || frame.hides(var);
  v.useful_hidden = frame.hides("useful_gpus") || v.exchange_hidden;
  const Machine& entry = frame.on_entry();
  v.axis_s = computes_in_view * InterconnectReads::get<"compute_s">(entry);
  v.entry_exchange_s = InterconnectReads::get<"exchange_s">(entry);
  v.useful_axis = targets_in_view *
                  (f.useful_target > 0 ? f.useful_target : InterconnectReads::get<"gpus">(entry));
  return v;
}

std::string link_name(const LinkSpec& link, std::string_view locale) {
  for (const auto& l : link_names) {
    if (link.id == l.id) return l.name(locale);
  }
  return link.name;
}

// The catalog's links, first in the toolbar: the chosen one selected, one that cannot join this
// many GPUs dimmed with its limit ("NVLink ≤ 8"); a click asks the machine, which says why not.
void link_choices(Toolbar& bar, const InterconnectMachine& m, std::string_view loc) {
  const Catalog* catalog = m.catalog();
  if (!catalog) return;
  for (const auto& link : catalog->links) {
    const bool too_small = link.max_gpus > 0 && link.max_gpus < static_cast<double>(m.gpus());
    const std::string label =
        link_name(link, loc) + (too_small ? " ≤ " + num(link.max_gpus, loc) : "");
    const std::string target = "link:" + link.id;
    bar.choice("set_link", label, Action::with("set_link", "to", link.id), target.c_str(),
               link.id == m.link().id, too_small);
  }
}

// One part of the step's caption: its words, colour, and the numbers it shows as tiles (placed
// where the part is written).
struct CaptionPart {
  std::string text;
  ImU32 color;
  std::vector<Mark> shows;
};

// The caption: the math, the exchange, its share of the step and the target; each a part the
// row wraps between, each (in the small font) cut with "…" only when wider than the whole row.
std::vector<CaptionPart> caption_parts(const StepFigures& f, const InterconnectView& v,
                                       const Engine& e, std::string_view loc, float width) {
  const Scale secs = time_scale("s", 1);
  const bool over = f.target_share >= 0 && f.exchange_share > f.target_share;
  std::vector<CaptionPart> parts = {
      {"● " + std::string(math(loc)) + " " + seconds(f.compute_s, loc),
       palette::text,
       {secs.tile(f.compute_s, {}).of("compute_s")}}};
  if (!v.exchange_hidden) {
    const double pct = InterconnectReads::get<"exchange_pct">(e.values());
    const ImU32 color = over ? palette::warning : palette::text;
    parts.push_back(
        {(over ? "▲ " : "") + std::string(exchange(loc)) + " " + seconds(f.exchange_s, loc),
         color,
         {secs.tile(f.exchange_s, {}).of("exchange_s")}});
    parts.push_back({share_of_step(loc, num(pct, loc)),
                     color,
                     {share_scale(1).tile(pct, {}).of("exchange_pct")}});
  }
  if (f.target_share >= 0) {
    parts.push_back(
        {"| " + std::string(target_word(loc)) + " ≤ " + num(f.target_share * 100, loc) + " %",
         palette::text,
         {}});
  }
  for (CaptionPart& p : parts)
    p.text = fit_text(fonts().small, p.text, width);
  return parts;
}

// The rows `parts` take when wrapped at `width`.
int caption_rows(const std::vector<CaptionPart>& parts, float width) {
  ImFont* font = fonts().small;
  const float gap = font->FontSize;
  int rows = 1;
  float x = 0;
  for (const CaptionPart& p : parts) {
    const float w = text_width(font, p.text);
    if (x > 0 && x + w > width) {
      ++rows;
      x = 0;
    }
    x += w + gap;
  }
  return rows;
}

// The step's title and link, its math and exchange as lengths of time (the exchange cut at the
// axis's end with its number when longer), the target, and the caption with the numbers.
// The numbers it writes are tiles (marks with no length) in `tiles`, each where it is written.
void draw_step(const CanvasFrame& frame, const InterconnectLayout& l, const StepFigures& f,
               const InterconnectView& v, const InterconnectMachine& m,
               const std::vector<CaptionPart>& parts, Marks& tiles) {
  ImDrawList* dl = frame.dl();
  const std::string_view loc = frame.ctx.locale;
  const Engine& e = frame.ctx.engine;
  const Fonts& fo = fonts();
  const std::string title =
      step_title(loc, v.exchange_hidden ? std::string("?") : seconds(f.step_s, loc));
  const std::string shown_title =
      l.step_title.height() > 0 ? fit_text(fo.bold, title, l.step_title.width()) : "";
  text_in_row(dl, fo.bold, l.step_title.x0, l.step_title, palette::text, shown_title);
  const Scale seconds_tile = time_scale("s", 1);
  const auto row_box = [](const Rect& row, float x, ImFont* font, const std::string& text) {
    const float h = font->FontSize;
    return Rect{x, row.center_y() - h * 0.5f, x + text_width(font, text),
                row.center_y() + h * 0.5f};
  };
  if (!v.exchange_hidden && !shown_title.empty()) {
    tiles.push_back(
        seconds_tile.tile(f.step_s, row_box(l.step_title, l.step_title.x0, fo.bold, shown_title))
            .of("step_s"));
  }
  const std::string link =
      link_name(m.link(), loc) + " · " +
      tr(loc, link_speed(InterconnectReads::get<"link_gb_per_s">(e.values()))) + " · " +
      tr(loc, link_latency(InterconnectReads::get<"latency_us">(e.values())));
  if (!shown_title.empty() &&
      text_width(fo.bold, shown_title) + text_width(fo.small, link) + 20 < l.step_title.width())
    text_right(dl, fo.small, l.step_title, palette::muted, link);
  fill(dl, l.step_bar, palette::card, 4.0f * px());
  fill(dl, l.compute, math_color());
  const std::string math_in = std::string(math(loc)) + " " + seconds(f.compute_s, loc);
  if (text_width(fo.small, math_in) + 8 < l.compute.width())
    text_in_row(dl, fo.small, l.compute.x0 + 6, l.compute, palette::panel, math_in);
  const ImU32 ex_color = l.exchange_over ? palette::warning : exchange_color();
  if (v.exchange_hidden) {
    const Rect rest{l.compute.x1, l.step_bar.y0, l.step_bar.x1, l.step_bar.y1};
    text_centered(dl, fo.bold, rest, palette::muted, "?");
  } else {
    fill(dl, l.exchange, ex_color);
    // The exchange is hatched so it reads apart from the math without its colour.
    hatch(dl, l.exchange, translucent(palette::hatch, 120));
    if (l.exchange_broken) break_mark(dl, l.exchange, false, palette::panel);
  }
  if (l.has_target) fill(dl, l.target_mark, palette::text);
  if (l.zoomed) {
    frame.callout(l.callout);
    fill(dl, l.zoom_exchange, ex_color);
    hatch(dl, l.zoom_exchange, translucent(palette::hatch, 120));
    if (l.zoom_broken) break_mark(dl, l.zoom_exchange, false, palette::panel);
  }
  float x = l.step_caption.x0, y = l.step_caption.y0;
  const float gap = fo.small->FontSize;
  for (CaptionPart part : parts) {
    const float w = text_width(fo.small, part.text);
    if (x > l.step_caption.x0 && x + w > l.step_caption.x1) {
      x = l.step_caption.x0;
      y += l.caption_row_h;
    }
    const Rect row{l.step_caption.x0, y, l.step_caption.x1, y + l.caption_row_h};
    text_in_row(dl, fo.small, x, row, part.color, part.text);
    for (Mark& tile : part.shows) {
      tile.rect = row_box(row, x, fo.small, part.text);
      tiles.push_back(tile);
    }
    x += w + gap;
  }
}

void draw_useful(ImDrawList* dl, const InterconnectLayout& l, const StepFigures& f,
                 const InterconnectView& v, std::string_view loc) {
  const Fonts& fo = fonts();
  const std::string title = useful_title(
      loc, v.useful_hidden ? std::string("?") : num(f.useful_gpus, loc), num(f.gpus, loc));
  if (l.useful_title.height() > 0) {
    text_in_row(dl, fo.bold, l.useful_title.x0, l.useful_title, palette::text,
                fit_text(fo.bold, title, l.useful_title.width()));
  }
  // The track is what all the GPUs would do if none ever waited; the fill, what they do.
  fill(dl, l.useful_all, palette::card, 4.0f * px());
  if (!v.useful_hidden) fill(dl, l.useful_fill, math_color(), 4.0f * px());
  if (l.gpus_broken) break_mark(dl, l.useful_all, false, palette::panel);
  fill(dl, l.gpus_mark, palette::muted);
  auto tag = [&](const Rect& row, float x, ImU32 color, ImFont* font, const std::string& s) {
    float w = text_width(font, s);
    text_in_row(dl, font, std::clamp(x - w * 0.5f, l.useful_bar.x0, l.useful_bar.x1 - w), row,
                color, s);
  };
  // The GPUs are in the title; the row under the bar is the target's.
  if (l.has_useful_target) {
    fill(dl, l.useful_target_mark, palette::text);
    tag(l.useful_caption, l.useful_target_mark.center_x(), palette::text, fo.bold,
        std::string(target_word(loc)) + " ≥ " + num(f.useful_target, loc));
  }
}

void draw_crash(ImDrawList* dl, const InterconnectLayout& l, const StepFigures& f, const Engine& e,
                std::string_view loc) {
  const Fonts& fo = fonts();
  std::string interval = f.checkpoint_h > 0 ? every(loc, num(f.checkpoint_h, loc)) : never(loc);
  text_in_row(
      dl, fo.bold, l.crash_title.x0, l.crash_title, palette::text,
      fit_text(fo.bold, crash_title(loc, num(f.hours_run, loc), interval), l.crash_title.width()));
  fill(dl, l.run_bar, palette::success_soft, 4.0f * px());
  const bool loses = f.crash_lost_hours > 0;
  fill(dl, l.lost, palette::warning);
  hatch(dl, l.lost, translucent(palette::hatch, 140));
  for (const Rect& c : l.checkpoints)
    fill(dl, c, palette::success);
  // The crash itself, at the run's end: a thick line, red when it costs work.
  fill(dl,
       {l.run_bar.x1 - 3 * px(), l.run_bar.y0 - 4 * px(), l.run_bar.x1, l.run_bar.y1 + 4 * px()},
       loses ? palette::warning : palette::success);
  Rect first = l.crash_caption, second = l.crash_caption;
  first.y1 = first.center_y();
  second.y0 = first.y1;
  const std::string lost =
      std::string(loses ? "✗ " : "✓ ") +
      lost_caption(loc, num(f.crash_lost_hours, loc), num(f.lost_hours, loc),
                   num(InterconnectReads::get<"lost_gpu_hours">(e.values()), loc));
  text_in_row(dl, fo.small, first.x0, first, loses ? palette::warning : palette::text,
              fit_text(fo.small, lost, first.width()));
  if (auto bound = goal_bound(e, "lost_hours")) {
    text_in_row(dl, fo.bold, second.x0, second, palette::text,
                std::string(target_word(loc)) + " ≤ " + num(*bound, loc) + " h");
  }
}

// Two GPUs and the link between them; while the exchange is shown, its pulses on the link.
void draw_lane(ImDrawList* dl, const InterconnectLayout& l, const StepFigures& f,
               const InterconnectMachine& m, std::string_view loc, float seconds) {
  if (!l.has_lane) return;
  const Fonts& fo = fonts();
  for (const Rect* g : {&l.gpu_a, &l.gpu_b}) {
    fill(dl, *g, palette::card, 6.0f * px());
    dl->AddRect(v(g->x0, g->y0), v(g->x1, g->y1), palette::panel_border, 6.0f * px());
    text_centered(dl, fo.small, *g, palette::text, "GPU");
  }
  const float mid = l.lane.center_y();
  dl->AddLine(v(l.lane.x0, mid), v(l.lane.x1, mid), palette::gauge, 3.0f * px());
  for (const Rect& p : exchange_pulses(l, f, seconds))
    fill(dl, p, exchange_color(), p.height() * 0.5f);
  std::string label = link_name(m.link(), loc) + " · " + tr(loc, link_speed(f.link_gb_per_s));
  Rect under{l.lane.x0, l.lane.y1, l.lane.x1, l.gpu_a.y1 + fo.small->FontSize * 0.2f};
  if (text_width(fo.small, label) < under.width()) {
    text_centered(dl, fo.small, under, palette::muted, label);
  }
}

void draw_interconnect(ViewContext& ctx) {
  const auto* m = dynamic_cast<const InterconnectMachine*>(&ctx.engine.machine());
  if (!m) {
    variables_canvas().draw(ctx);
    return;
  }
  const Engine& e = ctx.engine;
  CanvasOptions options;
  // The link is chosen from chips naming every link, above the buttons.
  options.lead_buttons = [&](Toolbar& bar) { link_choices(bar, *m, ctx.locale); };
  // With every link to pick from, "next link" says nothing more.
  if (e.allows("set_link")) options.not_in_toolbar = {"next_link"};
  CanvasFrame frame(ctx, options);
  auto metrics = text_metrics<InterconnectMetrics>(0.9f);
  const StepFigures f = figures(e, *m);
  const InterconnectView v = view_of(frame, f);
  const float caption_w = frame.area().width() - 2 * metrics.gap;
  const std::vector<CaptionPart> parts = caption_parts(f, v, e, ctx.locale, caption_w);
  metrics.caption_rows = caption_rows(parts, caption_w);
  const InterconnectLayout l = layout_interconnect(f, v, frame.area(), metrics);
  frame.record(l.marks);
  ctx.target("step", l.step_bar);
  ImDrawList* dl = frame.dl();
  Marks tiles;
  if (l.step) frame.in_part("step", [&] { draw_step(frame, l, f, v, *m, parts, tiles); });
  frame.record(std::move(tiles));
  if (l.useful) frame.in_part("useful", [&] { draw_useful(dl, l, f, v, ctx.locale); });
  if (l.crash) frame.in_part("crash", [&] { draw_crash(dl, l, f, e, ctx.locale); });
  const bool pulsing = ctx.motion.change < 1 &&
                       dynamic_cast<const InterconnectMachine*>(ctx.motion.before.get()) != nullptr;
  draw_lane(dl, l, f, *m, ctx.locale,
            pulsing ? ctx.motion.change * ctx.motion.change_seconds : -1.0f);
}

std::string interconnect_result(const Engine& e, std::string_view locale) {
  const auto* m = dynamic_cast<const InterconnectMachine*>(&e.machine());
  std::string link = m ? link_name(m->link(), locale) : "?";
  return result_step(locale, num(InterconnectReads::get<"gpus">(e.values()), locale), link,
                     num(InterconnectReads::get<"exchange_pct">(e.values()), locale),
                     num(InterconnectReads::get<"lost_hours">(e.values()), locale));
}

}  // namespace

const CanvasKind& interconnect_canvas() {
  static const CanvasKind kind{"interconnect", &draw_interconnect, &interconnect_result,
                               &InterconnectReads::resolve};
  return kind;
}

}  // namespace lessonsim::ui
