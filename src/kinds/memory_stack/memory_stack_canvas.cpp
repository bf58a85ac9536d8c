// The memory-stack machine drawn: a serving bar and a training bar against the GPU's memory line.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "canvas.hpp"
#include "canvas_helpers.hpp"
#include "draw.hpp"
#include "lessonsim/messages.hpp"
#include "memory_stack.hpp"
#include "memory_stack_layout.hpp"
#include "memory_stack_reads.hpp"
#include "theme.hpp"
#include "widgets.hpp"
#include "words.hpp"

namespace lessonsim::ui {

namespace {

using namespace draw;

constexpr Words part_names[memory_part_count] = {{"canvas.memory_stack.part_names.0"},
                                                 {"canvas.memory_stack.part_names.1"},
                                                 {"canvas.memory_stack.part_names.2"},
                                                 {"canvas.memory_stack.part_names.3"}};
ImU32 part_color(int part) {
  const ImU32 colors[memory_part_count] = {palette::accent, palette::exchange, palette::slice_a,
                                           palette::link_on};
  return colors[part];
}

constexpr Words serving{"canvas.memory_stack.serving"};
constexpr Words whole_copy{"canvas.memory_stack.whole_copy"};
constexpr Words whole_short{"canvas.memory_stack.whole_short"};
constexpr Words training{"canvas.memory_stack.training"};
constexpr Words one_gpu_title{"canvas.memory_stack.one_gpu_title", {"gpus"}};
constexpr Words magnified{"canvas.memory_stack.magnified", {"zoom"}};
constexpr Words over_by{"canvas.memory_stack.over_by", {"gb"}};
constexpr Words free_room{"canvas.memory_stack.free_room", {"gb"}};
constexpr Words gpu_line{"canvas.memory_stack.gpu_line"};
constexpr Words precision_label{"canvas.memory_stack.precision_label"};
constexpr Words optimizer_label{"canvas.memory_stack.optimizer_label"};
constexpr Words fullest{"canvas.memory_stack.fullest"};
constexpr Words result_fits{"canvas.memory_stack.result_fits", {"gpus", "used", "capacity"}};
constexpr Words result_over{"canvas.memory_stack.result_over",
                            {"gpus", "used", "capacity", "over"}};

void text_left(ImDrawList* dl, ImFont* font, float x, float cy, ImU32 color, const std::string& s) {
  dl->AddText(font, font->FontSize, v(x, cy - font->FontSize * 0.5f), color, s.c_str());
}
// The figures of `m`, read by name: the engine's machine, or a stage of a demo.
MemoryFigures figures(const Machine& m) {
  MemoryFigures f;
  f.capacity_gb = MemoryStackReads::get<"gpu_memory_gb">(m);
  f.params_b = MemoryStackReads::get<"params_b">(m);
  f.gpus = MemoryStackReads::get<"gpus">(m);
  f.serve_gb = MemoryStackReads::get<"serve_gb">(m);
  f.train_copy_gb = MemoryStackReads::get<"train_gb">(m);
  f.train_gb = {MemoryStackReads::get<"weights_gb">(m), MemoryStackReads::get<"gradients_gb">(m),
                MemoryStackReads::get<"optimizer_gb">(m),
                MemoryStackReads::get<"activations_gb">(m)};
  f.overflow_gb = MemoryStackReads::get<"overflow_gb">(m);
  f.free_gb = MemoryStackReads::get<"free_gb">(m);
  f.total_gb = MemoryStackReads::get<"total_gb">(m);
  return f;
}

// The variables the picture prints beside the bars, from the same machine as its figures.
struct Settings {
  double precision_bits = 16, adam = 1, zero = 0, gpus = 1;
};

Settings settings_of(const Machine& m) {
  return {MemoryStackReads::get<"precision_bits">(m), MemoryStackReads::get<"adam">(m),
          MemoryStackReads::get<"zero">(m), MemoryStackReads::get<"gpus">(m)};
}

std::string precision_name(double bits) {
  return bits >= 32 ? "fp32" : bits >= 16 ? "bf16" : "fp8";
}

// A button that sets one choice; the current one is drawn pressed and does nothing.
void chip(ViewContext& ctx, const char* op, const char* value, const std::string& label,
          bool chosen, bool& first) {
  if (!first) {
    ImGui::SameLine();
    float w = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
    if (ImGui::GetContentRegionAvail().x < w) ImGui::NewLine();
  }
  first = false;
  if (chosen) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(palette::accent));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::ColorConvertU32ToFloat4(palette::accent));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::panel));
  }
  std::string id = label + "##" + op + value;
  bool clicked = ImGui::Button(id.c_str());
  if (chosen) ImGui::PopStyleColor(3);
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ctx.target(std::string(op) + ":" + value, {a.x, a.y, b.x, b.y});
  if (clicked && !chosen) ctx.push(Action::with(op, "to", value));
}

