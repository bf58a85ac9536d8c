// The skeleton every machine canvas draws through, one frame at a time: on an operate step the
// toolbar built from the kind's table, its room kept on every step when the kind asks (so the
// picture holds its size), the picture's area taken as one item, the step's focus, the draw list
// clipped to the area, and the marks, callouts and texts the picture records.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "callout.hpp"
#include "canvas_helpers.hpp"
#include "lessonsim/step_focus.hpp"
#include "view_context.hpp"

namespace lessonsim::ui {

struct CanvasOptions {
  int toolbar_rows = 2;            // rows the buttons may take before they pack tighter
  bool keep_toolbar_room = false;  // the toolbar's room is kept on every step
  bool two_line_labels = false;    // long labels may break onto two lines
  bool clickable = false;          // the picture is a button: left and right clicks
  bool skips_demo = false;         // a demo it animates offers Skip in the toolbar's place
  // Table actions the picture offers its own way (a link's chips, a job's buttons).
  std::vector<std::string_view> not_in_toolbar = {};
  // Buttons before the table's (a row of choices, such as the links).
  std::function<void(Toolbar&)> lead_buttons = {};
  // Buttons the table cannot label, after the table's (a setting's ±10).
  std::function<void(Toolbar&)> more_buttons = {};
  // Controls above the toolbar on an operate step (a row of chips).
  std::function<void()> above_toolbar = {};
};

// A machine action's button label: the catalog's `canvas.<kind>.<op>`, else `machine.<op>`,
// else the table's key help with a capital.
std::string button_label(const MachineSpec& spec, const ActionInfo& action,
                         std::string_view locale);

class CanvasFrame {
 public:
  explicit CanvasFrame(ViewContext& ctx, const CanvasOptions& options = {});
  ~CanvasFrame();
  CanvasFrame(const CanvasFrame&) = delete;
  CanvasFrame& operator=(const CanvasFrame&) = delete;

  ViewContext& ctx;
  const Rect& area() const { return area_; }
  ImDrawList* dl() const { return dl_; }
  const StepFocus& focus() const { return focus_; }
  // The focus of the picture's part `id` (MachineSpec::picture) on this step.
  PartFocus part(std::string_view id) const;
  bool shows(std::string_view id) const { return part(id) != PartFocus::folded; }
  // Whether `var` is kept off the picture until the learner chooses.
  bool hides(std::string_view var) const { return focus_.hides(var); }
  // The machine as the step stands on entry, before the learner's moves: what a picture's
  // scales are set from, so that no move rescales them.
  const Machine& on_entry() const;
  // The picture as a button (CanvasOptions::clickable).
  bool hovered() const { return hovered_; }
  bool clicked(ImGuiMouseButton button) const;

  // The signal a mark of `var` shows: at an operate step's goal a broken limit the step
  // explains (its text or reveal reads `var`) is a warning, not a fault.
  Signal signal(Signal s, std::string_view var) const;
  // The picture's marks: labelled, ringed if pointed at, recorded; a mark of a variable that
  // only faded parts draw is marked faded, and its signal is `signal`'s.
  void record(Marks marks) const;
  // Draws the callout and records its view.
  void callout(const Callout& c) const;
  // Draws with `draw`, then fades what it drew when the part `id` is faded.
  template <class Draw>
  void in_part(std::string_view id, Draw&& draw) const {
    const int first = dl_->VtxBuffer.Size;
    draw();
    if (part(id) == PartFocus::faded) fade(first);
  }

 private:
  void fade(int first_vertex) const;
  Rect area_;
  ImDrawList* dl_ = nullptr;
  const StepFocus& focus_;
  bool hovered_ = false;
};

}  // namespace lessonsim::ui
