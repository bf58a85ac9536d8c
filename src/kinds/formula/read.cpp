#include "read.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "lessonsim/messages.hpp"
#include "units.hpp"

namespace lessonsim::detail {

namespace {

using Type = FormulaSetting::Type;

constexpr const char* engine_ops[] = {"goto", "next", "back", "choose", "reset", "undo"};

// Settings, variables and actions are named as expressions name variables.
bool valid_name(const std::string& s) {
  if (s.empty() || s.size() > 64 ||
      !(std::islower(static_cast<unsigned char>(s[0])) || s[0] == '_'))
    return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) ||
           std::isdigit(static_cast<unsigned char>(c)) || c == '_';
  });
}

struct Reader {
  LoadContext& ctx;
  FormulaDef& def;
  std::vector<std::string> names;  // every setting and variable so far

  bool new_name(const JsonNode* name, const std::string& where) {
    if (!name) return false;
    if (!valid_name(name->text)) {
      error_at(ctx, name->pos, where,
               "\"" + name->text +
                   "\" is not a name expressions can use (lowercase letters, "
                   "digits and '_', starting with a letter)");
      return false;
    }
    // A function may share a name with a variable: a call is told apart by its parenthesis.
    if (name->text == "true" || name->text == "false") {
      error_at(ctx, name->pos, where, "\"" + name->text + "\" is a word the expressions keep");
      return false;
    }
    if (std::find(names.begin(), names.end(), name->text) != names.end()) {
      error_at(ctx, name->pos, where, "\"" + name->text + "\" is declared twice");
      return false;
    }
    names.push_back(name->text);
    return true;
  }

  formula::Unit unit(ObjectReader& r, std::string& text) {
    const JsonNode* u = r.get("unit", JsonNode::Type::string, false);
    if (!u) return {};
    std::string error;
    formula::Unit parsed = formula::parse_unit(u->text, error);
    if (!error.empty()) {
      error_at(ctx, u->pos, r.pointer("unit"), error);
      return {};
    }
    text = u->text;
    return parsed;
  }

  double number(ObjectReader& r, const char* key, bool integer, bool required, double fallback) {
    const JsonNode* v = r.get(key, JsonNode::Type::number, required);
    if (!v) return fallback;
    if (integer && !v->is_integer) {
      error_at(ctx, v->pos, r.pointer(key), std::string("\"") + key + "\" must be a whole number");
      return fallback;
    }
    return v->number;
  }

  void setting(const JsonNode& node, const std::string& where, std::vector<formula::Unit>& units) {
    ObjectReader r(node, where, ctx, "a setting");
    if (!r.ok()) return;
    r.allow({"name", "type", "min", "max", "choices", "default", "unit", "label"}, "a setting");
    FormulaSetting s;
    const JsonNode* name = r.get("name", JsonNode::Type::string, true);
    if (!new_name(name, r.pointer("name"))) return;
    s.name = name->text;
    const JsonNode* type = r.get("type", JsonNode::Type::string, true);
    if (!type) return;
    static const std::pair<const char*, Type> types[] = {{"number", Type::number},
                                                         {"integer", Type::integer},
                                                         {"boolean", Type::boolean},
                                                         {"choice", Type::choice}};
    auto t = std::find_if(std::begin(types), std::end(types),
                          [&](const auto& p) { return type->text == p.first; });
    if (t == std::end(types)) {
      error_at(ctx, type->pos, r.pointer("type"),
               "unknown setting type \"" + type->text + "\" (number, integer, boolean, choice)",
               closest_name(type->text, {"number", "integer", "boolean", "choice"}));
      return;
    }
    s.type = t->second;
    formula::Unit u = unit(r, s.unit);
    if (s.type == Type::number || s.type == Type::integer) {
      s.min = number(r, "min", s.type == Type::integer, true, 0);
      s.max = number(r, "max", s.type == Type::integer, true, 0);
      if (s.max < s.min) {
        error_at(ctx, node.pos, where, "\"max\" is below \"min\"");
        return;
      }
      s.initial = s.min;
    } else if (s.type == Type::choice) {
      const JsonNode* choices = r.get("choices", JsonNode::Type::array, true);
      if (!choices) return;
      for (const auto& c : choices->items) {
        if (!c.is_string() || c.text.empty()) {
          error_at(ctx, c.pos, r.pointer("choices"), "each choice must be a non-empty string");
          return;
        }
        s.choices.push_back(c.text);
      }
      if (s.choices.size() < 2) {
        error_at(ctx, choices->pos, r.pointer("choices"), "a choice needs at least two choices");
        return;
      }
    }
    if (const JsonNode* d = node.find("default")) {
      std::string problem = read_setting_value(s, to_json(*d), s.initial);
      if (!problem.empty()) {
        error_at(ctx, d->pos, r.pointer("default"), "\"default\" " + problem);
        return;
      }
    }
    s.label = r.text("label", false);
    units.push_back(u);
    def.settings.push_back(std::move(s));
  }

