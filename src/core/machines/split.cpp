#include "lessonsim/machines/split.hpp"

#include <algorithm>
#include <cmath>

namespace lessonsim {

namespace {

constexpr std::int64_t hard_max_gpus = 1024;
constexpr std::int64_t hard_max_slices = 1024;

std::unique_ptr<Machine> create_split() {
  return std::make_unique<SplitMachine>();
}

std::string read_gb(const nlohmann::json& value, calc::Bytes& out) {
  if (!value.is_number()) return "must be a number of GB";
  double gb = value.get<double>();
  if (!std::isfinite(gb) || gb <= 0) return "must be more than 0 GB";
  if (gb > calc::max_gb) return "is beyond 10^9 GB (an exabyte), far more than any machine holds";
  out = calc::gb_to_bytes(gb);
  if (out <= 0) return "is less than one byte";
  return {};
}

std::string read_count(const nlohmann::json& value, std::int64_t limit, std::int64_t& out) {
  if (!value.is_number_integer()) return "must be a whole number";
  auto n = value.get<std::int64_t>();
  if (n < 1) return "must be at least 1";
  if (n > limit) return "may be at most " + std::to_string(limit);
  out = n;
  return {};
}

}  // namespace

const MachineSpec& split_machine_spec() {
  static const MachineSpec spec{
      "split",
      "A model cut into slices, the slices placed on GPUs as even contiguous blocks.",
      {
          {"model_gb", "the model's size in GB (10^9 bytes)"},
          {"gpu_memory_gb", "each GPU's memory in GB"},
          {"gpus", "how many GPUs there are"},
          {"slices", "how many slices the model is cut into"},
          {"max_gpus", "the most GPUs the learner may add (at most 1024)"},
          {"max_slices", "the most slices the learner may cut (at most 1024)"},
          {"couple", "true: one slice per GPU, so adding a GPU re-slices the model"},
      },
      {
          {"model_gb", ValueType::number, "the model's size in GB"},
          {"gpu_memory_gb", ValueType::number, "each GPU's memory in GB"},
          {"gpus", ValueType::number, "how many GPUs there are"},
          {"slices", ValueType::number, "how many slices the model is cut into"},
          {"slice_gb", ValueType::number, "the largest slice in GB"},
          {"max_load_gb", ValueType::number, "what the fullest GPU holds, in GB"},
          {"overflow_gb", ValueType::number, "how far the fullest GPU is over its memory, else 0"},
          {"min_gpus", ValueType::number, "the fewest GPUs that can hold the model"},
          {"idle_gpus", ValueType::number, "GPUs that hold no slice"},
          {"fits", ValueType::boolean, "every slice placed and every GPU within its memory"},
          {"max_gpus", ValueType::number, "the most GPUs the learner may add"},
      },
      {
          {"slice",
           {},
           "one more cut",
           "sS",
           LocalizedText::of("machine.split.cut_the_model_once_more")},
          {"merge", {}, "one cut fewer", "mM", LocalizedText::of("machine.split.join_two_slices")},
          {"add_gpu", {}, "one more GPU", "+=", LocalizedText::of("machine.split.add_a_gpu")},
          {"remove_gpu",
           {},
           "one GPU fewer",
           "-_",
           LocalizedText::of("machine.split.remove_a_gpu")},
          {"set_gpus", {{"n", ActionParam::Kind::integer}}, "exactly n GPUs"},
          {"set_slices", {{"n", ActionParam::Kind::integer}}, "exactly n slices"},
      },
      &create_split,
  };
  return spec;
}

std::string SplitMachine::set(std::string_view name, const nlohmann::json& value) {
  if (name == "model_gb") return read_gb(value, model_bytes_);
  if (name == "gpu_memory_gb") return read_gb(value, gpu_bytes_);
  if (name == "gpus" || name == "slices") {
    std::int64_t& target = name == "gpus" ? gpus_ : slices_;
    std::string error = read_count(value, name == "gpus" ? hard_max_gpus : hard_max_slices, target);
    if (couple_) (name == "gpus" ? slices_ : gpus_) = target;
    return error;
  }
  if (name == "max_gpus") return read_count(value, hard_max_gpus, max_gpus_);
  if (name == "max_slices") return read_count(value, hard_max_slices, max_slices_);
  if (name == "couple") {
    if (!value.is_boolean()) return "must be true or false";
    couple_ = value.get<bool>();
    if (couple_) slices_ = gpus_;
    return {};
  }
  return "is not a setting of the split machine";
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

nlohmann::json SplitMachine::settings() const {
  return {{"model_gb", calc::bytes_to_gb(model_bytes_)},
          {"gpu_memory_gb", calc::bytes_to_gb(gpu_bytes_)},
          {"gpus", gpus_},
          {"slices", slices_},
          {"max_gpus", max_gpus_},
          {"max_slices", max_slices_},
          {"couple", couple_}};
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

Outcome SplitMachine::apply(const Action& action) {
  const std::string& op = action.op;
  if (op == "slice") return set_slices(slices_ + 1);
  if (op == "merge") return set_slices(slices_ - 1);
  if (op == "add_gpu") return set_gpus(gpus_ + 1);
  if (op == "remove_gpu") return set_gpus(gpus_ - 1);
  if (op == "set_gpus" || op == "set_slices") {
    auto n = action.integer("n");
    if (!n) return Outcome::refuse("machine.split.the_number_n_is_missing");
    return op == "set_gpus" ? set_gpus(*n) : set_slices(*n);
  }
  return Outcome::refuse(Message("machine.no_action").text("op", op));
}

void SplitMachine::values(std::vector<double>& out) const {
  std::vector<calc::Bytes> l = loads();
  calc::Bytes max_load = l.empty() ? 0 : *std::max_element(l.begin(), l.end());
  calc::Bytes overflow = std::max<calc::Bytes>(0, max_load - gpu_bytes_);
  auto idle = static_cast<double>(std::count(l.begin(), l.end(), calc::Bytes{0}));
  calc::Bytes largest_slice = slices_ > 0 ? (model_bytes_ + slices_ - 1) / slices_ : 0;
  out = {
      calc::bytes_to_gb(model_bytes_),
      calc::bytes_to_gb(gpu_bytes_),
      static_cast<double>(gpus_),
      static_cast<double>(slices_),
      calc::bytes_to_gb(largest_slice),
      calc::bytes_to_gb(max_load),
      calc::bytes_to_gb(overflow),
      static_cast<double>(calc::min_gpus(model_bytes_, gpu_bytes_)),
      idle,
      max_load <= gpu_bytes_ ? 1.0 : 0.0,
      static_cast<double>(max_gpus_),
  };
}

}  // namespace lessonsim

namespace lessonsim {

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
  std::vector<double> v;
  values(v);
  if ((v[9] != 0.0) != all_within) return "fits disagrees with the GPUs' loads";
  if (gpus_ < 1 || gpus_ > max_gpus_ || slices_ < 1 || slices_ > max_slices_) {
    return "gpus or slices left their limits";
  }
  if (couple_ && gpus_ != slices_) return "a coupled machine has as many slices as GPUs";
  return {};
}

}  // namespace lessonsim
