#include "marks_dump.hpp"

#include "picture_json.hpp"
#include "point_ring.hpp"

namespace lessonsim::app {

nlohmann::json marks_dump(const ui::Picture& picture, const ui::LessonScreen& screen, float scale_x,
                          float scale_y) {
  const Engine& engine = screen.engine();
  nlohmann::json dump = ui::picture_json(
      picture, ui::screen_facts(engine, screen.zoomed_on_step(), screen.moves_on_step()), scale_x,
      scale_y);
  if (const std::string& point = engine.step().point; !point.empty()) {
    dump["point"] = {{"variable", point},
                     {"found", ui::step_pointed_mark(engine, picture.marks) != nullptr}};
  }
  return dump;
}

}  // namespace lessonsim::app
