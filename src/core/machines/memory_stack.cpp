#include "lessonsim/machines/memory_stack.hpp"

#include <array>
#include <cmath>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/quantity.hpp"
#include "lessonsim/messages.hpp"

namespace lessonsim {

namespace {

constexpr std::int64_t hard_max_gpus = 4096;
constexpr double max_params_b = 100'000;  // 100 trillion parameters: past any model

// The formats a learner steps through, in the order `next_precision` visits them.
constexpr std::array<calc::Precision, 3> precisions{calc::Precision::fp32, calc::Precision::bf16,
                                                    calc::Precision::fp8};

std::unique_ptr<Machine> create_memory_stack() {
  return std::make_unique<MemoryStackMachine>();
}

std::string read_count(const nlohmann::json& value, std::int64_t lo, std::int64_t hi,
                       std::int64_t& out) {
  if (!value.is_number_integer()) return "must be a whole number";
  auto n = value.get<std::int64_t>();
  if (n < lo || n > hi) {
    return "must be from " + std::to_string(lo) + " to " + std::to_string(hi);
  }
  out = n;
  return {};
}

bool is_training_precision(calc::Precision p) {
  for (calc::Precision q : precisions) {
    if (q == p) return true;
  }
  return false;
}

}  // namespace

const MachineSpec& memory_stack_machine_spec() {
  static const MachineSpec spec{
      "memory-stack",
      "One training GPU's memory stacked as weights, gradients, optimizer state and "
      "activations against its memory line; precision, optimizer, ZeRO stage and the number "
      "of data-parallel GPUs change the stack.",
      {
          {"params_b", "the model's parameters, in billions"},
          {"gpu_memory_gb", "each GPU's memory in GB"},
          {"precision", "the weights' format: \"fp32\", \"bf16\" or \"fp8\""},
          {"optimizer", "\"adam\" (Adam(W)) or \"sgd\" (SGD with momentum)"},
          {"zero", "the ZeRO stage, 0 to 3"},
          {"gpus", "how many data-parallel GPUs share the work"},
          {"max_gpus", "the most GPUs the learner may use (at most 4096)"},
          {"activations", "true: count the activations of the shape below"},
          {"layers", "transformer layers, for the activations"},
          {"hidden", "hidden size, for the activations"},
          {"heads", "attention heads, for the activations"},
          {"seq", "sequence length in tokens, for the activations"},
          {"micro_batch", "sequences per GPU at once, for the activations"},
          {"recompute", "activation recomputation: \"none\", \"selective\" or \"full\""},
      },
      {
          {"params_b", ValueType::number, "the model's parameters, in billions"},
          {"gpu_memory_gb", ValueType::number, "each GPU's memory in GB"},
          {"gpus", ValueType::number, "how many data-parallel GPUs there are"},
          {"zero", ValueType::number, "the ZeRO stage, 0 to 3"},
          {"precision_bits", ValueType::number, "bits per weight: 32, 16 or 8"},
          {"adam", ValueType::boolean, "the optimizer is Adam (else SGD with momentum)"},
          {"weights_gb", ValueType::number, "weights on the fullest GPU, GB"},
          {"gradients_gb", ValueType::number, "gradients on the fullest GPU, GB"},
          {"optimizer_gb", ValueType::number, "optimizer state on the fullest GPU, GB"},
          {"activations_gb", ValueType::number, "activations on the fullest GPU, GB (0 when off)"},
          {"total_gb", ValueType::number, "everything on the fullest GPU, GB"},
          {"overflow_gb", ValueType::number, "how far the fullest GPU is over its memory, else 0"},
          {"free_gb", ValueType::number, "memory left on the fullest GPU, else 0"},
          {"fits", ValueType::boolean, "the fullest GPU holds its whole stack"},
          {"weights_cross", ValueType::boolean, "the memory line falls inside the weights"},
          {"gradients_cross", ValueType::boolean, "the memory line falls inside the gradients"},
          {"optimizer_cross", ValueType::boolean,
           "the memory line falls inside the optimizer state"},
          {"activations_cross", ValueType::boolean, "the memory line falls inside the activations"},
          {"min_gpus", ValueType::number,
           "the fewest GPUs that fit at this ZeRO stage (0: none up to max_gpus)"},
          {"best_gpus", ValueType::number,
           "the fewest GPUs that fit at ZeRO stage 3 (0: none up to max_gpus)"},
          {"serve_gb", ValueType::number, "one serving copy: the weights alone, GB"},
          {"train_gb", ValueType::number,
           "one training copy before any split: weights + gradients + optimizer, GB"},
          {"train_tb", ValueType::number, "the same in TB (1,000 GB)"},
          {"serve_bytes_per_param", ValueType::number, "bytes per parameter to serve"},
          {"train_bytes_per_param", ValueType::number, "bytes per parameter to train"},
          {"max_gpus", ValueType::number, "the most GPUs the learner may use"},
      },
      {
          {"add_gpu",
           {},
           "one more GPU",
           "+=",
           LocalizedText::of("machine.memory_stack.add_a_gpu")},
          {"remove_gpu",
           {},
           "one GPU fewer",
           "-_",
           LocalizedText::of("machine.memory_stack.remove_a_gpu")},
          {"set_gpus", {{"n", ActionParam::Kind::integer}}, "exactly n GPUs"},
          {"zero_up",
           {},
           "the next ZeRO stage",
           "]",
           LocalizedText::of("machine.memory_stack.next_zero_stage")},
          {"zero_down",
           {},
           "the previous ZeRO stage",
           "[",
           LocalizedText::of("machine.memory_stack.previous_zero_stage")},
          {"set_zero", {{"n", ActionParam::Kind::integer}}, "ZeRO stage n (0 to 3)"},
          {"next_precision",
           {},
           "fp32, then bf16, then fp8, then fp32 again",
           "pP",
           LocalizedText::of("machine.memory_stack.change_the_precision")},
          {"set_precision", {{"to", ActionParam::Kind::string}}, "\"fp32\", \"bf16\" or \"fp8\""},
          {"next_optimizer",
           {},
           "Adam, then SGD, then Adam again",
           "oO",
           LocalizedText::of("machine.memory_stack.change_the_optimizer")},
          {"set_optimizer", {{"to", ActionParam::Kind::string}}, "\"adam\" or \"sgd\""},
      },
      &create_memory_stack,
  };
  return spec;
}

std::string MemoryStackMachine::set(std::string_view name, const nlohmann::json& value) {
  fewest_cache_ = blank_fewest();
  if (name == "params_b" || name == "gpu_memory_gb") {
    if (!value.is_number()) return "must be a number";
    double v = value.get<double>();
    double limit = name == "params_b" ? max_params_b : calc::max_gb;
    if (!std::isfinite(v) || v <= 0 || v > limit) {
      return "must be more than 0 and at most " + calc::format_amount(limit, 0);
    }
    if (name == "params_b") {
      params_ = std::llround(v * 1e9);
      if (params_ < 1) return "is less than one parameter";
    } else {
      gpu_bytes_ = calc::gb_to_bytes(v);
      if (gpu_bytes_ < 1) return "is less than one byte";
    }
    return {};
  }
  if (name == "precision" || name == "optimizer") {
    if (!value.is_string()) return "must be a string";
    const std::string text = value.get<std::string>();
    Outcome o = name == "precision" ? set_precision(text) : set_optimizer(text);
    return o.ok ? std::string() : o.why.in(fallback_locale);
  }
  if (name == "recompute") {
    auto r = value.is_string() ? calc::parse_recompute(value.get<std::string>()) : std::nullopt;
    if (!r) return "must be \"none\", \"selective\" or \"full\"";
    recompute_ = *r;
    return {};
  }
  if (name == "zero") {
    std::int64_t z = 0;
    std::string error = read_count(value, 0, 3, z);
    zero_ = static_cast<int>(z);
    return error;
  }
  if (name == "gpus") return read_count(value, 1, hard_max_gpus, gpus_);
  if (name == "max_gpus") return read_count(value, 1, hard_max_gpus, max_gpus_);
  if (name == "activations") {
    if (!value.is_boolean()) return "must be true or false";
    activations_ = value.get<bool>();
    return {};
  }
  if (name == "layers") return read_count(value, 1, 10'000, shape_.layers);
  if (name == "hidden") return read_count(value, 1, 1'000'000, shape_.hidden);
  if (name == "heads") return read_count(value, 1, 100'000, shape_.heads);
  if (name == "seq") return read_count(value, 1, 10'000'000, shape_.seq);
  if (name == "micro_batch") return read_count(value, 1, 100'000, shape_.micro_batch);
  return "is not a setting of the memory-stack machine";
}

std::string MemoryStackMachine::check() const {
  if (gpus_ > max_gpus_) {
    return "gpus (" + std::to_string(gpus_) + ") is more than max_gpus (" +
           std::to_string(max_gpus_) + ")";
  }
  // The biggest stack the learner can reach is one GPU at stage 0, in any format the actions
  // offer: when the calculator takes those, it takes every state the actions lead to.
  try {
    for (calc::Precision p : precisions) {
      for (calc::Optimizer o : {calc::Optimizer::adam, calc::Optimizer::sgd}) {
        MemoryStackMachine trial = *this;
        trial.precision_ = p;
        trial.optimizer_ = o;
        calc::plan_memory(trial.query(1, 0));
      }
    }
  } catch (const calc::CalcError& e) {
    return e.what();
  }
  return {};
}

nlohmann::json MemoryStackMachine::settings() const {
  return {{"params_b", static_cast<double>(params_) / 1e9},
          {"gpu_memory_gb", calc::bytes_to_gb(gpu_bytes_)},
          {"precision", std::string(calc::precision_name(precision_))},
          {"optimizer", std::string(calc::optimizer_name(optimizer_))},
          {"zero", zero_},
          {"gpus", gpus_},
          {"max_gpus", max_gpus_},
          {"activations", activations_},
          {"layers", shape_.layers},
          {"hidden", shape_.hidden},
          {"heads", shape_.heads},
          {"seq", shape_.seq},
          {"micro_batch", shape_.micro_batch},
          {"recompute", std::string(calc::recompute_name(recompute_))}};
}

calc::MemoryQuery MemoryStackMachine::query(std::int64_t gpus, int stage) const {
  calc::MemoryQuery q;
  q.params = params_;
  q.mode = calc::Mode::train;
  q.training = {precision_, optimizer_, false};
  q.dp = gpus;
  q.zero = stage;
  if (activations_) {
    q.shape = shape_;
    q.recompute = recompute_;
  }
  return q;
}

calc::MemoryPlan MemoryStackMachine::plan() const {
  try {
    return calc::plan_memory(query(gpus_, zero_));
  } catch (const calc::CalcError&) {
    return {};  // settings check() refuses; broken_invariant names it
  }
}

std::int64_t MemoryStackMachine::fewest_gpus(int stage) const {
  if (stage < 0 || stage > 3) return search_fewest_gpus(stage);
  const auto slot =
      (static_cast<std::size_t>(precision_) * 3 + static_cast<std::size_t>(optimizer_)) * 4 +
      static_cast<std::size_t>(stage);
  if (fewest_cache_[slot] < 0) fewest_cache_[slot] = search_fewest_gpus(stage);
  return fewest_cache_[slot];
}

std::int64_t MemoryStackMachine::search_fewest_gpus(int stage) const {
  // The fullest GPU's stack never grows with more GPUs, so the first count that fits is found
  // by halving the range.
  auto fits = [&](std::int64_t n) {
    try {
      return calc::plan_memory(query(n, stage)).per_gpu_bytes() <= gpu_bytes_;
    } catch (const calc::CalcError&) {
      return false;
    }
  };
  if (!fits(max_gpus_)) return 0;
  std::int64_t lo = 1, hi = max_gpus_;
  while (lo < hi) {
    std::int64_t mid = lo + (hi - lo) / 2;
    if (fits(mid)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

Outcome MemoryStackMachine::set_gpus(std::int64_t n) {
  if (n < 1) return Outcome::refuse("machine.memory_stack.at_least_one_gpu_is");
  if (n > max_gpus_) {
    return Outcome::refuse(Message("machine.max_gpus").num("max", static_cast<double>(max_gpus_)));
  }
  gpus_ = n;
  return Outcome::done();
}

Outcome MemoryStackMachine::set_zero(std::int64_t stage) {
  if (stage < 0) {
    return Outcome::refuse("machine.memory_stack.zero_starts_at_stage_0");
  }
  if (stage > 3) {
    return Outcome::refuse("machine.memory_stack.zero_stops_at_stage_3");
  }
  zero_ = static_cast<int>(stage);
  return Outcome::done();
}

Outcome MemoryStackMachine::set_precision(const std::string& name) {
  auto p = calc::parse_precision(name);
  if (!p || !is_training_precision(*p)) {
    return Outcome::refuse(Message("machine.memory_stack.precision").text("name", name));
  }
  precision_ = *p;
  return Outcome::done();
}

Outcome MemoryStackMachine::set_optimizer(const std::string& name) {
  auto o = calc::parse_optimizer(name);
  if (!o || *o == calc::Optimizer::adam8bit) {
    return Outcome::refuse(Message("machine.memory_stack.optimizer").text("name", name));
  }
  optimizer_ = *o;
  return Outcome::done();
}

Outcome MemoryStackMachine::apply(const Action& action) {
  const std::string& op = action.op;
  if (op == "add_gpu") return set_gpus(gpus_ + 1);
  if (op == "remove_gpu") return set_gpus(gpus_ - 1);
  if (op == "zero_up") return set_zero(zero_ + 1);
  if (op == "zero_down") return set_zero(zero_ - 1);
  if (op == "set_gpus" || op == "set_zero") {
    auto n = action.integer("n");
    if (!n) return Outcome::refuse("machine.memory_stack.the_number_n_is_missing");
    return op == "set_gpus" ? set_gpus(*n) : set_zero(*n);
  }
  if (op == "next_precision") {
    std::size_t k = 0;
    while (k < precisions.size() && precisions[k] != precision_)
      ++k;
    precision_ = precisions[(k + 1) % precisions.size()];
    return Outcome::done();
  }
  if (op == "next_optimizer") {
    optimizer_ = optimizer_ == calc::Optimizer::adam ? calc::Optimizer::sgd : calc::Optimizer::adam;
    return Outcome::done();
  }
  if (op == "set_precision") return set_precision(action.string("to"));
  if (op == "set_optimizer") return set_optimizer(action.string("to"));
  return Outcome::refuse(Message("machine.no_action").text("op", op));
}

}  // namespace lessonsim
