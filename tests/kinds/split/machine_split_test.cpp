#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "../../support/machine_test_support.hpp"
#include "split/split.hpp"

using namespace lessonsim;

namespace {

using testing::var;

SplitMachine make(double model_gb, double gpu_gb, int gpus, bool couple) {
  SplitMachine m;
  REQUIRE(m.set("model_gb", model_gb).empty());
  REQUIRE(m.set("gpu_memory_gb", gpu_gb).empty());
  REQUIRE(m.set("couple", couple).empty());
  REQUIRE(m.set("gpus", gpus).empty());
  return m;
}

}  // namespace

TEST_CASE("split: 280 GB on 1..16 coupled GPUs of 80 GB", "[split]") {
  for (int g = 1; g <= 16; ++g) {
    INFO("gpus = " << g);
    SplitMachine m = make(280, 80, g, true);
    // 280 GB in g equal slices, one per GPU: the fullest GPU holds ceil(280e9 / g) bytes.
    std::int64_t expected_max = (280'000'000'000LL + g - 1) / g;
    auto loads = m.loads();
    REQUIRE(loads.size() == static_cast<std::size_t>(g));
    CHECK(*std::max_element(loads.begin(), loads.end()) == expected_max);
    CHECK(std::accumulate(loads.begin(), loads.end(), std::int64_t{0}) == 280'000'000'000LL);
    CHECK(var(m, "fits") == (g >= 4 ? 1.0 : 0.0));
    CHECK(var(m, "min_gpus") == 4);
    CHECK(var(m, "idle_gpus") == 0);
    CHECK(var(m, "overflow_gb") == Approx(std::max(0.0, 280.0 / g - 80.0)).margin(1e-9));
  }
  CHECK(var(make(280, 80, 3, true), "max_load_gb") == Approx(93.333333333));
  CHECK(var(make(280, 80, 3, true), "overflow_gb") == Approx(13.333333333));
  CHECK(var(make(280, 80, 4, true), "max_load_gb") == 70.0);
}

TEST_CASE("split: the exact boundary, 320 GB on 4 x 80 GB, fits", "[split]") {
  SplitMachine m = make(320, 80, 4, true);
  CHECK(var(m, "fits") == 1.0);
  CHECK(var(m, "overflow_gb") == 0.0);
  // One byte more and the fullest GPU is over by one byte.
  SplitMachine over = make(320.000000001, 80, 4, true);
  CHECK(var(over, "fits") == 0.0);
  CHECK(over.loads()[0] == 80'000'000'001LL);
}

TEST_CASE("split: uncoupled slices are placed as even contiguous blocks", "[split]") {
  SplitMachine m = make(280, 80, 4, false);
  REQUIRE(m.set("slices", 6).empty());
  auto blocks = m.placement();
  REQUIRE(blocks.size() == 4);
  CHECK(blocks[0].first == 0);
  CHECK(blocks[0].count == 2);
  CHECK(blocks[1].first == 2);
  CHECK(blocks[1].count == 2);
  CHECK(blocks[2].count == 1);
  CHECK(blocks[3].first == 5);
  // Two slices of 46.67 GB pile onto GPU 1: 93.3 GB, over by 13.3 GB.
  CHECK(var(m, "max_load_gb") == Approx(93.333333333));
  CHECK(var(m, "fits") == 0.0);

  SplitMachine few = make(280, 80, 4, false);
  REQUIRE(few.set("slices", 2).empty());
  CHECK(var(few, "idle_gpus") == 2);
  CHECK(var(few, "max_load_gb") == 140.0);
}

TEST_CASE("split: actions respect the limits and coupling", "[split]") {
  SplitMachine m = make(280, 80, 1, true);
  CHECK(m.apply(Action::make("add_gpu")).ok);
  CHECK(m.slices() == 2);
  CHECK(m.apply(Action::make("slice")).ok);
  CHECK(m.gpus() == 3);
  CHECK(m.apply(Action::with("set_gpus", "n", 16)).ok);
  Outcome refused = m.apply(Action::make("add_gpu"));
  CHECK_FALSE(refused.ok);
  CHECK_THAT(refused.why.in("en"), Catch::Contains("at most 16"));
  CHECK_THAT(refused.why.in("es"), Catch::Contains("16 GPUs"));
  CHECK(m.gpus() == 16);
  CHECK(m.apply(Action::with("set_gpus", "n", 1)).ok);
  CHECK_FALSE(m.apply(Action::make("remove_gpu")).ok);
  CHECK_FALSE(m.apply(Action::make("merge")).ok);
  CHECK_FALSE(m.apply(Action::with("set_gpus", "n", 0)).ok);
  CHECK_FALSE(m.apply(Action::make("set_gpus")).ok);
  CHECK_FALSE(m.apply(Action::make("fly")).ok);
}

TEST_CASE("split: settings reject sizes that make no sense", "[split]") {
  SplitMachine m;
  CHECK_FALSE(m.set("model_gb", 0).empty());
  CHECK_FALSE(m.set("model_gb", -5).empty());
  CHECK_FALSE(m.set("model_gb", 2e15).empty());
  CHECK_FALSE(m.set("model_gb", "big").empty());
  CHECK_FALSE(m.set("gpus", 2.5).empty());
  CHECK_FALSE(m.set("gpus", 5000).empty());
  CHECK_FALSE(m.set("couple", 1).empty());
  CHECK_FALSE(m.set("colour", 1).empty());
  REQUIRE(m.set("max_gpus", 4).empty());
  REQUIRE(m.set("gpus", 8).empty());
  CHECK_THAT(m.check(), Catch::Contains("max_gpus"));
}
