#include "split.hpp"

#include <algorithm>

#include "gpu_count_actions.hpp"
#include "lessonsim/machine_table.hpp"
#include "picture_parts.hpp"

namespace lessonsim {

namespace {

constexpr double split_max_gpus = 1024;
constexpr double hard_max_slices = 1024;

}  // namespace

const MachineSpec& split_machine_spec() {
  static const MachineSpec spec = with_picture(SplitMachine::kind_table(), split_picture_parts());
  return spec;
}

MachineSpec SplitMachine::kind_table() {
  using M = SplitMachine;
  using namespace table;
  const GpuCount<M> gpus{&M::set_gpus, &M::gpus_, &M::max_gpus_};
  auto gb = [](calc::Bytes M::*field) {
    return std::pair{store<M>([field](M& m, double v) -> std::string {
                       m.*field = calc::gb_to_bytes(v);
                       return m.*field > 0 ? "" : "is less than one byte";
                     }),
                     load<M>([field](const M& m) { return calc::bytes_to_gb(m.*field); })};
  };
  auto [model_store, model_load] = gb(&M::model_bytes_);
  auto [gpu_store, gpu_load] = gb(&M::gpu_bytes_);
  return {
      "split",
      "A model cut into slices, the slices placed on GPUs as even contiguous blocks.",
      {
          {"model_gb",
           SettingType::number,
           {0, calc::max_gb, true},
           {},
           280,
           "GB",
           "the model's size in GB (10^9 bytes)",
           model_store,
           model_load},
          {"gpu_memory_gb",
           SettingType::number,
           {0, calc::max_gb, true},
           {},
           80,
           "GB",
           "each GPU's memory in GB",
           gpu_store,
           gpu_load},
          {"gpus",
           SettingType::integer,
           {1, split_max_gpus},
           {},
           1,
           "",
           "how many GPUs there are",
           store<M>([](M& m, std::int64_t n) { m.set_count(m.gpus_, n); }),
           load<M>([](const M& m) { return m.gpus_; })},
          {"slices",
           SettingType::integer,
           {1, hard_max_slices},
           {},
           1,
           "",
           "how many slices the model is cut into",
           store<M>([](M& m, std::int64_t n) { m.set_count(m.slices_, n); }),
           load<M>([](const M& m) { return m.slices_; })},
          {"max_gpus",
           SettingType::integer,
           {1, split_max_gpus},
           {},
           16,
           "",
           "the most GPUs the learner may add (at most 1024)",
           store<M>([](M& m, std::int64_t n) { m.max_gpus_ = n; }),
           load<M>([](const M& m) { return m.max_gpus_; })},
          {"max_slices",
           SettingType::integer,
           {1, hard_max_slices},
           {},
           32,
           "",
           "the most slices the learner may cut (at most 1024)",
           store<M>([](M& m, std::int64_t n) { m.max_slices_ = n; }),
           load<M>([](const M& m) { return m.max_slices_; })},
          {"couple",
           SettingType::boolean,
           {},
           {},
           false,
           "",
           "true: one slice per GPU, so adding a GPU re-slices the model",
           store<M>([](M& m, bool on) {
             m.couple_ = on;
             if (on) m.slices_ = m.gpus_;
           }),
           load<M>([](const M& m) { return m.couple_; }),
           nullptr,
           true},
      },
      {
          number<M>("model_gb", "GB", "the model's size in GB",
                    [](const M& m) { return calc::bytes_to_gb(m.model_bytes_); }),
          number<M>("gpu_memory_gb", "GB", "each GPU's memory in GB",
                    [](const M& m) { return calc::bytes_to_gb(m.gpu_bytes_); }),
          number<M>("gpus", "GPU", "how many GPUs there are", [](const M& m) { return m.gpus_; }),
          number<M>("slices", "", "how many slices the model is cut into",
                    [](const M& m) { return m.slices_; }),
          number<M>("slice_gb", "GB", "the largest slice in GB",
                    [](const M& m) {
                      return calc::bytes_to_gb(
                          m.slices_ > 0 ? (m.model_bytes_ + m.slices_ - 1) / m.slices_ : 0);
                    }),
          number<M>("max_load_gb", "GB", "what the fullest GPU holds, in GB",
                    [](const M& m) { return calc::bytes_to_gb(m.max_load()); }),
          number<M>("overflow_gb", "GB", "how far the fullest GPU is over its memory, else 0",
                    [](const M& m) {
                      return calc::bytes_to_gb(
                          std::max<calc::Bytes>(0, m.max_load() - m.gpu_bytes_));
                    }),
          number<M>("min_gpus", "GPU", "the fewest GPUs that can hold the model",
                    [](const M& m) { return calc::min_gpus(m.model_bytes_, m.gpu_bytes_); }),
          number<M>("idle_gpus", "GPU", "GPUs that hold no slice",
                    [](const M& m) {
                      auto l = m.loads();
                      return std::count(l.begin(), l.end(), calc::Bytes{0});
                    }),
          boolean<M>("fits", "every slice placed and every GPU within its memory",
                     [](const M& m) { return m.max_load() <= m.gpu_bytes_; }),
          number<M>("max_gpus", "GPU", "the most GPUs the learner may add",
                    [](const M& m) { return m.max_gpus_; }),
      },
      {
          {"slice",
           {},
           "one more cut",
           "sS",
           LocalizedText::of("machine.split.cut_the_model_once_more"),
           run<M>([](M& m) { return m.set_slices(m.slices_ + 1); })},
          {"merge",
           {},
           "one cut fewer",
           "mM",
           LocalizedText::of("machine.split.join_two_slices"),
           run<M>([](M& m) { return m.set_slices(m.slices_ - 1); })},
          gpus.one_more("machine.split.add_a_gpu"),
          gpus.one_fewer("machine.split.remove_a_gpu"),
          gpus.exactly({"add_gpu", "remove_gpu"}),
          {"set_slices",
           {{"n", ActionParam::Kind::integer}},
           "exactly n slices",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_slices(n); }),
           {"slice", "merge"}},
      },
      &make<M>,
  };
}

