// The machine table: settings checked by type and range, variables by handle, actions by name.
#include <catch2/catch.hpp>

#include "../support/machine_test_support.hpp"
#include "lessonsim/machine.hpp"
#include "lessonsim/machine_table.hpp"
#include "rack/rack.hpp"
#include "split/split.hpp"

using namespace lessonsim;

TEST_CASE("table: a variable handle to a name the kind lacks fails where it is named",
          "[machine][table]") {
  CHECK_THROWS_AS(VariableHandle(split_machine_spec(), "max_load"), UnknownVariable);
  CHECK_THROWS_WITH(VariableHandle(split_machine_spec(), "max_load"),
                    Catch::Contains("split") && Catch::Contains("max_load"));
  SplitMachine m;
  VariableHandle gpus(split_machine_spec(), "gpus");
  REQUIRE(m.set("gpus", 3).empty());
  CHECK(gpus(m) == 3);
  std::vector<double> v;
  m.values(v);
  CHECK(gpus(v) == 3);
}

TEST_CASE("table: Engine::value refuses an unknown name instead of reading 0", "[machine][table]") {
  Engine engine(testing::shipped_lesson("datacenter-split.json"));
  CHECK(engine.value("gpus") >= 1);
  CHECK_THROWS_AS(engine.value("gpu_count"), UnknownVariable);
}

TEST_CASE("table: set checks the table's type, range and choices", "[machine][table]") {
  RackMachine m;
  CHECK_THAT(m.set("servers", 2.5), Catch::Contains("whole number"));
  CHECK_THAT(m.set("servers", 65), Catch::Contains("at most 64"));
  CHECK_THAT(m.set("budget_kw", 0), Catch::Contains("more than 0 kW"));
  CHECK_THAT(m.set("cooling", "water"), Catch::Contains("\"air\" or \"liquid\""));
  CHECK_THAT(m.set("colour", 1), Catch::Contains("not a setting of the rack machine"));
  CHECK(m.set("cooling", "liquid").empty());
  CHECK(m.settings()["cooling"] == "liquid");
}

TEST_CASE("table: a fresh machine's settings are its table's defaults", "[machine][table]") {
  for (const MachineSpec* spec : machine_kinds()) {
    INFO(spec->kind);
    const nlohmann::json settings = spec->create(testing::shipped_hardware())->settings();
    for (const SettingInfo& s : spec->settings) {
      INFO(s.name);
      CHECK(settings[s.name] == s.default_value);
    }
  }
}

TEST_CASE("table: an action the table lacks is refused by name", "[machine][table]") {
  RackMachine m;
  Outcome o = m.apply(Action::make("slice"));
  CHECK_FALSE(o.ok);
  CHECK_THAT(o.why.in("en"), Catch::Contains("'slice'"));
  CHECK_FALSE(m.apply(Action::make("set_servers")).ok);  // no n
  CHECK(m.apply(Action::with("set_servers", "n", 2)).ok);
  CHECK(testing::var(m, "servers") == 2);
}

TEST_CASE("table: a variable's unit is declared with it; a flag has none", "[machine][table]") {
  const MachineSpec& split = split_machine_spec();
  CHECK(split.variables[*split.variable("gpu_memory_gb")].unit == "GB");
  CHECK(split.variables[*split.variable("gpus")].unit == "GPU");
  CHECK(split.variables[*split.variable("slices")].unit.empty());
  CHECK(split.variables[*split.variable("fits")].unit.empty());
  const VariableInfo kw = table::number<RackMachine>(
      "rack_kw", "kW", "the draw",
      [](const RackMachine& m) { return static_cast<double>(m.rack_watts()) / 1000; });
  const VariableInfo hot = table::boolean<RackMachine>(
      "hot", "too hot", [](const RackMachine& m) { return m.rack_watts() > m.cooling_watts(); });
  CHECK(kw.unit == "kW");
  CHECK(kw.type == ValueType::number);
  CHECK(hot.unit.empty());
  CHECK(hot.type == ValueType::boolean);
  RackMachine m;
  REQUIRE(m.apply(Action::with("set_servers", "n", 4)).ok);  // 40.8 kW, past air's 40
  CHECK(kw.read(m) == Approx(40.8));
  CHECK(hot.read(m) == 1);
}
