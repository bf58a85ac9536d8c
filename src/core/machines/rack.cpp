#include "lessonsim/machines/rack.hpp"

#include <algorithm>
#include <cmath>

#include "lessonsim/calc/error.hpp"

namespace lessonsim {

namespace {

constexpr std::int64_t hard_max_servers = 64;
constexpr double max_kw = 1e6;  // a gigawatt: past any rack, and any site's feed

std::unique_ptr<Machine> create_rack() {
  return std::make_unique<RackMachine>();
}

std::string read_count(const nlohmann::json& value, std::int64_t lo, std::int64_t hi,
                       std::int64_t& out) {
  if (!value.is_number_integer()) return "must be a whole number";
  auto n = value.get<std::int64_t>();
  if (n < lo || n > hi) return "must be from " + std::to_string(lo) + " to " + std::to_string(hi);
  out = n;
  return {};
}

std::string read_kw(const nlohmann::json& value, calc::Watts& out) {
  if (!value.is_number()) return "must be a number of kW";
  double kw = value.get<double>();
  if (!std::isfinite(kw) || kw <= 0 || kw > max_kw)
    return "must be more than 0 kW and at most 10^6";
  out = std::llround(kw * 1000);
  if (out < 1) return "is less than one watt";
  return {};
}

const char* zoom_names[] = {"rack", "row", "hall", "site"};

}  // namespace

const MachineSpec& rack_machine_spec() {
  static const MachineSpec spec{
      "rack",
      "Servers of 8 GPUs in a rack under a power budget, cooled by air or liquid; heat past the "
      "cooling throttles the clock. The view zooms out to a row, a hall and a site.",
      {
          {"server_kw", "one server's draw at full load, kW"},
          {"gpus_per_server", "GPUs in one server"},
          {"servers", "servers in the rack"},
          {"max_servers", "the servers the rack has room for (at most 64)"},
          {"budget_kw", "the rack's power feed, kW"},
          {"cooling", "\"air\" or \"liquid\""},
          {"air_kw", "the heat air cooling carries away from one rack, kW"},
          {"liquid_kw", "the heat liquid cooling carries away from one rack, kW"},
          {"zoom", "\"rack\", \"row\", \"hall\" or \"site\""},
          {"site_gpus", "GPUs in the whole site"},
          {"racks_per_row", "racks in one row"},
          {"rows_per_hall", "rows in one hall"},
      },
      {
          {"servers", ValueType::number, "servers in the rack"},
          {"max_servers", ValueType::number, "the servers the rack has room for"},
          {"gpus", ValueType::number, "GPUs in the rack"},
          {"server_kw", ValueType::number, "one server's draw, kW"},
          {"rack_kw", ValueType::number, "the rack's draw at full load, kW"},
          {"budget_kw", ValueType::number, "the rack's power feed, kW"},
          {"headroom_kw", ValueType::number, "power left in the feed, kW"},
          {"power_max_servers", ValueType::number, "the most servers the feed can run"},
          {"liquid", ValueType::boolean, "liquid cooling (else air)"},
          {"air_kw", ValueType::number, "what air cooling carries away, kW"},
          {"cooling_kw", ValueType::number, "what the chosen cooling carries away, kW"},
          {"hot", ValueType::boolean, "the rack makes more heat than its cooling carries"},
          {"clock_pct", ValueType::number, "the chips' clock, percent of full speed"},
          {"useful_gpus", ValueType::number, "GPUs' worth of work at that clock"},
          {"zoom", ValueType::number, "0 rack, 1 row, 2 hall, 3 site"},
          {"view_racks", ValueType::number, "racks in view"},
          {"view_gpus", ValueType::number, "GPUs in view"},
          {"view_mw", ValueType::number, "their draw, MW"},
          {"site_gpus", ValueType::number, "GPUs in the whole site"},
          {"racks", ValueType::number, "racks in the site"},
          {"rows", ValueType::number, "rows in the site"},
          {"halls", ValueType::number, "halls in the site"},
          {"total_mw", ValueType::number, "the site's servers at full load, MW"},
      },
      {
          {"add_server",
           {},
           "one more server",
           "+=",
           LocalizedText::of("machine.rack.add_a_server")},
          {"remove_server",
           {},
           "one server fewer",
           "-_",
           LocalizedText::of("machine.rack.remove_a_server")},
          {"set_servers", {{"n", ActionParam::Kind::integer}}, "exactly n servers"},
          {"next_cooling",
           {},
           "air, then liquid, then air again",
           "cC",
           LocalizedText::of("machine.rack.change_the_cooling")},
          {"set_cooling", {{"to", ActionParam::Kind::string}}, "\"air\" or \"liquid\""},
          {"zoom_out",
           {},
           "rack, then row, hall, site",
           "oO",
           LocalizedText::of("machine.rack.zoom_out")},
          {"zoom_in", {}, "back towards one rack", "iI", LocalizedText::of("machine.rack.zoom_in")},
          {"set_zoom", {{"n", ActionParam::Kind::integer}}, "0 rack, 1 row, 2 hall, 3 site"},
      },
      &create_rack,
  };
  return spec;
}

std::string RackMachine::set(std::string_view name, const nlohmann::json& value) {
  if (name == "server_kw") return read_kw(value, server_w_);
  if (name == "budget_kw") return read_kw(value, budget_w_);
  if (name == "air_kw") return read_kw(value, air_w_);
  if (name == "liquid_kw") return read_kw(value, liquid_w_);
  if (name == "gpus_per_server") return read_count(value, 1, 1024, gpus_per_server_);
  if (name == "servers") return read_count(value, 0, hard_max_servers, servers_);
  if (name == "max_servers") return read_count(value, 1, hard_max_servers, max_servers_);
  if (name == "site_gpus") return read_count(value, 1, 100'000'000, site_gpus_);
  if (name == "racks_per_row") return read_count(value, 1, 10'000, racks_per_row_);
  if (name == "rows_per_hall") return read_count(value, 1, 10'000, rows_per_hall_);
  if (name == "cooling") {
    if (value == "air" || value == "liquid") {
      liquid_ = value == "liquid";
      return {};
    }
    return "must be \"air\" or \"liquid\"";
  }
  if (name == "zoom") {
    for (int z = 0; z < 4; ++z) {
      if (value == zoom_names[z]) {
        zoom_ = static_cast<Zoom>(z);
        return {};
      }
    }
    return "must be \"rack\", \"row\", \"hall\" or \"site\"";
  }
  return "is not a setting of the rack machine";
}

std::string RackMachine::check() const {
  if (servers_ > max_servers_) {
    return "servers (" + std::to_string(servers_) + ") is more than max_servers (" +
           std::to_string(max_servers_) + ")";
  }
  if (rack_watts() > budget_w_) return "the servers draw more than budget_kw";
  try {
    calc::plan_site(
        {site_gpus_, gpus_per_server_, max_servers_, racks_per_row_, rows_per_hall_, server_w_});
  } catch (const calc::CalcError& e) {
    return e.what();
  }
  return {};
}

nlohmann::json RackMachine::settings() const {
  return {{"server_kw", static_cast<double>(server_w_) / 1000},
          {"gpus_per_server", gpus_per_server_},
          {"servers", servers_},
          {"max_servers", max_servers_},
          {"budget_kw", static_cast<double>(budget_w_) / 1000},
          {"cooling", liquid_ ? "liquid" : "air"},
          {"air_kw", static_cast<double>(air_w_) / 1000},
          {"liquid_kw", static_cast<double>(liquid_w_) / 1000},
          {"zoom", zoom_names[static_cast<int>(zoom_)]},
          {"site_gpus", site_gpus_},
          {"racks_per_row", racks_per_row_},
          {"rows_per_hall", rows_per_hall_}};
}

calc::Watts RackMachine::rack_watts() const {
  return calc::rack_watts(servers_, server_w_);
}

double RackMachine::clock() const {
  return calc::throttled_clock(rack_watts(), cooling_watts());
}

calc::SitePlan RackMachine::site() const {
  if (servers_ == 0) return {};
  return calc::plan_site(
      {site_gpus_, gpus_per_server_, servers_, racks_per_row_, rows_per_hall_, server_w_});
}

std::int64_t RackMachine::view_racks() const {
  const std::int64_t racks = site().racks;
  switch (zoom_) {
    case Zoom::rack:
      return std::min<std::int64_t>(1, racks);
    case Zoom::row:
      return std::min(racks_per_row_, racks);
    case Zoom::hall:
      return std::min(racks_per_row_ * rows_per_hall_, racks);
    case Zoom::site:
      return racks;
  }
  return 0;
}

std::int64_t RackMachine::view_gpus() const {
  return std::min(view_racks() * servers_ * gpus_per_server_, site_gpus_);
}

calc::Watts RackMachine::view_watts() const {
  return calc::rack_watts(std::min(view_racks() * servers_, site().servers), server_w_);
}

Outcome RackMachine::set_servers(std::int64_t n) {
  if (n < 0) return Outcome::refuse("machine.rack.the_rack_is_empty_already");
  if (n > max_servers_) {
    return Outcome::refuse(
        Message("machine.rack.max_servers").num("max", static_cast<double>(max_servers_)));
  }
  const calc::Watts need = calc::rack_watts(n, server_w_);
  if (need > budget_w_) {
    return Outcome::refuse(
        Message("machine.rack.over_power")
            .num("n", static_cast<double>(n))
            .msg("need", Message("unit.kw").amount("kw", static_cast<double>(need) / 1000))
            .msg("feed", Message("unit.kw").amount("kw", static_cast<double>(budget_w_) / 1000)));
  }
  servers_ = n;
  return Outcome::done();
}

Outcome RackMachine::set_zoom(std::int64_t z) {
  if (z < 0) return Outcome::refuse("machine.rack.you_already_see_a_single");
  if (z > 3) return Outcome::refuse("machine.rack.you_already_see_the_whole");
  zoom_ = static_cast<Zoom>(z);
  return Outcome::done();
}

Outcome RackMachine::apply(const Action& action) {
  const std::string& op = action.op;
  if (op == "add_server") return set_servers(servers_ + 1);
  if (op == "remove_server") return set_servers(servers_ - 1);
  if (op == "zoom_out") return set_zoom(static_cast<int>(zoom_) + 1);
  if (op == "zoom_in") return set_zoom(static_cast<int>(zoom_) - 1);
  if (op == "set_servers" || op == "set_zoom") {
    auto n = action.integer("n");
    if (!n) return Outcome::refuse("machine.rack.the_number_n_is_missing");
    return op == "set_servers" ? set_servers(*n) : set_zoom(*n);
  }
  if (op == "next_cooling") {
    liquid_ = !liquid_;
    return Outcome::done();
  }
  if (op == "set_cooling") {
    std::string to = action.string("to");
    if (to != "air" && to != "liquid") {
      return Outcome::refuse("machine.rack.cooling_is_air_or_liquid");
    }
    liquid_ = to == "liquid";
    return Outcome::done();
  }
  return Outcome::refuse(Message("machine.no_action").text("op", op));
}

void RackMachine::values(std::vector<double>& out) const {
  const calc::SitePlan s = site();
  const std::int64_t gpus = servers_ * gpus_per_server_;
  const double clk = clock();
  auto kw = [](calc::Watts w) { return static_cast<double>(w) / 1000; };
  out = {
      static_cast<double>(servers_),
      static_cast<double>(max_servers_),
      static_cast<double>(gpus),
      kw(server_w_),
      kw(rack_watts()),
      kw(budget_w_),
      kw(budget_w_ - rack_watts()),
      static_cast<double>(calc::servers_within(budget_w_, server_w_)),
      liquid_ ? 1.0 : 0.0,
      kw(air_w_),
      kw(cooling_watts()),
      rack_watts() > cooling_watts() ? 1.0 : 0.0,
      clk * 100,
      static_cast<double>(gpus) * clk,
      static_cast<double>(static_cast<int>(zoom_)),
      static_cast<double>(view_racks()),
      static_cast<double>(view_gpus()),
      static_cast<double>(view_watts()) / 1e6,
      static_cast<double>(site_gpus_),
      static_cast<double>(s.racks),
      static_cast<double>(s.rows),
      static_cast<double>(s.halls),
      static_cast<double>(s.it_watts) / 1e6,
  };
}

std::string RackMachine::broken_invariant() const {
  if (servers_ < 0 || servers_ > max_servers_) return "servers left their limits";
  if (rack_watts() > budget_w_) return "the rack draws more than its feed";
  const double clk = clock();
  if (clk <= 0 || clk > 1) return "the clock left (0, 100%]";
  if ((clk < 1) != (rack_watts() > cooling_watts())) return "the clock drops exactly when hot";
  const calc::SitePlan s = site();
  if (servers_ > 0) {
    if (s.racks * servers_ * gpus_per_server_ < site_gpus_) return "the site lacks GPUs";
    if ((s.racks - 1) * servers_ * gpus_per_server_ >= site_gpus_)
      return "the site has a spare rack";
    if (s.rows > s.racks || s.halls > s.rows) return "more rows than racks, or halls than rows";
  } else if (s.racks != 0) {
    return "an empty rack builds no site";
  }
  if (view_racks() > s.racks) return "more racks in view than in the site";
  return {};
}

}  // namespace lessonsim
