// A kind defined only in the tests shows in `doc machines`, the schema's machine part and
// `play`'s help, all read from its table.
#include <catch2/catch.hpp>

#include "../kinds/counter/counter_machine.hpp"
#include "commands.hpp"

using namespace lessonsim;

TEST_CASE("test kind: the counter appears in doc machines, the schema facts and play's help",
          "[doc][play]") {
  register_machine_kind(testing::CounterMachine::table());
  const std::string doc = app::machine_reference();
  CHECK_THAT(doc, Catch::Contains("## `counter`") &&
                      Catch::Contains("| `limit` | whole number, 1 to 100 | `5` |") &&
                      Catch::Contains("| `full` | true/false |"));

  nlohmann::ordered_json counter;
  for (const auto& kind : app::machine_reference_json())
    if (kind["kind"] == "counter") counter = kind;
  REQUIRE(counter.is_object());
  const auto& limit = counter["settings"][1];
  CHECK(limit["name"] == "limit");
  CHECK(limit["schema"] ==
        nlohmann::ordered_json::parse(R"({"type": "integer", "minimum": 1.0, "maximum": 100.0})"));
  CHECK(counter["actions"][2]["name"] == "set_count");

  const std::string help = app::play_help(testing::CounterMachine::table(), "en");
  CHECK_THAT(help, Catch::Contains("+ / up") && Catch::Contains("set_count N"));
  auto up = app::parse_command("+", testing::CounterMachine::table());
  REQUIRE(up);
  CHECK(up->op == "up");
  auto set = app::parse_command("set_count 2", testing::CounterMachine::table());
  REQUIRE(set);
  CHECK(set->integer("n") == 2);
  CHECK_FALSE(app::parse_command("slice", testing::CounterMachine::table()));
}
