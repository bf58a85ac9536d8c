// Reading catalogs: a folder of `<locale>.json` files, each a flat object of id -> ICU pattern,
// checked whole at load so a broken message is a located error, never a wrong word on screen;
// each message becomes an ICU MessageFormat when first rendered (catalog_detail.hpp).
#include <unicode/locid.h>
#include <unicode/messagepattern.h>
#include <unicode/numberformatter.h>
#include <unicode/parseerr.h>
#include <unicode/utypes.h>

#include <algorithm>
#include <mutex>
#include <system_error>

#include "catalog_detail.hpp"
#include "lessonsim/bounded_read.hpp"
#include "lessonsim/json_source.hpp"
#include "lessonsim/locale_code.hpp"
#include "lessonsim/pseudo_locale.hpp"

namespace lessonsim {

namespace {

namespace fs = std::filesystem;

// Catalogs are kilobytes; the bound stops a runaway file long before it costs anything.
constexpr std::size_t max_catalog_bytes = 4u << 20;

bool valid_message_id(std::string_view id) {
  if (id.empty() || id.front() == '.' || id.back() == '.') return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
  });
}

// Whether making the MessageFormat can still fail once the pattern parses; such messages are
// made at load, so a bad one is a located error as before. ICU makes and checks explicit
// formatters then (`{d, date, short}`, a number pattern) and counts numbered arguments. A plain
// `{n, number}` cannot fail, and a skeleton (`{n, number, ::group-off}`) is checked here as ICU
// checks it, without loading any locale's number data; a bad one sets `status`.
bool needs_making(const icu::MessagePattern& parsed, UErrorCode& status) {
  if (parsed.hasNumberedArguments()) return true;
  for (int32_t i = 0; i + 3 < parsed.countParts(); ++i) {
    const icu::MessagePattern::Part& part = parsed.getPart(i);
    if (part.getType() != UMSGPAT_PART_TYPE_ARG_START ||
        part.getArgType() != UMSGPAT_ARG_TYPE_SIMPLE)
      continue;
    if (parsed.getSubstring(parsed.getPart(i + 2)) != icu::UnicodeString(u"number")) return true;
    const icu::MessagePattern::Part& style = parsed.getPart(i + 3);
    if (style.getType() != UMSGPAT_PART_TYPE_ARG_STYLE) continue;
    const icu::UnicodeString text = parsed.getSubstring(style);
    if (!text.startsWith(icu::UnicodeString(u"::"))) return true;
    icu::number::NumberFormatter::forSkeleton(text.tempSubString(2), status);
    if (U_FAILURE(status)) return false;
  }
  return false;
}

}  // namespace

bool Messages::add(const std::string& locale, std::string_view json, Diagnostics& diags) {
  std::string why;
  if (!valid_locale_code(locale, &why)) {
    diags.error({}, "the catalog's name \"" + locale + "\" " + why);
    return false;
  }
  int errors_before = diags.error_count();
  JsonParseLimits limits;
  limits.max_depth = 4;
  limits.max_bytes = max_catalog_bytes;
  auto root = parse_json_source(json, diags, limits);
  if (!root) return false;
  if (!root->is_object()) {
    diags.error(root->pos, std::string("a catalog is an object of message id -> text, not ") +
                               type_name(root->type));
    return false;
  }
  UErrorCode status = U_ZERO_ERROR;
  auto catalog = std::make_shared<Catalog>();
  catalog->locale = locale;
  catalog->icu_locale = icu::Locale::forLanguageTag(locale, status);
  for (JsonMember& m : root->members) {
    auto pointer = [&] { return "/" + pointer_escape(m.key); };
    if (!valid_message_id(m.key)) {
      diags.error(
          m.key_pos,
          "\"" + m.key + "\" is not a message id: lower-case words joined by '.' (menu.language)",
          pointer());
      continue;
    }
    if (!m.value.is_string()) {
      diags.error(m.value.pos, std::string("a message is a string, not ") + type_name(m.value.type),
                  pointer());
      continue;
    }
    // Checked whole here; made into a MessageFormat when first rendered, or now when only
    // making it can tell whether ICU takes it (needs_making). Text without a brace is all
    // literal to ICU, apostrophes included: there is nothing to check.
    std::unique_ptr<const icu::MessageFormat> made;
    detail::NumberTextPattern rewritten;
    if (m.value.text.find('{') != std::string::npos ||
        m.value.text.find('}') != std::string::npos) {
      const icu::UnicodeString text = icu::UnicodeString::fromUTF8(m.value.text);
      UParseError parse_error{};
      status = U_ZERO_ERROR;
      icu::MessagePattern parsed(status);
      parsed.parse(text, &parse_error, status);
      if (U_SUCCESS(status) && needs_making(parsed, status)) {
        made = Catalog::make(text, catalog->icu_locale, rewritten, parse_error, status);
        if (U_FAILURE(status)) {
          // Where ICU stopped in the message as written, not in its rewritten form.
          UErrorCode again = U_ZERO_ERROR;
          icu::MessageFormat written(text, catalog->icu_locale, parse_error, again);
        }
      }
      if (U_FAILURE(status)) {
        SourcePos at = m.value.pos;
        at.column += 1 + std::max(0, static_cast<int>(parse_error.offset));
        diags.error(at,
                    "\"" + m.key + "\" is not an ICU message (" + u_errorName(status) +
                        "); a literal brace or apostrophe is written '{' or ''",
                    pointer());
        continue;
      }
    }
    Catalog::Entry& entry = catalog->entries.try_emplace(std::move(m.key)).first->second;
    entry.pattern = std::move(m.value.text);
    if (made) {
      std::call_once(entry.made, [&] {
        entry.format = std::move(made);
        entry.offsets = std::move(rewritten.offsets);
        entry.numbers_as_text = rewritten.as_text;
      });
    }
  }
  if (diags.error_count() > errors_before) return false;
  catalogs_[locale] = std::move(catalog);
  return true;
}

Messages Messages::load_folder(const fs::path& folder, std::vector<Diagnostic>& problems) {
  Messages out;
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".json") files.push_back(it->path());
  }
  if (ec) {
    Diagnostics d(folder.string());
    d.error({}, "the message catalogs cannot be read: " + ec.message());
    problems.insert(problems.end(), d.all().begin(), d.all().end());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    Diagnostics d(file.string());
    std::string text, error;
    if (!read_file(file, text, error, max_catalog_bytes)) {
      d.error({}, file.filename().string() + " " + error);
    } else {
      out.add(file.stem().string(), text, d);
    }
    problems.insert(problems.end(), d.all().begin(), d.all().end());
  }
  // en-XA is never stored: it is English's messages, each pseudo-localized when first rendered.
  const Catalog* english = out.find(pseudo_source_locale);
  if (english && !out.has_locale(pseudo_locale)) {
    auto pseudo = std::make_shared<Catalog>();
    pseudo->locale = pseudo_locale;
    UErrorCode status = U_ZERO_ERROR;
    pseudo->icu_locale = icu::Locale::forLanguageTag(pseudo_locale, status);
    pseudo->pseudo = true;
    for (const auto& [id, entry] : english->entries)
      pseudo->entries.try_emplace(id).first->second.pattern = entry.pattern;
    out.catalogs_[std::string(pseudo_locale)] = std::move(pseudo);
  }
  return out;
}

}  // namespace lessonsim
