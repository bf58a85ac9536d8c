// Every machine kind's terminal drawing registers, resolving the variables it reads by name
// against the kind's table; a wrong name fails there, not as a bar drawn from 0.
#include <catch2/catch.hpp>

#include <algorithm>

#include "cluster/cluster.hpp"
#include "lessonsim/machine.hpp"
#include "text_view.hpp"
#include "text_view_kinds.hpp"
#include "view_reads.hpp"

using namespace lessonsim;

namespace {

// A cluster view with one name misspelt: the cluster machine has `days`, not `train_days`.
using MisspeltReads = Reads<cluster_machine_spec, "gpus", "train_days">;

std::string nothing(const Machine&, std::string_view) {
  return {};
}

}  // namespace

TEST_CASE("text views: every shipped kind has a drawing, registered at once", "[play]") {
  std::vector<std::string_view> kinds;
  REQUIRE_NOTHROW(kinds = app::text_view_kinds());
  for (const MachineSpec* spec : machine_kinds()) {
    if (spec->kind == "counter") continue;  // the tests' kind, drawn as its variables
    INFO(spec->kind);
    CHECK(std::find(kinds.begin(), kinds.end(), spec->kind) != kinds.end());
  }
}

TEST_CASE("text views: a drawing reading a name its kind lacks fails when it registers", "[play]") {
  static const app::TextView misspelt{"misspelt-cluster", &nothing, &MisspeltReads::resolve};
  CHECK_THROWS_AS(app::register_text_view(misspelt), UnknownVariable);
  CHECK_THROWS_WITH(app::register_text_view(misspelt), Catch::Contains("train_days"));
  const auto kinds = app::text_view_kinds();
  CHECK(std::find(kinds.begin(), kinds.end(), "misspelt-cluster") == kinds.end());
}
