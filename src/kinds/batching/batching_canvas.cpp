// The batching machine drawn: memory filled by weights and KV cache, the time per token against
// the promise, and what each person and the whole batch get for the money.
#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <tuple>
#include <utility>

#include "batching.hpp"
#include "batching_layout.hpp"
#include "batching_reads.hpp"
#include "canvas.hpp"
#include "canvas_helpers.hpp"
#include "draw.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

using namespace draw;

std::string num(double value, std::string_view locale) {
  return format_number(value, locale);
}

// The track, the limit line and, when over, the hatched excess with a ▲ and words.
struct Part {
  Rect rect;
  ImU32 color;
  const char* label;
};

void draw_bar(ImDrawList* dl, const BatchingLimitBar& b, std::initializer_list<Part> parts,
              const std::string& label, const std::string& caption, bool over_shown) {
  const Fonts& f = fonts();
  text_at(dl, f.bold, b.label.x0, b.label.y0, palette::text, label);
  fill(dl, b.bar, palette::gauge, 4 * px());
  for (const Part& p : parts) {
    fill(dl, p.rect, p.color);
    if (p.label && text_width(f.small, p.label) < p.rect.width() - 8)
      text_centered(dl, f.small, p.rect, palette::panel, p.label);
  }
  if (b.over) {
    fill(dl, b.over_part, palette::warning);
    hatch(dl, b.over_part, translucent(palette::hatch, 150));
  }
  if (b.broken) break_mark(dl, b.bar, false, palette::panel);
  dl->AddLine(v(b.limit_x, b.bar.y0 - 4 * px()), v(b.limit_x, b.bar.y1 + 4 * px()), palette::text,
              3 * px());
  ImU32 color = b.over && over_shown ? palette::warning : palette::muted;
  text_at(dl, f.small, b.caption.x0, b.caption.y0, color, caption);
}

// `text` broken at spaces to lines of the small font no wider than `width`, and their count.
std::pair<std::string, int> batching_lines(const std::string& text, float width) {
  const ImFont& font = *fonts().small;
  std::string lines = break_at_spaces(text, font, font.FontSize, width);
  return {lines, 1 + static_cast<int>(std::count(lines.begin(), lines.end(), '\n'))};
}

void draw_tile(ImDrawList* dl, const Rect& r, const std::string& label, const std::string& value,
               ImU32 color) {
  const Fonts& f = fonts();
  fill(dl, r, palette::card, 8 * px());
  Rect top = r, bottom = r;
  top.y1 = r.y0 + r.height() * 0.42f;
  bottom.y0 = top.y1;
  std::string shown = label;
  if (text_width(f.small, shown) > r.width() - 6) shown = shown.substr(0, shown.find(' '));
  text_centered(dl, f.small, top, palette::muted, shown);
  ImFont* font = text_width(f.bold, value) <= r.width() - 6 ? f.bold : f.small;
  text_centered(dl, font, bottom, color, value);
}

void toolbar(ViewContext& ctx) {
  std::string_view loc = ctx.locale;
  Toolbar bar(ctx);
  bar.button("halve_batch", phrase(loc, "canvas.batching.halve_batch"));
  bar.button("fewer_requests", phrase(loc, "canvas.batching.fewer_requests"));
  bar.button("more_requests", phrase(loc, "canvas.batching.more_requests"));
  bar.button("double_batch", phrase(loc, "canvas.batching.double_batch"));
  bar.button("remove_gpu", phrase(loc, "machine.remove_gpu"));
  bar.button("add_gpu", phrase(loc, "machine.add_gpu"));
  bar.undo(phrase(loc, "machine.undo")).draw();
}

