#include <unicode/messagepattern.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "../../src/core/i18n/icu_number_args.hpp"
#include "lessonsim/messages.hpp"
#include "lessonsim/pseudo_locale.hpp"
#include "lessonsim/text.hpp"

using namespace lessonsim;

namespace {

std::string rewritten(const char* pattern) {
  std::string out;
  detail::numbers_as_text(icu::UnicodeString::fromUTF8(pattern)).pattern.toUTF8String(out);
  return out;
}

// How a message uses each of its arguments: chosen on (select), a date, a compact number, or
// written as a number (`{n}`, `{n, number}`, a plural's `#`).
enum class Use { number, select, date, compact };

std::map<std::string, Use> uses(const std::string& pattern) {
  std::map<std::string, Use> out;
  UErrorCode status = U_ZERO_ERROR;
  icu::MessagePattern parsed(status);
  parsed.parse(icu::UnicodeString::fromUTF8(pattern), nullptr, status);
  REQUIRE(U_SUCCESS(status));
  for (int32_t i = 0; i < parsed.countParts(); ++i) {
    const auto& part = parsed.getPart(i);
    if (part.getType() != UMSGPAT_PART_TYPE_ARG_START) continue;
    std::string name, type, style;
    parsed.getSubstring(parsed.getPart(i + 1)).toUTF8String(name);
    Use use = Use::number;
    if (part.getArgType() == UMSGPAT_ARG_TYPE_SELECT) use = Use::select;
    if (part.getArgType() == UMSGPAT_ARG_TYPE_SIMPLE) {
      parsed.getSubstring(parsed.getPart(i + 2)).toUTF8String(type);
      if (parsed.getPart(i + 3).getType() == UMSGPAT_PART_TYPE_ARG_STYLE)
        parsed.getSubstring(parsed.getPart(i + 3)).toUTF8String(style);
      if (type == "date") use = Use::date;
      if (style.find("compact") != std::string::npos) use = Use::compact;
    }
    if (!out.contains(name) || out[name] == Use::number) out[name] = use;
  }
  return out;
}

// Every number written in `text`: digits with their group and decimal separators.
std::vector<std::string> numbers_in(const std::string& text) {
  static const std::regex number(R"(\d+(?:[.,]\d+)*)");
  std::vector<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), number), end; it != end; ++it)
    out.push_back(it->str());
  return out;
}

}  // namespace

TEST_CASE("number args: a message's numbers are read as text, its choices from the number",
          "[number_args]") {
  CHECK(rewritten("{n, plural, one {# GPU} other {# GPUs}}") ==
        "{n__value, plural, one {{n} GPU} other {{n} GPUs}}");
  CHECK(rewritten("{n, number} of {n}") == "{n} of {n}");
  CHECK(rewritten("{p, number, ::compact-long} and {d, date, long}") ==
        "{p__value, number, ::compact-long} and {d__value, date, long}");
  CHECK(rewritten("{a, select, yes {{n, plural, one {#} other {# '#'}}} other {#}}") ==
        "{a__value, select, yes {{n__value, plural, one {{n}} other {{n} '#'}}} other {#}}");
  CHECK(rewritten("{n, plural, offset:1 one {#} other {# more}}") ==
        "{n__value, plural, offset:1 one {{n__less0}} other {{n__less1} more}}");
  CHECK(rewritten("{0, plural, other {#}}") == "{0, plural, other {#}}");  // numbered: as is
  CHECK(rewritten("it''s {n}") == "it''s {n}");
}

