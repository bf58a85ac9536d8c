#include "marks_dump.hpp"

#include "point_ring.hpp"

namespace lessonsim::app {

nlohmann::json marks_dump(const ui::Marks& marks, const Engine& engine, float scale_x,
                          float scale_y) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& m : marks) {
    nlohmann::json j = {{"quantity", m.quantity},
                        {"value", m.value},
                        {"unit", m.unit},
                        {"x", m.rect.x0 * scale_x},
                        {"y", m.rect.y0 * scale_y},
                        {"w", m.rect.width() * scale_x},
                        {"h", m.rect.height() * scale_y},
                        {"direction", m.up ? "up" : "right"},
                        {"broken", m.broken},
                        {"label", m.label}};
    if (!m.view.empty()) j["view"] = m.view;
    list.push_back(std::move(j));
  }
  nlohmann::json dump = {{"marks", list}, {"shows_machine", engine.shows_machine()}};
  if (const std::string& point = engine.step().point; !point.empty()) {
    dump["point"] = {{"variable", point},
                     {"found", ui::step_pointed_mark(engine, marks) != nullptr}};
  }
  return dump;
}

}  // namespace lessonsim::app
