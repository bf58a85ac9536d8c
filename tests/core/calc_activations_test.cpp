// Korthikanti et al. 2022, Table 2, evaluated on GPT-3 175B's shape (their Table 3: 96 layers,
// hidden 12288, 96 heads, sequence 2048, micro-batch 1, tensor parallel 8).
#include <catch2/catch.hpp>

#include "lessonsim/calc/activations.hpp"
#include "lessonsim/calc/error.hpp"

using namespace lessonsim::calc;

namespace {
const ModelShape gpt3{96, 12288, 96, 2048, 1};
constexpr Bytes sbh = 2048LL * 1 * 12288;  // 25,165,824
}  // namespace

TEST_CASE("Korthikanti 2022 Table 2 on GPT-3: no parallelism, sbh(34 + 5as/h)", "[calc]") {
  // On GPT-3, 5as/h = 5 · 96 · 2048 / 12288 = 80, so each layer keeps 114 sbh bytes.
  CHECK(activation_bytes_per_layer(gpt3, {}) == 114 * sbh);
  CHECK(activation_bytes_per_layer(gpt3, {}) == 2'868'903'936);
  CHECK(activation_bytes(gpt3, {}) == 96 * 114 * sbh);  // 275.4 GB for one micro-batch
  CHECK(bytes_to_gb(activation_bytes(gpt3, {})) == Approx(275.4).epsilon(0.001));
}

TEST_CASE("Korthikanti 2022 Table 2 on GPT-3: the tensor-parallel rows at t = 8", "[calc]") {
  // sbh(10 + 24/t + 5as/(ht)) = sbh(10 + 3 + 10) = 23 sbh
  CHECK(activation_bytes_per_layer(gpt3, {8, false, Recompute::none}) == 23 * sbh);
  // sbh(34/t + 5as/(ht)) = 14.25 sbh
  CHECK(activation_bytes_per_layer(gpt3, {8, true, Recompute::none}) == 57 * sbh / 4);
  // selective recomputation drops the 5as/h term: sbh(10 + 24/t) = 13 sbh
  CHECK(activation_bytes_per_layer(gpt3, {8, false, Recompute::selective}) == 13 * sbh);
  // sequence parallel + selective: sbh(34/t) = 4.25 sbh
  CHECK(activation_bytes_per_layer(gpt3, {8, true, Recompute::selective}) == 17 * sbh / 4);
  // full recomputation keeps only each layer's input: 2 sbh
  CHECK(activation_bytes_per_layer(gpt3, {8, false, Recompute::full}) == 2 * sbh);
  CHECK(activation_bytes_per_layer(gpt3, {1, false, Recompute::full}) == 2 * sbh);
}

TEST_CASE("Korthikanti 2022, text and abstract: the reductions stated for GPT-3", "[calc]") {
  // Selective recomputation removes 5as/h = 80 of 114: "a 70% reduction" for GPT-3.
  const double all = static_cast<double>(activation_bytes_per_layer(gpt3, {}));
  const double selective =
      static_cast<double>(activation_bytes_per_layer(gpt3, {1, false, Recompute::selective}));
  CHECK(1 - selective / all == Approx(0.70).margin(0.005));
  // Sequence parallelism with selective recomputation cuts tensor parallelism's activations
  // about 5x (23 sbh down to 4.25 sbh).
  const double tp =
      static_cast<double>(activation_bytes_per_layer(gpt3, {8, false, Recompute::none}));
  const double both =
      static_cast<double>(activation_bytes_per_layer(gpt3, {8, true, Recompute::selective}));
  CHECK(tp / both == Approx(5.4).margin(0.05));
}

TEST_CASE("calc activations: shapes and setups that make no sense are refused", "[calc]") {
  CHECK_THROWS_WITH(activation_bytes(gpt3, {128, false, Recompute::none}),
                    Catch::Contains("larger than the 96 attention heads"));
  CHECK_THROWS_WITH(activation_bytes(gpt3, {7, false, Recompute::none}),
                    Catch::Contains("does not divide"));
  CHECK_THROWS_WITH(activation_bytes(gpt3, {1, true, Recompute::none}),
                    Catch::Contains("2 or more"));
  CHECK_THROWS_WITH(activation_bytes({96, 12288, 96, 2047, 1}, {8, true, Recompute::none}),
                    Catch::Contains("sequence length (2047)"));
  CHECK_THROWS_AS(activation_bytes({0, 12288, 96, 2048, 1}, {}), CalcError);
  CHECK_THROWS_AS(activation_bytes({96, 12288, 96, -1, 1}, {}), CalcError);
  CHECK_THROWS_WITH(activation_bytes({96, 12289, 96, 2048, 1}, {}), Catch::Contains("evenly"));
  CHECK_THROWS_WITH(activation_bytes({96, 12288, 96, 3'000'000'000, 1'000'000}, {}),
                    Catch::Contains("past"));
}