TEST_CASE("number args: a catalog writes a number as lesson text does, grouping included",
          "[number_args]") {
  Messages m;
  Diagnostics d("x.json");
  for (const char* locale : {"en", "es", "pt-BR"}) {
    REQUIRE(
        m.add(locale,
              R"({"gpus": "{n, plural, one {# GPU} other {# GPUs}}", "plain": "{n} and {n, number}",
                      "less": "{n, plural, offset:1 =0 {none} other {you and # more}}"})",
              d));
  }
  CHECK(m.render(Message("gpus").num("n", 1280), "es") == "1280 GPUs");
  CHECK(m.render(Message("gpus").num("n", 1280), "pt-BR") == "1.280 GPUs");  // as pt-BR text
  CHECK(m.render(Message("gpus").num("n", 1280), "en") == "1,280 GPUs");
  CHECK(m.render(Message("gpus").num("n", 12800), "es") == "12.800 GPUs");
  CHECK(m.render(Message("gpus").num("n", 1), "es") == "1 GPU");
  CHECK(m.render(Message("plain").num("n", 2500), "es") == "2500 and 2500");
  CHECK(m.render(Message("plain").num("n", 93.333), "es") == "93,3 and 93,3");
  CHECK(m.render(Message("less").num("n", 1564), "es") == "you and 1563 more");
  CHECK(m.render(Message("less").num("n", 0), "en") == "none");
  // A text argument is written as it is, wherever the pattern puts it.
  CHECK(m.render(Message("plain").text("n", "x"), "es") == "x and x");

  std::vector<VariableInfo> vars = {{"gpus", ValueType::number, ""}};
  std::vector<double> many = {1280};
  CHECK(render("{gpus, plural, one {# GPU} other {# GPU}}", "es", vars, many) == "1280 GPU");
  CHECK(render("{gpus, plural, one {# GPU} other {{gpus} GPU}}", "es", vars, many) == "1280 GPU");
}

TEST_CASE("number args: every shipped message writes each number as the lesson formatter does",
          "[number_args]") {
  // Four-digit values (where Spanish and Portuguese write no separator), larger ones (where they
  // do), decimals and small counts, given in turn to every argument of every message.
  const std::vector<double> values = {1280, 2500, 1563, 9999, 16384, 123456, 7.25, 93.33, 2};
  const double compact = 1.5e12;          // "1.5 trillion", "1,5 billones": its figure is 1.5
  const std::int64_t dec_4_2026 = 20791;  // a date's digits are "4" and "2026"
  namespace fs = std::filesystem;
  std::map<std::string, nlohmann::json> catalogs;
  for (const auto& e : fs::directory_iterator(fs::path(LESSONSIM_SOURCE_DIR) / "assets/i18n")) {
    std::ifstream in(e.path());
    catalogs[e.path().stem().string()] = nlohmann::json::parse(in);
  }
  REQUIRE(catalogs.contains("es"));
  nlohmann::json& pseudo = catalogs["en-XA"];
  for (const auto& [id, pattern] : catalogs.at("en").items())
    pseudo[id] = pseudo_localize(pattern.get<std::string>());
  int compared = 0;
  for (const auto& [locale, catalog] : catalogs) {
    for (const auto& [id, value] : catalog.items()) {
      const std::string pattern = value.get<std::string>();
      const std::map<std::string, Use> args = uses(pattern);
      if (std::none_of(args.begin(), args.end(),
                       [](const auto& a) { return a.second != Use::select; }))
        continue;
      for (std::size_t r = 0; r < values.size(); ++r) {
        std::vector<std::string> allowed = numbers_in(pattern);
        Message m(id);
        std::size_t j = r;
        for (const auto& [name, use] : args) {
          const double v = values[j++ % values.size()];
          switch (use) {
            case Use::number:
              m.num(name, v);
              allowed.push_back(format_number(v, locale));
              break;
            case Use::compact:
              m.num(name, compact);
              allowed.push_back(format_number(compact / 1e12, locale));
              break;
            case Use::select:
              m.text(name, "other");
              break;
            case Use::date:
              m.day(name, dec_4_2026);
              allowed.insert(allowed.end(), {"4", "2026"});
              break;
          }
        }
        const std::string out = messages().render(m, locale);
        INFO(locale << " " << id << ": " << out);
        REQUIRE(out != id);
        for (const std::string& number : numbers_in(out)) {
          INFO(number << " is not how the lesson formatter writes any of the message's numbers");
          CHECK(std::find(allowed.begin(), allowed.end(), number) != allowed.end());
          ++compared;
        }
      }
    }
  }
  // The catalogs hold hundreds of numbered messages: the comparison saw them.
  CHECK(compared > 1000);
}
