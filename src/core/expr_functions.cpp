#include "lessonsim/expr_functions.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/facility.hpp"
#include "lessonsim/calc/fit.hpp"
#include "lessonsim/calc/kv_cache.hpp"
#include "lessonsim/calc/model_state.hpp"
#include "lessonsim/calc/power.hpp"
#include "lessonsim/calc/train_time.hpp"

namespace lessonsim {

namespace {

// A count the calculator takes (parameters, tokens, GPUs), from a number an expression made;
// none when it is not a whole, non-negative number within 64 bits.
std::optional<std::int64_t> count(double x) {
  if (!std::isfinite(x) || x < 0 || x > 9.2e18) return std::nullopt;
  double r = std::round(x);
  if (std::abs(r - x) > 1e-6 * std::max(1.0, std::abs(x))) return std::nullopt;
  return static_cast<std::int64_t>(r);
}

double finite(double x) {
  return std::isfinite(x) ? x : 0.0;
}

// Runs a calculator call; what it refuses is 0, like a division by zero.
template <class F>
double guarded(F&& f) {
  try {
    return finite(f());
  } catch (const calc::CalcError&) {
    return 0.0;
  }
}

double fn_min(std::span<const double> a) {
  return *std::min_element(a.begin(), a.end());
}
double fn_max(std::span<const double> a) {
  return *std::max_element(a.begin(), a.end());
}
double fn_ceil(std::span<const double> a) {
  return std::ceil(a[0]);
}
double fn_floor(std::span<const double> a) {
  return std::floor(a[0]);
}

// Mixed-precision training with Adam(W), the course's default: 16 B per parameter.
double fn_train_copy_gb(std::span<const double> a) {
  auto params = count(a[0]);
  if (!params) return 0.0;
  return guarded([&] {
    return calc::bytes_to_gb(calc::training_states(*params, calc::TrainingSetup{}).total());
  });
}

double fn_min_gpus(std::span<const double> a) {
  if (!(a[0] > 0) || !(a[1] > 0) || a[0] > calc::max_gb || a[1] > calc::max_gb) return 0.0;
  return guarded([&] {
    return static_cast<double>(calc::min_gpus(calc::gb_to_bytes(a[0]), calc::gb_to_bytes(a[1])));
  });
}

double fn_train_days(std::span<const double> a) {
  auto params = count(a[0]), tokens = count(a[1]), gpus = count(a[2]);
  if (!params || !tokens || !gpus) return 0.0;
  return guarded([&] {
    calc::TrainTimeQuery q{*params, *tokens, *gpus, a[3] * 1e12, false};
    return calc::train_time(q).days;
  });
}

double fn_kv_cache_gb(std::span<const double> a) {
  std::int64_t n[5] = {};
  for (std::size_t k = 0; k < 5; ++k) {
    auto c = count(a[k]);
    if (!c) return 0.0;
    n[k] = *c;
  }
  return guarded([&] {
    calc::KvShape shape{n[0], n[1], n[2], n[3], n[4], 4};
    return calc::bytes_to_gb(calc::kv_bytes(shape));
  });
}

double fn_rent_usd(std::span<const double> a) {
  auto gpus = count(a[0]);
  if (!gpus || !(a[1] >= 0) || !(a[2] >= 0)) return 0.0;
  return guarded([&] { return calc::rental_usd(*gpus, a[1], a[2]); });
}

double fn_throttled_clock(std::span<const double> a) {
  if (!(a[0] >= 0) || !(a[1] > 0) || a[0] > 1e12 || a[1] > 1e12) return 0.0;
  return guarded(
      [&] { return calc::throttled_clock(std::llround(a[0] * 1000), std::llround(a[1] * 1000)); });
}

}  // namespace

const std::vector<ExprFunction>& expr_functions() {
  static const std::vector<ExprFunction> functions = {
      {"min", 2, 8, &fn_min, "", "min(a, b, ...)", "the smallest of its arguments"},
      {"max", 2, 8, &fn_max, "", "max(a, b, ...)", "the largest of its arguments"},
      {"ceil", 1, 1, &fn_ceil, "", "ceil(x)", "x rounded up to a whole number"},
      {"floor", 1, 1, &fn_floor, "", "floor(x)", "x rounded down to a whole number"},
      {"train_copy_gb", 1, 1, &fn_train_copy_gb, "GB", "train_copy_gb(params)",
       "GB of one training copy (weights, gradients, Adam state in mixed precision: 16 B/param)"},
      {"min_gpus", 2, 2, &fn_min_gpus, "GPU", "min_gpus(model_gb, gpu_gb)",
       "the fewest GPUs of gpu_gb each that hold model_gb"},
      {"train_days", 4, 4, &fn_train_days, "day", "train_days(params, tokens, gpus, tflops)",
       "days to train: 6·P·T over gpus × sustained TFLOP/s each"},
      {"kv_cache_gb", 5, 5, &fn_kv_cache_gb, "GB",
       "kv_cache_gb(layers, kv_heads, head_dim, seq, batch)",
       "GB of the key/value cache in 16-bit precision, grouped-query aware"},
      {"rent_usd", 3, 3, &fn_rent_usd, "USD", "rent_usd(gpus, hours, usd_per_gpu_hour)",
       "US dollars to rent gpus GPUs for hours at a price per GPU-hour"},
      {"throttled_clock", 2, 2, &fn_throttled_clock, "1", "throttled_clock(heat_kw, cooling_kw)",
       "the chips' clock as a share of full speed when the cooling carries cooling_kw of heat_kw"},
  };
  return functions;
}

int find_expr_function(std::string_view name) {
  const auto& all = expr_functions();
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (name == all[k].name) return static_cast<int>(k);
  }
  return -1;
}

}  // namespace lessonsim