  struct Pending {
    const JsonNode* name = nullptr;
    const JsonNode* is = nullptr;
    std::string pointer;
    formula::Unit unit;
    std::string unit_text;
    LocalizedText label;
  };

  void variable(const JsonNode& node, const std::string& where, std::vector<Pending>& out) {
    ObjectReader r(node, where, ctx, "a variable");
    if (!r.ok()) return;
    r.allow({"name", "is", "unit", "label"}, "a variable");
    const JsonNode* name = r.get("name", JsonNode::Type::string, true);
    const JsonNode* is = r.get("is", JsonNode::Type::string, true);
    if (!new_name(name, r.pointer("name")) || !is) return;
    Pending p;
    p.name = name;
    p.is = is;
    p.pointer = r.pointer("is");
    p.label = r.text("label", false);
    p.unit = unit(r, p.unit_text);
    out.push_back(std::move(p));
  }

  void action(const JsonNode& node, const std::string& where) {
    ObjectReader r(node, where, ctx, "an action");
    if (!r.ok()) return;
    r.allow({"name", "set", "step", "toggle", "to", "by", "key", "text"}, "an action");
    FormulaAction a;
    const JsonNode* name = r.get("name", JsonNode::Type::string, true);
    if (!name) return;
    if (!valid_name(name->text) || std::find(std::begin(engine_ops), std::end(engine_ops),
                                             name->text) != std::end(engine_ops)) {
      error_at(ctx, name->pos, r.pointer("name"),
               "\"" + name->text +
                   "\" cannot name an action (a lowercase name, not an engine "
                   "action such as next or undo)");
      return;
    }
    for (const auto& other : def.actions) {
      if (other.name == name->text) {
        error_at(ctx, name->pos, r.pointer("name"),
                 "the action \"" + name->text + "\" is declared twice");
        return;
      }
    }
    a.name = name->text;
    const char* verb = nullptr;
    for (const char* v : {"set", "step", "toggle"}) {
      if (node.find(v)) {
        if (verb) {
          error_at(ctx, node.pos, where, "an action does one of \"set\", \"step\" or \"toggle\"");
          return;
        }
        verb = v;
      }
    }
    if (!verb) {
      error_at(ctx, node.pos, where,
               "an action needs \"set\", \"step\" or \"toggle\" and a setting");
      return;
    }
    const JsonNode* target = r.get(verb, JsonNode::Type::string, true);
    if (!target) return;
    auto it = std::find_if(def.settings.begin(), def.settings.end(),
                           [&](const FormulaSetting& s) { return s.name == target->text; });
    if (it == def.settings.end()) {
      std::vector<std::string> settings;
      for (const auto& s : def.settings)
        settings.push_back(s.name);
      std::string close = closest_name(target->text, settings);
      error_at(ctx, target->pos, r.pointer(verb),
               "unknown setting \"" + target->text + "\"" +
                   (close.empty() ? "" : "; did you mean \"" + close + "\"?"),
               close);
      return;
    }
    a.setting = static_cast<int>(it - def.settings.begin());
    const FormulaSetting& s = *it;
    const double lo = s.type == Type::choice ? 0 : s.min;
    const double hi = s.type == Type::choice ? static_cast<double>(s.choices.size()) - 1 : s.max;
    const std::string verb_s = verb;
    if (verb_s == "toggle") {
      a.kind = FormulaAction::Kind::toggle;
      if (s.type != Type::boolean) {
        error_at(ctx, target->pos, r.pointer(verb), "only a boolean setting can be toggled");
        return;
      }
    } else if (s.type == Type::boolean) {
      error_at(ctx, target->pos, r.pointer(verb), "a boolean setting is toggled, not " + verb_s);
      return;
    } else if (verb_s == "step") {
      a.kind = FormulaAction::Kind::step;
      const JsonNode* by = r.get("by", JsonNode::Type::number, true);
      if (!by) return;
      a.by = by->number;
      if ((s.type != Type::number && !by->is_integer) || a.by == 0) {
        error_at(ctx, by->pos, r.pointer("by"),
                 s.type == Type::number ? "\"by\" must not be 0"
                                        : "\"by\" must be a whole number, not 0");
        return;
      }
      if (std::abs(a.by) > hi - lo) {
        error_at(ctx, by->pos, r.pointer("by"),
                 "a step of " + by->text + " leaves " + s.name + "'s bounds (" +
                     format_number(lo, fallback_locale) + " to " +
                     format_number(hi, fallback_locale) + ") from anywhere");
        return;
      }
    } else {
      a.kind = FormulaAction::Kind::set;
      if (const JsonNode* to = node.find("to")) {
        double v = 0;
        std::string problem = read_setting_value(s, to_json(*to), v);
        if (!problem.empty()) {
          error_at(ctx, to->pos, r.pointer("to"),
                   "this action leaves " + s.name + "'s bounds: \"to\" " + problem);
          return;
        }
        a.to = v;
      } else if (s.type != Type::integer) {
        error_at(ctx, node.pos, where,
                 "setting a " + std::string(s.type == Type::choice ? "choice" : "number") +
                     " needs \"to\" (only an integer takes its value as n)");
        return;
      }
    }
    if (const JsonNode* key = r.get("key", JsonNode::Type::string, false)) {
      // With "to" misspelt the action only seems to take n: the typo is the one error.
      if (a.kind == FormulaAction::Kind::set && !a.to && !r.misspelt("to")) {
        error_at(ctx, key->pos, r.pointer("key"), "an action that takes n has no key");
        return;
      }
      a.keys = key->text;
    }
    a.text = r.text("text", true);
    def.actions.push_back(std::move(a));
  }
};

}  // namespace

