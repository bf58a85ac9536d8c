#include "memory_stack.hpp"

#include <array>
#include <cmath>

#include "gpu_count_actions.hpp"
#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/quantity.hpp"
#include "lessonsim/machine_table.hpp"
#include "picture_parts.hpp"

namespace lessonsim {

namespace {

constexpr double memory_stack_max_gpus = 4096;
constexpr double max_params_b = 100'000;  // 100 trillion parameters: past any model

// The formats a learner steps through, in the order `next_precision` visits them.
constexpr std::array<calc::Precision, 3> precisions{calc::Precision::fp32, calc::Precision::bf16,
                                                    calc::Precision::fp8};

bool is_training_precision(calc::Precision p) {
  for (calc::Precision q : precisions) {
    if (q == p) return true;
  }
  return false;
}

std::vector<std::string> names_of(std::initializer_list<std::string_view> names) {
  return {names.begin(), names.end()};
}

}  // namespace

const MachineSpec& memory_stack_machine_spec() {
  static const MachineSpec spec =
      with_picture(MemoryStackMachine::kind_table(), memory_stack_picture_parts());
  return spec;
}

MachineSpec MemoryStackMachine::kind_table() {
  using M = MemoryStackMachine;
  using namespace table;
  const GpuCount<M> gpus{&M::set_gpus, &M::gpus_, &M::max_gpus_};
  auto count = [](const char* name, double hi, std::int64_t def, const char* what, auto f) {
    return field<M>({name, SettingType::integer, {1, hi}, {}, def, "", what}, f);
  };
  return {
      "memory-stack",
      "One training GPU's memory stacked as weights, gradients, optimizer state and "
      "activations against its memory line; precision, optimizer, ZeRO stage and the number "
      "of data-parallel GPUs change the stack.",
      {
          {"params_b",
           SettingType::number,
           {0, max_params_b, true},
           {},
           140,
           "",
           "the model's parameters, in billions",
           store<M>([](M& m, double v) -> std::string {
             m.params_ = std::llround(v * 1e9);
             return m.params_ < 1 ? "is less than one parameter" : "";
           }),
           load<M>([](const M& m) { return static_cast<double>(m.params_) / 1e9; })},
          {"gpu_memory_gb",
           SettingType::number,
           {0, calc::max_gb, true},
           {},
           80,
           "GB",
           "each GPU's memory in GB",
           store<M>([](M& m, double v) -> std::string {
             m.gpu_bytes_ = calc::gb_to_bytes(v);
             return m.gpu_bytes_ < 1 ? "is less than one byte" : "";
           }),
           load<M>([](const M& m) { return calc::bytes_to_gb(m.gpu_bytes_); })},
          {"precision",
           SettingType::choice,
           {},
           names_of({"fp32", "bf16", "fp8"}),
           "bf16",
           "",
           "the weights' format: \"fp32\", \"bf16\" or \"fp8\"",
           store<M>([](M& m, std::string v) { m.precision_ = *calc::parse_precision(v); }),
           load<M>([](const M& m) { return std::string(calc::precision_name(m.precision_)); })},
          {"optimizer",
           SettingType::choice,
           {},
           names_of({"adam", "sgd"}),
           "adam",
           "",
           "\"adam\" (Adam(W)) or \"sgd\" (SGD with momentum)",
           store<M>([](M& m, std::string v) { m.optimizer_ = *calc::parse_optimizer(v); }),
           load<M>([](const M& m) { return std::string(calc::optimizer_name(m.optimizer_)); })},
          field<M>(
              {"zero", SettingType::integer, {0, 3}, {}, 0, "", "the ZeRO stage, 0 to 3"},
              [](auto& m) -> auto& { return m.zero_; }),
          count(
              "gpus", memory_stack_max_gpus, 1, "how many data-parallel GPUs share the work",
              [](auto& m) -> auto& { return m.gpus_; }),
          count(
              "max_gpus", memory_stack_max_gpus, 64,
              "the most GPUs the learner may use (at most 4096)",
              [](auto& m) -> auto& { return m.max_gpus_; }),
          field<M>(
              {"activations",
               SettingType::boolean,
               {},
               {},
               false,
               "",
               "true: count the activations of the shape below"},
              [](auto& m) -> auto& { return m.activations_; }),
          count(
              "layers", 10'000, 80, "transformer layers, for the activations",
              [](auto& m) -> auto& { return m.shape_.layers; }),
          count(
              "hidden", 1'000'000, 12288, "hidden size, for the activations",
              [](auto& m) -> auto& { return m.shape_.hidden; }),
          count(
              "heads", 100'000, 96, "attention heads, for the activations",
              [](auto& m) -> auto& { return m.shape_.heads; }),
          count(
              "seq", 10'000'000, 4096, "sequence length in tokens, for the activations",
              [](auto& m) -> auto& { return m.shape_.seq; }),
          count(
              "micro_batch", 100'000, 1, "sequences per GPU at once, for the activations",
              [](auto& m) -> auto& { return m.shape_.micro_batch; }),
          {"recompute",
           SettingType::choice,
           {},
           names_of({"none", "selective", "full"}),
           "full",
           "",
           "activation recomputation: \"none\", \"selective\" or \"full\"",
           store<M>([](M& m, std::string v) { m.recompute_ = *calc::parse_recompute(v); }),
           load<M>([](const M& m) { return std::string(calc::recompute_name(m.recompute_)); })},
      },
      variable_table(),
      {
          gpus.one_more("machine.memory_stack.add_a_gpu"),
          gpus.one_fewer("machine.memory_stack.remove_a_gpu"),
          gpus.exactly(),
          {"zero_up",
           {},
           "the next ZeRO stage",
           "]",
           LocalizedText::of("machine.memory_stack.next_zero_stage"),
           run<M>([](M& m) { return m.set_zero(m.zero_ + 1); })},
          {"zero_down",
           {},
           "the previous ZeRO stage",
           "[",
           LocalizedText::of("machine.memory_stack.previous_zero_stage"),
           run<M>([](M& m) { return m.set_zero(m.zero_ - 1); })},
          {"set_zero",
           {{"n", ActionParam::Kind::integer}},
           "ZeRO stage n (0 to 3)",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_zero(n); })},
          {"next_precision",
           {},
           "fp32, then bf16, then fp8, then fp32 again",
           "pP",
           LocalizedText::of("machine.memory_stack.change_the_precision"),
           run<M>([](M& m) { return m.next_precision(); })},
          {"set_precision",
           {{"to", ActionParam::Kind::string}},
           "\"fp32\", \"bf16\" or \"fp8\"",
           {},
           {},
           run<M>([](M& m, std::string to) { return m.set_precision(to); }, "to")},
          {"next_optimizer",
           {},
           "Adam, then SGD, then Adam again",
           "oO",
           LocalizedText::of("machine.memory_stack.change_the_optimizer"),
           run<M>([](M& m) {
             m.optimizer_ = m.optimizer_ == calc::Optimizer::adam ? calc::Optimizer::sgd
                                                                  : calc::Optimizer::adam;
             return Outcome::done();
           })},
          {"set_optimizer",
           {{"to", ActionParam::Kind::string}},
           "\"adam\" or \"sgd\"",
           {},
           {},
           run<M>([](M& m, std::string to) { return m.set_optimizer(to); }, "to")},
      },
      &make<M>,
  };
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
  calc::MemoryQuery q = query(gpus_, zero_);
  if (last_plan_ && last_plan_->first == q) return last_plan_->second;
  calc::MemoryPlan p;
  try {
    p = calc::plan_memory(q);
  } catch (const calc::CalcError&) {
    // Every part zero: settings check() refuses; broken_invariant names it.
  }
  last_plan_.emplace(std::move(q), p);
  return p;
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

Outcome MemoryStackMachine::next_precision() {
  std::size_t k = 0;
  while (k < precisions.size() && precisions[k] != precision_)
    ++k;
  precision_ = precisions[(k + 1) % precisions.size()];
  return Outcome::done();
}

}  // namespace lessonsim
