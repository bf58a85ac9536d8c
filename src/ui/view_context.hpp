// What every view receives for one frame: the engine to read, the language, motion, and where
// to put the learner's moves (views never apply them; the screen does, through Engine::apply).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/engine.hpp"
#include "picture.hpp"
#include "point_ring.hpp"
#include "rect.hpp"
#include "scale.hpp"

namespace lessonsim::ui {

// Progress of the running animations, each 0..1; 1 means finished (or motion reduced).
struct Motion {
  float demo = 1;   // the demo step's solved case
  float links = 1;  // the links lighting up once the goal is met
  // A learner's move shown happening (a zoom, a cut): the engine is already past it, `before`
  // is its machine just before, so the canvas can draw the way from one to the other.
  float change = 1;
  float change_seconds = 0;
  std::shared_ptr<const Machine> before;
  bool animating() const { return demo < 1 || links < 1 || change < 1; }
};

struct ViewContext {
  const Engine& engine;
  std::string_view locale;
  const Motion& motion;
  std::vector<Action>& actions;
  // Where the main click targets were drawn this frame, so tests and tools can aim at them.
  std::map<std::string, Rect, std::less<>>& targets;
  bool skip_animation = false;
  bool scroll_to_feedback =
      false;  // a verdict, feedback or reveal just appeared: bring it into view
  // When set: every mark, callout and text the canvas draws (shot --marks, the layout tests).
  Picture* picture = nullptr;
  // The mark the step's `point` names, as the canvas drew it: ringed over the canvas.
  mutable std::optional<Mark> pointed = std::nullopt;
  // Where the canvas drew each mark this frame: shapes the ring's tag keeps off.
  mutable std::vector<Rect> mark_rects = {};

  std::string render(const LocalizedText& text) const { return engine.render(text, locale); }
  void push(Action action) { actions.push_back(std::move(action)); }
  void target(std::string name, Rect rect) { targets[std::move(name)] = rect; }
  // The canvas's marks, labelled in the screen's language; the one the step points at is kept
  // for the ring.
  void record(Marks drawn) const {
    label_marks(drawn, locale);
    for (const Mark& m : drawn)
      mark_rects.push_back(m.rect);
    if (const Mark* m = step_pointed_mark(engine, drawn)) pointed = *m;
    if (picture) picture->marks.insert(picture->marks.end(), drawn.begin(), drawn.end());
  }
  // A callout the canvas draws: its marks name it as their view.
  void record_view(const View& view) const {
    if (picture) picture->views.push_back(view);
  }
  // A plot the canvas draws (its points in base units and where each is drawn).
  void record_plot(Plot plot) const {
    if (picture) picture->plots.push_back(std::move(plot));
  }
};

}  // namespace lessonsim::ui
