// The rack machine drawn with the draw list: servers in a cabinet against the power feed and the
// cooling, the clock that drops when it runs hot, and the site zoomed out as cells and bands.
#include <algorithm>
#include <string>

#include "canvas.hpp"
#include "canvas_helpers.hpp"
#include "draw.hpp"
#include "lessonsim/messages.hpp"
#include "rack.hpp"
#include "rack_layout.hpp"
#include "rack_reads.hpp"
#include "rack_zoom_layout.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

using namespace draw;

std::string kw(double x, std::string_view locale) {
  return format_number(x, locale) + " kW";
}

const char* zoom_name(int z, std::string_view loc) {
  return phrase(loc, "canvas.rack.zoom." + std::to_string(z));
}

// A bar's two text lines: what it measures (bold) and its limit (small, right).
void bar_labels(ImDrawList* dl, const LimitBar& b, const std::string& title,
                const std::string& limit, ImU32 title_color, bool words, bool sub) {
  if (!words) return;
  const Fonts& f = fonts();
  // A title wider than its bar (a longer language) drops to the small font rather than run off.
  ImFont* font = text_width(f.bold, title) <= b.track.width() ? f.bold : f.small;
  text_at(dl, font, b.label.x0, b.label.y0, title_color, title);
  if (sub) {
    text_at(dl, f.small, b.label.x0, b.label.y0 + f.body->FontSize + 2, palette::muted, limit);
  }
}

void draw_bar(ImDrawList* dl, const LimitBar& b, ImU32 ok_color, const std::string& over_text,
              const std::string& limit_tag, bool words, bool tag_shown) {
  const Fonts& f = fonts();
  fill(dl, b.track, palette::gauge, 4 * px());
  fill(dl, b.fill, ok_color, 4 * px());
  if (b.over_limit) {
    fill(dl, b.over, palette::warning);
    hatch(dl, b.over, translucent(palette::hatch, 150));
  }
  if (b.broken) break_mark(dl, b.track, false, palette::panel);
  dl->AddLine(v(b.limit_x, b.track.y0 - 4 * px()), v(b.limit_x, b.track.y1 + 4 * px()),
              palette::text, 3 * px());
  if (!words) return;
  if (tag_shown) {
    float tw = text_width(f.small, limit_tag);
    float tx = std::clamp(b.limit_x - tw * 0.5f, b.track.x0, b.track.x1 - tw);
    text_at(dl, f.small, tx, b.track.y1 + 5 * px(), palette::text, limit_tag);
  }
  if (b.over_limit && !over_text.empty()) {
    Rect r = b.over;
    if (text_width(f.small, over_text) + 8 < r.width() && r.height() >= f.small->FontSize + 2) {
      Rect bg{r.center_x() - text_width(f.small, over_text) * 0.5f - 3, r.y0 + 3,
              r.center_x() + text_width(f.small, over_text) * 0.5f + 3, r.y1 - 3};
      fill(dl, bg, palette::warning, 3 * px());
      text_centered(dl, f.small, r, palette::panel, over_text);
    }
  }
}

