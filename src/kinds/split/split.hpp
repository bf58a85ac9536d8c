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
  SplitMachine() { apply_defaults(); }
  const MachineSpec& spec() const override { return split_machine_spec(); }
  std::unique_ptr<Machine> clone() const override { return std::make_unique<SplitMachine>(*this); }
  std::string check() const override;
  std::string broken_invariant() const override;
  static MachineSpec kind_table();

  calc::Bytes model_bytes() const { return model_bytes_; }
  calc::Bytes gpu_bytes() const { return gpu_bytes_; }
  std::int64_t gpus() const { return gpus_; }
  std::int64_t slices() const { return slices_; }
  bool coupled() const { return couple_; }
  std::vector<calc::Bytes> slice_sizes() const { return calc::even_split(model_bytes_, slices_); }
  std::vector<calc::Block> placement() const { return calc::contiguous_blocks(slices_, gpus_); }
  std::vector<calc::Bytes> loads() const { return calc::gpu_loads(model_bytes_, slices_, gpus_); }
  calc::Bytes max_load() const;

 private:
  Outcome set_gpus(std::int64_t n);
  Outcome set_slices(std::int64_t n);

  void set_count(std::int64_t& target, std::int64_t n);

  // Every field starts at its table default (MachineSpec::create).
  calc::Bytes model_bytes_ = 0;
  calc::Bytes gpu_bytes_ = 0;
  std::int64_t gpus_ = 0;
  std::int64_t slices_ = 0;
  std::int64_t max_gpus_ = 0;
  std::int64_t max_slices_ = 0;
  bool couple_ = false;
};

}  // namespace lessonsim