void memory_stack_toolbar(ViewContext& ctx) {
  const Engine& e = ctx.engine;
  std::string_view loc = ctx.locale;
  std::string precision = precision_name(MemoryStackReads::get<"precision_bits">(e.values()));
  bool adam = MemoryStackReads::get<"adam">(e.values()) != 0;
  // The choices pack like the toolbar's buttons: tighter and smaller past two rows.
  std::vector<std::string> choices;
  if (e.allows("set_precision"))
    choices.insert(choices.end(), {precision_label(loc), "fp32", "bf16", "fp8"});
  if (e.allows("set_optimizer"))
    choices.insert(choices.end(), {optimizer_label(loc), "Adam", "SGD"});
  std::optional<ToolbarStyleScope> packed;
  if (!choices.empty()) packed.emplace(plan_toolbar_for(choices));
  if (e.allows("set_precision")) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(precision_label(loc));
    bool first = false;
    for (const char* p : {"fp32", "bf16", "fp8"})
      chip(ctx, "set_precision", p, p, precision == p, first);
  } else {
    Toolbar(ctx)
        .button("next_precision", std::string(precision_label(loc)) + " " + precision + " ▸")
        .draw();
  }
  if (e.allows("set_optimizer")) {
    // The optimizer's label and both choices move to the next line together when short of room.
    std::string choices = std::string(optimizer_label(loc)) + " Adam SGD";
    float need = ImGui::CalcTextSize(choices.c_str()).x + ImGui::GetStyle().FramePadding.x * 6 +
                 ImGui::GetFontSize() * 1.5f;
    ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
    if (ImGui::GetContentRegionAvail().x < need) ImGui::NewLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(optimizer_label(loc));
    bool first = false;
    chip(ctx, "set_optimizer", "adam", "Adam", adam, first);
    chip(ctx, "set_optimizer", "sgd", "SGD", !adam, first);
  } else if (e.allows("next_optimizer")) {
    Toolbar(ctx, false)
        .button("next_optimizer",
                std::string(optimizer_label(loc)) + " " + (adam ? "Adam" : "SGD") + " ▸")
        .draw();
  }
  packed.reset();
  Toolbar bar(ctx);
  bar.button("remove_gpu", phrase(loc, "machine.remove_gpu"));
  bar.button("add_gpu", phrase(loc, "machine.add_gpu"));
  bar.button("zero_down", "ZeRO −");
  bar.button("zero_up", "ZeRO +");
  bar.undo(phrase(loc, "machine.undo")).draw();
}

// A bar's name in its title's room: bold, else small, else small on the lines it wraps to.
struct MemoryTitle {
  ImFont* font;
  std::string text;
  int lines = 1;
};

MemoryTitle memory_title(const std::string& title, float room) {
  const Fonts& f = fonts();
  if (text_width(f.bold, title) <= room) return {f.bold, title, 1};
  if (text_width(f.small, title) <= room) return {f.small, title, 1};
  std::string lines = break_at_spaces(title, *f.small, f.small->FontSize, room);
  return {f.small, lines, 1 + static_cast<int>(std::count(lines.begin(), lines.end(), '\n'))};
}