// `words` off: the shapes only, for the rack shrunk into its row, too small for text.
void draw_close_up(ImDrawList* dl, const RackLayout& l, const Engine& e, std::string_view loc,
                   bool words = true) {
  const Fonts& f = fonts();
  const bool hot = RackReads::get<"hot">(e.values()) != 0;
  fill(dl, l.cabinet, palette::text, 6 * px());
  if (hot) {
    dl->AddRect(v(l.cabinet.x0, l.cabinet.y0), v(l.cabinet.x1, l.cabinet.y1), palette::warning,
                6 * px(), 0, 4 * px());
  }
  const std::string per =
      format_number(RackReads::get<"gpus_per_server">(e.values()), loc) + " GPU";
  for (const auto& s : l.slots) {
    if (!s.filled) {
      dl->AddRect(v(s.rect.x0, s.rect.y0), v(s.rect.x1, s.rect.y1), palette::muted, 3 * px());
      if (words && s.rect.height() >= f.small->FontSize) {
        text_centered(dl, f.small, s.rect, palette::muted, phrase(loc, "canvas.rack.empty"));
      }
      continue;
    }
    fill(dl, s.rect, hot ? palette::warning_soft : palette::card, 3 * px());
    float led = std::min(s.rect.height() * 0.25f, 5 * px());
    dl->AddCircleFilled(v(s.rect.x0 + led * 2.5f, s.rect.center_y()), led,
                        hot ? palette::warning : palette::link_on);
    if (words && s.rect.height() >= f.small->FontSize) {
      std::string label =
          (hot ? "▲ " : "") + per + " · " + kw(RackReads::get<"server_kw">(e.values()), loc);
      if (text_width(f.small, label) > s.rect.width() - led * 5) label = (hot ? "▲ " : "") + per;
      text_centered(dl, f.small, s.rect, hot ? palette::warning : palette::text, label);
    }
  }

  // The calculator has already called a rounding's remainder none: 0 is its word for "full".
  const double left = RackReads::get<"headroom_kw">(e.values());
  bar_labels(dl, l.power,
             tr(loc, Message("canvas.rack.power_title")
                         .text("kw", kw(RackReads::get<"rack_kw">(e.values()), loc))
                         .text("feed", kw(RackReads::get<"budget_kw">(e.values()), loc))),
             tr(loc, Message("canvas.rack.power_sub")
                         .text("full", left == 0 ? "yes" : "no")
                         .text("left", kw(left, loc))),
             palette::text, words, l.bar_subs);
  draw_bar(dl, l.power, palette::accent, {},
           phrase(loc, "canvas.rack.feed") + kw(RackReads::get<"budget_kw">(e.values()), loc),
           words, l.bar_tags);

  const bool liquid = RackReads::get<"liquid">(e.values()) != 0;
  std::string cool = liquid ? phrase(loc, "canvas.rack.liquid") : phrase(loc, "canvas.rack.air");
  bar_labels(dl, l.heat,
             tr(loc, Message("canvas.rack.heat_title")
                         .text("kw", kw(RackReads::get<"rack_kw">(e.values()), loc))
                         .text("over", hot ? "yes" : "no")),
             tr(loc, Message("canvas.rack.heat_sub")
                         .text("cooling", cool)
                         .text("kw", kw(RackReads::get<"cooling_kw">(e.values()), loc))),
             hot ? palette::warning : palette::text, words, l.bar_subs);
  draw_bar(
      dl, l.heat, palette::success, "▲ +" + kw(RackReads::get<"heat_over_kw">(e.values()), loc),
      phrase(loc, "canvas.rack.cooling_limit") + kw(RackReads::get<"cooling_kw">(e.values()), loc),
      words, l.bar_tags);

  const double clock = RackReads::get<"clock_pct">(e.values());
  std::string title = phrase(loc, "canvas.rack.clock") + format_number(clock, loc) + " %";
  if (clock < 100) title += phrase(loc, "canvas.rack.throttled");
  bar_labels(dl, l.clock, title,
             tr(loc, Message("canvas.rack.clock_sub")
                         .amount("gpus", RackReads::get<"gpus">(e.values()))
                         .amount("useful", RackReads::get<"useful_gpus">(e.values()))),
             clock < 100 ? palette::caution : palette::text, words, l.bar_subs);
  draw_bar(dl, l.clock, clock < 100 ? palette::caution : palette::success, {}, "100 %", words,
           l.bar_tags);
  if (clock < 100) {
    Rect lost{l.clock.fill.x1, l.clock.track.y0, l.clock.limit_x, l.clock.track.y1};
    hatch(dl, lost, translucent(palette::caution, 110));
  }
}

// Whether `r` shows at all inside the draw list's clip rect: a zoom puts most of the farther
// level off screen, and llvmpipe still sets up every triangle sent to it.
bool on_screen(ImDrawList* dl, const Rect& r) {
  const ImVec2 a = dl->GetClipRectMin(), b = dl->GetClipRectMax();
  return r.x1 >= a.x && r.x0 <= b.x && r.y1 >= a.y && r.y0 <= b.y;
}