std::shared_ptr<const FormulaDef> read_formula(const JsonNode& node, const std::string& pointer,
                                               LoadContext& ctx) {
  // Counted before the keys are: with one misspelt, the machine is not known, so nothing that
  // reads its settings, variables or actions is reported again.
  const int errors_before = ctx.diags.error_count();
  ObjectReader r(node, pointer, ctx, "\"machine\"");
  r.allow({"kind", "settings", "variables", "actions", "invariants", "picture"},
          "a formula machine");
  auto def = std::make_shared<FormulaDef>();
  Reader reader{ctx, *def, {}};
  std::vector<formula::Unit> units;
  if (const JsonNode* settings = r.get("settings", JsonNode::Type::array, true)) {
    for (std::size_t k = 0; k < settings->items.size(); ++k)
      reader.setting(settings->items[k], r.pointer("settings") + "/" + std::to_string(k), units);
    if (settings->items.empty())
      error_at(ctx, settings->pos, r.pointer("settings"), "a formula machine needs a setting");
  }
  std::vector<Reader::Pending> pending;
  if (const JsonNode* vars = r.get("variables", JsonNode::Type::array, false)) {
    for (std::size_t k = 0; k < vars->items.size(); ++k)
      reader.variable(vars->items[k], r.pointer("variables") + "/" + std::to_string(k), pending);
  }
  if (ctx.diags.error_count() != errors_before) return nullptr;

  // Order the derived variables so each follows what it reads; a cycle has no order.
  std::vector<std::string> derived_names;
  for (const auto& p : pending)
    derived_names.push_back(p.name->text);
  std::vector<std::vector<int>> reads;
  for (const auto& p : pending)
    reads.push_back(derived_named(p.is->text, derived_names));
  std::vector<int> cycle;
  if (!order_derived(reads, def->order, cycle)) {
    std::string loop;
    for (int v : cycle)
      loop += (loop.empty() ? "" : " → ") + derived_names[static_cast<std::size_t>(v)];
    const Reader::Pending& at = pending[static_cast<std::size_t>(cycle[cycle.size() - 2])];
    error_at(ctx, at.is->pos, at.pointer, "a cycle between derived variables: " + loop);
    return nullptr;
  }

  // Compile in that order: each expression sees the types and units of what it reads.
  std::vector<VariableInfo> table;
  for (const auto& s : def->settings)
    table.push_back({s.name, s.type == Type::boolean ? ValueType::boolean : ValueType::number, {}});
  for (const auto& p : pending)
    table.push_back({p.name->text, ValueType::number, {}});
  def->derived.resize(pending.size());
  units.resize(table.size());
  const auto* saved = ctx.variables;
  ctx.variables = &table;
  for (int d : def->order) {
    const auto k = static_cast<std::size_t>(d);
    const Reader::Pending& p = pending[k];
    ExprError error;
    auto e = Expression::compile(p.is->text, table, error);
    if (!e) {
      read_expression(*p.is, p.pointer, ctx, ValueType::number);  // reports the error, located
      continue;
    }
    formula::UnitFault fault;
    formula::Unit got = formula::infer_unit(
        *e, [&](int v) { return units[static_cast<std::size_t>(v)]; }, fault);
    if (fault.offset >= 0) {
      error_at(ctx, inside_string(*p.is, fault.offset), p.pointer, fault.message);
      continue;
    }
    formula::Unit unit = p.unit;
    if (p.unit.kind == formula::Unit::Kind::known && got.kind == formula::Unit::Kind::known &&
        !(got == p.unit)) {
      error_at(ctx, inside_string(*p.is, 0), p.pointer,
               p.name->text + " is declared in " + formula::unit_text(p.unit) +
                   " but its expression gives " + formula::unit_text(got));
      continue;
    }
    if (unit.kind != formula::Unit::Kind::known && got.kind == formula::Unit::Kind::known)
      unit = got;
    units[def->settings.size() + k] = unit;
    table[def->settings.size() + k].type = e->type();
    def->derived[k] = {p.name->text, std::move(*e),
                       p.unit_text.empty() ? formula::unit_text(unit) : p.unit_text, p.label};
  }
  if (ctx.diags.error_count() != errors_before) {
    ctx.variables = saved;
    return nullptr;
  }

  if (const JsonNode* actions = r.get("actions", JsonNode::Type::array, false)) {
    for (std::size_t k = 0; k < actions->items.size(); ++k)
      reader.action(actions->items[k], r.pointer("actions") + "/" + std::to_string(k));
  }
  if (const JsonNode* invariants = r.get("invariants", JsonNode::Type::array, false)) {
    for (std::size_t k = 0; k < invariants->items.size(); ++k) {
      const JsonNode& item = invariants->items[k];
      std::string where = r.pointer("invariants") + "/" + std::to_string(k);
      if (!item.is_string()) {
        error_at(ctx, item.pos, where, "an invariant is a condition, written as a string");
        continue;
      }
      if (auto e = read_expression(item, where, ctx, ValueType::boolean)) {
        def->invariants.push_back({std::move(*e), item.text});
      }
    }
  }
  if (const JsonNode* picture = r.get("picture", JsonNode::Type::array, false)) {
    read_picture(*picture, r.pointer("picture"), ctx, *def);
  }
  ctx.variables = saved;
  if (ctx.diags.error_count() != errors_before) return nullptr;
  def->build_spec();
  return def;
}

}  // namespace lessonsim::detail
