// The split machine drawn with the draw list: the model block, its seams, the GPU row and links.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "canvas.hpp"
#include "canvas_frame.hpp"
#include "draw.hpp"
#include "lessonsim/messages.hpp"
#include "split_layout.hpp"
#include "split_reads.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

using namespace draw;

ImU32 slice_color(std::int64_t k) {
  return k % 2 == 0 ? palette::slice_a : palette::slice_b;
}
// Along the model's foot, a tick at every GPU's worth of memory: how many chips it needs, by eye.
void draw_chip_ticks(ImDrawList* dl, const SplitLayout& l) {
  for (float x : l.chip_ticks)
    dl->AddLine(v(x, l.model.y1 - l.tick_h), v(x, l.model.y1), palette::panel, 2 * px());
}

// What the model's label says and where: each slice's size inside it, the whole line inside the
// block, or beside it in as many lines as the room beside takes.
struct ModelLabel {
  bool per_slice = false;
  bool inside = false;
  ImFont* font = nullptr;
  std::vector<std::string> lines;
  float width() const {
    float w = 0;
    for (const auto& t : lines)
      w = std::max(w, text_width(font, t));
    return w;
  }
};

ModelLabel model_label(const SplitLayout& l, std::string_view locale, float room_beside) {
  const Fonts& f = fonts();
  ModelLabel out;
  const auto& slices = l.slices;
  out.font = f.small;
  out.per_slice =
      slices.size() > 1 &&
      slices.front().rect.width() > text_width(f.small, format_gb(slices[0].gb, locale)) + 10;
  if (out.per_slice) return out;
  const std::string name = phrase(locale, "canvas.split.model");
  const std::string amount = format_gb(l.model_gb, locale);
  const std::string whole = name + " · " + amount;
  std::string pieces;
  if (slices.size() > 1)
    pieces = std::to_string(slices.size()) + " × " + format_gb(slices[0].gb, locale);
  const std::string line = pieces.empty() ? whole : whole + " · " + pieces;
  const float band = l.label.height();
  // Inside the block only while it is whole: across its cuts a label reads as two.
  for (ImFont* font : {f.bold, f.small}) {
    if (slices.size() > 1) break;
    if (text_width(font, line) + 12 <= l.model.width() && font->FontSize <= band) {
      out.inside = true;
      out.font = font;
      out.lines = {line};
      return out;
    }
  }
  // Beside it on one line if there is room, else on two or three (a longer language or larger
  // text needs them).
  std::vector<std::vector<std::string>> choices = {{line}};
  if (!pieces.empty()) choices.push_back({whole, pieces});
  choices.push_back(pieces.empty() ? std::vector<std::string>{name, amount}
                                   : std::vector<std::string>{name, amount, pieces});
  for (auto& lines : choices) {
    out.lines = std::move(lines);
    if (out.width() <= room_beside) break;
  }
  return out;
}

void draw_model(ImDrawList* dl, const SplitLayout& l, const ModelLabel& label,
                std::string_view locale, float seam_grow, bool hovered) {
  const Fonts& f = fonts();
  const Rect& m = l.model;
  float round = 8.0f * px();
  for (const auto& s : l.slices) {
    dl->AddRectFilled(v(s.rect.x0, s.rect.y0), v(s.rect.x1, s.rect.y1), slice_color(s.index));
  }
  dl->AddRect(v(m.x0, m.y0), v(m.x1, m.y1), hovered ? palette::accent : palette::slice_a, round, 0,
              (hovered ? 3.0f : 1.0f) * px());
  for (const auto& seam : l.seams) {
    float y1 = seam.y0 + seam.height() * seam_grow;
    dl->AddRectFilled(v(seam.x0, seam.y0), v(seam.x1, y1), palette::seam);
    float cx = seam.center_x(), t = 6.0f * px();
    dl->AddTriangleFilled(v(cx - t, m.y0 - t), v(cx + t, m.y0 - t), v(cx, m.y0), palette::text);
  }
  if (label.per_slice) {
    // Above the ticks, as the whole label would be.
    for (const auto& s : l.slices)
      text_centered(dl, f.small, {s.rect.x0, l.label.y0, s.rect.x1, l.label.y1}, palette::panel,
                    format_gb(s.gb, locale));
    return;
  }
  if (label.inside) {
    text_centered(dl, label.font, l.label, palette::panel, label.lines.front());
    return;
  }
  const float h = label.font->FontSize;
  float y = l.label.center_y() - h * static_cast<float>(label.lines.size()) * 0.5f;
  for (const auto& t : label.lines) {
    text_at(dl, label.font, l.label.x0, y, palette::text, t);
    y += h;
  }
}