void SplitMachine::set_count(std::int64_t& target, std::int64_t n) {
  target = n;
  if (couple_) gpus_ = slices_ = n;
}

calc::Bytes SplitMachine::max_load() const {
  std::vector<calc::Bytes> l = loads();
  return l.empty() ? 0 : *std::max_element(l.begin(), l.end());
}

std::string SplitMachine::check() const {
  if (gpus_ > max_gpus_) {
    return "gpus (" + std::to_string(gpus_) + ") is more than max_gpus (" +
           std::to_string(max_gpus_) + ")";
  }
  if (slices_ > max_slices_) {
    return "slices (" + std::to_string(slices_) + ") is more than max_slices (" +
           std::to_string(max_slices_) + ")";
  }
  if (couple_ && max_slices_ < max_gpus_) {
    return "a coupled machine needs max_slices at least max_gpus";
  }
  return {};
}

Outcome SplitMachine::set_gpus(std::int64_t n) {
  if (n < 1) return Outcome::refuse("machine.split.at_least_one_gpu_is");
  if (n > max_gpus_) {
    return Outcome::refuse(
        Message("machine.split.max_gpus").num("max", static_cast<double>(max_gpus_)));
  }
  if (couple_ && n > max_slices_) {
    return Outcome::refuse("machine.split.the_model_can_t_be");
  }
  gpus_ = n;
  if (couple_) slices_ = n;
  return Outcome::done();
}

Outcome SplitMachine::set_slices(std::int64_t n) {
  if (n < 1) {
    return Outcome::refuse("machine.split.the_model_is_already_whole");
  }
  if (n > max_slices_) {
    return Outcome::refuse(
        Message("machine.split.max_slices").num("max", static_cast<double>(max_slices_)));
  }
  if (couple_) return set_gpus(n);
  slices_ = n;
  return Outcome::done();
}

std::string SplitMachine::broken_invariant() const {
  auto sizes = slice_sizes();
  if (static_cast<std::int64_t>(sizes.size()) != slices_) return "the slice count is off";
  calc::Bytes sum = 0;
  for (calc::Bytes s : sizes)
    sum += s;
  if (sum != model_bytes_) return "the slices do not add up to the model";
  auto blocks = placement();
  auto l = loads();
  std::int64_t placed = 0;
  bool all_within = true;
  for (std::size_t g = 0; g < l.size(); ++g) {
    calc::Bytes load = 0;
    for (std::int64_t k = 0; k < blocks[g].count; ++k) {
      load += sizes[static_cast<std::size_t>(blocks[g].first + k)];
    }
    if (load != l[g])
      return "GPU " + std::to_string(g + 1) + "'s load is not the sum of its slices";
    placed += blocks[g].count;
    all_within = all_within && l[g] <= gpu_bytes_;
  }
  if (placed != slices_) return "not every slice is placed exactly once";
  static const VariableHandle fits(split_machine_spec(), "fits");
  if ((fits(*this) != 0.0) != all_within) return "fits disagrees with the GPUs' loads";
  if (gpus_ < 1 || gpus_ > max_gpus_ || slices_ < 1 || slices_ > max_slices_) {
    return "gpus or slices left their limits";
  }
  if (couple_ && gpus_ != slices_) return "a coupled machine has as many slices as GPUs";
  return {};
}

}  // namespace lessonsim
