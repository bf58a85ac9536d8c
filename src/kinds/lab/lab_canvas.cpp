// The lab drawn: the brief, the learner's choices as buttons, and the six checks each with a
// bar against its limit, ✓ or ✗ and its margin in words.
#include <cstdio>
#include <vector>

#include "canvas.hpp"
#include "canvas_helpers.hpp"
#include "draw.hpp"
#include "lab.hpp"
#include "lab_layout.hpp"
#include "lab_reads.hpp"
#include "lessonsim/messages.hpp"
#include "theme.hpp"
#include "widgets.hpp"

namespace lessonsim::ui {

namespace {

using namespace draw;

// `name` is the check's catalog id; its unit is `<name>.unit`.
struct CheckText {
  const char* name;
  const char* used;  // variable names
  const char* limit;
  const char* ok;
  const char* margin;
};

constexpr std::array<CheckText, lab_check_count> checks = {{
    {"canvas.lab.memory", "memory_per_gpu_gb", "gpu_memory_gb", "memory_ok", "memory_margin_gb"},
    {"canvas.lab.deadline", "train_days", "deadline_days", "deadline_ok", "deadline_margin_days"},
    {"canvas.lab.power", "power_kw", "power_cap_kw", "power_ok", "power_margin_kw"},
    {"canvas.lab.budget", "cost_usd", "budget_usd", "budget_ok", "budget_margin_usd"},
    {"canvas.lab.cooling", "rack_kw", "cooling_limit_kw", "cooling_ok", "rack_margin_kw"},
    {"canvas.lab.space", "racks", "max_racks", "space_ok", "racks_margin"},
}};

// Each check's variables, resolved when the canvas registers.
struct CheckVars {
  VariableHandle used, limit, ok, margin;
};

const CheckVars& check_vars(const CheckText& c) {
  static const std::vector<CheckVars> all = [] {
    std::vector<CheckVars> out;
    for (const CheckText& t : checks) {
      const MachineSpec& s = lab_machine_spec();
      out.push_back({{s, t.used}, {s, t.limit}, {s, t.ok}, {s, t.margin}});
    }
    return out;
  }();
  return all[static_cast<std::size_t>(&c - checks.data())];
}

// Dollars in millions: the budget's seven digits would not leave room for its bar.
bool in_millions(const CheckText& c) {
  return std::string_view(c.used) == "cost_usd";
}
std::string figure(double value, const CheckText& c, std::string_view loc) {
  return format_number(in_millions(c) ? value / 1e6 : value, loc);
}
std::string amount(double value, const CheckText& c, std::string_view loc) {
  if (in_millions(c)) {
    return tr(loc, Message("unit.musd").text("musd", figure(value, c, loc)));
  }
  return figure(value, c, loc) + phrase(loc, std::string(c.name) + ".unit");
}

// "used / limit", and with `margin` the spare or the excess after it.
std::string check_numbers(const Engine& e, const CheckText& c, std::string_view loc,
                          bool margin_too = true) {
  const CheckVars& h = check_vars(c);
  const auto& values = e.values();
  bool ok = h.ok(values) != 0;
  double margin = h.margin(values);
  std::string used =
      (in_millions(c) ? amount(h.used(values), c, loc) : figure(h.used(values), c, loc)) + " / " +
      amount(h.limit(values), c, loc);
  if (!margin_too) return used;
  // The margin keeps its unit: "over by 0.99" alone does not say $0.99M.
  return tr(loc, Message(ok ? "canvas.lab.check_spare" : "canvas.lab.check_over")
                     .text("used", used)
                     .text("margin", amount(ok ? margin : -margin, c, loc)));
}

// Each check's quantity, so its use is recorded as the length it is drawn.
Scale check_scale(const CheckText& c) {
  const std::string_view used = c.used;
  if (used == "memory_per_gpu_gb") return memory_scale_gb(1);
  if (used == "train_days") return time_scale("days", 1);
  if (used == "power_kw") return power_scale_kw(1);
  if (used == "cost_usd") {
    Scale s = money_scale_musd(1);
    s.base_per_shown = 1;  // the machine gives dollars
    return s;
  }
  if (used == "rack_kw") {
    Scale s = power_scale_kw(1);
    s.quantity = "power per rack";
    return s;
  }
  return count_scale("racks", 1);
}

// A row of choices: a label, then one button per option, the chosen one filled.
template <typename Each>
void choice_row(const char* label, float label_w, Each each) {
  float x0 = ImGui::GetCursorPosX();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine(x0 + label_w);
  each();
}

bool option(ViewContext& ctx, const char* label, bool chosen, const std::string& target,
            bool& first) {
  if (!first) {
    float w = ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < w) ImGui::NewLine();
  }
  first = false;
  if (chosen) {
    ImGui::PushStyleColor(ImGuiCol_Button, palette::accent);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, palette::accent);
    ImGui::PushStyleColor(ImGuiCol_Text, palette::panel);
  }
  bool clicked = ImGui::Button(label);
  if (chosen) ImGui::PopStyleColor(3);
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ctx.target(target, {a.x, a.y, b.x, b.y});
  return clicked && !chosen;
}

