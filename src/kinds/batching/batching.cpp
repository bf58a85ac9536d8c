#include "batching.hpp"

#include <cmath>

#include "lessonsim/calc/model_state.hpp"
#include "lessonsim/machine_table.hpp"
#include "picture_parts.hpp"

namespace lessonsim {

namespace {

constexpr double batching_max_gpus = 64;
constexpr double hard_max_batch = 4096;
// Near the cheapest: within 10% of it, so a learner who doubles the batch can land there.
constexpr double near_best_factor = 1.1;

}  // namespace

const MachineSpec& batching_machine_spec() {
  static const MachineSpec spec =
      with_picture(BatchingMachine::kind_table(), batching_picture_parts());
  return spec;
}

MachineSpec BatchingMachine::kind_table() {
  using M = BatchingMachine;
  using namespace table;
  auto count = [](const char* name, double hi, std::int64_t def, const char* what, auto f) {
    return field<M>({name, SettingType::integer, {1, hi}, {}, def, "", what}, f);
  };
  auto real = [](const char* name, SettingRange range, double def, const char* what, auto f) {
    return field<M>({name, SettingType::number, range, {}, def, "", what}, f);
  };
  auto var = [](const char* name, const char* unit, const char* what, auto f) {
    return table::number<M>(name, unit, what, f);
  };
  auto flag = [](const char* name, const char* what, auto f) {
    return table::boolean<M>(name, what, f);
  };
  auto gb = [](calc::Bytes b) { return calc::bytes_to_gb(b); };
  return {
      "batching",
      "GPUs serving one model: a batch of requests decoded together, each step reading every "
      "weight and KV cache once.",
      {
          {"gpu",
           SettingType::choice,
           {},
           {},
           "h100-sxm",
           "",
           "a GPU from assets/hardware.json with a memory bandwidth, e.g. h100-sxm",
           store<M>([](M& m, std::string id) { return m.select_gpu(id); }),
           load<M>([](const M& m) { return m.gpu_; })},
          count(
              "params", 1e13, 70'000'000'000,
              "the model's parameters, served in BF16 (2 bytes each)",
              [](auto& m) -> auto& { return m.params_; }),
          count(
              "layers", 500, 80, "the model's layers (KV cache)",
              [](auto& m) -> auto& { return m.kv_.layers; }),
          count(
              "kv_heads", 256, 8,
              "key/value heads per layer (grouped-query attention: fewer than queries)",
              [](auto& m) -> auto& { return m.kv_.kv_heads; }),
          count(
              "head_dim", 512, 128, "each head's dimension",
              [](auto& m) -> auto& { return m.kv_.head_dim; }),
          count(
              "context_tokens", 1'000'000, 4096, "tokens each request keeps in its KV cache",
              [](auto& m) -> auto& { return m.kv_.seq; }),
          count(
              "gpus", batching_max_gpus, 2, "GPUs serving the model together",
              [](auto& m) -> auto& { return m.gpus_; }),
          count(
              "batch", hard_max_batch, 1, "requests decoded together",
              [](auto& m) -> auto& { return m.batch_; }),
          count(
              "max_gpus", batching_max_gpus, 8, "the most GPUs the learner may use (at most 64)",
              [](auto& m) -> auto& { return m.max_gpus_; }),
          count(
              "max_batch", hard_max_batch, 512,
              "the largest batch the learner may set (at most 4096)",
              [](auto& m) -> auto& { return m.max_batch_; }),
          real(
              "usd_per_gpu_hour", {0.01, 1000}, 2,
              "the rental price the lesson assumes, US dollars per GPU-hour",
              [](auto& m) -> auto& { return m.usd_per_gpu_hour_; }),
          real(
              "target_ms", {0.001, 1e6}, 30,
              "the promised time between two tokens, in milliseconds",
              [](auto& m) -> auto& { return m.target_ms_; }),
      },
      {
          var("gpus", "GPU", "GPUs serving the model", [](const M& m) { return m.gpus_; }),
          var("batch", "", "requests decoded together", [](const M& m) { return m.batch_; }),
          var("gpu_memory_gb", "GB", "each GPU's memory in GB",
              [](const M& m) { return m.gpu_memory_gb_; }),
          var("memory_gb", "GB", "all the GPUs' memory together, in GB",
              [gb](const M& m) { return gb(m.memory_bytes(m.gpus_)); }),
          var("bandwidth_tbps", "", "each GPU's memory bandwidth, TB/s",
              [](const M& m) { return m.bandwidth_tbps_; }),
          var("weights_gb", "GB", "the weights in GB (BF16)",
              [gb](const M& m) { return gb(m.weight_bytes()); }),
          var("kv_per_token_kib", "", "KV cache per token, KiB (1,024 bytes)",
              [](const M& m) {
                return static_cast<double>(calc::kv_bytes_per_token(m.kv_)) / 1024.0;
              }),
          var("kv_per_request_gb", "GB", "KV cache of one request, GB",
              [gb](const M& m) { return gb(m.kv_bytes_per_request()); }),
          var("kv_gb", "GB", "KV cache of the whole batch, GB",
              [gb](const M& m) { return gb(m.kv_bytes()); }),
          var("used_gb", "GB", "weights + KV cache, GB",
              [gb](const M& m) { return gb(m.used_bytes()); }),
          var("free_gb", "GB", "memory left over, GB (negative when it overflows)",
              [gb](const M& m) { return gb(m.memory_bytes(m.gpus_) - m.used_bytes()); }),
          flag("fits", "weights and KV cache fit in the GPUs' memory",
               [](const M& m) { return m.fits(); }),
          var("max_batch_fits", "", "the largest batch that fits on these GPUs",
              [](const M& m) { return m.max_batch_that_fits(m.gpus_); }),
          var("step_ms", "ms", "milliseconds per decoding step: between two tokens",
              [](const M& m) { return m.step_ms(); }),
          flag("memory_bound", "the step waits on memory, not on compute",
               [](const M& m) {
                 const calc::DecodeStep s = m.step(m.gpus_, m.batch_);
                 return s.memory_seconds >= s.compute_seconds;
               }),
          var("tokens_per_s_per_user", "", "tokens per second each request gets",
              [](const M& m) { return m.step(m.gpus_, m.batch_).tokens_per_s_per_user; }),
          var("tokens_per_s", "", "tokens per second in total",
              [](const M& m) { return m.step(m.gpus_, m.batch_).tokens_per_s; }),
          var("usd_per_gpu_hour", "USD", "the assumed rental price per GPU-hour",
              [](const M& m) { return m.usd_per_gpu_hour_; }),
          var("cost_per_million_usd", "USD", "US dollars per million tokens",
              [](const M& m) { return m.cost(m.batch_); }),
          var("cost_alone_usd", "USD", "the same, with a batch of one",
              [](const M& m) { return m.cost(1); }),
          var("target_ms", "ms", "the promised milliseconds per token",
              [](const M& m) { return m.target_ms_; }),
          flag("meets_target", "step_ms <= target_ms", [](const M& m) { return m.meets(); }),
          var("best_cost_usd", "USD", "the cheapest cost that fits and meets the target",
              [](const M& m) { return m.cached_best().usd_per_million; }),
          var("best_gpus", "GPU", "GPUs of that cheapest setup (0: none)",
              [](const M& m) { return m.cached_best().gpus; }),
          var("best_batch", "", "batch of that cheapest setup",
              [](const M& m) { return m.cached_best().batch; }),
          flag("near_best", "fits, meets the target, within 10% of the cheapest",
               [](const M& m) {
                 const Best b = m.cached_best();
                 return m.fits() && m.meets() && b.gpus > 0 &&
                        m.cost(m.batch_) <= b.usd_per_million * near_best_factor;
               }),
          var("max_gpus", "GPU", "the most GPUs the learner may use",
              [](const M& m) { return m.max_gpus_; }),
          var("max_batch", "", "the largest batch the learner may set",
              [](const M& m) { return m.max_batch_; }),
      },
      {
          {"set_batch",
           {{"n", ActionParam::Kind::integer}},
           "exactly n requests per step",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_batch(n); })},
          {"more_requests",
           {},
           "one request more",
           "+=",
           LocalizedText::of("machine.batching.one_more_request_in_the"),
           run<M>([](M& m) { return m.set_batch(m.batch_ + 1); })},
          {"fewer_requests",
           {},
           "one request fewer",
           "-_",
           LocalizedText::of("machine.batching.one_request_fewer"),
           run<M>([](M& m) { return m.set_batch(m.batch_ - 1); })},
          {"double_batch",
           {},
           "twice as many requests",
           "*",
           LocalizedText::of("machine.batching.double_the_batch"),
           run<M>([](M& m) {
             return m.set_batch(m.batch_ > m.max_batch_ ? m.batch_ + 1 : m.batch_ * 2);
           })},
          {"halve_batch",
           {},
           "half as many requests",
           "/",
           LocalizedText::of("machine.batching.halve_the_batch"),
           run<M>([](M& m) { return m.set_batch(m.batch_ / 2); })},
          {"set_gpus",
           {{"n", ActionParam::Kind::integer}},
           "exactly n GPUs",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_gpus(n); })},
          {"add_gpu",
           {},
           "one GPU more",
           "]",
           LocalizedText::of("machine.batching.add_a_gpu"),
           run<M>([](M& m) { return m.set_gpus(m.gpus_ + 1); })},
          {"remove_gpu",
           {},
           "one GPU fewer",
           "[",
           LocalizedText::of("machine.batching.remove_a_gpu"),
           run<M>([](M& m) { return m.set_gpus(m.gpus_ - 1); })},
      },
      &make<M>,
  };
}

