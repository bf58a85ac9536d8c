// One mistake, one error: every key of a full lesson misspelt in turn gives exactly one error,
// at the misspelt key, and none of the errors that would follow from it elsewhere in the file.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "lessonsim/loader.hpp"

using namespace lessonsim;
using mistake_json = nlohmann::ordered_json;

namespace {

mistake_json read_test_lesson(const std::string& name) {
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/tests/" + name);
  return mistake_json::parse(in);
}

// Where a key stands: the pointer of the object that holds it, and the key.
struct MisspeltKey {
  std::string object;
  std::string key;
};

void collect_lesson_keys(const mistake_json& node, const std::string& pointer,
                         std::vector<MisspeltKey>& out) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) {
      out.push_back({pointer, key});
      collect_lesson_keys(value, pointer + "/" + key, out);
    }
  } else if (node.is_array()) {
    for (std::size_t k = 0; k < node.size(); ++k)
      collect_lesson_keys(node[k], pointer + "/" + std::to_string(k), out);
  }
}

// The key as a hurried typist writes it: one letter dropped ("feedback" → "feedbak"), or, for a
// key of two letters or fewer, one doubled ("en" → "enn").
std::string misspelling_of(const std::string& key) {
  if (key.size() <= 2) return key + key.back();
  std::string out = key;
  out.erase(out.size() - 2, 1);
  return out;
}

// `lesson` with the key at `at` renamed, every member kept in its place.
mistake_json misspelt_copy(const mistake_json& lesson, const MisspeltKey& at) {
  mistake_json out = lesson;
  mistake_json& object = at.object.empty() ? out : out[mistake_json::json_pointer(at.object)];
  mistake_json copy = mistake_json::object();
  for (const auto& [key, value] : object.items())
    copy[key == at.key ? misspelling_of(key) : key] = value;
  object = copy;
  return out;
}

std::string mistake_list(const Diagnostics& d) {
  std::string out;
  for (const auto& x : d.all())
    out += format_gcc(x) + "\n";
  return out;
}

void every_key_misspelt_once(const std::string& file) {
  mistake_json lesson = read_test_lesson(file);
  {
    Diagnostics clean(file);
    REQUIRE(load_lesson(lesson.dump(2), clean));
  }
  std::vector<MisspeltKey> keys;
  collect_lesson_keys(lesson, "", keys);
  int tried = 0;
  for (const MisspeltKey& at : keys) {
    // "$schema" is free text; a misspelt one is still one error, but a setting name inside a
    // playthrough's expectations is no key of the format.
    mistake_json broken = misspelt_copy(lesson, at);
    Diagnostics diags(file);
    load_lesson(broken.dump(2), diags);
    INFO(at.object << " key \"" << at.key << "\" written \"" << misspelling_of(at.key) << "\"");
    INFO(mistake_list(diags));
    CHECK(diags.error_count() == 1);
    ++tried;
  }
  CHECK(tried > 100);
}

}  // namespace

TEST_CASE("one mistake, one error: each key of the KV-cache lesson misspelt", "[loader]") {
  every_key_misspelt_once("app/data/kv-quant.json");
}

TEST_CASE("one mistake, one error: each key of the example lesson misspelt", "[loader]") {
  every_key_misspelt_once("core/data/valid.json");
}

TEST_CASE("one mistake, one error: a misspelt \"feedback\" silences the playthroughs' rule ids",
          "[loader]") {
  mistake_json lesson = read_test_lesson("app/data/kv-quant.json");
  mistake_json broken = misspelt_copy(lesson, {"/steps/2", "feedback"});
  Diagnostics diags("kv-quant.json");
  CHECK_FALSE(load_lesson(broken.dump(2), diags));
  INFO(mistake_list(diags));
  REQUIRE(diags.error_count() == 1);
  CHECK_THAT(diags.all().front().message, Catch::Contains("unknown key \"feedbak\"") &&
                                              Catch::Contains("did you mean \"feedback\"?"));
  CHECK(diags.all().front().pointer == "/steps/2/feedbak");
}
