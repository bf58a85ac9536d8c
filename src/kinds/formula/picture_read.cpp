// The formula machine's "picture": what to draw, each item bound to the machine's variables.
#include <algorithm>

#include "read.hpp"

namespace lessonsim::detail {

namespace {

using Kind = PictureItem::Kind;

struct KindInfo {
  const char* name;
  Kind kind;
  const char* list;  // the key of its list of values, or null for one "value"
};
constexpr KindInfo kinds[] = {
    {"bars", Kind::bars, "bars"},          {"stack", Kind::stack, "parts"},
    {"counters", Kind::counters, "items"}, {"timeline", Kind::timeline, nullptr},
    {"chips", Kind::chips, nullptr},
};

int optional_variable(ObjectReader& r, const char* key, LoadContext& ctx, const FormulaDef& def) {
  const JsonNode* v = r.get(key, JsonNode::Type::string, false);
  return v ? variable_at(*v, r.pointer(key), ctx, def) : -1;
}

void read_item(const JsonNode& node, const std::string& where, LoadContext& ctx, FormulaDef& def) {
  ObjectReader r(node, where, ctx, "a picture item");
  if (!r.ok()) return;
  const JsonNode* draw = r.get("draw", JsonNode::Type::string, true);
  if (!draw) return;
  const KindInfo* info = nullptr;
  for (const auto& k : kinds) {
    if (draw->text == k.name) info = &k;
  }
  if (!info) {
    std::vector<std::string> names;
    for (const auto& k : kinds)
      names.push_back(k.name);
    std::string close = closest_name(draw->text, names);
    error_at(ctx, draw->pos, r.pointer("draw"),
             "unknown picture item \"" + draw->text + "\" (" + join_names(names) + ")", close);
    return;
  }
  PictureItem item;
  item.kind = info->kind;
  if (info->list) {
    r.allow({"draw", "title", info->list, "limit", "limit_label", "full"}, "this picture item");
  } else {
    r.allow({"draw", "title", "value", "full", "marker", "marker_label", "warn", "warn_label"},
            "this picture item");
  }
  item.title = r.text("title", false);
  if (info->list) {
    const JsonNode* list = r.get(info->list, JsonNode::Type::array, true);
    if (!list) return;
    for (std::size_t k = 0; k < list->items.size(); ++k) {
      std::string at = r.pointer(info->list) + "/" + std::to_string(k);
      ObjectReader p(list->items[k], at, ctx, "a picture part");
      if (!p.ok()) continue;
      p.allow({"value", "label"}, "a picture part");
      const JsonNode* value = p.get("value", JsonNode::Type::string, true);
      PictureItem::Part part{value ? variable_at(*value, p.pointer("value"), ctx, def) : -1,
                             p.text("label", true)};
      item.parts.push_back(std::move(part));
    }
    if (list->items.empty()) error_at(ctx, list->pos, r.pointer(info->list), "this list is empty");
    if (item.kind != Kind::counters) {
      item.limit = optional_variable(r, "limit", ctx, def);
      item.limit_label = r.text("limit_label", false);
      item.full = optional_variable(r, "full", ctx, def);
    }
  } else {
    const JsonNode* value = r.get("value", JsonNode::Type::string, true);
    item.parts.push_back({value ? variable_at(*value, r.pointer("value"), ctx, def) : -1, {}});
    if (item.kind == Kind::timeline) {
      item.full = optional_variable(r, "full", ctx, def);
      item.marker = optional_variable(r, "marker", ctx, def);
      item.marker_label = r.text("marker_label", false);
    } else {
      item.warn = optional_variable(r, "warn", ctx, def);
      item.warn_label = r.text("warn_label", false);
    }
  }
  // Lengths side by side are one quantity: every bar, part, limit and marker in one unit.
  std::vector<int> lengths;
  if (item.kind != Kind::counters && item.kind != Kind::chips) {
    for (const auto& p : item.parts)
      lengths.push_back(p.variable);
    lengths.insert(lengths.end(), {item.limit, item.full, item.marker});
  }
  for (int v : lengths) {
    if (v < 0) continue;
    const std::string& u = def.unit_of(v);
    if (item.unit.empty()) {
      item.unit = u;
    } else if (!u.empty() && u != item.unit) {
      error_at(ctx, node.pos, where,
               "this item draws " + item.unit + " and " + u +
                   " side by side; lengths of one "
                   "picture item share a unit");
      return;
    }
  }
  def.picture.push_back(std::move(item));
}

}  // namespace

int variable_at(const JsonNode& name, const std::string& pointer, LoadContext& ctx,
                const FormulaDef& def) {
  std::vector<std::string> names;
  for (const auto& s : def.settings)
    names.push_back(s.name);
  for (const auto& d : def.derived)
    names.push_back(d.name);
  auto it = std::find(names.begin(), names.end(), name.text);
  if (it != names.end()) return static_cast<int>(it - names.begin());
  std::string close = closest_name(name.text, names);
  error_at(ctx, name.pos, pointer,
           "unknown variable \"" + name.text + "\"" +
               (close.empty() ? "" : "; did you mean \"" + close + "\"?"),
           close);
  return -1;
}

void read_picture(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
                  FormulaDef& def) {
  for (std::size_t k = 0; k < node.items.size(); ++k)
    read_item(node.items[k], pointer + "/" + std::to_string(k), ctx, def);
}

}  // namespace lessonsim::detail
