// The lab machine in a terminal: the brief, the plan, and each constraint met or not.
#include "lessonsim/machines/lab.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_lab_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const LabMachine&>(machine);
  std::vector<double> v;
  m.values(v);
  auto at = [&](std::string_view name) {
    const auto& vars = m.spec().variables;
    for (std::size_t k = 0; k < vars.size(); ++k) {
      if (vars[k].name == name) return v[k];
    }
    return 0.0;
  };
  auto num = [&](double x) { return format_number(x, locale); };
  std::string out;
  out += tr(locale, Message("text_view.lab.brief")
                        .amount("seed", at("seed"))
                        .amount("params", at("params_b"))
                        .amount("tokens", at("tokens_b")));
  const LabGpu* g = m.gpu();
  out += tr(locale, Message("text_view.lab.plan")
                        .amount("gpus", at("gpus"))
                        .text("gpu", g ? g->name : "?")
                        .amount("zero", at("zero"))
                        .amount("per_rack", at("per_rack"))
                        .text("cooling", phrase(locale, at("liquid") != 0 ? "text_view.lab.liquid"
                                                                          : "text_view.lab.air")));
  struct Row {
    const char* name;
    const char* ok;
    std::string shown;
  };
  const Row rows[] = {
      {"text_view.lab.memory", "memory_ok",
       num(at("memory_per_gpu_gb")) + " / " + num(at("gpu_memory_gb")) + " GB"},
      {"text_view.lab.deadline", "deadline_ok",
       num(at("train_days")) + " / " + num(at("deadline_days")) +
           phrase(locale, "text_view.lab.days")},
      {"text_view.lab.power", "power_ok",
       num(at("power_kw")) + " / " + num(at("power_cap_kw")) + " kW"},
      {"text_view.lab.budget", "budget_ok",
       num(at("cost_usd")) + " / " + num(at("budget_usd")) + " $"},
      {"text_view.lab.cooling", "cooling_ok",
       num(at("rack_kw")) + " / " + num(at("cooling_limit_kw")) +
           phrase(locale, "text_view.lab.kw_a_rack")},
      {"text_view.lab.space", "space_ok",
       num(at("racks")) + " / " + num(at("max_racks")) + " racks"},
  };
  for (const Row& r : rows) {
    out += std::string("  ") + (at(r.ok) != 0 ? "✓ " : "✗ ") + phrase(locale, r.name) + ": " +
           r.shown + '\n';
  }
  return out;
}

}  // namespace lessonsim::app
