// A formula machine that re-creates the split machine's arithmetic gives the same variables as
// the built-in kind, action after random action: the declared language is enough for a kind.
#include <catch2/catch.hpp>

#include <random>

#include "../../support/machine_test_support.hpp"
#include "lessonsim/loader.hpp"
#include "split/split.hpp"

using namespace lessonsim;
using lessonsim::testing::var;

namespace {

// Bytes as the split machine counts them: slices differ by at most one byte, larger first, and
// the first GPUs take one slice more when the count is uneven, so GPU 1 is the fullest.
const char* split_as_formula = R"lesson({
  "format": 2, "id": "split-formula", "version": "1.0.0", "locales": ["es", "en"],
  "title": {"es": "Reparto", "en": "Split"},
  "machine": {
    "kind": "formula",
    "settings": [
      {"name": "model_gb", "type": "number", "min": 1, "max": 100000, "default": 280, "unit": "GB"},
      {"name": "gpu_memory_gb", "type": "number", "min": 1, "max": 100000, "default": 80, "unit": "GB"},
      {"name": "gpus", "type": "integer", "min": 1, "max": 16, "default": 1},
      {"name": "slices", "type": "integer", "min": 1, "max": 32, "default": 1}
    ],
    "variables": [
      {"name": "bytes", "is": "floor(model_gb * 1000000000 + 0.5)"},
      {"name": "base", "is": "floor(bytes / slices)"},
      {"name": "extra", "is": "bytes - slices * base"},
      {"name": "per_gpu", "is": "ceil(slices / gpus)"},
      {"name": "max_load_bytes", "is": "per_gpu * base + min(per_gpu, extra)"},
      {"name": "slice_gb", "is": "ceil(bytes / slices) / 1000000000", "unit": "GB"},
      {"name": "max_load_gb", "is": "max_load_bytes / 1000000000", "unit": "GB"},
      {"name": "overflow_gb", "is": "max(0, max_load_bytes - gpu_memory_gb * 1000000000) / 1000000000", "unit": "GB"},
      {"name": "min_gpus", "is": "min_gpus(model_gb, gpu_memory_gb)"},
      {"name": "idle_gpus", "is": "max(0, gpus - slices)"},
      {"name": "fits", "is": "max_load_bytes <= gpu_memory_gb * 1000000000"},
      {"name": "max_gpus", "is": "16"}
    ],
    "actions": [
      {"name": "slice", "step": "slices", "by": 1, "text": {"es": "cortar", "en": "slice"}},
      {"name": "merge", "step": "slices", "by": -1, "text": {"es": "unir", "en": "merge"}},
      {"name": "add_gpu", "step": "gpus", "by": 1, "text": {"es": "añadir", "en": "add"}},
      {"name": "remove_gpu", "step": "gpus", "by": -1, "text": {"es": "quitar", "en": "remove"}},
      {"name": "set_gpus", "set": "gpus", "text": {"es": "n GPU", "en": "n GPUs"}},
      {"name": "set_slices", "set": "slices", "text": {"es": "n trozos", "en": "n slices"}}
    ]
  },
  "steps": [{"id": "drive", "kind": "operate", "text": {"es": "Reparte.", "en": "Split."},
             "goal": "fits", "reveal": {"es": "Cabe.", "en": "It fits."}}]
})lesson";

const char* split_vars[] = {"model_gb",  "gpu_memory_gb", "gpus",        "slices",
                            "slice_gb",  "max_load_gb",   "overflow_gb", "min_gpus",
                            "idle_gpus", "fits",          "max_gpus"};

Action random_action(std::mt19937& rng) {
  static const char* ops[] = {"slice", "merge", "add_gpu", "remove_gpu", "set_gpus", "set_slices"};
  std::string op = ops[std::uniform_int_distribution<int>(0, 5)(rng)];
  if (op == "set_gpus" || op == "set_slices") {
    return Action::with(op, "n", std::uniform_int_distribution<int>(-2, 40)(rng));
  }
  return Action::make(op);
}

}  // namespace

TEST_CASE("formula: the split machine re-created as a formula agrees over random play",
          "[formula]") {
  Diagnostics d("split-formula.json");
  auto lesson = load_lesson(split_as_formula, d);
  for (const auto& x : d.all())
    INFO(format_gcc(x));
  REQUIRE(lesson);
  std::mt19937 rng(19);
  for (auto [model, gpu] : {std::pair{280.0, 80.0}, std::pair{70.0, 24.0}, std::pair{1000.0, 80.0},
                            std::pair{7.5, 16.0}, std::pair{141.3, 40.0}}) {
    SplitMachine split;
    auto formula = lesson->machine->clone();
    REQUIRE(split.set("model_gb", model).empty());
    REQUIRE(split.set("gpu_memory_gb", gpu).empty());
    REQUIRE(formula->set("model_gb", model).empty());
    REQUIRE(formula->set("gpu_memory_gb", gpu).empty());
    for (int step = 0; step < 400; ++step) {
      Action a = random_action(rng);
      INFO("model " << model << " GB, GPU " << gpu << " GB, action " << step << ": "
                    << a.to_json().dump());
      CHECK(split.apply(a).ok == formula->apply(a).ok);
      for (const char* name : split_vars) {
        INFO(name);
        CHECK(var(*formula, name) == Approx(var(split, name)).epsilon(1e-12).margin(1e-12));
      }
    }
  }
}
