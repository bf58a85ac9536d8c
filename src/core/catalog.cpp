#include "lessonsim/catalog.hpp"

#include "lessonsim/bounded_read.hpp"
#include "lessonsim/json_source.hpp"

namespace lessonsim {

namespace {

template <class Spec>
std::string not_in(const std::string& id, const std::vector<Spec>& specs, const char* what) {
  std::vector<std::string> ids;
  for (const auto& s : specs)
    ids.push_back(s.id);
  std::string close = closest_name(id, ids);
  std::string message = "\"" + id + "\" is not " + what + " in the hardware catalog";
  if (!close.empty()) message += "; did you mean \"" + close + "\"?";
  return message;
}

}  // namespace

const GpuSpec* Catalog::gpu(std::string_view id) const {
  for (const auto& g : gpus) {
    if (g.id == id) return &g;
  }
  return nullptr;
}

const LinkSpec* Catalog::link(std::string_view id) const {
  for (const auto& l : links) {
    if (l.id == id) return &l;
  }
  return nullptr;
}

std::string Catalog::no_gpu(const std::string& id) const {
  return not_in(id, gpus, "a GPU");
}

std::string Catalog::no_link(const std::string& id) const {
  return not_in(id, links, "a link");
}

namespace {

double number(const JsonNode& obj, const char* key, Diagnostics& diags, bool required) {
  const JsonNode* v = obj.find(key);
  if (!v) {
    if (required) diags.error(obj.pos, std::string("missing \"") + key + "\"");
    return 0;
  }
  if (!v->is_number() || v->number < 0) {
    diags.error(v->pos, std::string("\"") + key + "\" must be a number of at least 0");
    return 0;
  }
  return v->number;
}

std::string string(const JsonNode& obj, const char* key, Diagnostics& diags, bool required) {
  const JsonNode* v = obj.find(key);
  if (!v) {
    if (required) diags.error(obj.pos, std::string("missing \"") + key + "\"");
    return {};
  }
  if (!v->is_string()) {
    diags.error(v->pos, std::string("\"") + key + "\" must be a string");
    return {};
  }
  return v->text;
}

}  // namespace

std::optional<Catalog> parse_catalog(std::string_view text, Diagnostics& diags) {
  auto root = parse_json_source(text, diags);
  if (!root) return std::nullopt;
  Catalog c;
  if (const JsonNode* gpus = root->find("gpus"); gpus && gpus->is_array()) {
    for (const auto& g : gpus->items) {
      GpuSpec spec;
      spec.id = string(g, "id", diags, true);
      spec.name = string(g, "name", diags, true);
      spec.memory_gb = number(g, "memory_gb", diags, true);
      spec.bandwidth_tbps = number(g, "bandwidth_tbps", diags, false);
      spec.bf16_tflops = number(g, "bf16_tflops", diags, false);
      spec.watts = number(g, "watts", diags, false);
      spec.note = string(g, "note", diags, false);
      spec.source = string(g, "source", diags, true);
      c.gpus.push_back(std::move(spec));
    }
  } else {
    diags.error(root->pos, "the catalog needs a \"gpus\" array");
  }
  if (const JsonNode* links = root->find("links"); links && links->is_array()) {
    for (const auto& l : links->items) {
      LinkSpec spec;
      spec.id = string(l, "id", diags, true);
      spec.name = string(l, "name", diags, true);
      spec.gb_per_s = number(l, "gb_per_s", diags, true);
      spec.latency_us = number(l, "latency_us", diags, true);
      spec.max_gpus = number(l, "max_gpus", diags, false);
      spec.source = string(l, "source", diags, true);
      c.links.push_back(std::move(spec));
    }
  }
  if (diags.has_errors()) return std::nullopt;
  return c;
}

std::optional<Catalog> load_catalog(const std::filesystem::path& path, Diagnostics& diags) {
  std::string text, error;
  if (!read_file(path, text, error)) {
    diags.error({}, "the catalog " + error);
    return std::nullopt;
  }
  return parse_catalog(text, diags);
}

namespace {

std::shared_ptr<const Catalog>& installed() {
  static std::shared_ptr<const Catalog> catalog;
  return catalog;
}

}  // namespace

void install_hardware(std::shared_ptr<const Catalog> catalog) {
  installed() = std::move(catalog);
}

const std::shared_ptr<const Catalog>& installed_hardware() {
  return installed();
}

}  // namespace lessonsim
