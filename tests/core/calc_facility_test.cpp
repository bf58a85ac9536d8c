// Racks, power and rent of a cluster; and how long a link takes to move bytes.
#include <catch2/catch.hpp>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/facility.hpp"
#include "lessonsim/calc/transfer.hpp"

using namespace lessonsim::calc;

TEST_CASE("facility: 1,000 H100s, 24 a rack", "[calc]") {
  const Facility f = facility({1000, 700, 24, 1.5});
  CHECK(f.racks == 42);
  CHECK(f.rack_kw == Approx(25.2));
  CHECK(f.it_kw == Approx(1050));
  CHECK(rental_usd(1000, 24, 2.0) == Approx(48'000));
  CHECK_THROWS_AS(facility({0, 700, 24, 1.5}), CalcError);
  CHECK_THROWS_AS(facility({8, 700, 0, 1.5}), CalcError);
  CHECK_THROWS_AS(facility({8, 0, 8, 1.5}), CalcError);
  CHECK_THROWS_AS(facility({8, 700, 8, 0.5}), CalcError);
  CHECK_THROWS_AS(rental_usd(8, -1, 2), CalcError);
}

TEST_CASE("transfer: 14 GB over home internet and over NVLink", "[calc]") {
  // A 7B model's BF16 gradients: 14 GB. Home 100 Mb/s = 0.0125 GB/s; NVLink 900 GB/s.
  CHECK(transfer_seconds(14'000'000'000, 0.0125, 20'000) == Approx(1120.02));
  CHECK(transfer_seconds(14'000'000'000, 900, 1) == Approx(14.0 / 900 + 1e-6));
  CHECK_THROWS_AS(transfer_seconds(-1, 1, 0), CalcError);
  CHECK_THROWS_AS(transfer_seconds(1, 0, 0), CalcError);
}

TEST_CASE("facility: an 8-GPU H100 server draws what the DGX H100 datasheet says", "[calc]") {
  // The rack lesson fills racks with 10.2 kW servers; the lab must agree with it.
  CHECK(facility({8, 700, 8}).rack_kw == Approx(10.2));
  CHECK(facility({1024, 700, 32}).it_kw == Approx(1024 / 8 * 10.2));
}
