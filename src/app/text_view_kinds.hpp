// One terminal drawing per machine kind, and the pieces they share.
#pragma once

#include <string>
#include <string_view>

#include "lessonsim/machine.hpp"

namespace lessonsim::app {

// Draws one machine kind; called only with a machine of that kind.
using MachineTextDrawer = std::string (*)(const Machine& machine, std::string_view locale);

std::string draw_split_text(const Machine& machine, std::string_view locale);
std::string draw_memory_stack_text(const Machine& machine, std::string_view locale);
std::string draw_interconnect_text(const Machine& machine, std::string_view locale);
std::string draw_rack_text(const Machine& machine, std::string_view locale);
std::string draw_cluster_text(const Machine& machine, std::string_view locale);
std::string draw_batching_text(const Machine& machine, std::string_view locale);
std::string draw_sort_text(const Machine& machine, std::string_view locale);
std::string draw_lab_text(const Machine& machine, std::string_view locale);
std::string draw_formula_text(const Machine& machine, std::string_view locale);

// "[████····]": `fraction` of `width` cells filled, clamped to 0..1.
std::string text_bar(double fraction, int width);

}  // namespace lessonsim::app
