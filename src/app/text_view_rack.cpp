// The rack machine in a terminal: the rack's power and heat, then the zoomed-out view.
#include "lessonsim/machines/rack.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_rack_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const RackMachine&>(machine);
  const bool es = locale == "es";
  auto num = [&](double v) { return format_number(v, locale); };
  auto kw = [&](calc::Watts w) { return num(static_cast<double>(w) / 1000) + " kW"; };
  std::string out;
  const std::int64_t gpus = m.servers() * m.gpus_per_server();
  out += (es ? "Rack: " : "Rack: ") + std::to_string(m.servers()) +
         (m.servers() == 1 ? (es ? " servidor, " : " server, ")
                           : (es ? " servidores, " : " servers, ")) +
         std::to_string(gpus) + " GPU" + (es ? "" : "s") + '\n';
  const double power = static_cast<double>(m.rack_watts()) / static_cast<double>(m.budget_watts());
  out += (es ? "  Potencia " : "  Power   ") + text_bar(power, 30) + " " + kw(m.rack_watts()) +
         " / " + kw(m.budget_watts()) + '\n';
  const double heat = static_cast<double>(m.rack_watts()) / static_cast<double>(m.cooling_watts());
  out += (es ? "  Calor    " : "  Heat    ") + text_bar(heat, 30) + (heat > 1 ? "▲ " : "  ") +
         kw(m.rack_watts()) + " / " + kw(m.cooling_watts()) +
         (m.liquid() ? (es ? " (líquida)" : " (liquid)") : (es ? " (aire)" : " (air)")) + '\n';
  out += (es ? "  Reloj " : "  Clock ") + num(m.clock() * 100) + " %" +
         (m.clock() < 1 ? (es ? "  ¡frenado por calor!" : "  THROTTLED by heat!") : "") + '\n';
  static const char* const es_levels[] = {"rack", "fila", "sala", "sitio"};
  static const char* const en_levels[] = {"rack", "row", "hall", "site"};
  const int z = static_cast<int>(m.zoom());
  const calc::SitePlan site = m.site();
  out += (es ? "Vista: " : "View: ") + std::string(es ? es_levels[z] : en_levels[z]) + " · " +
         num(static_cast<double>(m.view_racks())) + " racks, " +
         num(static_cast<double>(m.view_gpus())) + " GPU" + (es ? "" : "s") + ", " +
         num(static_cast<double>(m.view_watts()) / 1e6) + " MW\n";
  out += (es ? "  Sitio: " : "  Site: ") + num(static_cast<double>(site.racks)) + " racks, " +
         num(static_cast<double>(site.rows)) + (es ? " filas, " : " rows, ") +
         num(static_cast<double>(site.halls)) + (es ? " salas, " : " halls, ") +
         num(static_cast<double>(site.it_watts) / 1e6) + " MW\n";
  return out;
}

}  // namespace lessonsim::app
