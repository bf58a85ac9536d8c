#include "lessonsim/messages.hpp"

#include <unicode/locid.h>

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

std::unique_ptr<const icu::MessageFormat> Messages::Catalog::make(
    const icu::UnicodeString& pattern, const icu::Locale& locale,
    detail::NumberTextPattern& rewritten, UParseError& where, UErrorCode& status) {
  rewritten = detail::numbers_as_text(pattern);
  auto made = std::make_unique<icu::MessageFormat>(rewritten.pattern, locale, where, status);
  return U_SUCCESS(status) ? std::move(made) : nullptr;
}

const icu::MessageFormat* Messages::Catalog::format(const Entry& entry) const {
  std::call_once(entry.made, [&] {
    const std::string pattern = pseudo ? pseudo_localize(entry.pattern) : entry.pattern;
    UParseError parse_error{};
    UErrorCode status = U_ZERO_ERROR;
    detail::NumberTextPattern rewritten;
    entry.format =
        make(icu::UnicodeString::fromUTF8(pattern), icu_locale, rewritten, parse_error, status);
    entry.offsets = std::move(rewritten.offsets);
    entry.numbers_as_text = rewritten.as_text;
  });
  return entry.format.get();
}

namespace {

icu::UnicodeString utf16(std::string_view s) {
  return icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
}

}  // namespace

std::string Messages::render(const Message& m, std::string_view locale) const {
  // The locale, its language alone, then English: the first catalog that has the id made.
  std::string_view language = locale.substr(0, locale.find('-'));
  const icu::MessageFormat* format = nullptr;
  const Catalog::Entry* entry = nullptr;
  for (std::string_view l : {locale, language, fallback_locale}) {
    const Catalog* c = find(l);
    if (!c) continue;
    if (auto it = c->entries.find(m.id); it != c->entries.end()) {
      format = c->format(it->second);
      entry = &it->second;
      if (format) break;
    }
  }
  if (!format) return m.id;
  // Numbers are written by format_number, as in lesson text (number_args.hpp).
  detail::NumberTextArgs args(locale, entry->numbers_as_text);
  for (const MessageArg& a : m.args) {
    switch (a.kind) {
      case MessageArg::Kind::number:
        args.number(a.name, a.number);
        break;
      case MessageArg::Kind::amount:
        args.other(a.name, utf16(format_number(a.number, locale)));
        break;
      case MessageArg::Kind::text:
        args.other(a.name, utf16(a.text));
        break;
      case MessageArg::Kind::day:
        // Noon UTC: the same calendar day in every time zone ICU may format it in.
        args.other(a.name, icu::Formattable((a.number * 86400.0 + 43200.0) * 1000.0,
                                            icu::Formattable::kIsDate));
        break;
      case MessageArg::Kind::message:
        args.other(a.name, utf16(a.nested.empty() ? "" : render(a.nested.front(), locale)));
        break;
    }
  }
  args.fill(entry->offsets);
  icu::UnicodeString out;
  UErrorCode status = U_ZERO_ERROR;
  format->format(args.names(), args.values(), args.count(), out, status);
  if (U_FAILURE(status)) return m.id;
  std::string text;
  out.toUTF8String(text);
  return text;
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
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale loc = icu::Locale::forLanguageTag(std::string(locale), status);
  icu::UnicodeString name;
  if (U_SUCCESS(status)) loc.getDisplayName(loc, name);
  std::string out;
  name.toUTF8String(out);
  return out.empty() ? std::string(locale) : out;
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
