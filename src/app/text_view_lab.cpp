// The lab machine in a terminal: the brief, the plan, and each constraint met or not.
#include "lessonsim/machines/lab.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_lab_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const LabMachine&>(machine);
  const bool es = locale == "es";
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
  out += (es ? "Encargo (semilla " : "Brief (seed ") + num(at("seed")) +
         "): " + num(at("params_b")) + (es ? " mil millones de parámetros, " : "B parameters, ") +
         num(at("tokens_b")) + (es ? " mil millones de tokens\n" : "B tokens\n");
  const LabGpu* g = m.gpu();
  out += "Plan: " + num(at("gpus")) + " × " + (g ? g->name : "?") + ", ZeRO " + num(at("zero")) +
         ", " + num(at("per_rack")) + (es ? " por rack, " : " per rack, ") +
         (at("liquid") != 0 ? (es ? "líquida" : "liquid") : (es ? "aire" : "air")) + '\n';
  struct Row {
    const char* es;
    const char* en;
    const char* ok;
    std::string shown;
  };
  const Row rows[] = {
      {"Memoria", "Memory", "memory_ok",
       num(at("memory_per_gpu_gb")) + " / " + num(at("gpu_memory_gb")) + " GB"},
      {"Plazo", "Deadline", "deadline_ok",
       num(at("train_days")) + " / " + num(at("deadline_days")) + (es ? " días" : " days")},
      {"Electricidad", "Power", "power_ok",
       num(at("power_kw")) + " / " + num(at("power_cap_kw")) + " kW"},
      {"Presupuesto", "Budget", "budget_ok",
       num(at("cost_usd")) + " / " + num(at("budget_usd")) + " $"},
      {"Refrigeración", "Cooling", "cooling_ok",
       num(at("rack_kw")) + " / " + num(at("cooling_limit_kw")) +
           (es ? " kW por rack" : " kW a rack")},
      {"Espacio", "Space", "space_ok", num(at("racks")) + " / " + num(at("max_racks")) + " racks"},
  };
  for (const Row& r : rows) {
    out += std::string("  ") + (at(r.ok) != 0 ? "✓ " : "✗ ") + (es ? r.es : r.en) + ": " + r.shown +
           '\n';
  }
  return out;
}

}  // namespace lessonsim::app
