// `lessonsim doc machines`: the machine kinds' reference in Markdown, printed from the registry
// as the whole of docs/machine-reference.md, so a test can tell when the two drift apart; with
// `--format json` the same facts for scripts/gen-schema-machines to write the JSON Schema from.
#include <iostream>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim::app {

namespace {

// A bound as a lesson writes it: 1024, not 1024.0.
nlohmann::json bound_json(double v) {
  const bool whole = v == static_cast<double>(static_cast<long long>(v));
  return whole ? nlohmann::json(static_cast<long long>(v)) : nlohmann::json(v);
}

// A setting's JSON Schema, from its table entry (the generated schema types lessons with it).
nlohmann::ordered_json setting_schema(const SettingInfo& s) {
  nlohmann::ordered_json out;
  auto range = [&](const char* type) {
    out["type"] = type;
    out[s.range.lo_open ? "exclusiveMinimum" : "minimum"] = bound_json(s.range.lo);
    out["maximum"] = bound_json(s.range.hi);
  };
  switch (s.type) {
    case SettingType::number:
      range("number");
      break;
    case SettingType::integer:
      range("integer");
      break;
    case SettingType::boolean:
      out["type"] = "boolean";
      break;
    case SettingType::choice:
      out["type"] = "string";
      if (!s.choices.empty()) out["enum"] = s.choices;
      break;
    case SettingType::structured:
      out = s.schema;
      break;
  }
  return out;
}

// What a setting takes, in words: "whole number, 1 to 1024", "\"air\" or \"liquid\"".
std::string setting_type(const SettingInfo& s) {
  auto bound = [](double v) { return bound_json(v).dump(); };
  std::string unit = s.unit.empty() ? "" : " " + s.unit;
  switch (s.type) {
    case SettingType::number:
      return "number, " + std::string(s.range.lo_open ? "over " : "") + bound(s.range.lo) + " to " +
             bound(s.range.hi) + unit;
    case SettingType::integer:
      return "whole number, " + bound(s.range.lo) + " to " + bound(s.range.hi) + unit;
    case SettingType::boolean:
      return "true/false";
    case SettingType::choice: {
      if (s.choices.empty()) return "catalog id";
      std::string all;
      for (const auto& c : s.choices)
        all += (all.empty() ? "`" : ", `") + c + "`";
      return all;
    }
    case SettingType::structured:
      return "see meaning";
  }
  return {};
}

}  // namespace

