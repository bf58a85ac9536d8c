// The formula machine at run time: settings as numbers, derived variables evaluated in their
// declared dependency order, actions kept within each setting's bounds.
#include "formula.hpp"
#include "lessonsim/messages.hpp"

#include <algorithm>
#include <cmath>

namespace lessonsim {

namespace {

std::unique_ptr<Machine> create_formula(const MachineContext&) {
  return std::make_unique<FormulaMachine>();
}

SettingType table_type(FormulaSetting::Type type) {
  switch (type) {
    case FormulaSetting::Type::integer:
      return SettingType::integer;
    case FormulaSetting::Type::boolean:
      return SettingType::boolean;
    case FormulaSetting::Type::choice:
      return SettingType::choice;
    case FormulaSetting::Type::number:
      break;
  }
  return SettingType::number;
}

FormulaMachine& as_formula(Machine& m) {
  return static_cast<FormulaMachine&>(m);
}
const FormulaMachine& as_formula(const Machine& m) {
  return static_cast<const FormulaMachine&>(m);
}

std::shared_ptr<const FormulaDef> empty_def() {
  static const std::shared_ptr<const FormulaDef> def = [] {
    auto d = std::make_shared<FormulaDef>();
    d->build_spec();
    // With no declaration, the machine shows the kind's own keys, each an empty declaration.
    d->spec.settings = formula_machine_spec().settings;
    return d;
  }();
  return def;
}

// How a refusal names a setting and one of its values: by its label when it has one.
std::string named(const FormulaSetting& s, std::string_view locale) {
  return s.label.empty() ? s.name : s.label.in(locale);
}
std::string shown(const FormulaSetting& s, double v, std::string_view locale) {
  if (s.type == FormulaSetting::Type::choice) {
    auto k = static_cast<std::size_t>(v);
    return k < s.choices.size() ? s.choices[k] : std::string();
  }
  return format_number(v, locale);
}

// A bound refusal in every locale the setting's label has (and the fallback): the label is
// lesson text, so the sentence around it comes from the catalog once per locale.
Outcome refuse_bound(const FormulaSetting& s, const char* id, double bound) {
  std::vector<std::string> locales = messages().locales();
  locales.emplace_back(fallback_locale);
  for (const auto& [locale, text] : s.label.by_locale)
    locales.push_back(locale);
  LocalizedText why;
  for (const auto& locale : locales) {
    why.by_locale[locale] =
        tr(locale,
           Message(id).text("setting", named(s, locale)).text("value", shown(s, bound, locale)));
  }
  return {false, std::move(why)};
}

// One part of the declaration as the registered kind shows it: read by the loader itself
// (read_formula), so the table only describes it.
SettingInfo declaration(std::string name, std::string description) {
  SettingInfo info{std::move(name), SettingType::structured};
  info.description = std::move(description);
  info.default_value = nlohmann::json::array();
  info.schema = {{"type", "array"}, {"items", {{"type", "object"}}}};
  info.store = [](Machine&, const nlohmann::json&) { return std::string(); };
  info.load = [](const Machine&) { return nlohmann::json::array(); };
  return info;
}

}  // namespace

const MachineSpec& formula_machine_spec() {
  static const MachineSpec spec{
      "formula",
      "A machine declared in the lesson itself: settings, variables as expressions over them, "
      "actions that set, step or toggle a setting, invariants and a picture (docs/authoring.md).",
      {
          declaration("settings",
                      "the learner's knobs: number, integer, boolean or choice, with ranges"),
          declaration("variables",
                      "derived variables, each an expression over settings and variables"),
          declaration("actions",
                      "moves that set, step or toggle one setting, with a key and a text"),
          declaration("invariants",
                      "expressions that must hold after every move (random play checks)"),
          declaration("picture", "what to draw: bars, stack, timeline, counters, chips"),
      },
      {},
      {},
      &create_formula,
  };
  return spec;
}

const std::string& FormulaDef::unit_of(int variable) const {
  auto k = static_cast<std::size_t>(variable);
  if (k < settings.size()) return settings[k].unit;
  return derived[k - settings.size()].unit;
}

std::vector<std::string> FormulaDef::stepped_by(const FormulaAction& set) const {
  // `set n` on an integer setting reaches nothing that a step up and a step down by 1 on the
  // same setting do not (both refuse past the same bounds): the lint then need not try every n.
  if (set.kind != FormulaAction::Kind::set || set.to ||
      settings[static_cast<std::size_t>(set.setting)].type != FormulaSetting::Type::integer) {
    return {};
  }
  std::string up, down;
  for (const auto& a : actions) {
    if (a.kind != FormulaAction::Kind::step || a.setting != set.setting) continue;
    if (a.by == 1) up = a.name;
    if (a.by == -1) down = a.name;
  }
  if (up.empty() || down.empty()) return {};
  return {up, down};
}

void FormulaDef::build_spec() {
  spec = MachineSpec{};
  spec.kind = "formula";
  spec.summary = formula_machine_spec().summary;
  spec.make = &create_formula;
  for (std::size_t k = 0; k < settings.size(); ++k) {
    const FormulaSetting& s = settings[k];
    SettingInfo info{s.name, table_type(s.type)};
    if (s.type == FormulaSetting::Type::number || s.type == FormulaSetting::Type::integer) {
      info.range = {s.min, s.max};
    }
    info.choices = s.choices;
    info.unit = s.unit;
    info.description = s.label.empty() ? s.unit : s.label.in(fallback_locale);
    info.store = [k](Machine& m, const nlohmann::json& v) { return as_formula(m).store(k, v); };
    info.load = [k](const Machine& m) { return as_formula(m).load(k); };
    spec.settings.push_back(std::move(info));
    spec.variables.push_back(
        {s.name, s.type == FormulaSetting::Type::boolean ? ValueType::boolean : ValueType::number,
         s.label.empty() ? "a setting" : s.label.in(fallback_locale),
         [k](const Machine& m) { return as_formula(m).value_at(k); }, s.unit});
  }
  for (std::size_t d = 0; d < derived.size(); ++d) {
    const std::size_t k = settings.size() + d;
    spec.variables.push_back({derived[d].name, derived[d].expression.type(),
                              derived[d].label.empty() ? derived[d].expression.text()
                                                       : derived[d].label.in(fallback_locale),
                              [k](const Machine& m) { return as_formula(m).value_at(k); },
                              derived[d].unit});
  }
  for (const auto& a : actions) {
    ActionInfo info;
    info.name = a.name;
    const std::string& target = settings[static_cast<std::size_t>(a.setting)].name;
    if (a.kind == FormulaAction::Kind::set && !a.to) {
      info.params.push_back({"n", ActionParam::Kind::integer});
    }
    info.description = a.kind == FormulaAction::Kind::toggle ? "toggles " + target
                       : a.kind == FormulaAction::Kind::step
                           ? "steps " + target + " by " + format_number(a.by, fallback_locale)
                       : a.to ? "sets " + target + " to " + format_number(*a.to, fallback_locale)
                              : "sets " + target + " to n";
    info.keys = a.keys;
    info.key_help = a.text;
    info.stepped_by = stepped_by(a);
    const std::size_t index = spec.actions.size();
    info.run = [index](Machine& m, const Action& action) {
      return as_formula(m).run(index, action);
    };
    spec.actions.push_back(std::move(info));
  }
  // Each item of the declared picture is a part, drawing the variables bound to it.
  for (std::size_t k = 0; k < picture.size(); ++k) {
    PicturePart part{"item" + std::to_string(k + 1), {}};
    const PictureItem& item = picture[k];
    std::vector<int> bound = {item.limit, item.full, item.marker, item.warn};
    for (const auto& p : item.parts)
      bound.push_back(p.variable);
    for (int v : bound) {
      if (v < 0 || static_cast<std::size_t>(v) >= spec.variables.size()) continue;
      const std::string& name = spec.variables[static_cast<std::size_t>(v)].name;
      if (std::find(part.variables.begin(), part.variables.end(), name) == part.variables.end())
        part.variables.push_back(name);
    }
    spec.picture.push_back(std::move(part));
  }
}

FormulaMachine::FormulaMachine() : FormulaMachine(empty_def()) {}

FormulaMachine::FormulaMachine(std::shared_ptr<const FormulaDef> def) : def_(std::move(def)) {
  for (const auto& s : def_->settings)
    settings_.push_back(s.initial);
}

std::string read_setting_value(const FormulaSetting& s, const nlohmann::json& value, double& out) {
  using Type = FormulaSetting::Type;
  if (s.type == Type::boolean) {
    if (!value.is_boolean()) return "must be true or false";
    out = value.get<bool>() ? 1 : 0;
    return {};
  }
  if (s.type == Type::choice) {
    if (value.is_string()) {
      auto it = std::find(s.choices.begin(), s.choices.end(), value.get<std::string>());
      if (it != s.choices.end()) {
        out = static_cast<double>(it - s.choices.begin());
        return {};
      }
    }
    std::string all;
    for (const auto& c : s.choices)
      all += (all.empty() ? "\"" : ", \"") + c + "\"";
    return "must be one of " + all;
  }
  if (s.type == Type::integer ? !value.is_number_integer() : !value.is_number()) {
    return s.type == Type::integer ? "must be a whole number" : "must be a number";
  }
  double v = value.get<double>();
  if (!std::isfinite(v) || v < s.min || v > s.max) {
    return "must be from " + format_number(s.min, fallback_locale) + " to " +
           format_number(s.max, fallback_locale) + (s.unit.empty() ? "" : " " + s.unit);
  }
  out = v;
  return {};
}

std::string FormulaMachine::store(std::size_t k, const nlohmann::json& value) {
  fresh_ = false;
  return read_setting_value(def_->settings[k], value, settings_[k]);
}

nlohmann::json FormulaMachine::load(std::size_t k) const {
  const FormulaSetting& s = def_->settings[k];
  double v = settings_[k];
  switch (s.type) {
    case FormulaSetting::Type::boolean:
      return v != 0;
    case FormulaSetting::Type::choice:
      return s.choices[static_cast<std::size_t>(v)];
    case FormulaSetting::Type::integer:
      return static_cast<std::int64_t>(v);
    case FormulaSetting::Type::number:
      break;
  }
  return v;
}

Outcome FormulaMachine::put(const FormulaAction& action, double value) {
  const auto k = static_cast<std::size_t>(action.setting);
  const FormulaSetting& s = def_->settings[k];
  double lo = s.min, hi = s.max;
  if (s.type == FormulaSetting::Type::choice) {
    lo = 0, hi = static_cast<double>(s.choices.size()) - 1;
  } else if (s.type == FormulaSetting::Type::boolean) {
    lo = 0, hi = 1;
  }
  if (s.type == FormulaSetting::Type::integer && value != std::round(value)) {
    return Outcome::refuse("machine.formula.whole_numbers_only");
  }
  // A little slack, so a step of 0.1 repeated lands on its bound and is not refused by rounding.
  const double slack = 1e-9 * std::max(1.0, std::abs(hi - lo));
  if (value < lo - slack) {
    return refuse_bound(s, "machine.formula.no_lower", lo);
  }
  if (value > hi + slack) {
    return refuse_bound(s, "machine.formula.no_higher", hi);
  }
  settings_[k] = std::clamp(value, lo, hi);
  fresh_ = false;
  return Outcome::done();
}

Outcome FormulaMachine::run(std::size_t index, const Action& action) {
  const FormulaAction& a = def_->actions[index];
  const double now = settings_[static_cast<std::size_t>(a.setting)];
  switch (a.kind) {
    case FormulaAction::Kind::toggle:
      return put(a, now != 0 ? 0 : 1);
    case FormulaAction::Kind::step:
      return put(a, now + a.by);
    case FormulaAction::Kind::set:
      break;
  }
  if (a.to) return put(a, *a.to);
  auto n = action.integer("n");
  if (!n) return Outcome::refuse("machine.formula.the_number_n_is_missing");
  return put(a, static_cast<double>(*n));
}

double FormulaMachine::value_at(std::size_t k) const {
  // Every derived value is evaluated once per change of settings, not once per variable read.
  if (!fresh_) {
    values_.assign(def_->spec.variables.size(), 0.0);
    std::copy(settings_.begin(), settings_.end(), values_.begin());
    const std::size_t first = settings_.size();
    for (int d : def_->order) {
      double v = def_->derived[static_cast<std::size_t>(d)].expression.evaluate(values_);
      values_[first + static_cast<std::size_t>(d)] = std::isfinite(v) ? v : 0.0;
    }
    fresh_ = true;
  }
  return values_[k];
}

std::string FormulaMachine::broken_invariant() const {
  for (std::size_t k = 0; k < def_->settings.size(); ++k) {
    const FormulaSetting& s = def_->settings[k];
    double v = settings_[k];
    bool within = s.type == FormulaSetting::Type::boolean ? (v == 0 || v == 1)
                  : s.type == FormulaSetting::Type::choice
                      ? v >= 0 && v < static_cast<double>(s.choices.size()) && v == std::round(v)
                      : v >= s.min && v <= s.max;
    if (!within) return "the setting " + s.name + " left its bounds";
  }
  std::vector<double> v;
  values(v);
  for (const auto& inv : def_->invariants) {
    if (!inv.holds.holds(v)) return "the declared invariant \"" + inv.text + "\" does not hold";
  }
  return {};
}

std::unique_ptr<Machine> FormulaMachine::with_lesson_texts(
    const std::function<void(LocalizedText&)>& map) const {
  auto def = std::make_shared<FormulaDef>(*def_);
  for (auto& s : def->settings)
    map(s.label);
  for (auto& d : def->derived)
    map(d.label);
  for (auto& a : def->actions)
    map(a.text);
  for (auto& item : def->picture) {
    for (LocalizedText* t : {&item.title, &item.limit_label, &item.marker_label, &item.warn_label})
      map(*t);
    for (auto& part : item.parts)
      map(part.label);
  }
  def->build_spec();
  auto out = std::make_unique<FormulaMachine>(std::move(def));
  out->settings_ = settings_;
  return out;
}

}  // namespace lessonsim
