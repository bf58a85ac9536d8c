// The `rack` machine: 8-GPU servers in a rack under a power budget, cooled by air or liquid; an
// over-hot rack throttles; then the view zooms out to a row, a hall and a whole site.
#pragma once

#include <cstdint>
#include <string>

#include "lessonsim/calc/power.hpp"
#include "lessonsim/machine.hpp"

namespace lessonsim {

const MachineSpec& rack_machine_spec();

class RackMachine final : public Machine {
 public:
  RackMachine() { apply_defaults(); }
  const MachineSpec& spec() const override { return rack_machine_spec(); }
  std::unique_ptr<Machine> clone() const override { return std::make_unique<RackMachine>(*this); }
  std::string check() const override;
  static MachineSpec kind_table();
  std::string broken_invariant() const override;

  enum class Zoom { rack, row, hall, site };
  std::int64_t servers() const { return servers_; }
  std::int64_t gpus_per_server() const { return gpus_per_server_; }
  calc::Watts rack_watts() const;
  calc::Watts cooling_watts() const { return liquid_ ? liquid_w_ : air_w_; }
  calc::Watts budget_watts() const { return budget_w_; }
  bool liquid() const { return liquid_; }
  double clock() const;  // 0 to 1
  Zoom zoom() const { return zoom_; }
  // The site of site_gpus GPUs built from racks like this one; all zero with an empty rack.
  calc::SitePlan site() const;
  // How many racks the current zoom shows: 1, a row, a hall, or every rack of the site.
  std::int64_t view_racks() const;
  std::int64_t view_gpus() const;
  calc::Watts view_watts() const;
  // The same for any level, whatever the zoom: what a zoomed-out picture compares its view with.
  std::int64_t level_racks(Zoom level) const;
  calc::Watts level_watts(Zoom level) const;

 private:
  Outcome set_servers(std::int64_t n);
  Outcome set_zoom(std::int64_t z);
  Outcome set_cooling(const std::string& to);

  calc::Watts server_w_ = 0;
  std::int64_t gpus_per_server_ = 0;
  std::int64_t servers_ = 0;
  std::int64_t max_servers_ = 0;
  calc::Watts budget_w_ = 0;
  bool liquid_ = false;
  calc::Watts air_w_ = 0;
  calc::Watts liquid_w_ = 0;
  Zoom zoom_ = Zoom::rack;
  std::int64_t site_gpus_ = 0;
  std::int64_t racks_per_row_ = 0;
  std::int64_t rows_per_hall_ = 0;
};

}  // namespace lessonsim
