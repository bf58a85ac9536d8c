#include "loader_support.hpp"

#include <algorithm>
#include <cctype>

#include "lessonsim/locale_code.hpp"
#include "lessonsim/text.hpp"
#include "placeholder.hpp"

namespace lessonsim::detail {

namespace {

const char* type_word(JsonNode::Type type) {
  return type_name(type);
}

// Keys are matched to "did you mean" across every key the object may have.
std::string unknown_key_message(const std::string& key, const char* owner,
                                const std::vector<std::string>& allowed, std::string& suggestion) {
  suggestion = closest_name(key, allowed);
  std::string message = "unknown key \"" + key + "\" in " + owner;
  if (!suggestion.empty()) message += "; did you mean \"" + suggestion + "\"?";
  return message;
}

}  // namespace

void error_at(LoadContext& ctx, SourcePos pos, const std::string& pointer, std::string message,
              std::string suggestion) {
  const auto& m = ctx.misspelt_objects;
  if (std::find(m.begin(), m.end(), pointer) != m.end()) return;  // follows from a misspelling
  ctx.diags.error(pos, std::move(message), pointer.empty() ? "/" : pointer, std::move(suggestion));
}

void note_misspelling(LoadContext& ctx, const std::string& object_pointer) {
  ctx.misspelt_objects.push_back(object_pointer);
}

SourcePos inside_string(const JsonNode& node, int offset) {
  // Count characters, not bytes, up to the offset; escapes before it shift it slightly, which an
  // editor's column for a plain string does not have.
  int chars = 0;
  for (int k = 0; k < offset && k < static_cast<int>(node.text.size()); ++k) {
    if ((static_cast<unsigned char>(node.text[static_cast<std::size_t>(k)]) & 0xC0) != 0x80) {
      ++chars;
    }
  }
  return {node.pos.line, node.pos.column + 1 + chars};
}

ObjectReader::ObjectReader(const JsonNode& node, std::string pointer, LoadContext& ctx,
                           const char* what)
    : node_(node), pointer_(std::move(pointer)), ctx_(ctx), what_(what) {
  if (!node.is_object()) {
    error_at(ctx, node.pos, pointer_,
             std::string(what) + " must be an object, not " + type_word(node.type));
    ok_ = false;
  }
}

void ObjectReader::allow(std::initializer_list<const char*> keys, const char* owner) {
  allow(std::vector<std::string>(keys.begin(), keys.end()), owner);
}

void ObjectReader::allow(const std::vector<std::string>& allowed, const char* owner) {
  if (!ok_) return;
  for (const auto& m : node_.members) {
    if (std::find(allowed.begin(), allowed.end(), m.key) != allowed.end()) continue;
    if (std::find(reported_.begin(), reported_.end(), m.key) != reported_.end()) continue;
    std::string suggestion;
    std::string message = unknown_key_message(m.key, owner, allowed, suggestion);
    error_at(ctx_, m.key_pos, pointer(m.key.c_str()), message, suggestion);
    reported_.push_back(m.key);
    suggested_.emplace_back(m.key, suggestion);
    if (!suggestion.empty()) note_misspelling(ctx_, pointer_);
  }
}

const JsonNode* ObjectReader::misspelt(const char* key) const {
  for (const auto& [member, suggestion] : suggested_) {
    if (suggestion == key) return node_.find(member);
  }
  return nullptr;
}

const JsonNode* ObjectReader::get(const char* key, JsonNode::Type type, bool required) {
  if (!ok_) return nullptr;
  const JsonNode* value = node_.find(key);
  if (!value) {
    if (required) missing(key);
    return nullptr;
  }
  fetched_.emplace_back(key);
  bool matches = value->type == type;
  if (!matches) {
    error_at(ctx_, value->pos, pointer(key),
             std::string("\"") + key + "\" must be " + type_word(type) + ", not " +
                 type_word(value->type));
    return nullptr;
  }
  return value;
}

void ObjectReader::missing(const char* key) {
  if (misspelt(key)) return;  // allow() said so already, with this key as its suggestion
  for (const auto& m : node_.members) {
    if (std::find(fetched_.begin(), fetched_.end(), m.key) != fetched_.end()) continue;
    if (closest_name(m.key, {key}) != key) continue;
    // allow() may have said it already, with the same did-you-mean: one error per typo.
    if (std::find(reported_.begin(), reported_.end(), m.key) != reported_.end()) return;
    reported_.push_back(m.key);
    error_at(ctx_, m.key_pos, pointer(m.key.c_str()),
             "unknown key \"" + m.key + "\" in " + what_ + "; did you mean \"" + key +
                 "\"? (the required \"" + key + "\" is missing)",
             key);
    return;
  }
  error_at(ctx_, node_.pos, pointer_, std::string("missing required key \"") + key + "\"");
}

std::string ObjectReader::string(const char* key, bool required) {
  const JsonNode* v = get(key, JsonNode::Type::string, required);
  return v ? v->text : std::string{};
}

std::optional<std::int64_t> ObjectReader::integer(const char* key, bool required) {
  const JsonNode* v = get(key, JsonNode::Type::number, required);
  if (!v) return std::nullopt;
  if (!v->is_integer) {
    error_at(ctx_, v->pos, pointer(key), std::string("\"") + key + "\" must be a whole number");
    return std::nullopt;
  }
  return v->integer;
}

std::optional<bool> ObjectReader::boolean(const char* key, bool required) {
  const JsonNode* v = get(key, JsonNode::Type::boolean, required);
  if (!v) return std::nullopt;
  return v->boolean;
}

LocalizedText ObjectReader::text(const char* key, bool required) {
  const JsonNode* v = get(key, JsonNode::Type::object, required);
  if (!v) return {};
  return read_text(*v, pointer(key), ctx_);
}

std::optional<Expression> ObjectReader::expression(const char* key, bool required, ValueType want) {
  const JsonNode* v = get(key, JsonNode::Type::string, required);
  if (!v) return std::nullopt;
  return read_expression(*v, pointer(key), ctx_, want);
}

namespace {

// A placeholder that is more than a name: an expression with an optional format, compiled here
// as conditions are, so a mistake is a located error and never a blank in the learner's text.
void check_computed(const JsonNode& string, int offset, const std::string& content,
                    const std::string& where, LoadContext& ctx) {
  require_format(ctx, inside_string(string, offset), where, "a computed placeholder", 2);
  PlaceholderParts parts = split_placeholder(content);
  int start = offset + 1;  // just past the '{'
  if (!parts.error.empty()) {
    error_at(ctx, inside_string(string, start + static_cast<int>(content.find(':'))), where,
             parts.error);
    return;
  }
  ExprError error;
  if (Expression::compile(parts.expr, *ctx.variables, error)) return;
  int at = start + parts.expr_offset;
  error_at(ctx, inside_string(string, at + error.offset), where,
           error.message + " in {" + content + "}", error.suggestion);
  for (const auto& more : error.more) {
    error_at(ctx, inside_string(string, at + more.offset), where,
             more.message + " in {" + content + "}", more.suggestion);
  }
}

}  // namespace

LocalizedText read_text(const JsonNode& node, const std::string& pointer, LoadContext& ctx) {
  LocalizedText out;
  if (!node.is_object()) {
    error_at(
        ctx, node.pos, pointer,
        std::string("a text must be an object of locale to string, not ") + type_word(node.type));
    return out;
  }
  std::vector<std::string> misspelt;  // locales a misspelt key stands for: not missing too
  for (const auto& m : node.members) {
    std::string where = pointer + "/" + pointer_escape(m.key);
    if (ctx.locales_unknown) {
      // "locales" itself is wrong and already reported; every text would repeat it.
    } else if (std::find(ctx.locales.begin(), ctx.locales.end(), m.key) == ctx.locales.end()) {
      std::string close = closest_name(m.key, ctx.locales);
      std::string message = "locale \"" + m.key + "\" is not in the lesson's \"locales\"";
      if (!close.empty()) message += "; did you mean \"" + close + "\"?";
      if (!close.empty() && !node.find(close)) misspelt.push_back(close);
      error_at(ctx, m.key_pos, where, message, close);
      continue;
    }
    if (!m.value.is_string()) {
      error_at(ctx, m.value.pos, where,
               "the " + m.key + " text must be a string, not " + type_word(m.value.type));
      continue;
    }
    if (m.value.text.empty()) {
      error_at(ctx, m.value.pos, where, "the " + m.key + " text is empty");
      continue;
    }
    for (const auto& found : placeholders(m.value.text, [&](int at, std::string message) {
           error_at(ctx, inside_string(m.value, at), where, std::move(message));
         })) {
      const int offset = found.first;
      const std::string& name = found.second;
      if (!ctx.variables) continue;
      if (!std::all_of(name.begin(), name.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
          })) {
        check_computed(m.value, offset, name, where, ctx);
        continue;
      }
      auto& vars = *ctx.variables;
      bool known = std::any_of(vars.begin(), vars.end(),
                               [&](const VariableInfo& v) { return v.name == name; });
      if (known) continue;
      std::vector<std::string> names;
      for (const auto& v : vars)
        names.push_back(v.name);
      std::string close = closest_name(name, names);
      std::string message = "unknown variable {" + name + "} in the text";
      if (!close.empty()) message += "; did you mean {" + close + "}?";
      error_at(ctx, inside_string(m.value, offset), where, message, close);
    }
    out.by_locale.emplace(m.key, m.value.text);
  }
  for (const auto& locale : ctx.locales) {
    if (std::find(misspelt.begin(), misspelt.end(), locale) != misspelt.end()) continue;
    if (!ctx.locales_unknown && !node.find(locale)) {
      error_at(ctx, node.pos, pointer, "the text has no \"" + locale + "\" translation");
    }
  }
  return out;
}