// `total`, `over` and `room` come from the machine's variables, not from the layout's sums.
// `sub_short` replaces `sub` when that is wider than the column.
void draw_bar(ImDrawList* dl, const MemoryBar& bar, const std::string& title,
              const std::string& sub, const std::string& sub_short, float line_y,
              std::string_view loc, double total, double over, double spare, ImU32 block = 0) {
  const Fonts& f = fonts();
  // Each bar's words keep to its column (three of them are narrow at 1024x640 and large text):
  // the small font, shorter words, two lines, never into the next column.
  const float room = bar.title.width();
  auto font_for = [&](const std::string& text) {
    return text_width(f.bold, text) <= room ? f.bold : f.small;
  };
  const MemoryTitle name_text = memory_title(title, room);
  Rect name = bar.title, under = bar.title;
  name.y1 = bar.title.y1 - f.small->FontSize * 1.3f;
  under.y0 = name.y1;
  const float name_h = name_text.font->FontSize * static_cast<float>(name_text.lines);
  float ty = name.center_y() - name_h * 0.5f;
  std::size_t start = 0;
  while (start <= name_text.text.size()) {
    std::size_t end = name_text.text.find('\n', start);
    if (end == std::string::npos) end = name_text.text.size();
    const std::string line = name_text.text.substr(start, end - start);
    // A single word wider than the column is cut short rather than run into the next one.
    text_centered(dl, name_text.font, {name.x0, ty, name.x1, ty + name_text.font->FontSize},
                  palette::text, fit_text(name_text.font, line, room));
    ty += name_text.font->FontSize;
    start = end + 1;
  }
  const std::string& subtitle = text_width(f.small, sub) <= room ? sub : sub_short;
  text_centered(dl, f.small, under, palette::muted, fit_text(f.small, subtitle, room));
  dl->AddRectFilled(v(bar.slot.x0, bar.slot.y0), v(bar.slot.x1, bar.slot.y1), palette::card,
                    4.0f * px());
  for (const auto& s : bar.segments) {
    ImU32 color = block != 0 ? block : part_color(static_cast<int>(s.part));
    dl->AddRectFilled(v(s.rect.x0, s.rect.y0), v(s.rect.x1, s.rect.y1), color);
    dl->AddLine(v(s.rect.x0, s.rect.y0), v(s.rect.x1, s.rect.y0), palette::seam, px());
    // Above the line the part cannot live on this GPU: hatched as well as tinted.
    hatch(dl, s.over, translucent(palette::hatch, 140));
    if (s.labelled) {
      Rect below_line = s.rect;
      if (s.over.height() > 0 && s.rect.y1 > line_y) below_line.y0 = line_y;
      Rect where = below_line.height() >= f.small->FontSize * 1.2f ? below_line : s.rect;
      std::string amount = format_gb(s.gb, loc);
      if (text_width(f.small, amount) < where.width() - 4)
        text_centered(dl, f.small, where, palette::panel, amount);
    }
  }
  if (bar.broken) break_mark(dl, bar.slot, true, palette::panel);
  Rect total_row = bar.caption, status = bar.caption;
  total_row.y1 = total_row.y0 + bar.caption.height() * 0.5f;
  status.y0 = total_row.y1;
  std::string total_text = (bar.broken ? "▲ " : "") + format_gb(total, loc);
  // Too wide even in the small font: the number alone (the line's label says GB).
  if (text_width(f.small, total_text) > room)
    total_text = (bar.broken ? "▲ " : "") + format_number(total, loc);
  text_centered(dl, font_for(total_text), total_row, palette::text, total_text);
  std::string line =
      bar.over ? over_by(loc, format_gb(over, loc)) : free_room(loc, format_gb(spare, loc));
  // A narrow bar keeps the sign and the amount, which still say over or free without colour.
  if (text_width(f.small, line) > room)
    line = (bar.over ? "▲ +" : "✓ ") + format_gb(bar.over ? over : spare, loc);
  if (text_width(f.small, line) > room)
    line = (bar.over ? "▲ +" : "✓ ") + format_number(bar.over ? over : spare, loc);
  if (text_width(f.small, line) > room) line = bar.over ? "▲" : "✓";
  text_centered(dl, f.small, status, bar.over ? palette::warning : palette::success, line);
  if (bar.over) {
    dl->AddRect(v(bar.slot.x0 - 2, bar.slot.y0), v(bar.slot.x1 + 2, bar.slot.y1 + 2),
                palette::warning, 4.0f * px(), 0, 2.0f * px());
  }
}