void draw_batching(ViewContext& ctx) {
  const Engine& e = ctx.engine;
  std::string_view loc = ctx.locale;
  if (e.step().kind == StepKind::operate) toolbar(ctx);
  const Rect claimed = remaining_area();
  claim(claimed);
  const Fonts& f = fonts();
  auto metrics = text_metrics<BatchingMetrics>(0.8f);
  Rect area = claimed;
  area.y0 += metrics.gap * 0.5f;
  BatchingFigures fig{
      BatchingReads::get<"memory_gb">(e.values()), BatchingReads::get<"weights_gb">(e.values()),
      BatchingReads::get<"kv_gb">(e.values()), BatchingReads::get<"step_ms">(e.values()),
      BatchingReads::get<"target_ms">(e.values())};

  // The words first: the lines they wrap to at this width give the layout its rows.
  std::string head = tr(loc, Message("canvas.batching.headline")
                                 .num("gpus", BatchingReads::get<"gpus">(e.values()))
                                 .num("batch", BatchingReads::get<"batch">(e.values()))
                                 .num("fits", BatchingReads::get<"max_batch_fits">(e.values())));
  const bool fits = BatchingReads::get<"fits">(e.values()) != 0;
  std::string mem_caption = tr(loc, Message("canvas.batching.memory_caption")
                                        .amount("weights", fig.weights_gb)
                                        .amount("kv", fig.kv_gb)
                                        .amount("used", BatchingReads::get<"used_gb">(e.values()))
                                        .amount("memory", fig.memory_gb));
  if (!fits)
    mem_caption =
        std::string("▲ ") + phrase(loc, "canvas.batching.does_not_fit") + " · " + mem_caption;
  const bool meets = BatchingReads::get<"meets_target">(e.values()) != 0;
  std::string lat_caption = tr(loc, Message("canvas.batching.latency_caption")
                                        .amount("ms", fig.step_ms)
                                        .amount("target", fig.target_ms));
  lat_caption = (meets ? std::string("✓ ")
                       : std::string("▲ ") + phrase(loc, "canvas.batching.too_slow") + " · ") +
                lat_caption;
  const float width = area.width();
  std::tie(head, metrics.headline_lines) = batching_lines(head, width);
  std::tie(mem_caption, metrics.memory_caption_lines) = batching_lines(mem_caption, width);
  std::tie(lat_caption, metrics.latency_caption_lines) = batching_lines(lat_caption, width);

  BatchingLayout l = layout_batching(fig, area, metrics);
  if (!l.fits) {
    // Short of room (large text, a long language): the captions keep their numbers and signs
    // and drop their words, which the bars' labels and the narration already say.
    const double used_gb = BatchingReads::get<"used_gb">(e.values());
    mem_caption = std::string(fits ? "" : "▲ ") + format_gb(used_gb, loc) + " / " +
                  format_gb(fig.memory_gb, loc);
    lat_caption = std::string(meets ? "✓ " : "▲ ") + num(fig.step_ms, loc) + " ms · ≤ " +
                  num(fig.target_ms, loc) + " ms";
    std::tie(mem_caption, metrics.memory_caption_lines) = batching_lines(mem_caption, width);
    std::tie(lat_caption, metrics.latency_caption_lines) = batching_lines(lat_caption, width);
    l = layout_batching(fig, area, metrics);
  }
  ctx.record(l.marks);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(v(area.x0, claimed.y0), v(area.x1, area.y1), true);
  text_at(dl, f.small, l.headline.x0, l.headline.y0, palette::text, head);
  draw_bar(dl, l.memory,
           {{l.weights, palette::slice_a, phrase(loc, "canvas.batching.weights_part")},
            {l.kv, palette::link_on, "KV"}},
           phrase(loc, "canvas.batching.gpu_memory"), mem_caption, !fits);
  draw_bar(dl, l.latency, {{l.step, meets ? palette::accent : palette::caution, nullptr}},
           phrase(loc, "canvas.batching.time_per_token"), lat_caption, !meets);

  draw_tile(dl, l.tiles[0], phrase(loc, "canvas.batching.per_person"),
            num(BatchingReads::get<"tokens_per_s_per_user">(e.values()), loc) + " tok/s",
            palette::text);
  draw_tile(dl, l.tiles[1], phrase(loc, "canvas.batching.in_total"),
            num(BatchingReads::get<"tokens_per_s">(e.values()), loc) + " tok/s", palette::text);
  draw_tile(
      dl, l.tiles[2], phrase(loc, "canvas.batching.million_tokens"),
      tr(loc,
         Message("unit.usd").amount("usd", BatchingReads::get<"cost_per_million_usd">(e.values()))),
      // Green is the machine's verdict (fits, keeps the promise, near the cheapest), not a hue.
      BatchingReads::get<"near_best">(e.values()) != 0 ? palette::success : palette::text);
  dl->PopClipRect();
}

std::string batching_result(const Engine& e, std::string_view locale) {
  return tr(locale, Message("canvas.batching.result")
                        .amount("gpus", BatchingReads::get<"gpus">(e.values()))
                        .amount("batch", BatchingReads::get<"batch">(e.values()))
                        .amount("ms", BatchingReads::get<"step_ms">(e.values()))
                        .amount("usd", BatchingReads::get<"cost_per_million_usd">(e.values())));
}

}  // namespace

const CanvasKind& batching_canvas() {
  static const CanvasKind kind{"batching", &draw_batching, &batching_result,
                               &BatchingReads::resolve};
  return kind;
}

}  // namespace lessonsim::ui