// `over`: the colour of a load past the GPU's memory (a warning at a goal that explains it).
void draw_gpu(ImDrawList* dl, const GpuCard& c, std::string_view locale, float alpha,
              bool with_load, ImU32 over = palette::warning) {
  const Fonts& f = fonts();
  auto a = [&](ImU32 col) { return with_alpha(col, alpha); };
  dl->AddRectFilled(v(c.card.x0, c.card.y0), v(c.card.x1, c.card.y1), a(palette::card),
                    8.0f * px());
  if (with_load && c.overflowing) {
    dl->AddRect(v(c.card.x0, c.card.y0), v(c.card.x1, c.card.y1), a(over), 8.0f * px(), 0,
                2.0f * px());
  }
  dl->AddRectFilled(v(c.gauge.x0, c.gauge.y0), v(c.gauge.x1, c.gauge.y1), a(palette::gauge),
                    4.0f * px());
  if (with_load) {
    for (const auto& s : c.segments) {
      dl->AddRectFilled(v(s.rect.x0, s.rect.y0), v(s.rect.x1, s.rect.y1), slice_color(s.slice));
      dl->AddLine(v(s.rect.x0, s.rect.y0), v(s.rect.x1, s.rect.y0), palette::seam, px());
    }
  }
  // The GPU's memory limit: a line across the top of the gauge.
  dl->AddLine(v(c.gauge.x0 - 3 * px(), c.gauge.y0), v(c.gauge.x1 + 3 * px(), c.gauge.y0),
              a(palette::text), 2.0f * px());
  if (with_load && c.overflowing) {
    const Rect& o = c.overflow;
    dl->AddRectFilled(v(o.x0, o.y0), v(o.x1, o.y1), over);
    hatch(dl, o, translucent(palette::hatch, 150));
    std::string label = "▲ +" + format_gb(c.overflow_gb, locale);
    if (c.compact || text_width(f.small, label) > c.overflow_label.width()) label = "▲";
    text_centered(dl, f.small, c.overflow_label, over, label);
  }
  if (with_load && c.load_gb == 0 && !c.compact) {
    const std::string idle = phrase(locale, "canvas.split.idle");
    if (text_width(f.small, idle) <= c.gauge.width())
      text_centered(dl, f.small, c.gauge, a(palette::muted), idle);
  }
  Rect name = c.caption, load = c.caption;
  name.y1 = name.y0 + c.caption.height() * 0.5f;
  load.y0 = name.y1;
  if (c.compact) {
    text_centered(dl, f.small, c.caption, a(palette::text), std::to_string(c.index + 1));
    return;
  }
  // "GPU 3", or in a language whose word is longer than the card, the smaller font, else the
  // number alone as on a compact card: never a name that runs into the next card.
  std::string number = std::to_string(c.index + 1);
  std::string title = std::string(phrase(locale, "canvas.split.gpu")) + " " + number;
  ImFont* title_font = text_width(f.bold, title) <= c.card.width() - 4 ? f.bold : f.small;
  if (text_width(title_font, title) > c.card.width() - 4) title = number;
  text_centered(dl, title_font, name, a(palette::text), title);
  if (!with_load) return;
  std::string amount = format_number(c.load_gb, locale) + " / " + format_gb(c.capacity_gb, locale);
  if (text_width(f.small, amount) > c.card.width() - 4) amount = format_number(c.load_gb, locale);
  text_centered(dl, f.small, load, c.overflowing ? over : palette::muted, amount);
}

