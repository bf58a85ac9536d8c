// The words of a step: narration, choices, summary cards; and apart, the verdict, feedback, reveal.
#pragma once

#include "view_context.hpp"

namespace lessonsim::ui {

// The words the learner reads on the current step, into the current window, full width: its
// heading and text, its choices, its summary cards; `beside_machine`, also the prediction
// recalled until the goal is met (the feedback's pane has it after).
void draw_step_narration(ViewContext& ctx, bool beside_machine);

// What answers the learner's last move: the verdict on a choice, the prediction recalled, the
// feedback rule, the reveal. `pinned`: drawn in a pane of its own that stays in view (which
// shows its start; the reveal before the prediction's verdict); otherwise it follows the
// narration, which is scrolled to bring it into view.
void draw_step_feedback(ViewContext& ctx, bool pinned);

}  // namespace lessonsim::ui
