#include <catch2/catch.hpp>

#include "lessonsim/json_source.hpp"

using namespace lessonsim;

TEST_CASE("json source: values keep their line and column", "[json]") {
  Diagnostics d("x.json");
  auto root = parse_json_source("{\n  \"a\": [1, 2.5],\n  \"é\": \"ñ\", \"b\": true\n}", d);
  REQUIRE(root);
  REQUIRE(root->members.size() == 3);
  CHECK(root->members[0].key_pos.line == 2);
  CHECK(root->members[0].key_pos.column == 3);
  const JsonNode* a = root->find("a");
  REQUIRE(a->items.size() == 2);
  CHECK(a->items[1].pos.column == 12);
  CHECK(a->items[0].is_integer);
  CHECK_FALSE(a->items[1].is_integer);
  // Columns count characters: "é" is two bytes but one column.
  const JsonMember* b = root->find_member("b");
  CHECK(b->key_pos.line == 3);
  CHECK(b->key_pos.column == 13);
}

TEST_CASE("json source: syntax errors are located", "[json]") {
  struct Case {
    const char* text;
    int line, column;
    const char* message;
  };
  const Case cases[] = {
      {"", 1, 1, "empty"},
      {"{\"a\": 1,}", 1, 9, "trailing comma"},
      {"{\"a\" 1}", 1, 6, "expected ':'"},
      {"{\n\"a\": tru}", 2, 6, "unexpected 't'"},
      {"[1, 2", 1, 6, "end of file"},
      {"{\"a\": 'x'}", 1, 7, "double quotes"},
      {"{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key"},
      {"{\"a\": \"x\n\"}", 1, 7, "past the end of its line"},
      {"{\"a\": 01}", 1, 8, "leading zero"},
      {"{} {}", 1, 4, "after the end"},
      {"{\"a\": \"\xff\"}", 1, 8, "UTF-8"},
      {"{\"a\": 1e999}", 1, 7, "out of range"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    Diagnostics d("x.json");
    CHECK_FALSE(parse_json_source(c.text, d));
    REQUIRE(d.all().size() == 1);
    CHECK(d.all()[0].pos.line == c.line);
    CHECK(d.all()[0].pos.column == c.column);
    CHECK_THAT(d.all()[0].message, Catch::Contains(c.message));
  }
}

TEST_CASE("json source: deep nesting and huge input are refused, not crashed on", "[json]") {
  Diagnostics d("x.json");
  std::string deep(100000, '[');
  CHECK_FALSE(parse_json_source(deep, d));
  CHECK_THAT(d.all().at(0).message, Catch::Contains("nesting deeper"));

  Diagnostics big("big.json");
  std::string huge(50u << 20, ' ');
  CHECK_FALSE(parse_json_source(huge, big));
  CHECK_THAT(big.all().at(0).message, Catch::Contains("at most"));
}

TEST_CASE("json source: escapes decode to UTF-8", "[json]") {
  Diagnostics d("x.json");
  auto root = parse_json_source(R"({"s": "a\u00f1\n\ud83d\ude00"})", d);
  REQUIRE(root);
  CHECK(root->find("s")->text == "a\xc3\xb1\n\xf0\x9f\x98\x80");
}
