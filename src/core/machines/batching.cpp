#include "lessonsim/machines/batching.hpp"

#include <cmath>

#include "lessonsim/calc/model_state.hpp"
#include "machines/setting_readers.hpp"
#include "machines/shipped_catalog.hpp"

namespace lessonsim {

namespace {

constexpr std::int64_t hard_max_gpus = 64;
constexpr std::int64_t hard_max_batch = 4096;
// Near the cheapest: within 10% of it, so a learner who doubles the batch can land there.
constexpr double near_best_factor = 1.1;

std::unique_ptr<Machine> create_batching() {
  return std::make_unique<BatchingMachine>();
}

}  // namespace

const MachineSpec& batching_machine_spec() {
  static const MachineSpec spec{
      "batching",
      "GPUs serving one model: a batch of requests decoded together, each step reading every "
      "weight and KV cache once.",
      {
          {"gpu", "a GPU from assets/hardware.json with a memory bandwidth, e.g. h100-sxm"},
          {"params", "the model's parameters, served in BF16 (2 bytes each)"},
          {"layers", "the model's layers (KV cache)"},
          {"kv_heads", "key/value heads per layer (grouped-query attention: fewer than queries)"},
          {"head_dim", "each head's dimension"},
          {"context_tokens", "tokens each request keeps in its KV cache"},
          {"gpus", "GPUs serving the model together"},
          {"batch", "requests decoded together"},
          {"max_gpus", "the most GPUs the learner may use (at most 64)"},
          {"max_batch", "the largest batch the learner may set (at most 4096)"},
          {"usd_per_gpu_hour", "the rental price the lesson assumes, US dollars per GPU-hour"},
          {"target_ms", "the promised time between two tokens, in milliseconds"},
      },
      {
          {"gpus", ValueType::number, "GPUs serving the model"},
          {"batch", ValueType::number, "requests decoded together"},
          {"gpu_memory_gb", ValueType::number, "each GPU's memory in GB"},
          {"memory_gb", ValueType::number, "all the GPUs' memory together, in GB"},
          {"bandwidth_tbps", ValueType::number, "each GPU's memory bandwidth, TB/s"},
          {"weights_gb", ValueType::number, "the weights in GB (BF16)"},
          {"kv_per_token_kib", ValueType::number, "KV cache per token, KiB (1,024 bytes)"},
          {"kv_per_request_gb", ValueType::number, "KV cache of one request, GB"},
          {"kv_gb", ValueType::number, "KV cache of the whole batch, GB"},
          {"used_gb", ValueType::number, "weights + KV cache, GB"},
          {"free_gb", ValueType::number, "memory left over, GB (negative when it overflows)"},
          {"fits", ValueType::boolean, "weights and KV cache fit in the GPUs' memory"},
          {"max_batch_fits", ValueType::number, "the largest batch that fits on these GPUs"},
          {"step_ms", ValueType::number, "milliseconds per decoding step: between two tokens"},
          {"memory_bound", ValueType::boolean, "the step waits on memory, not on compute"},
          {"tokens_per_s_per_user", ValueType::number, "tokens per second each request gets"},
          {"tokens_per_s", ValueType::number, "tokens per second in total"},
          {"usd_per_gpu_hour", ValueType::number, "the assumed rental price per GPU-hour"},
          {"cost_per_million_usd", ValueType::number, "US dollars per million tokens"},
          {"cost_alone_usd", ValueType::number, "the same, with a batch of one"},
          {"target_ms", ValueType::number, "the promised milliseconds per token"},
          {"meets_target", ValueType::boolean, "step_ms <= target_ms"},
          {"best_cost_usd", ValueType::number, "the cheapest cost that fits and meets the target"},
          {"best_gpus", ValueType::number, "GPUs of that cheapest setup (0: none)"},
          {"best_batch", ValueType::number, "batch of that cheapest setup"},
          {"near_best", ValueType::boolean, "fits, meets the target, within 10% of the cheapest"},
          {"max_gpus", ValueType::number, "the most GPUs the learner may use"},
          {"max_batch", ValueType::number, "the largest batch the learner may set"},
      },
      {
          {"set_batch", {{"n", ActionParam::Kind::integer}}, "exactly n requests per step"},
          {"more_requests",
           {},
           "one request more",
           "+=",
           LocalizedText::of("machine.batching.one_more_request_in_the")},
          {"fewer_requests",
           {},
           "one request fewer",
           "-_",
           LocalizedText::of("machine.batching.one_request_fewer")},
          {"double_batch",
           {},
           "twice as many requests",
           "*",
           LocalizedText::of("machine.batching.double_the_batch")},
          {"halve_batch",
           {},
           "half as many requests",
           "/",
           LocalizedText::of("machine.batching.halve_the_batch")},
          {"set_gpus", {{"n", ActionParam::Kind::integer}}, "exactly n GPUs"},
          {"add_gpu", {}, "one GPU more", "]", LocalizedText::of("machine.batching.add_a_gpu")},
          {"remove_gpu",
           {},
           "one GPU fewer",
           "[",
           LocalizedText::of("machine.batching.remove_a_gpu")},
      },
      &create_batching,
  };
  return spec;
}

BatchingMachine::BatchingMachine() {
  catalog_error_ = select_gpu(gpu_);
}

std::string BatchingMachine::select_gpu(const std::string& id) {
  const Catalog* catalog = machines::shipped_catalog();
  if (!catalog) return "needs the hardware catalog, which cannot be read";
  const GpuSpec* g = catalog->gpu(id);
  if (!g) return "\"" + id + "\" is not a GPU in assets/hardware.json";
  if (g->bandwidth_tbps <= 0 || g->memory_gb <= 0) {
    return "\"" + id + "\" has no published memory bandwidth in the catalog";
  }
  gpu_ = id;
  gpu_memory_gb_ = g->memory_gb;
  bandwidth_tbps_ = g->bandwidth_tbps;
  peak_tflops_ = g->bf16_tflops;
  catalog_error_.clear();
  return {};
}

std::string BatchingMachine::set(std::string_view name, const nlohmann::json& value) {
  using namespace machines;
  if (name != "gpus" && name != "batch") best_cache_.reset();
  if (name == "gpu") {
    if (!value.is_string()) return "must be a GPU id from assets/hardware.json";
    return select_gpu(value.get<std::string>());
  }
  if (name == "params") return read_integer(value, 1, 10'000'000'000'000, params_);
  if (name == "layers") return read_integer(value, 1, 500, kv_.layers);
  if (name == "kv_heads") return read_integer(value, 1, 256, kv_.kv_heads);
  if (name == "head_dim") return read_integer(value, 1, 512, kv_.head_dim);
  if (name == "context_tokens") return read_integer(value, 1, 1'000'000, kv_.seq);
  if (name == "gpus") return read_integer(value, 1, hard_max_gpus, gpus_);
  if (name == "batch") return read_integer(value, 1, hard_max_batch, batch_);
  if (name == "max_gpus") return read_integer(value, 1, hard_max_gpus, max_gpus_);
  if (name == "max_batch") return read_integer(value, 1, hard_max_batch, max_batch_);
  if (name == "usd_per_gpu_hour") return read_real(value, 0.01, 1000, usd_per_gpu_hour_);
  if (name == "target_ms") return read_real(value, 0.001, 1e6, target_ms_);
  return "is not a setting of the batching machine";
}

std::string BatchingMachine::check() const {
  if (!catalog_error_.empty()) return "gpu " + catalog_error_;
  if (gpus_ > max_gpus_) return "gpus is more than max_gpus";
  if (batch_ > max_batch_) return "batch is more than max_batch";
  return {};
}

nlohmann::json BatchingMachine::settings() const {
  return {{"gpu", gpu_},
          {"params", params_},
          {"layers", kv_.layers},
          {"kv_heads", kv_.kv_heads},
          {"head_dim", kv_.head_dim},
          {"context_tokens", kv_.seq},
          {"gpus", gpus_},
          {"batch", batch_},
          {"max_gpus", max_gpus_},
          {"max_batch", max_batch_},
          {"usd_per_gpu_hour", usd_per_gpu_hour_},
          {"target_ms", target_ms_}};
}

calc::Bytes BatchingMachine::weight_bytes() const {
  return calc::weight_bytes(params_, calc::Precision::bf16);
}

calc::Bytes BatchingMachine::kv_bytes_per_request() const {
  calc::KvShape one = kv_;
  one.batch = 1;
  return calc::kv_bytes(one);
}

calc::Bytes BatchingMachine::memory_bytes(std::int64_t gpus) const {
  return gpus * calc::gb_to_bytes(gpu_memory_gb_);
}

std::int64_t BatchingMachine::max_batch_that_fits(std::int64_t gpus) const {
  const calc::Bytes room = memory_bytes(gpus) - weight_bytes();
  return room < 0 ? 0 : room / kv_bytes_per_request();
}

calc::DecodeStep BatchingMachine::step(std::int64_t gpus, std::int64_t batch) const {
  calc::KvShape all = kv_;
  all.batch = batch;
  return calc::decode_step(
      {weight_bytes(), calc::kv_bytes(all), params_, batch, gpus, bandwidth_tbps_, peak_tflops_});
}

BatchingMachine::Best BatchingMachine::best() const {
  Best b;
  for (std::int64_t g = 1; g <= max_gpus_; ++g) {
    std::int64_t hi = std::min(max_batch_, max_batch_that_fits(g));
    if (hi < 1 || step(g, 1).seconds * 1000 > target_ms_) continue;
    std::int64_t lo = 1;  // the largest batch known to meet the target
    while (lo < hi) {
      std::int64_t mid = lo + (hi - lo + 1) / 2;
      if (step(g, mid).seconds * 1000 <= target_ms_) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    double cost = calc::usd_per_million_tokens(g, usd_per_gpu_hour_, step(g, lo).tokens_per_s);
    if (b.gpus == 0 || cost < b.usd_per_million) b = {g, lo, cost};
  }
  return b;
}

Outcome BatchingMachine::set_gpus(std::int64_t n) {
  if (n < 1) return Outcome::refuse("machine.batching.at_least_one_gpu_is");
  if (n > max_gpus_) {
    return Outcome::refuse(Message("machine.max_gpus").num("max", static_cast<double>(max_gpus_)));
  }
  gpus_ = n;
  return Outcome::done();
}

Outcome BatchingMachine::set_batch(std::int64_t n) {
  if (n < 1) {
    return Outcome::refuse("machine.batching.a_batch_needs_at_least");
  }
  if (n > max_batch_) {
    return Outcome::refuse(
        Message("machine.batching.max_batch").num("max", static_cast<double>(max_batch_)));
  }
  batch_ = n;
  return Outcome::done();
}

Outcome BatchingMachine::apply(const Action& action) {
  const std::string& op = action.op;
  if (op == "more_requests") return set_batch(batch_ + 1);
  if (op == "fewer_requests") return set_batch(batch_ - 1);
  if (op == "double_batch") return set_batch(batch_ > max_batch_ ? batch_ + 1 : batch_ * 2);
  if (op == "halve_batch") return set_batch(batch_ / 2);
  if (op == "add_gpu") return set_gpus(gpus_ + 1);
  if (op == "remove_gpu") return set_gpus(gpus_ - 1);
  if (op == "set_batch" || op == "set_gpus") {
    auto n = action.integer("n");
    if (!n) return Outcome::refuse("machine.batching.the_number_n_is_missing");
    return op == "set_batch" ? set_batch(*n) : set_gpus(*n);
  }
  return Outcome::refuse(Message("machine.no_action").text("op", op));
}

void BatchingMachine::values(std::vector<double>& out) const {
  const calc::Bytes weights = weight_bytes();
  const calc::Bytes kv = kv_bytes_per_request() * batch_;
  const calc::Bytes used = weights + kv;
  const calc::Bytes memory = memory_bytes(gpus_);
  const calc::DecodeStep s = step(gpus_, batch_);
  const double cost = calc::usd_per_million_tokens(gpus_, usd_per_gpu_hour_, s.tokens_per_s);
  const double alone =
      calc::usd_per_million_tokens(gpus_, usd_per_gpu_hour_, step(gpus_, 1).tokens_per_s);
  const bool fits = used <= memory;
  const bool meets = s.seconds * 1000 <= target_ms_;
  if (!best_cache_) best_cache_ = best();
  const Best b = *best_cache_;
  const bool near = fits && meets && b.gpus > 0 && cost <= b.usd_per_million * near_best_factor;
  out = {
      static_cast<double>(gpus_),
      static_cast<double>(batch_),
      gpu_memory_gb_,
      calc::bytes_to_gb(memory),
      bandwidth_tbps_,
      calc::bytes_to_gb(weights),
      static_cast<double>(calc::kv_bytes_per_token(kv_)) / 1024.0,
      calc::bytes_to_gb(kv_bytes_per_request()),
      calc::bytes_to_gb(kv),
      calc::bytes_to_gb(used),
      calc::bytes_to_gb(memory - used),
      fits ? 1.0 : 0.0,
      static_cast<double>(max_batch_that_fits(gpus_)),
      s.seconds * 1000,
      s.memory_seconds >= s.compute_seconds ? 1.0 : 0.0,
      s.tokens_per_s_per_user,
      s.tokens_per_s,
      usd_per_gpu_hour_,
      cost,
      alone,
      target_ms_,
      meets ? 1.0 : 0.0,
      b.usd_per_million,
      static_cast<double>(b.gpus),
      static_cast<double>(b.batch),
      near ? 1.0 : 0.0,
      static_cast<double>(max_gpus_),
      static_cast<double>(max_batch_),
  };
}

std::string BatchingMachine::broken_invariant() const {
  if (gpus_ < 1 || gpus_ > max_gpus_ || batch_ < 1 || batch_ > max_batch_) {
    return "gpus or batch left their limits";
  }
  std::vector<double> v;
  values(v);
  if ((v[11] != 0) != (batch_ <= v[12])) return "fits disagrees with max_batch_fits";
  if (std::fabs(v[16] - v[15] * static_cast<double>(batch_)) > 1e-9 * v[16]) {
    return "total tokens/s is not the batch times each user's";
  }
  if (batch_ > 1 && v[18] > v[19] * (1 + 1e-12)) return "a batch costs more per token than one";
  if (v[23] > 0) {
    const auto best_gpus = static_cast<std::int64_t>(v[23]);
    const auto best_batch = static_cast<std::int64_t>(v[24]);
    if (step(best_gpus, best_batch).seconds * 1000 > target_ms_ ||
        best_batch > max_batch_that_fits(best_gpus)) {
      return "the cheapest setup breaks the target or overflows";
    }
    if (v[11] != 0 && v[21] != 0 && v[18] < v[22] * (1 - 1e-9)) {
      return "a setup that keeps the promise is cheaper than the cheapest";
    }
  }
  return {};
}

}  // namespace lessonsim