void draw_zoomed(ImDrawList* dl, const RackLayout& l, std::string_view loc) {
  const Fonts& f = fonts();
  if (l.empty) {
    Rect body{l.area.x0, l.caption.y1, l.area.x1, l.area.y1};
    text_centered(dl, f.body, body, palette::muted,
                  phrase(loc, "canvas.rack.empty_rack_with_no_servers"));
    return;
  }
  for (const auto& c : l.cells) {
    if (!on_screen(dl, c)) continue;
    bordered(dl, c, palette::accent_soft, palette::accent, 2 * px(), px());
  }
  for (const auto& r : l.rows) {
    if (!on_screen(dl, r.rect)) continue;
    meter(dl, r.rect, r.fill, palette::gauge, palette::accent);
  }
  for (const auto& h : l.halls) {
    if (!on_screen(dl, h.rect)) continue;
    bordered(dl, h.rect, palette::card, palette::panel_border, 6 * px());
    for (const auto& b : h.bands) {
      if (!on_screen(dl, b.rect)) continue;
      meter(dl, b.rect, b.fill, palette::gauge, palette::slice_a);
    }
    if (h.bands.empty()) {
      Rect inner{h.rect.x0 + 4, h.label.y1 + 4, h.rect.x1 - 4, h.rect.y1 - 4};
      Rect part = inner;
      part.y1 = inner.y0 + inner.height() * static_cast<float>(h.fill_fraction);
      fill(dl, inner, palette::gauge);
      fill(dl, part, palette::slice_a);
    }
    std::string label = std::to_string(h.rows) + phrase(loc, "canvas.rack.rows");
    if (text_width(f.small, label) <= h.label.width()) {
      text_at(dl, f.small, h.label.x0, h.label.y0, palette::text, label);
    }
  }
  // The nearer level's draw over the view's, on the view's own power scale: zooming out, the
  // watts rise by as many racks as the view holds.
  for (std::size_t k = 0; k < l.marks.size() && k < l.power_tracks.size(); ++k) {
    const Mark& mark = l.marks[k];
    const int level = static_cast<int>(l.zoom) - 1 + static_cast<int>(k);
    const std::string watts = mark.value >= 1e6 ? format_number(mark.value / 1e6, loc) + " MW"
                                                : kw(mark.value / 1000, loc);
    text_at(dl, f.small, l.power_labels[k].x0, l.power_labels[k].y0,
            k == 1 ? palette::text : palette::muted,
            std::string(zoom_name(level, loc)) + " · " + watts);
    meter(dl, l.power_tracks[k], mark.rect, palette::gauge, palette::accent);
  }
  if (l.hidden_halls > 0) {
    std::string more = "+" + std::to_string(l.hidden_halls) + phrase(loc, "canvas.rack.more_halls");
    // Above the power rows, which take the bottom of the picture.
    text_at(dl, f.small, l.area.x1 - text_width(f.small, more),
            l.power_labels[0].y0 - f.small->FontSize - 2, palette::muted, more);
  }
}

// A zoom under way: the farther level through the camera, the nearer one fading in its place.
void draw_zoom(ImDrawList* dl, const RackZoomFrame& f, const Engine& e, std::string_view loc) {
  dl->PushClipRect(v(f.body.x0, f.body.y0), v(f.body.x1, f.body.y1), true);
  for (const Rect& c : f.far_clips) {
    dl->PushClipRect(v(c.x0, c.y0), v(c.x1, c.y1), true);
    draw_zoomed(dl, f.far, loc);
    dl->PopClipRect();
  }
  if (f.near_alpha > 0) {
    const Rect& r = f.near_rect;
    dl->PushClipRect(v(r.x0, r.y0), v(r.x1, r.y1), true);
    const int first = dl->VtxBuffer.Size;
    fill(dl, r, palette::panel);
    if (f.near.zoom == RackMachine::Zoom::rack) {
      draw_close_up(dl, f.near, e, loc, r.width() > f.body.width() * 0.5f);
    } else {
      draw_zoomed(dl, f.near, loc);
    }
    fade_since(dl, first, f.near_alpha);
    dl->PopClipRect();
  }
  dl->PopClipRect();
}

// The caption's first line: rack → row → hall → site, the current level in bold; each level is
// a click target when the step allows jumping to it.
void draw_breadcrumb(ViewContext& ctx, ImDrawList* dl, const RackLayout& l, int zoom, bool clicked,
                     ImVec2 mouse) {
  const Fonts& f = fonts();
  float x = l.caption.x0;
  for (int z = 0; z < 4; ++z) {
    std::string name = zoom_name(z, ctx.locale);
    ImFont* font = z == zoom ? f.bold : f.body;
    float w = text_width(font, name);
    Rect r{x - 4, l.caption.y0, x + w + 4, l.caption.y0 + f.body->FontSize + 2};
    if (z == zoom) fill(dl, r, palette::accent_soft, 4 * px());
    text_at(dl, font, x, l.caption.y0, z == zoom ? palette::accent : palette::muted, name);
    if (ctx.engine.allows("set_zoom")) {
      ctx.target("zoom" + std::to_string(z), r);
      if (clicked && z != zoom && r.contains(mouse.x, mouse.y)) {
        ctx.push(Action::with("set_zoom", "n", z));
      }
    }
    x += w + 8;
    if (z < 3) {
      text_at(dl, f.body, x, l.caption.y0, palette::muted, "→");
      x += text_width(f.body, "→") + 8;
    }
  }
}

std::string counts(const Engine& e, int zoom, std::string_view loc) {
  if (zoom == 0) {
    return tr(loc, Message("canvas.rack.counts_rack")
                       .num("servers", RackReads::get<"servers">(e.values()))
                       .num("per", RackReads::get<"gpus_per_server">(e.values()))
                       .amount("gpus", RackReads::get<"gpus">(e.values())));
  }
  std::string s = tr(loc, Message("canvas.rack.counts_view")
                              .num("racks", RackReads::get<"view_racks">(e.values()))
                              .amount("gpus", RackReads::get<"view_gpus">(e.values()))
                              .amount("mw", RackReads::get<"view_mw">(e.values())));
  if (zoom == 3) {
    s += tr(loc, Message("canvas.rack.counts_site")
                     .amount("rows", RackReads::get<"rows">(e.values()))
                     .amount("halls", RackReads::get<"halls">(e.values())));
  } else {
    s += phrase(loc, "canvas.rack.each_cell_a_rack");
  }
  return s;
}

