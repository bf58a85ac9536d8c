// The rules a screen's picture is held to, on the whole screen rather than panel by panel: one
// scale per quantity outside callouts, scales that hold still under a move, signals that agree
// with the step's goal, no answer before a predict step's choice, the step's own marks in view
// and not faded, no clipped text and no text over another or across a mark's edge.
// `scripts/check-marks` applies the same rules to `shot --marks` dumps.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lessonsim/engine.hpp"
#include "lessonsim/step_focus.hpp"
#include "picture.hpp"

namespace lessonsim::ui {

// What the rules need to know of the step on screen.
struct ScreenFacts {
  std::string lesson, step, kind;
  std::string machine;  // the machine's kind
  StepFocus focus;      // what the step reads and explains, and what it hides until the choice
  std::optional<bool> goal_met;  // an operate step's goal, as the machine stands
  // Before a predict step's choice: the answer as a quantity (its base unit's value, and how
  // close another value must be to read as it), when `answer_from` names one variable.
  struct Answer {
    std::string var, quantity, unit;
    double value = 0, within = 0;
  };
  std::optional<Answer> answer;
  // The step's `point`: the variable whose mark is ringed, its unit and value now.
  struct Point {
    std::string var, unit;
    double value = 0;
  };
  std::optional<Point> point;
  bool shows_machine = false;
  bool zoomed = false;  // a zoom since the step was entered: its scales may have changed
  int moves = 0;        // the learner's moves since the step was entered
};

// The current step's focus (step_focus), worked out once per step and choice rather than every
// frame.
const StepFocus& current_focus(const Engine& engine);

// The facts of the engine's current step; `zoomed` and `moves` as the screen counted them.
ScreenFacts screen_facts(const Engine& engine, bool zoomed = false, int moves = 0);

// Every rule `picture` breaks, one line each (empty: none).
std::vector<std::string> check_screen(const Picture& picture, const ScreenFacts& facts);

// The machine kinds whose pictures are still held to round one's rules only (scale within each
// panel, a machine step draws a quantity) while their canvases are redrawn for these; the list
// empties as they are, and then goes.
bool held_to_round_one(std::string_view machine_kind);

// Pixels per base unit of each quantity on the screen's own scale (outside callouts), from the
// longest unbroken mark with a length; quantities without one are left out.
std::vector<std::pair<std::string, double>> screen_scales(const Marks& marks);

// Scales that moved between two pictures of one step (a move that is no zoom), one line each.
std::vector<std::string> check_scales_held(const Picture& before, const Picture& after);

}  // namespace lessonsim::ui
