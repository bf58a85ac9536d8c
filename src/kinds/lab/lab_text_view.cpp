// The lab machine in a terminal: the brief, the plan, and each constraint met or not.
#include "lab.hpp"
#include "lab_reads.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

std::string draw_lab_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const LabMachine&>(machine);
  auto num = [&](double x) { return format_number(x, locale); };
  std::string out;
  out += tr(locale, Message("text_view.lab.brief")
                        .amount("seed", LabReads::get<"seed">(m))
                        .num("params", LabReads::get<"params_b">(m) * 1e9)
                        .num("tokens", LabReads::get<"tokens_b">(m) * 1e9));
  const LabGpu* g = m.gpu();
  out += tr(locale, Message("text_view.lab.plan")
                        .amount("gpus", LabReads::get<"gpus">(m))
                        .text("gpu", g ? g->name : "?")
                        .amount("zero", LabReads::get<"zero">(m))
                        .amount("per_rack", LabReads::get<"per_rack">(m))
                        .text("cooling", phrase(locale, LabReads::get<"liquid">(m) != 0
                                                            ? "text_view.lab.liquid"
                                                            : "text_view.lab.air")));
  struct Row {
    const char* name;
    const VariableHandle& ok;
    std::string shown;
  };
  const Row rows[] = {
      {"text_view.lab.memory", LabReads::of<"memory_ok">(),
       num(LabReads::get<"memory_per_gpu_gb">(m)) + " / " + num(LabReads::get<"gpu_memory_gb">(m)) +
           " GB"},
      {"text_view.lab.deadline", LabReads::of<"deadline_ok">(),
       num(LabReads::get<"train_days">(m)) + " / " + num(LabReads::get<"deadline_days">(m)) +
           phrase(locale, "text_view.lab.days")},
      {"text_view.lab.power", LabReads::of<"power_ok">(),
       num(LabReads::get<"power_kw">(m)) + " / " + num(LabReads::get<"power_cap_kw">(m)) + " kW"},
      {"text_view.lab.budget", LabReads::of<"budget_ok">(),
       num(LabReads::get<"cost_usd">(m)) + " / " + num(LabReads::get<"budget_usd">(m)) + " $"},
      {"text_view.lab.cooling", LabReads::of<"cooling_ok">(),
       num(LabReads::get<"rack_kw">(m)) + " / " + num(LabReads::get<"cooling_limit_kw">(m)) +
           phrase(locale, "text_view.lab.kw_a_rack")},
      {"text_view.lab.space", LabReads::of<"space_ok">(),
       num(LabReads::get<"racks">(m)) + " / " + num(LabReads::get<"max_racks">(m)) + " racks"},
  };
  for (const Row& r : rows) {
    out += std::string("  ") + (r.ok(m) != 0 ? "✓ " : "✗ ") + phrase(locale, r.name) + ": " +
           r.shown + '\n';
  }
  return out;
}

}  // namespace

const TextView& lab_text_view() {
  static const TextView view{"lab", &draw_lab_text, &LabReads::resolve};
  return view;
}

}  // namespace lessonsim::app
