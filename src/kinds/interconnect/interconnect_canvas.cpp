// The interconnect machine drawn: a step's math then its gradient exchange, the useful work, and
// what a crash throws away between checkpoints.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <regex>

#include "canvas.hpp"
#include "canvas_helpers.hpp"
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
constexpr Words exchange_short{"canvas.interconnect.exchange_short"};
constexpr Words target_word{"canvas.interconnect.target_word"};
constexpr Words useful_title{"canvas.interconnect.useful_title", {"useful", "gpus"}};
constexpr Words crash_title{"canvas.interconnect.crash_title", {"hours", "checkpoints"}};
constexpr Words never{"canvas.interconnect.never"};
constexpr Words every{"canvas.interconnect.every", {"hours"}};
constexpr Words lost_caption{"canvas.interconnect.lost_caption", {"lost", "worst", "gpu_hours"}};
constexpr Words one_server{"canvas.interconnect.one_server", {"link", "max"}};
constexpr Words link_label{"canvas.interconnect.link_label"};
constexpr Words next_link{"canvas.interconnect.next_link"};
constexpr Words double_gpus{"canvas.interconnect.double_gpus"};
constexpr Words halve_gpus{"canvas.interconnect.halve_gpus"};
constexpr Words checkpoint_more{"canvas.interconnect.checkpoint_more"};
constexpr Words checkpoint_less{"canvas.interconnect.checkpoint_less"};
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
  f.crash = e.allows("checkpoint_more") || e.allows("checkpoint_less") ||
            e.allows("set_checkpoint") || f.checkpoint_h > 0;
  return f;
}

std::string link_name(const LinkSpec& link, std::string_view locale) {
  for (const auto& l : link_names) {
    if (link.id == l.id) return l.name(locale);
  }
  return link.name;
}

void link_chips(ViewContext& ctx, const InterconnectMachine& m) {
  const Catalog* catalog = m.catalog();
  if (!catalog) return;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(link_label(ctx.locale));
  std::vector<std::string> limits;
  for (const auto& link : catalog->links) {
    std::string label = link_name(link, ctx.locale);
    float w = text_width(ImGui::GetFont(), label) + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < w) ImGui::NewLine();
    bool chosen = link.id == m.link().id;
    if (chosen) {
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(palette::accent));
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered,
                            ImGui::ColorConvertU32ToFloat4(palette::accent));
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::panel));
    }
    // A link that cannot join this many GPUs looks unavailable; a click still asks the machine,
    // which says why not.
    const bool too_small = link.max_gpus > 0 && link.max_gpus < static_cast<double>(m.gpus());
    if (too_small)
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::muted));
    bool clicked = ImGui::Button(
        (label + (too_small ? " ≤ " + num(link.max_gpus, ctx.locale) : "") + "##link" + link.id)
            .c_str());
    if (too_small) {
      ImGui::PopStyleColor();
      limits.push_back(one_server(ctx.locale, label, num(link.max_gpus, ctx.locale)));
    }
    if (chosen) ImGui::PopStyleColor(3);
    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ctx.target("link:" + link.id, {a.x, a.y, b.x, b.y});
    if (clicked && !chosen) ctx.push(Action::with("set_link", "to", link.id));
  }
  for (const auto& line : limits) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::muted));
    ImGui::TextUnformatted(line.c_str());
    ImGui::PopStyleColor();
  }
}

void toolbar(ViewContext& ctx, const InterconnectMachine& m) {
  const Engine& e = ctx.engine;
  std::string_view loc = ctx.locale;
  if (e.allows("set_link")) link_chips(ctx, m);
  Toolbar bar(ctx);
  bar.button("next_link", next_link(loc));
  bar.button("halve_gpus", halve_gpus(loc));
  bar.button("remove_gpu", phrase(loc, "machine.remove_gpu"));
  bar.button("add_gpu", phrase(loc, "machine.add_gpu"));
  bar.button("double_gpus", double_gpus(loc));
  bar.button("checkpoint_less", checkpoint_less(loc));
  bar.button("checkpoint_more", checkpoint_more(loc));
  bar.undo(phrase(loc, "machine.undo")).draw();
}