void draw_links(ImDrawList* dl, const SplitLayout& l, float lit, std::string_view locale) {
  if (l.links.empty()) return;
  float span_x0 = l.links.front().rect.x0, span_x1 = l.links.back().rect.x1;
  float front = span_x0 + (span_x1 - span_x0) * lit;
  for (const auto& link : l.links) {
    const Rect& r = link.rect;
    dl->AddRectFilled(v(r.x0, r.y0), v(r.x1, r.y1), palette::link_off, r.height() * 0.5f);
    if (front > r.x0) {
      dl->AddRectFilled(v(r.x0, r.y0), v(std::min(front, r.x1), r.y1), palette::link_on,
                        r.height() * 0.5f);
    }
  }
  const Fonts& f = fonts();
  const GpuCard& first = l.gpus.front();
  Rect band{span_x0, first.card.y0 - f.small->FontSize * 1.8f, span_x1, first.card.y0 - 4};
  text_centered(dl, f.small, band, with_alpha(palette::link_on, lit),
                std::string("● ") + phrase(locale, "canvas.split.nvlink") + " ●");
}

void draw_more(ImDrawList* dl, const SplitLayout& l, std::string_view locale) {
  if (l.hidden_gpus <= 0) return;
  std::string more = tr(locale, Message("canvas.split.more_gpus").num("n", l.hidden_gpus));
  const char* buf = more.c_str();
  dl->AddRect(v(l.more.x0, l.more.y0), v(l.more.x1, l.more.y1), palette::panel_border, 8.0f * px());
  text_centered(dl, fonts().small, l.more, palette::muted, buf);
}

// A cut under way (the demo's, or the learner's): seams cut down through the block, then each
// slice travels onto its GPU.
void draw_cut(ImDrawList* dl, const SplitLayout& l, const ModelLabel& label,
              std::string_view locale, float t) {
  const SplitCutFrame f = split_cut_frame(l, t);
  if (!f.travelling) {
    draw_model(dl, l, label, locale, f.seams, false);
    for (const auto& c : l.gpus)
      draw_gpu(dl, c, locale, f.gpu_alpha, false);
    return;
  }
  dl->AddRect(v(l.model.x0, l.model.y0), v(l.model.x1, l.model.y1), palette::panel_border,
              8.0f * px(), 0, 2.0f * px());
  for (const auto& c : l.gpus)
    draw_gpu(dl, c, locale, 1.0f, false);
  for (const auto& s : f.slices)
    dl->AddRectFilled(v(s.rect.x0, s.rect.y0), v(s.rect.x1, s.rect.y1), slice_color(s.index),
                      4.0f * px());
}

