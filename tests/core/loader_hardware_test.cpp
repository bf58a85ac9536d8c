// The hardware catalog reaches machines through the load options: a test gives its own, and a
// GPU that catalog lacks is a located error naming it.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "../support/machine_test_support.hpp"
#include "lessonsim/loader.hpp"

using namespace lessonsim;

namespace {

// One made-up chip, and the shipped lesson's other GPU, so its steps' setups still load.
std::shared_ptr<const Catalog> test_catalog() {
  Diagnostics diags("test-catalog.json");
  auto c = parse_catalog(R"({"gpus": [
    {"id": "test-gpu", "name": "Test GPU", "memory_gb": 10, "bandwidth_tbps": 1, "bf16_tflops": 100,
     "source": "made up"},
    {"id": "a100-80", "name": "A100 80GB", "memory_gb": 80, "bandwidth_tbps": 2.039,
     "bf16_tflops": 312, "source": "made up"}]})",
                         diags);
  REQUIRE(c);
  return std::make_shared<const Catalog>(std::move(*c));
}

// The shipped batching lesson with every `"gpu": "h100-sxm"` on `gpu` instead.
std::string batching_lesson(const std::string& gpu) {
  std::ifstream in(std::string(LESSONSIM_SOURCE_DIR) + "/lessons/cost-of-an-answer.json");
  std::stringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  const std::string from = R"("gpu": "h100-sxm")";
  const std::string to = R"("gpu": ")" + gpu + "\"";
  int replaced = 0;
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
    ++replaced;
  }
  REQUIRE(replaced > 0);
  return text;
}

}  // namespace

TEST_CASE("hardware: a lesson's machine reads the catalog it was loaded with", "[loader]") {
  Diagnostics diags("lesson.json");
  auto lesson = load_lesson(batching_lesson("test-gpu"), diags, {test_catalog()});
  for (const auto& d : diags.all())
    UNSCOPED_INFO(format_gcc(d));
  REQUIRE(lesson);
  CHECK(testing::var(*lesson->machine, "gpu_memory_gb") == 10);
  CHECK(testing::var(*lesson->machine, "memory_gb") == 40);  // four GPUs
}

TEST_CASE("hardware: a GPU the given catalog lacks is a located error naming it", "[loader]") {
  Diagnostics diags("lesson.json");
  CHECK_FALSE(load_lesson(batching_lesson("test-gpx"), diags, {test_catalog()}));
  REQUIRE(diags.has_errors());
  const Diagnostic& d = diags.all().front();
  CHECK(d.pos.line == 13);
  CHECK(d.pointer == "/machine/gpu");
  CHECK_THAT(d.message, Catch::Contains("\"test-gpx\" is not a GPU in the hardware catalog"));
  CHECK_THAT(d.message, Catch::Contains("did you mean \"test-gpu\"?"));
}

TEST_CASE("hardware: without a catalog a machine that needs one is a located error", "[loader]") {
  Diagnostics diags("lesson.json");
  CHECK_FALSE(load_lesson(batching_lesson("h100-sxm"), diags, {nullptr}));
  REQUIRE(diags.has_errors());
  CHECK(diags.all().front().pointer == "/machine/gpu");
  CHECK_THAT(diags.all().front().message, Catch::Contains("needs the hardware catalog"));
}

TEST_CASE("hardware: the engine's copies of a machine share its catalog", "[loader]") {
  auto catalog = test_catalog();
  Diagnostics diags("lesson.json");
  auto lesson = load_lesson(batching_lesson("test-gpu"), diags, {catalog});
  REQUIRE(lesson);
  const long held = catalog.use_count();
  std::vector<std::unique_ptr<Machine>> clones;
  for (int k = 0; k < 10; ++k)
    clones.push_back(lesson->machine->clone());
  // Each clone holds the one catalog (one more owner each), not a copy of it.
  CHECK(catalog.use_count() == held + 10);
  CHECK(testing::var(*clones.back(), "gpu_memory_gb") == 10);
}
