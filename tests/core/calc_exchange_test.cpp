// Ring all-reduce time (Patarasuk and Yuan 2009; Thakur et al. 2005), a step's timeline, the
// worst-case loss of a crash, and rack power.
#include <catch2/catch.hpp>

#include "lessonsim/calc/crash_loss.hpp"
#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/exchange.hpp"
#include "lessonsim/calc/power.hpp"
#include "lessonsim/calc/train_time.hpp"

using namespace lessonsim::calc;

TEST_CASE("calc exchange: a ring all-reduce moves 2(N-1)/N of the bytes, 2(N-1) latencies",
          "[calc]") {
  // 280 GB over 128 GPUs at 50 GB/s and 2 us: 2·127/128 · 5.6 s + 254 · 2 us.
  CHECK(ring_allreduce_seconds(280'000'000'000, 128, {50, 2}) ==
        Approx(2.0 * 127 / 128 * 5.6 + 254 * 2e-6));
  // Two GPUs: each sends half and receives half, twice: the bytes once, plus two latencies.
  CHECK(ring_allreduce_seconds(1'000'000'000, 2, {1, 0}) == Approx(1.0));
  CHECK(ring_allreduce_seconds(1'000'000'000, 2, {1, 1e6}) == Approx(3.0));
  // One GPU exchanges nothing; many GPUs approach twice the bytes.
  CHECK(ring_allreduce_seconds(1'000'000'000, 1, {1, 100}) == 0);
  CHECK(ring_allreduce_seconds(1'000'000'000, 1'000'000, {1, 0}) == Approx(2.0).epsilon(1e-5));
  CHECK_THROWS_AS(ring_allreduce_seconds(1, 0, {1, 0}), CalcError);
  CHECK_THROWS_AS(ring_allreduce_seconds(-1, 2, {1, 0}), CalcError);
  CHECK_THROWS_AS(ring_allreduce_seconds(1, 2, {0, 0}), CalcError);
  CHECK_THROWS_AS(ring_allreduce_seconds(1, 2, {1, -1}), CalcError);
}

TEST_CASE("calc exchange: a step of the 140B model on 128 H100s over InfiniBand", "[calc]") {
  StepQuery q;
  q.params = 140'000'000'000;
  q.tokens_per_step = 4'000'000;
  q.gpus = 128;
  q.flops_per_gpu = sustained_flops(989, 0.4);
  q.gradient_bytes = 280'000'000'000;
  q.link = {50, 2};
  const StepTime t = step_time(q);
  // 6 · 140e9 · 4e6 FLOPs over 128 GPUs at 395.6 TFLOP/s.
  CHECK(t.compute_s == Approx(6 * 140e9 * 4e6 / (128 * 989e12 * 0.4)));
  CHECK(t.compute_s == Approx(66.35).epsilon(0.001));
  CHECK(t.exchange_s == Approx(11.113).epsilon(0.001));
  CHECK(t.step_s == Approx(t.compute_s + t.exchange_s));
  CHECK(t.exchange_share == Approx(0.1435).epsilon(0.002));
  CHECK(t.useful_gpus == Approx(128 * t.compute_s / t.step_s));
  // Useful GPUs never pass one GPU's math per step over the exchange: Ethernet stays under 190.
  q.link = {12.5, 20};
  const double one_gpu_s = 6 * 140e9 * 4e6 / (989e12 * 0.4);
  for (std::int64_t n : {128, 1024, 4096, 100'000}) {
    q.gpus = n;
    CHECK(step_time(q).useful_gpus < one_gpu_s / 44.8);
  }
  CHECK(one_gpu_s / 44.8 == Approx(189.6).epsilon(0.001));
}

TEST_CASE("calc crash loss: the whole run without checkpoints, else at most the interval",
          "[calc]") {
  CHECK(lost_work(36, 0, 1024).hours == 36);
  CHECK(lost_work(36, 0, 1024).gpu_hours == 36 * 1024);
  CHECK(lost_work(36, 3, 1024).hours == 3);
  CHECK(lost_work(36, 48, 1024).hours == 36);  // the first checkpoint was still ahead
  CHECK_THROWS_AS(lost_work(-1, 1, 1), CalcError);
  CHECK_THROWS_AS(lost_work(1, -1, 1), CalcError);
  CHECK_THROWS_AS(lost_work(1, 1, 0), CalcError);
}

TEST_CASE("calc power: racks in whole watts, throttling, a site of 100,000 GPUs", "[calc]") {
  CHECK(rack_watts(8, 10'200) == 81'600);
  CHECK(servers_within(15'000, 10'200) == 1);
  CHECK(servers_within(20'400, 10'200) == 2);  // exactly at the budget: allowed
  CHECK(headroom_watts(15'000, 10'200) == 4'800);
  CHECK(headroom_watts(120'000, 18 * 6'666) == 0);  // 12 W: a rounded 120 / 18, not room
  CHECK(headroom_watts(120'000, 119'880) == 120);   // a thousandth of the feed is room
  CHECK(headroom_watts(120'000, 120'000) == 0);
  CHECK(headroom_watts(100, 99) == 1);  // 1 W of 100 W is more than a thousandth
  CHECK(headroom_watts(10'000, 10'500) == -500);
  CHECK_THROWS_AS(headroom_watts(-1, 0), CalcError);
  CHECK(throttled_clock(40'000, 40'000) == 1.0);
  CHECK(throttled_clock(81'600, 40'000) == Approx(40.0 / 81.6));
  CHECK_THROWS_AS(throttled_clock(1, 0), CalcError);
  const SitePlan s = plan_site({100'000, 8, 8, 20, 20, 10'200});
  CHECK(s.servers == 12'500);
  CHECK(s.racks == 1'563);  // 1,562.5 racks: the last one half full
  CHECK(s.rows == 79);
  CHECK(s.halls == 4);
  CHECK(s.it_watts == 127'500'000);
  CHECK_THROWS_AS(plan_site({0, 8, 8, 20, 20, 10'200}), CalcError);
  CHECK_THROWS_AS(plan_site({100, 8, 0, 20, 20, 10'200}), CalcError);
}