void draw_step(ImDrawList* dl, const InterconnectLayout& l, const StepFigures& f,
               const InterconnectMachine& m, const Engine& e, std::string_view loc) {
  const Fonts& fo = fonts();
  text_in_row(dl, fo.bold, l.step_title.x0, l.step_title, palette::text,
              step_title(loc, seconds(f.step_s, loc)));
  std::string link = link_name(m.link(), loc) + " · " +
                     tr(loc, link_speed(InterconnectReads::get<"link_gb_per_s">(e.values()))) +
                     " · " +
                     tr(loc, link_latency(InterconnectReads::get<"latency_us">(e.values())));
  if (text_width(fo.bold, step_title(loc, seconds(f.step_s, loc))) + text_width(fo.small, link) +
          20 <
      l.step_title.width()) {
    text_right(dl, fo.small, l.step_title, palette::muted, link);
  }
  fill(dl, l.step_bar, palette::card, 4.0f * px());
  fill(dl, l.compute, math_color());
  ImU32 ex_color = l.exchange_over ? palette::warning : exchange_color();
  fill(dl, l.exchange, ex_color);
  // The exchange is hatched so it reads apart from the math without its colour.
  hatch(dl, l.exchange, translucent(palette::hatch, 120));
  std::string math_in = std::string(math(loc)) + " " + seconds(f.compute_s, loc);
  if (text_width(fo.small, math_in) + 8 < l.compute.width())
    text_in_row(dl, fo.small, l.compute.x0 + 6, l.compute, palette::panel, math_in);
  std::string pct = num(InterconnectReads::get<"exchange_pct">(e.values()), loc) + " %";
  if (text_width(fo.bold, pct) + 8 < l.exchange.width())
    text_right(dl, fo.bold, {l.exchange.x0, l.exchange.y0, l.exchange.x1 - 6, l.exchange.y1},
               palette::panel, pct);
  std::string math_part = "● " + std::string(math(loc)) + " " + seconds(f.compute_s, loc) + "    ";
  std::string exchange_part =
      (l.exchange_over ? "▲ " : "") +
      std::string(text_width(fo.small, math_in) * 4.5f < l.step_caption.width()
                      ? exchange(loc)
                      : exchange_short(loc)) +
      " " + seconds(f.exchange_s, loc) + " (" + pct + ")";
  std::string left = math_part + exchange_part;
  text_in_row(dl, fo.small, l.step_caption.x0, l.step_caption, palette::text, math_part);
  text_in_row(dl, fo.small, l.step_caption.x0 + text_width(fo.small, math_part), l.step_caption,
              l.exchange_over ? palette::warning : palette::text, exchange_part);
  if (l.has_target) {
    fill(dl, l.target_mark, palette::text);
    // The target's label sits under its mark, or a row lower when the caption is in the way.
    std::string t = std::string(target_word(loc)) + " ≤ " + num(f.target_share * 100, loc) + " %";
    float tw = text_width(fo.bold, t);
    float tx = std::clamp(l.target_mark.center_x() - tw * 0.5f, l.step_bar.x0, l.step_bar.x1 - tw);
    Rect row = l.step_caption;
    if (tx < l.step_caption.x0 + text_width(fo.small, left) + 12) {
      row.y0 += row.height();
      row.y1 += row.height();
    }
    text_in_row(dl, fo.bold, tx, row, palette::text, t);
  }
}

