// The rack machine in a terminal: the rack's power and heat, then the zoomed-out view.
#include "lessonsim/messages.hpp"
#include "rack.hpp"
#include "rack_reads.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

std::string draw_rack_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const RackMachine&>(machine);
  auto num = [&](double v) { return format_number(v, locale); };
  auto kw = [&](calc::Watts w) { return num(static_cast<double>(w) / 1000) + " kW"; };
  // A rack's draw in kW (10.2 kW, not 0.01 MW), a hall's or a site's in MW, as the canvas does.
  auto watts_text = [&](calc::Watts w) {
    return w >= 1'000'000 ? num(static_cast<double>(w) / 1e6) + " MW" : kw(w);
  };
  std::string out;
  out += tr(locale, Message("text_view.rack.summary")
                        .num("servers", RackReads::get<"servers">(m))
                        .num("gpus", RackReads::get<"gpus">(m)));
  const double power = static_cast<double>(m.rack_watts()) / static_cast<double>(m.budget_watts());
  out += phrase(locale, "text_view.rack.power") + text_bar(power, 30) + " " + kw(m.rack_watts()) +
         " / " + kw(m.budget_watts()) + '\n';
  const double heat = static_cast<double>(m.rack_watts()) / static_cast<double>(m.cooling_watts());
  out += phrase(locale, "text_view.rack.heat") + text_bar(heat, 30) + (heat > 1 ? "▲ " : "  ") +
         kw(m.rack_watts()) + " / " + kw(m.cooling_watts()) +
         (m.liquid() ? phrase(locale, "text_view.rack.liquid")
                     : phrase(locale, "text_view.rack.air")) +
         '\n';
  out += phrase(locale, "text_view.rack.clock") + num(m.clock() * 100) + " %" +
         (m.clock() < 1 ? phrase(locale, "text_view.rack.throttled_by_heat") : "") + '\n';
  const int z = static_cast<int>(m.zoom());
  const calc::SitePlan site = m.site();
  out += tr(locale, Message("text_view.rack.view_line")
                        .text("level", phrase(locale, "text_view.rack.level." + std::to_string(z)))
                        .num("racks", static_cast<double>(m.view_racks()))
                        .num("gpus", static_cast<double>(m.view_gpus()))
                        .text("power", watts_text(m.view_watts())));
  out += tr(locale, Message("text_view.rack.site_line")
                        .num("racks", static_cast<double>(site.racks))
                        .num("rows", static_cast<double>(site.rows))
                        .num("halls", static_cast<double>(site.halls))
                        .amount("mw", static_cast<double>(site.it_watts) / 1e6));
  return out;
}

}  // namespace

const TextView& rack_text_view() {
  static const TextView view{"rack", &draw_rack_text, &RackReads::resolve};
  return view;
}

}  // namespace lessonsim::app
