// The lab machine in a terminal: the brief, the plan, and each constraint met or not.
#include "lab.hpp"
#include "lessonsim/messages.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

// The variables read here, resolved when the view registers: a name the kind lacks fails
// then, never as a silent 0.
struct Vars {
  VariableHandle seed{lab_machine_spec(), "seed"};
  VariableHandle params_b{lab_machine_spec(), "params_b"};
  VariableHandle tokens_b{lab_machine_spec(), "tokens_b"};
  VariableHandle gpus{lab_machine_spec(), "gpus"};
  VariableHandle zero{lab_machine_spec(), "zero"};
  VariableHandle per_rack{lab_machine_spec(), "per_rack"};
  VariableHandle liquid{lab_machine_spec(), "liquid"};
  VariableHandle memory_per_gpu_gb{lab_machine_spec(), "memory_per_gpu_gb"};
  VariableHandle gpu_memory_gb{lab_machine_spec(), "gpu_memory_gb"};
  VariableHandle train_days{lab_machine_spec(), "train_days"};
  VariableHandle deadline_days{lab_machine_spec(), "deadline_days"};
  VariableHandle power_kw{lab_machine_spec(), "power_kw"};
  VariableHandle power_cap_kw{lab_machine_spec(), "power_cap_kw"};
  VariableHandle cost_usd{lab_machine_spec(), "cost_usd"};
  VariableHandle budget_usd{lab_machine_spec(), "budget_usd"};
  VariableHandle rack_kw{lab_machine_spec(), "rack_kw"};
  VariableHandle cooling_limit_kw{lab_machine_spec(), "cooling_limit_kw"};
  VariableHandle racks{lab_machine_spec(), "racks"};
  VariableHandle max_racks{lab_machine_spec(), "max_racks"};
  VariableHandle memory_ok{lab_machine_spec(), "memory_ok"};
  VariableHandle deadline_ok{lab_machine_spec(), "deadline_ok"};
  VariableHandle power_ok{lab_machine_spec(), "power_ok"};
  VariableHandle budget_ok{lab_machine_spec(), "budget_ok"};
  VariableHandle cooling_ok{lab_machine_spec(), "cooling_ok"};
  VariableHandle space_ok{lab_machine_spec(), "space_ok"};
};

const Vars& vars() {
  static const Vars v;
  return v;
}

}  // namespace

std::string draw_lab_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const LabMachine&>(machine);
  auto num = [&](double x) { return format_number(x, locale); };
  std::string out;
  out += tr(locale, Message("text_view.lab.brief")
                        .amount("seed", vars().seed(m))
                        .amount("params", vars().params_b(m))
                        .amount("tokens", vars().tokens_b(m)));
  const LabGpu* g = m.gpu();
  out +=
      tr(locale, Message("text_view.lab.plan")
                     .amount("gpus", vars().gpus(m))
                     .text("gpu", g ? g->name : "?")
                     .amount("zero", vars().zero(m))
                     .amount("per_rack", vars().per_rack(m))
                     .text("cooling", phrase(locale, vars().liquid(m) != 0 ? "text_view.lab.liquid"
                                                                           : "text_view.lab.air")));
  struct Row {
    const char* name;
    const VariableHandle& ok;
    std::string shown;
  };
  const Row rows[] = {
      {"text_view.lab.memory", vars().memory_ok,
       num(vars().memory_per_gpu_gb(m)) + " / " + num(vars().gpu_memory_gb(m)) + " GB"},
      {"text_view.lab.deadline", vars().deadline_ok,
       num(vars().train_days(m)) + " / " + num(vars().deadline_days(m)) +
           phrase(locale, "text_view.lab.days")},
      {"text_view.lab.power", vars().power_ok,
       num(vars().power_kw(m)) + " / " + num(vars().power_cap_kw(m)) + " kW"},
      {"text_view.lab.budget", vars().budget_ok,
       num(vars().cost_usd(m)) + " / " + num(vars().budget_usd(m)) + " $"},
      {"text_view.lab.cooling", vars().cooling_ok,
       num(vars().rack_kw(m)) + " / " + num(vars().cooling_limit_kw(m)) +
           phrase(locale, "text_view.lab.kw_a_rack")},
      {"text_view.lab.space", vars().space_ok,
       num(vars().racks(m)) + " / " + num(vars().max_racks(m)) + " racks"},
  };
  for (const Row& r : rows) {
    out += std::string("  ") + (r.ok(m) != 0 ? "✓ " : "✗ ") + phrase(locale, r.name) + ": " +
           r.shown + '\n';
  }
  return out;
}

}  // namespace lessonsim::app
