// The lab machine's variables that its canvas, layout and terminal drawing read,
// resolved when they register (see view_reads.hpp).
#pragma once

#include "lab.hpp"
#include "view_reads.hpp"

namespace lessonsim {

using LabReads =
    Reads<lab_machine_spec, "gpus", "per_rack", "zero", "liquid", "params_b", "tokens_b", "unmet",
          "seed", "memory_per_gpu_gb", "gpu_memory_gb", "train_days", "deadline_days", "power_kw",
          "power_cap_kw", "cost_usd", "budget_usd", "rack_kw", "cooling_limit_kw", "racks",
          "max_racks", "memory_ok", "deadline_ok", "power_ok", "budget_ok", "cooling_ok",
          "space_ok">;

}  // namespace lessonsim