std::optional<Expression> read_expression(const JsonNode& node, const std::string& pointer,
                                          LoadContext& ctx, ValueType want) {
  if (!ctx.variables) return std::nullopt;
  ExprError error;
  auto e = Expression::compile(node.text, *ctx.variables, error);
  if (!e) {
    error_at(ctx, inside_string(node, error.offset), pointer, error.message, error.suggestion);
    for (const auto& more : error.more)
      error_at(ctx, inside_string(node, more.offset), pointer, more.message, more.suggestion);
    return std::nullopt;
  }
  if (e->type() != want) {
    error_at(ctx, inside_string(node, 0), pointer,
             want == ValueType::boolean
                 ? "this condition gives a number; compare it, e.g. \"" + node.text + " > 0\""
                 : "this expression gives true/false where a number is needed");
    return std::nullopt;
  }
  return e;
}

namespace {

bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}

}  // namespace

bool valid_locale(const std::string& code) {
  return valid_locale_code(code);
}

std::string normalized_locale(const std::string& code) {
  std::string out = code;
  std::replace(out.begin(), out.end(), '_', '-');
  std::size_t dash = out.find('-');
  for (std::size_t k = 0; k < out.size(); ++k) {
    char c = out[k];
    bool in_language = dash == std::string::npos || k < dash;
    bool in_country = !in_language && out.size() - dash - 1 == 2;
    if (in_language && is_upper(c)) out[k] = static_cast<char>(c - 'A' + 'a');
    if (in_country && is_lower(c)) out[k] = static_cast<char>(c - 'a' + 'A');
  }
  return valid_locale(out) ? out : std::string{};
}

}  // namespace lessonsim::detail

namespace lessonsim {

bool valid_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

}  // namespace lessonsim
