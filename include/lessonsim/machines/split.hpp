// The `split` machine: a model cut into slices and placed on GPUs of fixed memory.
#pragma once

#include <cstdint>
#include <vector>

#include "lessonsim/calc/fit.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim {

const MachineSpec& split_machine_spec();

class SplitMachine final : public Machine {
 public:
  const MachineSpec& spec() const override { return split_machine_spec(); }
  std::unique_ptr<Machine> clone() const override { return std::make_unique<SplitMachine>(*this); }
  std::string set(std::string_view name, const nlohmann::json& value) override;
  std::string check() const override;
  nlohmann::json settings() const override;
  Outcome apply(const Action& action) override;
  void values(std::vector<double>& out) const override;
  std::string broken_invariant() const override;

  calc::Bytes model_bytes() const { return model_bytes_; }
  calc::Bytes gpu_bytes() const { return gpu_bytes_; }
  std::int64_t gpus() const { return gpus_; }
  std::int64_t slices() const { return slices_; }
  bool coupled() const { return couple_; }
  std::vector<calc::Bytes> slice_sizes() const { return calc::even_split(model_bytes_, slices_); }
  std::vector<calc::Block> placement() const { return calc::contiguous_blocks(slices_, gpus_); }
  std::vector<calc::Bytes> loads() const { return calc::gpu_loads(model_bytes_, slices_, gpus_); }

 private:
  Outcome set_gpus(std::int64_t n);
  Outcome set_slices(std::int64_t n);

  calc::Bytes model_bytes_ = calc::gb_to_bytes(280);
  calc::Bytes gpu_bytes_ = calc::gb_to_bytes(80);
  std::int64_t gpus_ = 1;
  std::int64_t slices_ = 1;
  std::int64_t max_gpus_ = 16;
  std::int64_t max_slices_ = 32;
  bool couple_ = false;
};

}  // namespace lessonsim