calc::Bytes BatchingMachine::kv_bytes() const {
  return kv_bytes_per_request() * batch_;
}

calc::Bytes BatchingMachine::used_bytes() const {
  return weight_bytes() + kv_bytes();
}

bool BatchingMachine::fits() const {
  return used_bytes() <= memory_bytes(gpus_);
}

double BatchingMachine::step_ms() const {
  return step(gpus_, batch_).seconds * 1000;
}

bool BatchingMachine::meets() const {
  return step_ms() <= target_ms_;
}

double BatchingMachine::cost(std::int64_t batch) const {
  return calc::usd_per_million_tokens(gpus_, usd_per_gpu_hour_, step(gpus_, batch).tokens_per_s);
}

const BatchingMachine::Best& BatchingMachine::cached_best() const {
  if (!best_cache_) best_cache_ = best();
  return *best_cache_;
}

BatchingMachine::BatchingMachine(const MachineContext& context) : hardware_(context.hardware) {
  apply_defaults();
}

std::string BatchingMachine::select_gpu(const std::string& id) {
  std::string problem = gpu_problem(id);
  // A machine without any GPU yet (its default refused) cannot be judged: check() says why.
  if (!problem.empty() && gpu_.empty()) catalog_error_ = problem;
  return problem;
}

std::string BatchingMachine::gpu_problem(const std::string& id) {
  if (!hardware_) return "needs the hardware catalog, which cannot be read";
  const GpuSpec* g = hardware_->gpu(id);
  if (!g) return hardware_->no_gpu(id);
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

std::string BatchingMachine::check() const {
  if (!catalog_error_.empty()) return "gpu " + catalog_error_;
  if (gpus_ > max_gpus_) return "gpus is more than max_gpus";
  if (batch_ > max_batch_) return "batch is more than max_batch";
  return {};
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

std::string BatchingMachine::broken_invariant() const {
  if (gpus_ < 1 || gpus_ > max_gpus_ || batch_ < 1 || batch_ > max_batch_) {
    return "gpus or batch left their limits";
  }
  auto v = [this](std::string_view name) { return VariableHandle(spec(), name)(*this); };
  const bool fit = v("fits") != 0;
  const double total = v("tokens_per_s"), cost_now = v("cost_per_million_usd");
  if (fit != (static_cast<double>(batch_) <= v("max_batch_fits"))) {
    return "fits disagrees with max_batch_fits";
  }
  if (std::fabs(total - v("tokens_per_s_per_user") * static_cast<double>(batch_)) > 1e-9 * total) {
    return "total tokens/s is not the batch times each user's";
  }
  if (batch_ > 1 && cost_now > v("cost_alone_usd") * (1 + 1e-12)) {
    return "a batch costs more per token than one";
  }
  const Best b = cached_best();
  if (b.gpus > 0) {
    if (step(b.gpus, b.batch).seconds * 1000 > target_ms_ ||
        b.batch > max_batch_that_fits(b.gpus)) {
      return "the cheapest setup breaks the target or overflows";
    }
    if (fit && v("meets_target") != 0 && cost_now < b.usd_per_million * (1 - 1e-9)) {
      return "a setup that keeps the promise is cheaper than the cheapest";
    }
  }
  return {};
}

}  // namespace lessonsim
