// The sort machine: every job, every bin, every reason; figures from the calculator and catalog.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "lessonsim/calc/model_state.hpp"
#include "lessonsim/calc/transfer.hpp"
#include "sort/sort.hpp"

using namespace lessonsim;
using lessonsim::testing::var;

TEST_CASE("sort: each job in the wrong bin counts under its own reason", "[sort]") {
  const char* reasons[] = {"misplaced_sync", "misplaced_vram", "misplaced_bandwidth",
                           "misplaced_latency", "misplaced_cost"};
  for (std::size_t k = 0; k < sort_item_count; ++k) {
    INFO("job " << k);
    SortMachine m{testing::shipped_hardware()};
    const SortItem& item = sort_items()[k];
    const bool to_dc = item.belongs == Bin::network;
    REQUIRE(m.apply(Action::with(to_dc ? "to_datacenter" : "to_network", "n", k)).ok);
    CHECK(var(m, "misplaced") == 1);
    CHECK(var(m, reasons[static_cast<int>(item.reason)]) == 1);
    CHECK(m.broken_invariant().empty());
    REQUIRE(m.apply(Action::with(to_dc ? "to_network" : "to_datacenter", "n", k)).ok);
    CHECK(var(m, "misplaced") == 0);
    CHECK(var(m, "correct") == 1);
  }
}

TEST_CASE("sort: all placed well, and the state survives settings", "[sort]") {
  SortMachine m{testing::shipped_hardware()};
  for (std::size_t k = 0; k < sort_item_count; ++k) {
    const bool dc = sort_items()[k].belongs == Bin::datacenter;
    REQUIRE(m.apply(Action::with(dc ? "to_datacenter" : "to_network", "n", k)).ok);
  }
  CHECK(var(m, "all_correct") == 1);
  CHECK(var(m, "in_datacenter") == 4);
  SortMachine copy{testing::shipped_hardware()};
  REQUIRE(copy.set("placement", m.settings()["placement"]).empty());
  CHECK(copy.settings() == m.settings());
  CHECK_FALSE(copy.set("placement", nlohmann::json::array({0, 1})).empty());
  CHECK_FALSE(copy.set("placement", nlohmann::json::array({0, 1, 2, 0, 0, 0, 0, 0, 0})).empty());
  CHECK(copy.settings() == m.settings());
}

TEST_CASE("sort: the figures come from the calculator and the catalog", "[sort]") {
  SortMachine m{testing::shipped_hardware()};
  CHECK(var(m, "consumer_gb") == 24);
  CHECK(var(m, "finetune_gb") ==
        calc::bytes_to_gb(calc::weight_bytes(70'000'000'000, calc::Precision::bf16)));
  CHECK(var(m, "gradient_home_s") == Approx(calc::transfer_seconds(14'000'000'000, 0.0125, 20000)));
  CHECK(var(m, "gradient_nvlink_s") == Approx(calc::transfer_seconds(14'000'000'000, 900, 1)));
  CHECK(var(m, "home_latency_ms") == 20);
}

TEST_CASE("sort: refusals", "[sort]") {
  SortMachine m{testing::shipped_hardware()};
  CHECK_FALSE(m.apply(Action::with("to_network", "n", 9)).ok);
  CHECK_FALSE(m.apply(Action::with("to_network", "n", -1)).ok);
  CHECK_FALSE(m.apply(Action::with("unplace", "n", 0)).ok);
  CHECK_FALSE(m.apply(Action::make("to_network")).ok);
  REQUIRE(m.apply(Action::with("to_network", "n", 0)).ok);
  CHECK_FALSE(m.apply(Action::with("to_network", "n", 0)).ok);
}
