#include "lessonsim/messages.hpp"

#include <algorithm>
#include <memory>
#include <mutex>

#include "catalog_detail.hpp"
#include "lessonsim/pseudo_locale.hpp"
#include "lessonsim/text.hpp"

namespace lessonsim {

struct Messages::Phrases {
  std::mutex mutex;
  std::map<std::string, std::string, std::less<>> by_key;  // "locale\nid" -> text
};

Messages::Messages() : phrases_(std::make_unique<Phrases>()) {}
Messages::~Messages() = default;
Messages::Messages(Messages&&) noexcept = default;
Messages& Messages::operator=(Messages&&) noexcept = default;

const Messages::Catalog* Messages::find(std::string_view locale) const {
  auto it = catalogs_.find(locale);
  return it == catalogs_.end() ? nullptr : it->second.get();
}

bool Messages::has_locale(std::string_view locale) const {
  return find(locale) != nullptr;
}

std::vector<std::string> Messages::locales() const {
  std::vector<std::string> out;
  for (const auto& [locale, catalog] : catalogs_)
    out.push_back(locale);
  return out;
}

std::vector<std::string> Messages::choosable(const std::vector<std::string>& preferred) const {
  std::vector<std::string> out = preferred;
  for (const auto& [locale, catalog] : catalogs_) {
    if (std::find(out.begin(), out.end(), locale) == out.end()) out.push_back(locale);
  }
  return out;
}

bool Messages::has(std::string_view locale, std::string_view id) const {
  const Catalog* c = find(locale);
  return c && c->entries.find(id) != c->entries.end();
}

std::vector<std::string> Messages::ids(std::string_view locale) const {
  std::vector<std::string> out;
  if (const Catalog* c = find(locale)) {
    for (const auto& [id, entry] : c->entries)
      out.push_back(id);
  }
  return out;
}

std::string Messages::pattern(std::string_view locale, std::string_view id) const {
  const Catalog* c = find(locale);
  if (!c) return {};
  auto it = c->entries.find(id);
  return it == c->entries.end() ? std::string() : it->second.pattern;
}

const CompiledMessage* Messages::Catalog::format(const Entry& entry) const {
  std::call_once(entry.made, [&] {
    const std::string pattern = pseudo ? pseudo_localize(entry.pattern) : entry.pattern;
    entry.format = message_engine().compile(pattern, locale);
  });
  return entry.format.get();
}

std::string Messages::render(const Message& m, std::string_view locale) const {
  // The locale, its language alone, then English: the first catalog that has the id made.
  std::string_view language = locale.substr(0, locale.find('-'));
  const CompiledMessage* format = nullptr;
  for (std::string_view l : {locale, language, fallback_locale}) {
    const Catalog* c = find(l);
    if (!c) continue;
    if (auto it = c->entries.find(m.id); it != c->entries.end()) {
      format = c->format(it->second);
      if (format) break;
    }
  }
  if (!format) return m.id;
  std::vector<FormatValue> values;
  values.reserve(m.args.size());
  for (const MessageArg& a : m.args) {
    FormatValue& v = values.emplace_back();
    v.name = a.name;
    switch (a.kind) {
      case MessageArg::Kind::number:
        v.kind = FormatValue::Kind::number;
        v.number = a.number;
        break;
      case MessageArg::Kind::amount:
        v.text = format_number(a.number, locale);
        break;
      case MessageArg::Kind::text:
        v.text = a.text;
        break;
      case MessageArg::Kind::day:
        // Noon UTC: the same calendar day in every time zone the date may be written in.
        v.kind = FormatValue::Kind::date;
        v.number = (a.number * 86400.0 + 43200.0) * 1000.0;
        break;
      case MessageArg::Kind::message:
        v.text = a.nested.empty() ? "" : render(a.nested.front(), locale);
        break;
    }
  }
  return format->format(values).value_or(m.id);
}

const char* Messages::phrase(std::string_view locale, std::string_view id) const {
  std::string key = std::string(locale) + '\n' + std::string(id);
  std::lock_guard lock(phrases_->mutex);
  auto it = phrases_->by_key.find(key);
  if (it == phrases_->by_key.end()) {
    it = phrases_->by_key.emplace(std::move(key), render(Message(std::string(id)), locale)).first;
  }
  return it->second.c_str();
}

std::string Messages::language_name(std::string_view locale) const {
  if (has(locale, "language.name")) return render("language.name", locale);
  std::string name = message_engine().language_name(locale);
  return name.empty() ? std::string(locale) : name;
}

namespace {

// Never destroyed: tearing down every catalog at exit is work no one waits for.
Messages& installed() {
  static Messages& m = *new Messages;
  return m;
}

}  // namespace

void install_messages(Messages messages) {
  installed() = std::move(messages);
}

const Messages& messages() {
  return installed();
}

std::string tr(std::string_view locale, const Message& m) {
  return messages().render(m, locale);
}

const char* phrase(std::string_view locale, std::string_view id) {
  return messages().phrase(locale, id);
}

}  // namespace lessonsim
