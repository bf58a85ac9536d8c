// The sort machine in a terminal: the two bins and what is left, each job with its number.
#include "lessonsim/messages.hpp"
#include "sort.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

std::string draw_sort_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const SortMachine&>(machine);
  const std::pair<Bin, const char*> bins[] = {
      {Bin::datacenter, phrase(locale, "text_view.sort.hyperscale_datacenter")},
      {Bin::network, phrase(locale, "text_view.sort.decentralized_gpu_network")},
      {Bin::none, phrase(locale, "text_view.sort.not_placed")}};
  std::string out;
  for (const auto& [bin, title] : bins) {
    out += std::string(title) + ":\n";
    for (std::size_t k = 0; k < sort_item_count; ++k) {
      if (m.placed(k) != bin) continue;
      const SortItem& item = sort_items()[k];
      const bool wrong = bin != Bin::none && bin != item.belongs;
      // Numbered from 1, as `play` reads the number typed (see ActionParam::typed_from_one).
      out += "  " + std::to_string(k + 1) + " " +
             phrase(locale, "machine.sort.item." + std::string(item.id)) + (wrong ? "  ✗" : "") +
             '\n';
    }
  }
  out += phrase(locale, "text_view.sort.to_datacenter_n_or_to");
  return out;
}

}  // namespace

const TextView& sort_text_view() {
  static const TextView view{"sort", &draw_sort_text};
  return view;
}

}  // namespace lessonsim::app