void controls(ViewContext& ctx, const LabMachine& m) {
  const Engine& e = ctx.engine;
  std::string_view loc = ctx.locale;
  const Fonts& f = fonts();
  float label_w = 0;
  const char* labels[] = {phrase(loc, "canvas.lab.gpu"), phrase(loc, "canvas.lab.how_many"), "ZeRO",
                          phrase(loc, "canvas.lab.gpus_per_rack"),
                          phrase(loc, "canvas.lab.cooling")};
  for (const char* l : labels)
    label_w = std::max(label_w, text_width(f.small, l));
  label_w += f.small->FontSize;
  bool first = true;
  if (e.allows("set_gpu")) {
    choice_row(labels[0], label_w, [&] {
      const auto& gpus = m.gpu_choices();
      for (std::size_t k = 0; k < gpus.size(); ++k) {
        std::string name = gpus[k].name;
        if (name.rfind("NVIDIA ", 0) == 0) name = name.substr(7);
        if (option(ctx, name.c_str(), m.gpu() == &gpus[k], "gpu_" + gpus[k].id, first)) {
          ctx.push(Action::with("set_gpu", "id", gpus[k].id));
        }
      }
    });
  }
  auto gpus = static_cast<int>(LabReads::get<"gpus">(e.values()));
  auto per_rack = static_cast<int>(LabReads::get<"per_rack">(e.values()));
  // A row of steps: the value, then buttons that set it (the machine refuses what is out of range).
  auto stepper = [&](const char* label, int value, const char* set_op,
                     std::initializer_list<std::pair<const char*, int>> steps) {
    first = true;
    choice_row(label, label_w, [&] {
      std::string shown = format_number(value, loc);
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(shown.c_str());
      first = false;
      for (const auto& [text, to] : steps) {
        std::string target = std::string(set_op) + " " + text;
        if (to >= 1 && to != value && option(ctx, text, false, target, first))
          ctx.push(Action::with(set_op, "n", to));
      }
    });
  };
  if (e.allows("set_gpus")) {
    stepper(labels[1], gpus, "set_gpus",
            {{"÷2", gpus / 2}, {"−8", gpus - 8}, {"+8", gpus + 8}, {"×2", gpus * 2}});
  }
  if (e.allows("set_zero")) {
    first = true;
    choice_row(labels[2], label_w, [&] {
      for (int z = 0; z <= 3; ++z) {
        std::string label = std::to_string(z);
        if (option(ctx, label.c_str(), static_cast<int>(LabReads::get<"zero">(e.values())) == z,
                   "zero" + label, first)) {
          ctx.push(Action::with("set_zero", "n", z));
        }
      }
    });
  }
  if (e.allows("set_per_rack")) {
    stepper(labels[3], per_rack, "set_per_rack",
            {{"−4", per_rack - 4}, {"+4", per_rack + 4}, {"72", 72}});
  }
  if (e.allows("air_cooling") || e.allows("liquid_cooling")) {
    first = true;
    bool liquid = LabReads::get<"liquid">(e.values()) != 0;
    choice_row(labels[4], label_w, [&] {
      if (option(ctx, phrase(loc, "canvas.lab.air_40_kw_rack"), !liquid, "air_cooling", first))
        ctx.push(Action::make("air_cooling"));
      if (option(ctx, phrase(loc, "canvas.lab.liquid_120_kw_rack"), liquid, "liquid_cooling",
                 first))
        ctx.push(Action::make("liquid_cooling"));
    });
  }
  if (e.can_undo()) {
    if (ImGui::Button(phrase(loc, "machine.undo"))) ctx.push(Action::make("undo"));
  }
}