void draw_picture(ImDrawList* dl, const MemoryLayout& l, const MemoryFigures& fig,
                  const Settings& e, std::string_view loc) {
  const Fonts& f = fonts();
  const bool narrow = text_width(f.small, whole_copy(loc)) > l.serve.title.width();
  const char* whole = narrow ? whole_short(loc) : whole_copy(loc);
  // Serving is the weights alone; its room or excess is against the same line.
  // Whole copies side by side; with more GPUs, one GPU's share magnified beside them.
  double serve_gap = fig.serve_gb - fig.capacity_gb;
  draw_bar(dl, l.serve, serving(loc), whole, whole_short(loc), l.line.center_y(), loc, fig.serve_gb,
           serve_gap, -serve_gap);
  if (l.per_gpu) {
    double copy_gap = fig.train_copy_gb - fig.capacity_gb;
    draw_bar(dl, l.train, training(loc), whole, whole_short(loc), l.line.center_y(), loc,
             fig.train_copy_gb, copy_gap, -copy_gap, palette::slice_b);
    const std::string n = format_number(fig.gpus, loc);
    const std::string zoom = format_number(std::round(l.zoom * 10) / 10, loc);
    dl->AddRect(v(l.gpu_frame.x0, l.gpu_frame.y0), v(l.gpu_frame.x1, l.gpu_frame.y1),
                palette::panel_border, 4.0f * px(), 0, 2.0f * px());
    draw_bar(dl, l.gpu, one_gpu_title(loc, n), magnified(loc, zoom), "×" + zoom,
             l.gpu_line.center_y(), loc, fig.total_gb, fig.overflow_gb, fig.free_gb);
    dl->AddRectFilled(v(l.gpu_line.x0, l.gpu_line.y0), v(l.gpu_line.x1, l.gpu_line.y1),
                      palette::text);
  } else {
    draw_bar(dl, l.train, training(loc), whole, whole_short(loc), l.line.center_y(), loc,
             fig.total_gb, fig.overflow_gb, fig.free_gb);
  }
  dl->AddRectFilled(v(l.line.x0, l.line.y0), v(l.line.x1, l.line.y1), palette::text);
  Rect top = l.line_label, bottom = l.line_label;
  top.y1 = top.center_y();
  bottom.y0 = top.y1;
  // In the legend the line's row is drawn like the parts' rows, a stroke for its swatch.
  const float indent = l.line_in_legend ? f.small->FontSize * 1.6f : 0;
  if (l.line_in_legend) {
    const float sw = f.small->FontSize, cy = l.line_label.center_y();
    dl->AddRectFilled(v(l.line_label.x0, cy - 1.5f * px()),
                      v(l.line_label.x0 + sw, cy + 1.5f * px()), palette::text);
  }
  const float label_room = l.line_label.width() - indent;
  // In the legend the stroke beside it is the line; else a dash stands for it.
  const std::string capacity = (l.line_in_legend ? "" : "— ") + format_gb(fig.capacity_gb, loc);
  if (l.line_label.height() < f.small->FontSize * 2) {
    // One line: the words only when they fit whole beside the amount.
    const float capacity_w = text_width(f.bold, capacity);
    if (text_width(f.small, gpu_line(loc)) + capacity_w + indent * 0.3f <= label_room)
      text_left(dl, f.small, l.line_label.x0 + indent, l.line_label.center_y(), palette::muted,
                gpu_line(loc));
    text_left(dl, f.bold, l.line_label.x1 - capacity_w, l.line_label.center_y(), palette::text,
              capacity);
  } else {
    text_left(dl, f.small, l.line_label.x0 + indent, top.center_y(), palette::muted,
              fit_text(f.small, gpu_line(loc), label_room));
    text_left(dl, text_width(f.bold, capacity) <= label_room ? f.bold : f.small,
              l.line_label.x0 + indent, bottom.center_y(), palette::text, capacity);
  }

  auto gpus = static_cast<int>(e.gpus);
  std::string first_line =
      precision_name(e.precision_bits) + " · " + (e.adam != 0 ? "Adam" : "SGD");
  std::string second_line =
      "ZeRO " + std::to_string(static_cast<int>(e.zero)) + " · " + std::to_string(gpus) + " GPU";
  ImFont* settings = text_width(f.bold, second_line) <= l.legend.width() ? f.bold : f.small;
  const float lh = settings->FontSize * 1.15f;
  text_left(dl, settings, l.legend.x0, l.legend.y0 - lh * 1.9f, palette::text, first_line);
  text_left(dl, settings, l.legend.x0, l.legend.y0 - lh * 0.8f, palette::text, second_line);
  for (int k = 0; k < memory_part_count; ++k) {
    const Rect& row = l.legend_rows[static_cast<std::size_t>(k)];
    float sw = f.small->FontSize;
    float cy = row.center_y();
    dl->AddRectFilled(v(row.x0, cy - sw * 0.5f), v(row.x0 + sw, cy + sw * 0.5f), part_color(k),
                      3.0f * px());
    double value = fig.train_gb[static_cast<std::size_t>(k)];
    // The part's name in the body font, the small one in a narrow legend, cut short past it.
    const float name_room = row.width() - sw * 1.6f;
    const std::string part = part_names[k](loc);
    const std::string amount = format_gb(value, loc);
    if (row.height() < f.small->FontSize * 2) {
      // One line: the name, and the amount at the right when both fit (the parts' amounts are
      // also inside the bars); a name is never cut for its amount.
      const float amount_w = text_width(f.small, amount);
      const bool both = text_width(f.small, part) + amount_w + sw * 0.5f <= name_room;
      text_left(dl, f.small, row.x0 + sw * 1.6f, cy, palette::text,
                fit_text(f.small, part, name_room));
      if (both) text_left(dl, f.small, row.x1 - amount_w, cy, palette::muted, amount);
      continue;
    }
    const bool roomy = row.height() >= (f.body->FontSize + f.small->FontSize) * 1.05f;
    ImFont* name_font = roomy && text_width(f.body, part) <= name_room ? f.body : f.small;
    text_left(dl, name_font, row.x0 + sw * 1.6f, cy - name_font->FontSize * 0.55f, palette::text,
              fit_text(name_font, part, name_room));
    text_left(dl, f.small, row.x0 + sw * 1.6f, cy + f.small->FontSize * 0.6f, palette::muted,
              amount);
  }
  const Rect& last = l.legend_rows.back();
  if (last.y1 + f.small->FontSize * 2 < l.area.y1) {
    text_left(dl, f.small, last.x0, last.y1 + f.small->FontSize, palette::muted,
              fit_text(f.small, fullest(loc), l.legend.width()));
  }
}