std::string machine_reference() {
  std::string out =
      "# Machine kinds: the reference\n\n"
      "<!-- Generated: `lessonsim doc machines > docs/machine-reference.md`. Do not edit; a test "
      "fails when this file and the registry differ. -->\n\n"
      "Every machine kind's settings, variables and actions, printed by `lessonsim doc machines` "
      "from the machine registry itself, so they are always what the loader accepts. How to use "
      "them is in [authoring.md](authoring.md).\n\n";
  for (const MachineSpec* spec : machine_kinds()) {
    out += "## `" + spec->kind + "`\n\n" + spec->summary + "\n\n";
    // A kind with no variables of its own is declared in the lesson (formula): its keys only.
    if (spec->variables.empty()) {
      out += "Keys of the lesson's `machine` object, besides `kind`:\n\n";
      out += "| key | meaning |\n| --- | --- |\n";
      for (const auto& s : spec->settings)
        out += "| `" + s.name + "` | " + s.description + " |\n";
      out +=
          "\nIts settings, variables and actions are the lesson's own; a step's `setup` uses "
          "the declared settings. Each item of its `picture` is a part of the picture (`item1`, "
          "`item2`, …), drawing the variables bound to it.\n\n";
      continue;
    }
    out += "Settings, in the lesson's `machine` object and in a step's `setup`:\n\n";
    out += "| setting | type | default | meaning |\n| --- | --- | --- | --- |\n";
    for (const auto& s : spec->settings) {
      out += "| `" + s.name + "` | " + setting_type(s) + " | `" + s.default_value.dump() + "` | " +
             s.description + " |\n";
    }
    out +=
        "\nVariables, for conditions (`goal`, `when`, `at_end`, `holds`) and `{placeholders}`:\n\n";
    out += "| variable | type | unit (`point`) | meaning |\n| --- | --- | --- | --- |\n";
    for (const auto& v : spec->variables) {
      out += "| `" + v.name + "` | " + (v.type == ValueType::boolean ? "true/false" : "number") +
             " | " + v.unit + " | " + v.description + " |\n";
    }
    out +=
        "\nActions, for `{\"do\": ...}` in demos, playthroughs and an operate step's `allow`:\n\n";
    out += "| action | arguments | meaning |\n| --- | --- | --- |\n";
    for (const auto& a : spec->actions) {
      std::string args;
      for (const auto& p : a.params) {
        args += (args.empty() ? "" : ", ") + std::string("`") + p.name + "` (" +
                (p.kind == ActionParam::Kind::integer ? "whole number" : "string") + ")";
      }
      out +=
          "| `" + a.name + "` | " + (args.empty() ? "none" : args) + " | " + a.description + " |\n";
    }
    if (!spec->picture.empty()) {
      out +=
          "\nParts of its picture, each with the variables it draws (what a step's focus shows, "
          "fades or folds; `show`, `hide`):\n\n";
      out += "| part | draws |\n| --- | --- |\n";
      for (const auto& part : spec->picture) {
        std::string vars;
        for (const auto& v : part.variables)
          vars += (vars.empty() ? "`" : ", `") + v + "`";
        out += "| `" + part.id + "` | " + vars +
               (part.folds ? " (left out where the step does not read them)" : "") + " |\n";
      }
    }
    out += '\n';
  }
  out.pop_back();  // the file ends with one newline, not a blank line
  return out;
}

nlohmann::ordered_json machine_reference_json() {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const MachineSpec* spec : machine_kinds()) {
    nlohmann::ordered_json settings = nlohmann::ordered_json::array();
    for (const auto& s : spec->settings) {
      settings.push_back({{"name", s.name},
                          {"description", s.description},
                          {"default", s.default_value},
                          {"unit", s.unit},
                          {"schema", setting_schema(s)}});
    }
    nlohmann::ordered_json variables = nlohmann::ordered_json::array();
    for (const auto& v : spec->variables) {
      variables.push_back({{"name", v.name},
                           {"type", v.type == ValueType::boolean ? "boolean" : "number"},
                           {"unit", v.unit},
                           {"description", v.description}});
    }
    nlohmann::ordered_json actions = nlohmann::ordered_json::array();
    for (const auto& a : spec->actions) {
      nlohmann::ordered_json params = nlohmann::ordered_json::array();
      for (const auto& p : a.params) {
        params.push_back({{"name", p.name},
                          {"kind", p.kind == ActionParam::Kind::integer ? "integer" : "string"}});
      }
      actions.push_back({{"name", a.name}, {"params", params}, {"description", a.description}});
    }
    nlohmann::ordered_json picture = nlohmann::ordered_json::array();
    for (const auto& part : spec->picture) {
      picture.push_back({{"part", part.id}, {"variables", part.variables}, {"folds", part.folds}});
    }
    out.push_back({{"kind", spec->kind},
                   {"summary", spec->summary},
                   {"settings", settings},
                   {"variables", variables},
                   {"actions", actions},
                   {"picture", picture}});
  }
  return out;
}

void add_doc_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("doc", "Print reference documentation generated from the code");
  static std::string topic;
  cmd->add_option("topic", topic, "machines: every machine kind's settings, variables, actions")
      ->required()
      ->check(CLI::IsMember({"machines"}));
  static std::string format = "markdown";
  cmd->add_option("--format", format, "markdown: docs/machine-reference.md; json: for scripts")
      ->check(CLI::IsMember({"markdown", "json"}));
  cmd->callback([&exit_code] {
    if (format == "json")
      std::cout << machine_reference_json().dump(2) << '\n';
    else
      std::cout << machine_reference();
    exit_code = exit_ok;
  });
}

}  // namespace lessonsim::app
