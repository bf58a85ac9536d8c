// docs/machine-reference.md is `lessonsim doc machines` verbatim; the JSON form carries the same
// registry for scripts/gen-schema-machines.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "lessonsim/machine.hpp"
#include "run_cli.hpp"
#include "temp_dir.hpp"

TEST_CASE("doc: docs/machine-reference.md is the generated machine reference", "[doc]") {
  auto generated = run_cli("doc machines");
  REQUIRE(generated.code == 0);
  CHECK_THAT(generated.out, Catch::Contains("## `split`") && Catch::Contains("`max_load_gb`") &&
                                Catch::Contains("`set_gpus`"));
  const std::string doc =
      read_text_file(std::string(LESSONSIM_SOURCE_DIR) + "/docs/machine-reference.md");
  INFO("regenerate with: build/src/app/lessonsim doc machines > docs/machine-reference.md");
  CHECK(doc == generated.out);
  CHECK(run_cli("doc nothing").code == 2);
}

TEST_CASE("doc: machines --format json lists every kind's settings, variables and actions",
          "[doc]") {
  auto generated = run_cli("doc machines --format json");
  REQUIRE(generated.code == 0);
  auto doc = nlohmann::json::parse(generated.out);
  const auto& kinds = lessonsim::machine_kinds();
  REQUIRE(doc.size() == kinds.size());
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    const auto& spec = *kinds[k];
    const auto& entry = doc[k];
    INFO(spec.kind);
    CHECK(entry["kind"] == spec.kind);
    CHECK(entry["summary"] == spec.summary);
    REQUIRE(entry["settings"].size() == spec.settings.size());
    for (std::size_t s = 0; s < spec.settings.size(); ++s) {
      CHECK(entry["settings"][s]["name"] == spec.settings[s].name);
      CHECK(entry["settings"][s]["description"] == spec.settings[s].description);
      CHECK_FALSE(entry["settings"][s]["default"].is_null());
    }
    REQUIRE(entry["variables"].size() == spec.variables.size());
    for (std::size_t v = 0; v < spec.variables.size(); ++v) {
      CHECK(entry["variables"][v]["name"] == spec.variables[v].name);
      CHECK(entry["variables"][v]["type"] ==
            (spec.variables[v].type == lessonsim::ValueType::boolean ? "boolean" : "number"));
    }
    REQUIRE(entry["actions"].size() == spec.actions.size());
    for (std::size_t a = 0; a < spec.actions.size(); ++a) {
      CHECK(entry["actions"][a]["name"] == spec.actions[a].name);
      REQUIRE(entry["actions"][a]["params"].size() == spec.actions[a].params.size());
      for (std::size_t p = 0; p < spec.actions[a].params.size(); ++p) {
        const auto& param = spec.actions[a].params[p];
        CHECK(entry["actions"][a]["params"][p]["name"] == param.name);
        CHECK(entry["actions"][a]["params"][p]["kind"] ==
              (param.kind == lessonsim::ActionParam::Kind::integer ? "integer" : "string"));
      }
    }
  }
  CHECK(run_cli("doc machines --format yaml").code == 2);
}
