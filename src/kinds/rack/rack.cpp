#include "rack.hpp"

#include <algorithm>
#include <cmath>

#include "lessonsim/calc/error.hpp"
#include "lessonsim/machine_table.hpp"
#include "picture_parts.hpp"

namespace lessonsim {

namespace {

constexpr double hard_max_servers = 64;
constexpr double max_kw = 1e6;  // a gigawatt: past any rack, and any site's feed

const std::vector<std::string> zoom_names = {"rack", "row", "hall", "site"};

}  // namespace

const MachineSpec& rack_machine_spec() {
  static const MachineSpec spec = with_picture(RackMachine::kind_table(), rack_picture_parts());
  return spec;
}

MachineSpec RackMachine::kind_table() {
  using M = RackMachine;
  using namespace table;
  auto kw = [](const char* name, double def, const char* what, calc::Watts M::*f) {
    return SettingInfo{name,
                       SettingType::number,
                       {0, max_kw, true},
                       {},
                       def,
                       "kW",
                       what,
                       store<M>([f](M& m, double v) -> std::string {
                         m.*f = std::llround(v * 1000);
                         return m.*f < 1 ? "is less than one watt" : "";
                       }),
                       load<M>([f](const M& m) { return static_cast<double>(m.*f) / 1000; })};
  };
  auto count = [](const char* name, double lo, double hi, std::int64_t def, const char* what,
                  auto f) {
    return field<M>({name, SettingType::integer, {lo, hi}, {}, def, "", what}, f);
  };
  auto kw_of = [](calc::Watts w) { return static_cast<double>(w) / 1000; };
  auto var = [](const char* name, const char* unit, const char* what, auto f) {
    return table::number<M>(name, unit, what, f);
  };
  auto flag = [](const char* name, const char* what, auto f) {
    return table::boolean<M>(name, what, f);
  };
  return {
      "rack",
      "Servers of 8 GPUs in a rack under a power budget, cooled by air or liquid; heat past the "
      "cooling throttles the clock. The view zooms out to a row, a hall and a site.",
      {
          kw("server_kw", 10.2, "one server's draw at full load, kW", &M::server_w_),
          count(
              "gpus_per_server", 1, 1024, 8, "GPUs in one server",
              [](auto& m) -> auto& { return m.gpus_per_server_; }),
          count(
              "servers", 0, hard_max_servers, 0, "servers in the rack",
              [](auto& m) -> auto& { return m.servers_; }),
          count(
              "max_servers", 1, hard_max_servers, 8,
              "the servers the rack has room for (at most 64)",
              [](auto& m) -> auto& { return m.max_servers_; }),
          kw("budget_kw", 100, "the rack's power feed, kW", &M::budget_w_),
          {"cooling",
           SettingType::choice,
           {},
           {"air", "liquid"},
           "air",
           "",
           "\"air\" or \"liquid\"",
           store<M>([](M& m, std::string v) { m.liquid_ = v == "liquid"; }),
           load<M>([](const M& m) { return m.liquid_ ? "liquid" : "air"; })},
          kw("air_kw", 40, "the heat air cooling carries away from one rack, kW", &M::air_w_),
          kw("liquid_kw", 120, "the heat liquid cooling carries away from one rack, kW",
             &M::liquid_w_),
          {"zoom",
           SettingType::choice,
           {},
           zoom_names,
           "rack",
           "",
           "\"rack\", \"row\", \"hall\" or \"site\"",
           store<M>([](M& m, std::string v) {
             m.zoom_ = static_cast<Zoom>(std::find(zoom_names.begin(), zoom_names.end(), v) -
                                         zoom_names.begin());
           }),
           load<M>([](const M& m) { return zoom_names[static_cast<std::size_t>(m.zoom_)]; })},
          count(
              "site_gpus", 1, 100'000'000, 100'000, "GPUs in the whole site",
              [](auto& m) -> auto& { return m.site_gpus_; }),
          count(
              "racks_per_row", 1, 10'000, 20, "racks in one row",
              [](auto& m) -> auto& { return m.racks_per_row_; }),
          count(
              "rows_per_hall", 1, 10'000, 20, "rows in one hall",
              [](auto& m) -> auto& { return m.rows_per_hall_; }),
      },
      {
          var("servers", "", "servers in the rack", [](const M& m) { return m.servers_; }),
          var("max_servers", "", "the servers the rack has room for",
              [](const M& m) { return m.max_servers_; }),
          var("gpus_per_server", "GPU", "GPUs in one server",
              [](const M& m) { return m.gpus_per_server_; }),
          var("gpus", "GPU", "GPUs in the rack",
              [](const M& m) { return m.servers_ * m.gpus_per_server_; }),
          var("server_kw", "kW", "one server's draw, kW",
              [kw_of](const M& m) { return kw_of(m.server_w_); }),
          var("rack_kw", "kW", "the rack's draw at full load, kW",
              [kw_of](const M& m) { return kw_of(m.rack_watts()); }),
          var("budget_kw", "kW", "the rack's power feed, kW",
              [kw_of](const M& m) { return kw_of(m.budget_w_); }),
          var("headroom_kw", "kW", "power left in the feed, kW (0 under a thousandth of it)",
              [kw_of](const M& m) {
                return kw_of(calc::headroom_watts(m.budget_w_, m.rack_watts()));
              }),
          var("power_max_servers", "", "the most servers the feed can run",
              [](const M& m) { return calc::servers_within(m.budget_w_, m.server_w_); }),
          flag("liquid", "liquid cooling (else air)", [](const M& m) { return m.liquid_; }),
          var("air_kw", "kW", "what air cooling carries away, kW",
              [kw_of](const M& m) { return kw_of(m.air_w_); }),
          var("cooling_kw", "kW", "what the chosen cooling carries away, kW",
              [kw_of](const M& m) { return kw_of(m.cooling_watts()); }),
          flag("hot", "the rack makes more heat than its cooling carries",
               [](const M& m) { return m.rack_watts() > m.cooling_watts(); }),
          var("heat_over_kw", "kW", "the heat past what the cooling carries, kW (else 0)",
              [kw_of](const M& m) {
                return kw_of(std::max<calc::Watts>(0, m.rack_watts() - m.cooling_watts()));
              }),
          var("clock_pct", "%", "the chips' clock, percent of full speed",
              [](const M& m) { return m.clock() * 100; }),
          var("useful_gpus", "GPU", "GPUs' worth of work at that clock",
              [](const M& m) {
                return static_cast<double>(m.servers_ * m.gpus_per_server_) * m.clock();
              }),
          var("zoom", "", "0 rack, 1 row, 2 hall, 3 site",
              [](const M& m) { return static_cast<int>(m.zoom_); }),
          var("view_racks", "racks", "racks in view", [](const M& m) { return m.view_racks(); }),
          var("view_gpus", "GPU", "GPUs in view", [](const M& m) { return m.view_gpus(); }),
          var("view_mw", "MW", "their draw, MW",
              [](const M& m) { return static_cast<double>(m.view_watts()) / 1e6; }),
          var("site_gpus", "GPU", "GPUs in the whole site",
              [](const M& m) { return m.site_gpus_; }),
          var("racks", "racks", "racks in the site", [](const M& m) { return m.site().racks; }),
          var("rows", "", "rows in the site", [](const M& m) { return m.site().rows; }),
          var("halls", "", "halls in the site", [](const M& m) { return m.site().halls; }),
          var("total_mw", "MW", "the site's servers at full load, MW",
              [](const M& m) { return static_cast<double>(m.site().it_watts) / 1e6; }),
      },
      {
          {"add_server",
           {},
           "one more server",
           "+=",
           LocalizedText::of("machine.rack.add_a_server"),
           run<M>([](M& m) { return m.set_servers(m.servers_ + 1); })},
          {"remove_server",
           {},
           "one server fewer",
           "-_",
           LocalizedText::of("machine.rack.remove_a_server"),
           run<M>([](M& m) { return m.set_servers(m.servers_ - 1); })},
          {"set_servers",
           {{"n", ActionParam::Kind::integer}},
           "exactly n servers",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_servers(n); })},
          {"next_cooling",
           {},
           "air, then liquid, then air again",
           "cC",
           LocalizedText::of("machine.rack.change_the_cooling"),
           run<M>([](M& m) {
             m.liquid_ = !m.liquid_;
             return Outcome::done();
           })},
          {"set_cooling",
           {{"to", ActionParam::Kind::string}},
           "\"air\" or \"liquid\"",
           {},
           {},
           run<M>([](M& m, std::string to) { return m.set_cooling(to); }, "to")},
          {"zoom_out",
           {},
           "rack, then row, hall, site",
           "oO",
           LocalizedText::of("machine.rack.zoom_out"),
           run<M>([](M& m) { return m.set_zoom(static_cast<int>(m.zoom_) + 1); })},
          {"zoom_in",
           {},
           "back towards one rack",
           "iI",
           LocalizedText::of("machine.rack.zoom_in"),
           run<M>([](M& m) { return m.set_zoom(static_cast<int>(m.zoom_) - 1); })},
          {"set_zoom",
           {{"n", ActionParam::Kind::integer}},
           "0 rack, 1 row, 2 hall, 3 site",
           {},
           {},
           run<M>([](M& m, std::int64_t n) { return m.set_zoom(n); })},
      },
      &make<M>,
  };
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
  return level_racks(zoom_);
}

std::int64_t RackMachine::level_racks(Zoom level) const {
  const std::int64_t racks = site().racks;
  switch (level) {
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
  return level_watts(zoom_);
}

calc::Watts RackMachine::level_watts(Zoom level) const {
  return calc::rack_watts(std::min(level_racks(level) * servers_, site().servers), server_w_);
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

Outcome RackMachine::set_cooling(const std::string& to) {
  if (to != "air" && to != "liquid") {
    return Outcome::refuse("machine.rack.cooling_is_air_or_liquid");
  }
  liquid_ = to == "liquid";
  return Outcome::done();
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
