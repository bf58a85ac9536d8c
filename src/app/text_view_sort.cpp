// The sort machine in a terminal: the two bins and what is left, each job with its number.
#include "lessonsim/machines/sort.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_sort_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const SortMachine&>(machine);
  const bool es = locale == "es";
  const std::pair<Bin, const char*> bins[] = {
      {Bin::datacenter, es ? "Centro de datos a hiperescala" : "Hyperscale datacenter"},
      {Bin::network, es ? "Red descentralizada de GPU" : "Decentralized GPU network"},
      {Bin::none, es ? "Sin colocar" : "Not placed"}};
  std::string out;
  for (const auto& [bin, title] : bins) {
    out += std::string(title) + ":\n";
    for (std::size_t k = 0; k < sort_item_count; ++k) {
      if (m.placed(k) != bin) continue;
      const SortItem& item = sort_items()[k];
      const bool wrong = bin != Bin::none && bin != item.belongs;
      out += "  " + std::to_string(k) + " " + std::string(es ? item.es : item.en) +
             (wrong ? "  ✗" : "") + '\n';
    }
  }
  out += es ? "(to_datacenter N o to_network N coloca el trabajo número N; unplace N lo quita)\n"
            : "(to_datacenter N or to_network N places job number N; unplace N takes it back)\n";
  return out;
}

}  // namespace lessonsim::app