void draw_useful(ImDrawList* dl, const InterconnectLayout& l, const StepFigures& f,
                 std::string_view loc) {
  const Fonts& fo = fonts();
  text_in_row(dl, fo.bold, l.useful_title.x0, l.useful_title, palette::text,
              useful_title(loc, num(f.useful_gpus, loc), num(f.gpus, loc)));
  // The track is what all the GPUs would do if none ever waited; the fill, what they do.
  fill(dl, l.useful_all, palette::card, 4.0f * px());
  fill(dl, l.useful_fill, math_color(), 4.0f * px());
  if (l.gpus_broken) break_mark(dl, l.useful_all, false, palette::panel);
  fill(dl, l.gpus_mark, palette::muted);
  // Under the bar, one row for the GPUs' tag and the next for the target's, so they never meet.
  Rect first = l.useful_caption, second = l.useful_caption;
  first.y1 = first.y0 + fo.small->FontSize * 1.3f;
  second.y0 = first.y1;
  auto tag = [&](const Rect& row, float x, ImU32 color, ImFont* font, const std::string& s) {
    float w = text_width(font, s);
    text_in_row(dl, font, std::clamp(x - w * 0.5f, l.useful_bar.x0, l.useful_bar.x1 - w), row,
                color, s);
  };
  tag(first, l.gpus_mark.center_x(), palette::muted, fo.small, num(f.gpus, loc) + " GPU");
  if (l.has_useful_target) {
    fill(dl, l.useful_target_mark, palette::text);
    tag(second, l.useful_target_mark.center_x(), palette::text, fo.bold,
        std::string(target_word(loc)) + " ≥ " + num(f.useful_target, loc));
  }
}

void draw_crash(ImDrawList* dl, const InterconnectLayout& l, const StepFigures& f, const Engine& e,
                std::string_view loc) {
  if (!l.crash) return;
  const Fonts& fo = fonts();
  std::string interval = f.checkpoint_h > 0 ? every(loc, num(f.checkpoint_h, loc)) : never(loc);
  text_in_row(dl, fo.bold, l.crash_title.x0, l.crash_title, palette::text,
              crash_title(loc, num(f.hours_run, loc), interval));
  fill(dl, l.run_bar, palette::success_soft, 4.0f * px());
  fill(dl, l.lost, palette::warning);
  hatch(dl, l.lost, translucent(palette::hatch, 140));
  for (const Rect& c : l.checkpoints)
    fill(dl, c, palette::success);
  text_in_row(dl, fo.small, l.run_bar.x0 + 4, l.run_bar, palette::text, "0 h");
  text_in_row(dl, fo.small, l.crash_caption.x0, l.crash_caption, palette::warning,
              lost_caption(loc, num(f.crash_lost_hours, loc), num(f.lost_hours, loc),
                           num(InterconnectReads::get<"lost_gpu_hours">(e.values()), loc)));
  text_right(dl, fo.bold, {l.run_bar.x0, l.run_bar.y0, l.run_bar.x1 - 4, l.run_bar.y1},
             palette::panel, "✗");
  if (auto bound = goal_bound(e, "lost_hours")) {
    std::string t = std::string(target_word(loc)) + " ≤ " + num(*bound, loc) + " h";
    std::string lost = lost_caption(loc, num(f.crash_lost_hours, loc), num(f.lost_hours, loc),
                                    num(InterconnectReads::get<"lost_gpu_hours">(e.values()), loc));
    if (text_width(fo.small, lost) + text_width(fo.bold, t) + 16 < l.crash_caption.width())
      text_right(dl, fo.bold, l.crash_caption, palette::text, t);
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
  if (e.step().kind == StepKind::operate) toolbar(ctx, *m);
  const Rect area = remaining_area();
  claim(area);
  const auto metrics = text_metrics<InterconnectMetrics>(0.9f);
  StepFigures f = figures(e, *m);
  InterconnectLayout l = layout_interconnect(f, area, metrics);
  ctx.record(l.marks);
  ctx.target("step", l.step_bar);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(v(area.x0, area.y0), v(area.x1, area.y1), true);
  draw_step(dl, l, f, *m, e, ctx.locale);
  draw_useful(dl, l, f, ctx.locale);
  draw_crash(dl, l, f, e, ctx.locale);
  const bool pulsing = ctx.motion.change < 1 &&
                       dynamic_cast<const InterconnectMachine*>(ctx.motion.before.get()) != nullptr;
  draw_lane(dl, l, f, *m, ctx.locale,
            pulsing ? ctx.motion.change * ctx.motion.change_seconds : -1.0f);
  dl->PopClipRect();
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
