// Edits to a JSON file's text that keep everything else byte for byte.
#include <catch2/catch.hpp>

#include "lessonsim/json_edit.hpp"

using namespace lessonsim;

namespace {

JsonNode parse_for_edit(const std::string& text) {
  Diagnostics d("x.json");
  auto root = parse_json_source(text, d);
  REQUIRE(root);
  return *root;
}

}  // namespace

TEST_CASE("json edit: a member's value replaced where it stands", "[json_edit]") {
  std::string text = "{\"t\": {\"es\": \"Hola \\\"tú\\\"\",   \"en\": \"Hi\"}}\n";
  JsonNode root = parse_for_edit(text);
  std::string out = apply_edits(text, {set_member(text, *root.find("t"), "es", "Adiós")});
  CHECK(out == "{\"t\": {\"es\": \"Adiós\",   \"en\": \"Hi\"}}\n");
}

TEST_CASE("json edit: a new member laid out like the ones before it", "[json_edit]") {
  // On the same line when the members share one, on a line of its own when they do not.
  std::string inline_ = "{\"t\": {\"es\": \"a\", \"en\": \"b\"}}";
  JsonNode a = parse_for_edit(inline_);
  CHECK(apply_edits(inline_, {set_member(inline_, *a.find("t"), "pt-BR", "c")}) ==
        "{\"t\": {\"es\": \"a\", \"en\": \"b\", \"pt-BR\": \"c\"}}");
  std::string lines = "{\"t\": {\n    \"es\": \"a\",\n    \"en\": \"b\"\n  }}";
  JsonNode b = parse_for_edit(lines);
  CHECK(apply_edits(lines, {set_member(lines, *b.find("t"), "pt-BR", "c\n")}) ==
        "{\"t\": {\n    \"es\": \"a\",\n    \"en\": \"b\",\n    \"pt-BR\": \"c\\n\"\n  }}");
  // After a given member, in a flat catalog; CRLF files keep CRLF.
  std::string crlf = "{\r\n  \"a\": \"1\",\r\n  \"c\": \"3\"\r\n}\r\n";
  JsonNode c = parse_for_edit(crlf);
  CHECK(apply_edits(crlf, {add_member_after(crlf, c, "a", "b", "2")}) ==
        "{\r\n  \"a\": \"1\",\r\n  \"b\": \"2\",\r\n  \"c\": \"3\"\r\n}\r\n");
}

TEST_CASE("json edit: an item appended, several edits at once", "[json_edit]") {
  std::string text = "{\"locales\": [\"es\", \"en\"], \"t\": {\"es\": \"a\", \"en\": \"b\"}}";
  JsonNode root = parse_for_edit(text);
  std::string out = apply_edits(text, {append_item(text, *root.find("locales"), "pt-BR"),
                                       set_member(text, *root.find("t"), "pt-BR", "c"),
                                       set_member(text, *root.find("t"), "en", "B")});
  CHECK(out ==
        "{\"locales\": [\"es\", \"en\", \"pt-BR\"], \"t\": {\"es\": \"a\", \"en\": \"B\", "
        "\"pt-BR\": \"c\"}}");
}
