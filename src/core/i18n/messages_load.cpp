// Reading catalogs: a folder of `<locale>.json` files, each a flat object of id -> ICU pattern,
// checked whole at load by the message engine, so a broken message is a located error, never a
// wrong word on screen; each message is compiled when first rendered (catalog_detail.hpp).
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
  auto catalog = std::make_shared<Catalog>();
  catalog->locale = locale;
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
    // Checked whole here, compiled when first rendered.
    if (auto problem = message_engine().check(m.value.text, locale)) {
      SourcePos at = m.value.pos;
      at.column += 1 + std::max(0, problem->offset);
      diags.error(at,
                  "\"" + m.key + "\" is not an ICU message (" + problem->reason +
                      "); a literal brace or apostrophe is written '{' or ''",
                  pointer());
      continue;
    }
    catalog->entries.try_emplace(std::move(m.key)).first->second.pattern = std::move(m.value.text);
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
    pseudo->pseudo = true;
    for (const auto& [id, entry] : english->entries)
      pseudo->entries.try_emplace(id).first->second.pattern = entry.pattern;
    out.catalogs_[std::string(pseudo_locale)] = std::move(pseudo);
  }
  return out;
}

}  // namespace lessonsim
