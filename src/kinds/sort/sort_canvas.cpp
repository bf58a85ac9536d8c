// The sort machine drawn: each job a row with a slot per bin; once every job is placed, the
// misplaced ones say why (✗ and words, not colour alone).
#include <cfloat>
#include <cstdio>

#include "canvas.hpp"
#include "canvas_helpers.hpp"
#include "draw.hpp"
#include "lessonsim/messages.hpp"
#include "sort.hpp"
#include "sort_layout.hpp"
#include "sort_reads.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

using namespace draw;

const char* reason_text(SortReason r, std::string_view loc) {
  switch (r) {
    case SortReason::sync:
      return phrase(loc, "canvas.sort.needs_tight_synchronisation");
    case SortReason::vram:
      return phrase(loc, "canvas.sort.too_big_for_a_home");
    case SortReason::bandwidth:
      return phrase(loc, "canvas.sort.too_much_data_for_the");
    case SortReason::latency:
      return phrase(loc, "canvas.sort.the_internet_adds_too_much");
    case SortReason::cost:
      return phrase(loc, "canvas.sort.overpays_for_independent_pieces");
  }
  return "";
}

std::string_view name_of(const SortItem& item, std::string_view loc) {
  return phrase(loc, "machine.sort.item." + std::string(item.id));
}

// A column heading: its name in bold, then a muted line, each wrapped to the column.
float heading_height(const std::string& top, const std::string& bottom, float width) {
  const Fonts& f = fonts();
  float size = f.small->FontSize;
  return f.bold->CalcTextSizeA(size, FLT_MAX, width, top.c_str()).y +
         f.small->CalcTextSizeA(size, FLT_MAX, width, bottom.c_str()).y;
}
void heading(ImDrawList* dl, const Rect& r, const std::string& top, const std::string& bottom) {
  const Fonts& f = fonts();
  float size = f.small->FontSize;
  float w = r.width();
  dl->AddText(f.bold, size, v(r.x0, r.y0), palette::text, top.c_str(), nullptr, w);
  float y = r.y0 + f.bold->CalcTextSizeA(size, FLT_MAX, w, top.c_str()).y;
  dl->AddText(f.small, size, v(r.x0, y), palette::muted, bottom.c_str(), nullptr, w);
}

void slot(ViewContext& ctx, const SortMachine& m, std::size_t k, Bin bin, const Rect& r,
          bool judged) {
  std::string_view loc = ctx.locale;
  const char* op = bin == Bin::datacenter ? "to_datacenter" : "to_network";
  bool here = m.placed(k) == bin;
  bool wrong = judged && here && sort_items()[k].belongs != bin;
  // Unplaced or in the other column, the button says where it sends the job.
  const char* label =
      here ? phrase(loc, wrong ? "canvas.sort.take_back" : "canvas.sort.take_back_marked")
           : phrase(loc, bin == Bin::datacenter ? "canvas.sort.to_datacenter"
                                                : "canvas.sort.to_network");
  const char* action = here ? "unplace" : op;
  if (!ctx.engine.allows(action)) return;
  ImGui::SetCursorScreenPos(v(r.x0, r.y0));
  int colors = 0;
  if (here) {
    ImU32 c = wrong ? palette::warning : palette::accent;
    ImGui::PushStyleColor(ImGuiCol_Button, c);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, c);
    ImGui::PushStyleColor(ImGuiCol_Text, palette::panel);
    colors = 3;
  } else if (k % 2 == 0) {
    // Striped rows are the buttons' own colour: set them off with the panel's.
    ImGui::PushStyleColor(ImGuiCol_Button, palette::panel);
    colors = 1;
  }
  ImGui::PushID(static_cast<int>(k) * 2 + static_cast<int>(bin));
  bool clicked = ImGui::Button(label, v(r.width(), r.height()));
  ImGui::PopID();
  ImGui::PopStyleColor(colors);
  ctx.target(std::string(action) + std::to_string(k), r);
  if (clicked) ctx.push(Action::with(action, "n", static_cast<int>(k)));
}

