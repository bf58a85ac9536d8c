// The lab machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "lab.hpp"
#include "view_reads.hpp"

namespace lessonsim {

struct LabReads : KindReads<LabReads, lab_machine_spec> {
  Handle gpus = var("gpus");
  Handle per_rack = var("per_rack");
  Handle zero = var("zero");
  Handle liquid = var("liquid");
  Handle params_b = var("params_b");
  Handle tokens_b = var("tokens_b");
  Handle unmet = var("unmet");
  Handle seed = var("seed");
  Handle memory_per_gpu_gb = var("memory_per_gpu_gb");
  Handle gpu_memory_gb = var("gpu_memory_gb");
  Handle train_days = var("train_days");
  Handle deadline_days = var("deadline_days");
  Handle power_kw = var("power_kw");
  Handle power_cap_kw = var("power_cap_kw");
  Handle cost_usd = var("cost_usd");
  Handle budget_usd = var("budget_usd");
  Handle rack_kw = var("rack_kw");
  Handle cooling_limit_kw = var("cooling_limit_kw");
  Handle racks = var("racks");
  Handle max_racks = var("max_racks");
  Handle memory_ok = var("memory_ok");
  Handle deadline_ok = var("deadline_ok");
  Handle power_ok = var("power_ok");
  Handle budget_ok = var("budget_ok");
  Handle cooling_ok = var("cooling_ok");
  Handle space_ok = var("space_ok");
};

}  // namespace lessonsim