void draw_lab(ViewContext& ctx) {
  const auto* m = dynamic_cast<const LabMachine*>(&ctx.engine.machine());
  if (!m) {
    variables_canvas().draw(ctx);
    return;
  }
  const Engine& e = ctx.engine;
  std::string_view loc = ctx.locale;
  const Fonts& f = fonts();
  // Counts, not billions: the catalog says them in the locale's words (2 trillion, 2 billones).
  const std::string brief =
      tr(loc, Message("canvas.lab.brief")
                  .num("params", LabReads::get<"params_b">(e.values()) * 1e9)
                  .num("tokens", LabReads::get<"tokens_b">(e.values()) * 1e9));
  ImGui::PushFont(f.small);
  wrapped_text(brief);
  if (e.step().kind == StepKind::operate) {
    // Compact buttons: five rows of choices and six checks share the canvas at 1024x640.
    float h = f.small->FontSize;
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, v(h * 0.5f, h * 0.2f));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, v(h * 0.4f, h * 0.3f));
    controls(ctx, *m);
    ImGui::PopStyleVar(2);
  }
  ImGui::PopFont();
  ImGui::Dummy(v(1, f.small->FontSize * 0.4f));

  const Rect area = remaining_area();
  LabMetrics metrics;
  metrics.small_h = f.small->FontSize;
  metrics.gap = std::round(f.small->FontSize * 0.6f);
  metrics.name_w = 0;
  metrics.text_w = 0;
  std::array<LabCheckFigure, lab_check_count> figures;
  std::array<std::string, lab_check_count> names, numbers, shorter;
  for (std::size_t k = 0; k < lab_check_count; ++k) {
    const CheckText& c = checks[k];
    figures[k] = {e.value(c.used), e.value(c.limit), e.value(c.ok) != 0, check_scale(c)};
    names[k] = std::string(figures[k].ok ? "✓ " : "✗ ") + phrase(loc, c.name);
    numbers[k] = check_numbers(e, c, loc);
    shorter[k] = check_numbers(e, c, loc, false);
    metrics.name_w = std::max(metrics.name_w, text_width(f.bold, names[k]));
    metrics.text_w = std::max(metrics.text_w, text_width(f.small, numbers[k]));
  }
  LabChecksLayout l = layout_lab_checks(figures, area, metrics);
  ctx.record(l.marks);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (std::size_t k = 0; k < lab_check_count; ++k) {
    const LabCheckRow& r = l.rows[k];
    ImU32 color = figures[k].ok ? palette::success : palette::warning;
    float ty = r.name.center_y() - f.small->FontSize * 0.5f;
    dl->AddText(f.bold, f.small->FontSize, v(r.name.x0, ty), color, names[k].c_str());
    dl->AddRectFilled(v(r.bar.x0, r.bar.y0), v(r.bar.x1, r.bar.y1), palette::gauge, 3 * px());
    Rect in = r.fill;
    in.x1 = std::min(in.x1, r.limit_x);
    dl->AddRectFilled(v(in.x0, in.y0), v(in.x1, in.y1),
                      figures[k].ok ? palette::accent : palette::caution);
    if (r.over) {
      dl->AddRectFilled(v(r.over_part.x0, r.over_part.y0), v(r.over_part.x1, r.over_part.y1),
                        palette::warning);
      hatch(dl, r.over_part, translucent(palette::hatch, 150));
    }
    if (r.broken) break_mark(dl, r.bar, false, palette::panel);
    dl->AddLine(v(r.limit_x, r.bar.y0 - 3 * px()), v(r.limit_x, r.bar.y1 + 3 * px()), palette::text,
                2 * px());
    // A language whose words run past the row keeps "used / limit": the bar shows the margin.
    const std::string& shown =
        text_width(f.small, numbers[k]) <= r.text.width() + 0.5f ? numbers[k] : shorter[k];
    dl->AddText(f.small, f.small->FontSize,
                v(r.text.x0, r.text.center_y() - f.small->FontSize * 0.5f),
                figures[k].ok ? palette::muted : palette::warning, shown.c_str());
  }
  ImGui::Dummy(v(area.width(), std::max(l.bottom - area.y0, 1.0f)));
}

std::string lab_result(const Engine& e, std::string_view locale) {
  auto unmet = static_cast<int>(LabReads::get<"unmet">(e.values()));
  if (unmet == 0) {
    return phrase(locale, "canvas.lab.the_plan_meets_all_six");
  }
  return tr(locale, Message("canvas.lab.result").num("n", unmet));
}

// The lab's own list and each check's variables.
void resolve_lab() {
  LabReads::resolve();
  for (const CheckText& c : checks)
    check_vars(c);
}

}  // namespace

const CanvasKind& lab_canvas() {
  static const CanvasKind kind{"lab", &draw_lab, &lab_result, &resolve_lab};
  return kind;
}

}  // namespace lessonsim::ui
