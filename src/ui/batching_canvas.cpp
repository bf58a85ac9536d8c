// The batching machine drawn: memory filled by weights and KV cache, the time per token against
// the promise, and what each person and the whole batch get for the money.
#include <cstdio>
#include <initializer_list>

#include "batching_layout.hpp"
#include "canvas.hpp"
#include "draw.hpp"
#include "lessonsim/machines/batching.hpp"
#include "strings.hpp"
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

const char* t(std::string_view locale, const char* es, const char* en) {
  return locale == "es" ? es : en;
}
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
  auto button = [&](const char* op, const char* es, const char* en) {
    if (!e.allows(op)) return;
    bool clicked = flow_button(t(loc, es, en), first);
    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ctx.target(op, {a.x, a.y, b.x, b.y});
    if (clicked) ctx.push(Action::make(op));
    first = false;
  };
  button("halve_batch", "Lote ÷2", "Batch ÷2");
  button("fewer_requests", "− petición", "− request");
  button("more_requests", "+ petición", "+ request");
  button("double_batch", "Lote ×2", "Batch ×2");
  button("remove_gpu", "− GPU", "− GPU");
  button("add_gpu", "+ GPU", "+ GPU");
  if (ctx.machine_moves > 0 && e.can_undo()) {
    if (flow_button(tr(Str::undo, loc), first)) ctx.push(Action::make("undo"));
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

  auto gpus = static_cast<long long>(vars().gpus(e.values()));
  auto batch = static_cast<long long>(vars().batch(e.values()));
  char head[160];
  const char* form = batch == 1 ? t(loc, "%lld GPU · %lld petición en el lote · caben %lld",
                                    "%lld GPUs · %lld request in the batch · room for %lld")
                                : t(loc, "%lld GPU · %lld peticiones en el lote · caben %lld",
                                    "%lld GPUs · %lld requests in the batch · room for %lld");
  std::snprintf(head, sizeof head, form, gpus, batch,
                static_cast<long long>(vars().max_batch_fits(e.values())));
  text_at(dl, f.small, l.headline.x0, l.headline.y0, palette::text, head);

  bool fits = vars().fits(e.values()) != 0;
  std::string mem_caption = std::string(t(loc, "pesos ", "weights ")) + num(fig.weights_gb, loc) +
                            " GB + KV " + num(fig.kv_gb, loc) +
                            " GB = " + num(vars().used_gb(e.values()), loc) + " / " +
                            num(fig.memory_gb, loc) + " GB";
  std::string mem_over = t(loc, "no cabe", "does not fit");
  draw_bar(
      dl, l.memory,
      {{l.weights, palette::slice_a, t(loc, "pesos", "weights")}, {l.kv, palette::link_on, "KV"}},
      t(loc, "Memoria de las GPU", "GPU memory"), mem_over, mem_caption, !fits);

  bool meets = vars().meets_target(e.values()) != 0;
  std::string lat_caption = num(fig.step_ms, loc) +
                            t(loc, " ms por token · promesa ≤ ", " ms per token · promise ≤ ") +
                            num(fig.target_ms, loc) + " ms";
  if (meets) lat_caption = "✓ " + lat_caption;
  draw_bar(dl, l.latency, {{l.step, meets ? palette::accent : palette::caution, nullptr}},
           t(loc, "Tiempo por token", "Time per token"), t(loc, "demasiado lento", "too slow"),
           lat_caption, !meets);

  draw_tile(dl, l.tiles[0], t(loc, "Por persona", "Per person"),
            num(vars().tokens_per_s_per_user(e.values()), loc) + " tok/s", palette::text);
  draw_tile(dl, l.tiles[1], t(loc, "En total", "In total"),
            num(vars().tokens_per_s(e.values()), loc) + " tok/s", palette::text);
  draw_tile(dl, l.tiles[2], t(loc, "Millón de tokens", "Million tokens"),
            loc == "es" ? num(vars().cost_per_million_usd(e.values()), loc) + " $"
                        : "$" + num(vars().cost_per_million_usd(e.values()), loc),
            palette::success);
  dl->PopClipRect();
}

std::string batching_result(const Engine& e, std::string_view locale) {
  char buf[200];
  std::snprintf(buf, sizeof buf,
                t(locale, "%s GPU y %s peticiones: un token cada %s ms, %s $ por millón.",
                  "%s GPUs and %s requests: a token every %s ms, $%s per million."),
                num(vars().gpus(e.values()), locale).c_str(),
                num(vars().batch(e.values()), locale).c_str(),
                num(vars().step_ms(e.values()), locale).c_str(),
                num(vars().cost_per_million_usd(e.values()), locale).c_str());
  return buf;
}

}  // namespace

const CanvasKind& batching_canvas() {
  vars();
  static const CanvasKind kind{"batching", &draw_batching, &batching_result};
  return kind;
}

}  // namespace lessonsim::ui