void draw_memory_stack(ViewContext& ctx) {
  const Engine& e = ctx.engine;
  if (e.step().kind == StepKind::operate) memory_stack_toolbar(ctx);
  if (e.step().kind == StepKind::demo && ctx.motion.demo < 1 && e.step().actions.size() > 1) {
    if (ImGui::Button(phrase(ctx.locale, "machine.skip"))) ctx.skip_animation = true;
  }
  const Rect area = remaining_area();
  claim(area);
  auto metrics = text_metrics<MemoryMetrics>(0.9f);
  // A demo of several moves (ZeRO 0 → 1 → 2 → 3) shows each stage in turn, a pause on each;
  // with motion reduced it is the last one, still.
  std::vector<std::unique_ptr<Machine>> stages;
  if (e.step().kind == StepKind::demo && ctx.motion.demo < 1) stages = e.demo_stages();
  const Machine* shown = &e.machine();
  if (stages.size() > 2) {
    const auto n = static_cast<float>(stages.size());
    shown =
        stages[std::min(stages.size() - 1, static_cast<std::size_t>(ctx.motion.demo * n))].get();
  }
  MemoryFigures fig = figures(*shown);
  MemoryLayout l = layout_memory_stack(fig, area, metrics);
  // A name wider than its column wraps: laid out again with room for its second line.
  const std::string gpu_title = one_gpu_title(ctx.locale, format_number(fig.gpus, ctx.locale));
  for (const std::string& title :
       {std::string(serving(ctx.locale)), std::string(training(ctx.locale)), gpu_title}) {
    metrics.title_lines =
        std::max(metrics.title_lines, memory_title(title, l.serve.title.width()).lines);
  }
  if (metrics.title_lines > 1) l = layout_memory_stack(fig, area, metrics);
  ctx.record(l.marks);
  ctx.target("stack", l.train.slot);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(v(area.x0, area.y0), v(area.x1, area.y1), true);
  draw_picture(dl, l, fig, settings_of(*shown), ctx.locale);
  dl->PopClipRect();
}

std::string memory_stack_result(const Engine& e, std::string_view locale) {
  MemoryFigures fig = figures(e.machine());
  double total = fig.total_gb;
  auto gpus = static_cast<int>(MemoryStackReads::get<"gpus">(e.values()));
  if (fig.overflow_gb > 0) {
    return result_over(locale, gpus, format_gb(total, locale), format_gb(fig.capacity_gb, locale),
                       format_gb(fig.overflow_gb, locale));
  }
  return result_fits(locale, gpus, format_gb(total, locale), format_gb(fig.capacity_gb, locale));
}

}  // namespace

const CanvasKind& memory_stack_canvas() {
  static const CanvasKind kind{"memory-stack", &draw_memory_stack, &memory_stack_result,
                               &MemoryStackReads::resolve};
  return kind;
}

}  // namespace lessonsim::ui
