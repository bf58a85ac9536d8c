// The batching machine drawn: memory filled by weights and KV cache, the time per token against
// the promise, and what each person and the whole batch get for the money.
#include <cstdio>
#include <initializer_list>

#include "batching.hpp"
#include "batching_layout.hpp"
#include "canvas.hpp"
#include "draw.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

// The variables this canvas reads, resolved when it registers: a name the kind lacks fails
// then, never as a silent 0.
struct Vars {
  VariableHandle memory_gb{batching_machine_spec(), "memory_gb"};
  VariableHandle weights_gb{batching_machine_spec(), "weights_gb"};
  VariableHandle kv_gb{batching_machine_spec(), "kv_gb"};
  VariableHandle step_ms{batching_machine_spec(), "step_ms"};
  VariableHandle target_ms{batching_machine_spec(), "target_ms"};
  VariableHandle gpus{batching_machine_spec(), "gpus"};
  VariableHandle batch{batching_machine_spec(), "batch"};
  VariableHandle max_batch_fits{batching_machine_spec(), "max_batch_fits"};
  VariableHandle fits{batching_machine_spec(), "fits"};
  VariableHandle used_gb{batching_machine_spec(), "used_gb"};
  VariableHandle meets_target{batching_machine_spec(), "meets_target"};
  VariableHandle tokens_per_s_per_user{batching_machine_spec(), "tokens_per_s_per_user"};
  VariableHandle tokens_per_s{batching_machine_spec(), "tokens_per_s"};
  VariableHandle cost_per_million_usd{batching_machine_spec(), "cost_per_million_usd"};
};

const Vars& vars() {
  static const Vars v;
  return v;
}

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

void draw_bar(ImDrawList* dl, const LimitBar& b, std::initializer_list<Part> parts,
              const std::string& label, const std::string& over, const std::string& caption,
              bool over_shown) {
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
  std::string text = b.over && over_shown ? "▲ " + over + " · " + caption : caption;
  if (text_width(f.small, text) > b.caption.width()) text = b.over ? "▲ " + over : caption;
  text_at(dl, f.small, b.caption.x0, b.caption.y0, color, text);
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
  const Engine& e = ctx.engine;
  std::string_view loc = ctx.locale;
  bool first = true;
  auto button = [&](const char* op, const char* label_id) {
    if (!e.allows(op)) return;
    bool clicked = flow_button(phrase(loc, label_id), first);
    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ctx.target(op, {a.x, a.y, b.x, b.y});
    if (clicked) ctx.push(Action::make(op));
    first = false;
  };
  button("halve_batch", "canvas.batching.halve_batch");
  button("fewer_requests", "canvas.batching.fewer_requests");
  button("more_requests", "canvas.batching.more_requests");
  button("double_batch", "canvas.batching.double_batch");
  button("remove_gpu", "machine.remove_gpu");
  button("add_gpu", "machine.add_gpu");
  if (e.can_undo()) {
    if (flow_button(phrase(loc, "machine.undo"), first)) ctx.push(Action::make("undo"));
  }
}

void draw_batching(ViewContext& ctx) {
  const Engine& e = ctx.engine;
  std::string_view loc = ctx.locale;
  if (e.step().kind == StepKind::operate) toolbar(ctx);
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImVec2 size(std::max(avail.x, 64.0f), std::max(avail.y, 64.0f));
  ImGui::Dummy(size);
  const Fonts& f = fonts();
  BatchingMetrics metrics;
  metrics.text_h = f.body->FontSize;
  metrics.small_h = f.small->FontSize;
  metrics.gap = std::round(f.body->FontSize * 0.8f);
  BatchingFigures fig{vars().memory_gb(e.values()), vars().weights_gb(e.values()),
                      vars().kv_gb(e.values()), vars().step_ms(e.values()),
                      vars().target_ms(e.values())};
  Rect area{p0.x, p0.y + metrics.gap * 0.5f, p0.x + size.x, p0.y + size.y};
  BatchingLayout l = layout_batching(fig, area, metrics);
  ctx.record(l.marks);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(v(area.x0, p0.y), v(area.x1, area.y1), true);

  std::string head = tr(loc, Message("canvas.batching.headline")
                                 .num("gpus", vars().gpus(e.values()))
                                 .num("batch", vars().batch(e.values()))
                                 .num("fits", vars().max_batch_fits(e.values())));
  text_at(dl, f.small, l.headline.x0, l.headline.y0, palette::text, head);

  bool fits = vars().fits(e.values()) != 0;
  std::string mem_caption = tr(loc, Message("canvas.batching.memory_caption")
                                        .amount("weights", fig.weights_gb)
                                        .amount("kv", fig.kv_gb)
                                        .amount("used", vars().used_gb(e.values()))
                                        .amount("memory", fig.memory_gb));
  std::string mem_over = phrase(loc, "canvas.batching.does_not_fit");
  draw_bar(dl, l.memory,
           {{l.weights, palette::slice_a, phrase(loc, "canvas.batching.weights_part")},
            {l.kv, palette::link_on, "KV"}},
           phrase(loc, "canvas.batching.gpu_memory"), mem_over, mem_caption, !fits);

  bool meets = vars().meets_target(e.values()) != 0;
  std::string lat_caption = tr(loc, Message("canvas.batching.latency_caption")
                                        .amount("ms", fig.step_ms)
                                        .amount("target", fig.target_ms));
  if (meets) lat_caption = "✓ " + lat_caption;
  draw_bar(dl, l.latency, {{l.step, meets ? palette::accent : palette::caution, nullptr}},
           phrase(loc, "canvas.batching.time_per_token"), phrase(loc, "canvas.batching.too_slow"),
           lat_caption, !meets);

  draw_tile(dl, l.tiles[0], phrase(loc, "canvas.batching.per_person"),
            num(vars().tokens_per_s_per_user(e.values()), loc) + " tok/s", palette::text);
  draw_tile(dl, l.tiles[1], phrase(loc, "canvas.batching.in_total"),
            num(vars().tokens_per_s(e.values()), loc) + " tok/s", palette::text);
  draw_tile(dl, l.tiles[2], phrase(loc, "canvas.batching.million_tokens"),
            tr(loc, Message("unit.usd").amount("usd", vars().cost_per_million_usd(e.values()))),
            palette::success);
  dl->PopClipRect();
}

std::string batching_result(const Engine& e, std::string_view locale) {
  return tr(locale, Message("canvas.batching.result")
                        .amount("gpus", vars().gpus(e.values()))
                        .amount("batch", vars().batch(e.values()))
                        .amount("ms", vars().step_ms(e.values()))
                        .amount("usd", vars().cost_per_million_usd(e.values())));
}

}  // namespace

const CanvasKind& batching_canvas() {
  vars();
  static const CanvasKind kind{"batching", &draw_batching, &batching_result};
  return kind;
}

}  // namespace lessonsim::ui