void toolbar(ViewContext& ctx, const RackMachine& m) {
  std::string_view loc = ctx.locale;
  Toolbar bar(ctx);
  bar.button("remove_server", phrase(loc, "canvas.rack.remove_server"));
  bar.button("add_server", phrase(loc, "canvas.rack.add_server"));
  const std::string cooling =
      phrase(loc, "canvas.rack.cooling_switch") +
      std::string(m.liquid() ? phrase(loc, "canvas.rack.air") : phrase(loc, "canvas.rack.liquid"));
  bar.button("next_cooling", cooling);
  if (!ctx.engine.allows("next_cooling")) {
    bar.button("set_cooling", cooling,
               Action::with("set_cooling", "to", m.liquid() ? "air" : "liquid"));
  }
  bar.button("zoom_in", phrase(loc, "canvas.rack.zoom_in"));
  bar.button("zoom_out", phrase(loc, "canvas.rack.zoom_out"));
  bar.undo(phrase(loc, "canvas.rack.undo")).draw();
}

void draw_rack(ViewContext& ctx) {
  const auto* m = dynamic_cast<const RackMachine*>(&ctx.engine.machine());
  if (!m) {
    variables_canvas().draw(ctx);
    return;
  }
  const bool operate = ctx.engine.step().kind == StepKind::operate;
  if (operate) toolbar(ctx, *m);
  const Rect area = remaining_area();
  ImGui::InvisibleButton("##rack", ImVec2(area.width(), area.height()));
  const bool clicked = operate && ImGui::IsItemClicked(ImGuiMouseButton_Left);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const Fonts& f = fonts();
  const auto metrics = text_metrics<RackMetrics>(0.8f);
  RackLayout l = layout_rack(*m, area, metrics);
  const int zoom = static_cast<int>(m->zoom());
  const auto* before = dynamic_cast<const RackMachine*>(ctx.motion.before.get());
  const bool zooming = ctx.motion.change < 1 && before && before->zoom() != m->zoom();
  RackZoomFrame frame;
  if (zooming) frame = rack_zoom_frame(*before, *m, area, ctx.motion.change, metrics);
  ctx.record(zooming ? frame.marks : l.marks);
  if (zooming && ImGui::IsItemClicked(ImGuiMouseButton_Left)) ctx.skip_animation = true;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(v(area.x0, area.y0), v(area.x1, area.y1), true);
  draw_breadcrumb(ctx, dl, l, zoom, clicked, mouse);
  text_at(dl, f.small, l.caption.x0, l.caption.y0 + f.body->FontSize + 4, palette::muted,
          counts(ctx.engine, zoom, ctx.locale));
  if (zooming) {
    draw_zoom(dl, frame, ctx.engine, ctx.locale);
  } else if (zoom == 0) {
    draw_close_up(dl, l, ctx.engine, ctx.locale);
  } else {
    draw_zoomed(dl, l, ctx.locale);
  }
  dl->PopClipRect();

  // Clicking a slot fills the rack up to it (or empties it down to it).
  if (zoom == 0 && operate && ctx.engine.allows("set_servers")) {
    for (const auto& s : l.slots) {
      ctx.target("slot" + std::to_string(s.index), s.rect);
      if (clicked && s.rect.contains(mouse.x, mouse.y)) {
        std::int64_t n = s.index + 1 == m->servers() ? s.index : s.index + 1;
        ctx.push(Action::with("set_servers", "n", n));
      }
    }
  }
}

std::string rack_result(const Engine& e, std::string_view loc) {
  bool hot = RackReads::get<"hot">(e.values()) != 0;
  return tr(loc, Message(hot ? "canvas.rack.result_hot" : "canvas.rack.result_cool")
                     .amount("servers", RackReads::get<"servers">(e.values()))
                     .text("kw", kw(RackReads::get<"rack_kw">(e.values()), loc))
                     .text("feed", kw(RackReads::get<"budget_kw">(e.values()), loc))
                     .amount("clock", RackReads::get<"clock_pct">(e.values())));
}

// Zooming out to the row, hall or site (and back) rescales the picture: animated, the one move
// that may.
bool rack_zooms(std::string_view op) {
  return op == "zoom_out" || op == "zoom_in" || op == "set_zoom";
}

}  // namespace

const CanvasKind& rack_canvas() {
  static const CanvasKind kind{"rack", &draw_rack, &rack_result, &RackReads::resolve, &rack_zooms};
  return kind;
}

}  // namespace lessonsim::ui
