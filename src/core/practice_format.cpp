#include "practice_format.hpp"

#include <algorithm>
#include <cmath>

#include "lessonsim/catalog.hpp"

namespace lessonsim::detail {

namespace {

constexpr std::size_t max_range_values = 1000;

nlohmann::json number_value(double x) {
  if (std::floor(x) == x && std::abs(x) < 9e15) return static_cast<std::int64_t>(x);
  return x;
}

// `{"from": A, "to": B, "step": S}`: A, A+S, ... up to B.
std::vector<nlohmann::json> read_range(const JsonNode& node, const std::string& pointer,
                                       LoadContext& ctx) {
  ObjectReader r(node, pointer, ctx, "a range");
  r.allow({"from", "to", "step"}, "a range");
  const JsonNode* from = r.get("from", JsonNode::Type::number, true);
  const JsonNode* to = r.get("to", JsonNode::Type::number, true);
  const JsonNode* step = r.get("step", JsonNode::Type::number, false);
  if (!from || !to) return {};
  double s = step ? step->number : 1;
  if (s <= 0) {
    error_at(ctx, step->pos, r.pointer("step"), "\"step\" must be more than 0");
    return {};
  }
  if (to->number < from->number) {
    error_at(ctx, to->pos, r.pointer("to"), "\"to\" must not be below \"from\"");
    return {};
  }
  double count = std::floor((to->number - from->number) / s + 1e-9) + 1;
  if (count > max_range_values) {
    error_at(ctx, node.pos, pointer,
             "the range has " + std::to_string(static_cast<long long>(count)) +
                 " values; at most " + std::to_string(max_range_values));
    return {};
  }
  std::vector<nlohmann::json> out;
  for (int k = 0; k < static_cast<int>(count); ++k)
    out.push_back(number_value(from->number + k * s));
  return out;
}

// `{"chps": [...]}` is a list of chips with its key misspelt, not a range: it is read as chips,
// so the one error is the misspelling.
bool misspells_chips(const JsonNode& object) {
  return !object.find("from") &&
         std::any_of(object.members.begin(), object.members.end(),
                     [](const JsonMember& m) { return closest_name(m.key, {"chips"}) == "chips"; });
}

// `{"chips": ["a100-80", ...]}`: each chip's memory in GB, from the hardware catalog.
std::vector<nlohmann::json> read_chips(const JsonNode& node, const std::string& pointer,
                                       LoadContext& ctx) {
  ObjectReader r(node, pointer, ctx, "a list of chips");
  r.allow({"chips"}, "a list of chips");
  const JsonNode* chips = r.get("chips", JsonNode::Type::array, true);
  if (!chips) return {};
  const Catalog* catalog = ctx.machine.hardware.get();
  if (!catalog) {
    error_at(ctx, chips->pos, r.pointer("chips"), "the hardware catalog cannot be read");
    return {};
  }
  std::vector<std::string> ids;
  for (const auto& g : catalog->gpus)
    ids.push_back(g.id);
  std::vector<nlohmann::json> out;
  for (std::size_t k = 0; k < chips->items.size(); ++k) {
    const JsonNode& c = chips->items[k];
    std::string where = r.pointer("chips") + "/" + std::to_string(k);
    const GpuSpec* gpu = c.is_string() ? catalog->gpu(c.text) : nullptr;
    if (!gpu) {
      std::string close = c.is_string() ? closest_name(c.text, ids) : std::string();
      std::string message = "a chip is a GPU id from assets/hardware.json";
      if (!close.empty()) message += "; did you mean \"" + close + "\"?";
      error_at(ctx, c.pos, where, message, close);
      continue;
    }
    out.push_back(number_value(gpu->memory_gb));
  }
  return out;
}

void read_vary(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
               const Lesson& lesson, const Step& step, Practice& p) {
  if (!node.is_object() || node.members.empty()) {
    error_at(ctx, node.pos, pointer, "\"vary\" is an object of machine settings and their values");
    return;
  }
  std::vector<std::string> names;
  for (const auto& s : lesson.machine_spec->settings)
    names.push_back(s.name);
  std::size_t variants = 1;
  for (const auto& m : node.members) {
    std::string where = pointer + "/" + pointer_escape(m.key);
    if (std::find(names.begin(), names.end(), m.key) == names.end()) {
      std::string close = closest_name(m.key, names);
      std::string message =
          "unknown setting \"" + m.key + "\" for a " + lesson.machine_spec->kind + " machine";
      if (!close.empty()) message += "; did you mean \"" + close + "\"?";
      error_at(ctx, m.key_pos, where, message, close);
      continue;
    }
    VariedSetting v{m.key, {}, m.value.pos, where};
    if (m.value.is_array()) {
      for (const auto& item : m.value.items)
        v.values.push_back(to_json(item));
    } else if (m.value.is_object() && (m.value.find("chips") || misspells_chips(m.value))) {
      v.values = read_chips(m.value, where, ctx);
    } else if (m.value.is_object()) {
      v.values = read_range(m.value, where, ctx);
    } else {
      error_at(ctx, m.value.pos, where,
               "a varied setting is a list of values, a range {\"from\", \"to\", \"step\"} or "
               "{\"chips\": [...]}");
      continue;
    }
    if (v.values.empty()) {
      error_at(ctx, m.value.pos, where, "\"" + m.key + "\" needs at least one value");
      continue;
    }
    // Each value alone must be one the machine takes on this step.
    for (std::size_t k = 0; k < v.values.size(); ++k) {
      std::unique_ptr<Machine> trial = lesson.machine->clone();
      for (const auto& [key, value] : step.setup.items())
        trial->set(key, value);
      std::string why = trial->set(m.key, v.values[k]);
      if (!why.empty()) {
        const JsonNode* at = m.value.is_array() ? &m.value.items[k] : &m.value;
        error_at(ctx, at->pos, m.value.is_array() ? where + "/" + std::to_string(k) : where,
                 "\"" + m.key + "\" " + v.values[k].dump() + ": " + why);
      }
    }
    variants *= v.values.size();
    p.vary.push_back(std::move(v));
  }
  if (variants > max_practice_variants) {
    error_at(ctx, node.pos, pointer,
             "these settings make " + std::to_string(variants) + " variants; at most " +
                 std::to_string(max_practice_variants) + ", so that check can prove each one");
  }
}

void read_ask(const JsonNode& node, const std::string& pointer, LoadContext& ctx, Practice& p) {
  ObjectReader r(node, pointer, ctx, "a practice prediction");
  if (!r.ok()) return;
  r.allow({"prompt", "answer", "choices", "show", "unit", "explain"}, "a practice prediction");
  PracticeAsk ask;
  ask.pos = node.pos;
  ask.pointer = pointer;
  ask.prompt = r.text("prompt", true);
  ask.explain = r.text("explain", true);
  ask.unit = r.text("unit", false);
  ask.answer = r.expression("answer", true, ValueType::number);
  if (const JsonNode* choices = r.get("choices", JsonNode::Type::array, true)) {
    for (std::size_t k = 0; k < choices->items.size(); ++k) {
      auto e = read_expression(choices->items[k], r.pointer("choices") + "/" + std::to_string(k),
                               ctx, ValueType::number);
      if (e) ask.choices.push_back(std::move(*e));
    }
  }
  if (auto show = r.integer("show", false)) {
    if (*show < 2 || *show > 9) {
      error_at(ctx, node.find("show")->pos, r.pointer("show"),
               "\"show\" is how many choices to offer, 2 to 9");
    } else {
      ask.show = static_cast<int>(*show);
    }
  }
  p.ask = std::move(ask);
}

}  // namespace

void read_practice(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
                   const Lesson& lesson, Step& step) {
  ObjectReader r(node, pointer, ctx, "\"practice\"");
  if (!r.ok()) return;
  r.allow({"vary", "ask", "title", "text", "reveal"}, "\"practice\"");
  // Without a machine that loads there is nothing to vary; its own errors say why.
  if (!lesson.machine || !lesson.machine_spec || !lesson.machine->check().empty()) return;
  auto p = std::make_shared<Practice>();
  p->pos = node.pos;
  p->pointer = pointer;
  if (const JsonNode* vary = r.get("vary", JsonNode::Type::object, true)) {
    read_vary(*vary, r.pointer("vary"), ctx, lesson, step, *p);
  }
  if (const JsonNode* ask = node.find("ask")) read_ask(*ask, r.pointer("ask"), ctx, *p);
  p->title = r.text("title", false);
  p->text = r.text("text", false);
  p->reveal = r.text("reveal", false);
  step.practice = std::move(p);
}

}  // namespace lessonsim::detail