void draw_sort(ViewContext& ctx) {
  const auto* m = dynamic_cast<const SortMachine*>(&ctx.engine.machine());
  if (!m) {
    variables_canvas().draw(ctx);
    return;
  }
  std::string_view loc = ctx.locale;
  const Fonts& f = fonts();
  const Engine& e = ctx.engine;
  bool operate = e.step().kind == StepKind::operate;
  bool judged = SortReads::get<"all_placed">(e.values()) != 0;
  const Rect area = remaining_area();
  const ImGuiStyle& style = ImGui::GetStyle();
  SortMetrics metrics;
  metrics.small_h = f.small->FontSize;
  metrics.gap = std::round(f.body->FontSize * 0.6f);
  metrics.pad = std::round(4 * px());
  metrics.button_h = f.small->FontSize + style.FramePadding.y * 2;
  metrics.slot_w = 0;
  for (const char* s :
       {phrase(loc, "canvas.sort.take_back"), phrase(loc, "canvas.sort.to_datacenter"),
        phrase(loc, "canvas.sort.to_network")})
    metrics.slot_w = std::max(metrics.slot_w, text_width(f.small, s) + style.FramePadding.x * 2);
  const std::string jobs = tr(loc, Message("canvas.sort.left")
                                       .num("n", SortReads::get<"unplaced">(e.values()))
                                       .num("total", static_cast<double>(sort_item_count)));
  const std::string dc = tr(loc, Message("canvas.sort.datacenter_count")
                                     .num("n", SortReads::get<"in_datacenter">(e.values())));
  const std::string net = tr(
      loc, Message("canvas.sort.network_count").num("n", SortReads::get<"in_network">(e.values())));
  const std::string dc_top = phrase(loc, "canvas.sort.hyperscale");
  const std::string net_top = phrase(loc, "canvas.sort.decentralized");
  // A heading may wrap between words but never inside one.
  auto widest_word = [&](ImFont* font, const std::string& text) {
    float widest = 0;
    for (std::size_t a = 0; a < text.size();) {
      std::size_t b = std::min(text.find(' ', a), text.size());
      widest = std::max(
          widest,
          font->CalcTextSizeA(f.small->FontSize, FLT_MAX, 0, text.data() + a, text.data() + b).x);
      a = b + 1;
    }
    return widest + 2;
  };
  metrics.slot_w =
      std::max({metrics.slot_w, widest_word(f.bold, dc_top), widest_word(f.bold, net_top),
                widest_word(f.small, dc), widest_word(f.small, net)});
  float slot_w = sort_slot_width(area, metrics);
  metrics.header_h = std::max({heading_height(dc_top, dc, slot_w),
                               heading_height(net_top, net, slot_w), 2 * f.small->FontSize});
  metrics.bar_h = std::round(f.small->FontSize * 0.5f);
  std::array<bool, sort_item_count> extra{};
  for (std::size_t k = 0; k < sort_item_count; ++k)
    extra[k] = judged && m->placed(k) != sort_items()[k].belongs;
  auto measure = [&](std::size_t k, float width) {
    std::string_view n = name_of(sort_items()[k], loc);
    return f.small->CalcTextSizeA(f.small->FontSize, FLT_MAX, width, n.data(), n.data() + n.size())
        .y;
  };
  SortLayout l = layout_sort(area, measure, extra, metrics);
  const Marks bars = sort_marks(l, SortReads::get<"in_datacenter">(e.values()),
                                SortReads::get<"in_network">(e.values()));
  ctx.record(bars);

  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (!l.stacked) heading(dl, l.header_jobs, phrase(loc, "canvas.sort.ai_jobs"), jobs);
  heading(dl, l.header_datacenter, dc_top, dc);
  heading(dl, l.header_network, net_top, net);
  meter(dl, l.track_datacenter, bars[0].rect, palette::gauge, palette::accent);
  meter(dl, l.track_network, bars[1].rect, palette::gauge, palette::accent);

  for (std::size_t k = 0; k < sort_item_count; ++k) {
    const SortRow& r = l.rows[k];
    if (k % 2 == 0) {
      dl->AddRectFilled(v(r.row.x0, r.row.y0), v(r.row.x1, r.row.y1), palette::card, 4 * px());
    }
    dl->PushClipRect(v(r.text.x0, r.text.y0), v(r.text.x1, r.text.y1), true);
    std::string_view n = name_of(sort_items()[k], loc);
    dl->AddText(f.small, f.small->FontSize, v(r.text.x0, r.text.y0), palette::text, n.data(),
                n.data() + n.size(), r.text.width());
    if (extra[k]) {
      dl->AddText(f.small, f.small->FontSize, v(r.text.x0, r.text.y0 + measure(k, r.text.width())),
                  palette::warning, reason_text(sort_items()[k].reason, loc));
    }
    dl->PopClipRect();
    if (operate) {
      ImGui::PushFont(f.small);
      slot(ctx, *m, k, Bin::datacenter, r.datacenter, judged);
      slot(ctx, *m, k, Bin::network, r.network, judged);
      ImGui::PopFont();
    } else {
      for (Bin b : {Bin::datacenter, Bin::network}) {
        if (m->placed(k) != b) continue;
        const Rect& s = b == Bin::datacenter ? r.datacenter : r.network;
        dl->AddRectFilled(v(s.x0, s.y0), v(s.x1, s.y1), palette::accent, 4 * px());
      }
    }
  }
  ImGui::SetCursorScreenPos(v(area.x0, area.y0));
  claim(area);
}

std::string sort_result(const Engine& e, std::string_view locale) {
  return tr(locale, Message("canvas.sort.result")
                        .num("correct", SortReads::get<"correct">(e.values()))
                        .num("total", static_cast<double>(sort_item_count))
                        .num("misplaced", SortReads::get<"misplaced">(e.values())));
}

}  // namespace

const CanvasKind& sort_canvas() {
  static const CanvasKind kind{"sort", &draw_sort, &sort_result, &SortReads::resolve};
  return kind;
}

}  // namespace lessonsim::ui