void draw_split(ViewContext& ctx) {
  const auto* m = dynamic_cast<const SplitMachine*>(&ctx.engine.machine());
  if (!m) {
    variables_canvas().draw(ctx);
    return;
  }
  const Step& step = ctx.engine.step();
  const bool operate = step.kind == StepKind::operate;
  const bool demo_running = step.kind == StepKind::demo && ctx.motion.demo < 1;
  const bool cutting = !demo_running && ctx.motion.change < 1 &&
                       dynamic_cast<const SplitMachine*>(ctx.motion.before.get()) != nullptr;
  // One row of buttons where it can, its room kept on every step so the chip keeps its size
  // whichever buttons a step shows; the picture itself is clicked to cut.
  CanvasOptions options;
  options.toolbar_rows = 1;
  options.keep_toolbar_room = true;
  options.clickable = true;
  options.skips_demo = true;
  CanvasFrame frame(ctx, options);
  const Rect& area = frame.area();
  const Fonts& f = fonts();
  auto metrics = text_metrics<SplitMetrics>(1.1f);
  metrics.min_card_w = std::round(f.small->FontSize * 1.3f);
  metrics.max_card_w = std::round(f.body->FontSize * 7.5f);
  metrics.seam = 3.0f * px();
  metrics.tick = 7.0f * px();
  SplitLayout l = layout_split(*m, area, metrics);
  // A label that does not fit inside the block (or would lie across its cuts) goes beside it:
  // laid out again with its room.
  const ModelLabel label =
      model_label(l, ctx.locale, area.width() - 2.5f * metrics.gap - l.model.width());
  if (!label.per_slice && !label.inside) {
    metrics.label_w = label.width();
    metrics.label_h = label.font->FontSize * static_cast<float>(label.lines.size());
    l = layout_split(*m, area, metrics);
  }
  ctx.target("model", l.model);
  frame.record(l.marks);
  ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool over_model = frame.hovered() && l.model.contains(mouse.x, mouse.y);

  ImDrawList* dl = frame.dl();
  if (demo_running || cutting) {
    draw_cut(dl, l, label, ctx.locale, demo_running ? ctx.motion.demo : ctx.motion.change);
  } else {
    frame.in_part("model", [&] {
      draw_model(dl, l, label, ctx.locale, 1.0f,
                 operate && over_model && ctx.engine.allows("slice"));
    });
    // The ticks count the GPUs the model needs: drawn where the step speaks of it, never before
    // a prediction of it.
    if (frame.shows("ticks") && !frame.hides("min_gpus")) draw_chip_ticks(dl, l);
    // Under the model: how to cut it (left) and the counts (right), the hint shortened or
    // dropped when the row is too narrow for both.
    const std::string counts = std::to_string(m->gpus()) + " × GPU · " +
                               std::to_string(m->slices()) + " × " +
                               phrase(ctx.locale, "canvas.split.slice_word");
    const float counts_w = text_width(f.small, counts);
    text_at(dl, f.small, l.hint.x1 - counts_w, l.hint.y0, palette::muted, counts);
    if (operate && ctx.engine.allows("slice")) {
      std::string hint = phrase(ctx.locale, "canvas.split.click_to_cut");
      const float room = l.hint.width() - counts_w - metrics.gap;
      if (text_width(f.small, hint) > room) hint = hint.substr(0, hint.find(" · "));
      if (text_width(f.small, hint) <= room)
        text_at(dl, f.small, l.hint.x0, l.hint.y0, palette::muted, hint);
    }
    frame.in_part("gpus", [&] {
      for (const auto& c : l.gpus)
        draw_gpu(dl, c, ctx.locale, 1.0f, true,
                 frame.signal(Signal::fault, "max_load_gb") == Signal::warn ? palette::caution
                                                                            : palette::warning);
      draw_more(dl, l, ctx.locale);
      draw_links(dl, l, ctx.motion.links, ctx.locale);
    });
  }
  if ((demo_running || cutting) && frame.clicked(ImGuiMouseButton_Left)) {
    ctx.skip_animation = true;
  }
  if (operate && over_model) {
    if (frame.clicked(ImGuiMouseButton_Left) && ctx.engine.allows("slice")) {
      ctx.push(Action::make("slice"));
    } else if (frame.clicked(ImGuiMouseButton_Right) && ctx.engine.allows("merge")) {
      ctx.push(Action::make("merge"));
    }
  }
}

std::string split_result(const Engine& e, std::string_view locale) {
  auto gpus = static_cast<int>(SplitReads::get<"gpus">(e.values()));
  return tr(locale, Message("canvas.split.result").num("gpus", gpus));
}

}  // namespace

const CanvasKind& split_canvas() {
  static const CanvasKind kind{"split", &draw_split, &split_result, &SplitReads::resolve};
  return kind;
}

}  // namespace lessonsim::ui
