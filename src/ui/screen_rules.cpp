#include "screen_rules.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "lessonsim/units.hpp"
#include "point_ring.hpp"

namespace lessonsim::ui {

namespace {

// Pixels two boxes must share, each way, before they count as overlapping: anti-aliased edges
// and glyph bearings touch without covering anything.
constexpr float rules_overlap_slack = 2;

bool rules_overlap(const Rect& a, const Rect& b) {
  return std::min(a.x1, b.x1) - std::max(a.x0, b.x0) > rules_overlap_slack &&
         std::min(a.y1, b.y1) - std::max(a.y0, b.y0) > rules_overlap_slack;
}

bool rules_inside(const Rect& in, const Rect& out) {
  constexpr float slack = 1;
  return in.x0 >= out.x0 - slack && in.y0 >= out.y0 - slack && in.x1 <= out.x1 + slack &&
         in.y1 <= out.y1 + slack;
}

bool rules_text_has(const std::string& s, const char* part) {
  return s.find(part) != std::string::npos;
}

std::string rules_mark_name(const Mark& m) {
  return m.label + (m.var.empty() ? "" : " (" + m.var + ")");
}

void rules_texts(const Picture& p, std::vector<std::string>& out) {
  for (std::size_t a = 0; a < p.texts.size(); ++a) {
    const TextBox& t = p.texts[a];
    if (t.clipped) out.push_back("text \"" + t.text + "\" is cut off at the edge of its region");
    for (std::size_t b = a + 1; b < p.texts.size(); ++b) {
      if (rules_overlap(t.rect, p.texts[b].rect))
        out.push_back("text \"" + t.text + "\" lies over text \"" + p.texts[b].text + "\"");
    }
    for (const Mark& m : p.marks) {
      // A label inside a mark (a bar's own number) is fine; across its edge it is not.
      if (rules_overlap(t.rect, m.rect) && !rules_inside(t.rect, m.rect))
        out.push_back("text \"" + t.text + "\" runs across the edge of mark " + rules_mark_name(m));
    }
  }
}

void rules_signals(const Picture& p, const ScreenFacts& f, std::vector<std::string>& out) {
  const bool broken = std::any_of(p.marks.begin(), p.marks.end(),
                                  [](const Mark& m) { return m.state == Signal::fault; });
  for (const Mark& m : p.marks) {
    if (f.goal_met.value_or(false) && m.state == Signal::fault)
      out.push_back("mark " + rules_mark_name(m) +
                    " is a fault at a state that meets the step's goal");
    if (f.goal_met.value_or(false) && m.state == Signal::warn && !f.focus.explains(m.var)) {
      out.push_back("mark " + rules_mark_name(m) +
                    " warns at the step's goal, and the step does not explain it");
    }
    if (broken && m.quantity == "money")
      out.push_back("a limit is broken, yet the price " + rules_mark_name(m) + " is shown");
  }
  if (!broken) return;
  for (const TextBox& t : p.texts) {
    if (rules_text_has(t.text, "✓"))
      out.push_back("a limit is broken, yet \"" + t.text + "\" says it is fine");
  }
}

void rules_answer(const Picture& p, const ScreenFacts& f, std::vector<std::string>& out) {
  for (const Mark& m : p.marks) {
    if (!m.var.empty() && f.focus.hides(m.var))
      out.push_back("mark " + rules_mark_name(m) + " shows what the step hides until the choice");
    if (f.answer && m.quantity == f.answer->quantity && m.unit == f.answer->unit &&
        std::abs(m.value - f.answer->value) <= f.answer->within) {
      out.push_back("mark " + rules_mark_name(m) + " shows the answer (" + f.answer->var +
                    ") before the choice");
    }
  }
}

void rules_focus(const Picture& p, const ScreenFacts& f, std::vector<std::string>& out) {
  const bool has_canvas = p.canvas.width() > 0 && p.canvas.height() > 0;
  for (const Mark& m : p.marks) {
    if (m.var.empty() || !f.focus.reads_var(m.var)) continue;
    if (m.faded) out.push_back("mark " + rules_mark_name(m) + " is what the step reads, yet faded");
    if (has_canvas && !rules_inside(m.rect, p.canvas))
      out.push_back("mark " + rules_mark_name(m) + " is what the step reads, yet out of view");
  }
}

}  // namespace

const StepFocus& current_focus(const Engine& engine) {
  struct Cached {
    std::shared_ptr<const Lesson> lesson;
    int step = -1;
    bool chosen = false;
    StepFocus focus;
  };
  static Cached cached;
  const bool chosen = engine.record().choice >= 0;
  if (cached.lesson != engine.lesson_ptr() || cached.step != engine.step_index() ||
      cached.chosen != chosen) {
    cached = {engine.lesson_ptr(), engine.step_index(), chosen,
              step_focus(engine.lesson(), engine.step(), chosen)};
  }
  return cached.focus;
}

ScreenFacts screen_facts(const Engine& engine, bool zoomed, int moves) {
  ScreenFacts f;
  const Lesson& lesson = engine.lesson();
  const Step& step = engine.step();
  f.lesson = lesson.id;
  f.step = step.id;
  f.kind = step_kind_name(step.kind);
  f.machine = engine.machine().spec().kind;
  const bool chosen = engine.record().choice >= 0;
  f.focus = current_focus(engine);
  if (step.kind == StepKind::operate) f.goal_met = engine.goal_met();
  if (step.kind == StepKind::predict && !chosen && lesson.format >= 4) {
    if (auto a = answer_quantity(lesson, step, engine.values())) {
      const UnitMeasure* measure = unit_measure(a->unit);
      const double per = measure ? measure->per_unit : 1;
      f.answer = ScreenFacts::Answer{a->var, measure ? std::string(measure->quantity) : "count",
                                     measure ? std::string(measure->base) : a->unit, a->value * per,
                                     a->within * per};
    }
  }
  if (const std::string& point = step.point; !point.empty()) {
    const MachineSpec& spec = engine.machine().spec();
    if (auto k = spec.variable(point); k && *k < engine.values().size())
      f.point = ScreenFacts::Point{point, spec.variables[*k].unit, engine.values()[*k]};
  }
  f.shows_machine = engine.shows_machine();
  f.zoomed = zoomed;
  f.moves = moves;
  return f;
}

bool held_to_round_one(std::string_view machine_kind) {
  constexpr std::string_view kinds[] = {"memory-stack", "rack", "batching",
                                        "sort",         "lab",  "formula"};
  return std::find(std::begin(kinds), std::end(kinds), machine_kind) != std::end(kinds);
}

std::vector<std::string> check_screen(const Picture& picture, const ScreenFacts& facts) {
  const bool round_one = held_to_round_one(facts.machine);
  std::vector<std::string> out = check_marks(picture.marks, picture.views, round_one);
  if (facts.shows_machine && picture.marks.empty())
    out.push_back("the step shows a machine, but its picture draws no quantity");
  if (facts.point && !facts.focus.hides(facts.point->var)) {
    const bool drawn =
        std::any_of(picture.marks.begin(), picture.marks.end(),
                    [&](const Mark& m) { return m.var == facts.point->var; }) ||
        pointed_mark(picture.marks, facts.point->unit, facts.point->value) != nullptr;
    if (!drawn) out.push_back("the step points at " + facts.point->var + ", but no mark draws it");
  }
  if (round_one) return out;
  rules_texts(picture, out);
  rules_signals(picture, facts, out);
  rules_answer(picture, facts, out);
  rules_focus(picture, facts, out);
  return out;
}

std::vector<std::pair<std::string, double>> screen_scales(const Marks& marks) {
  std::vector<std::pair<std::string, double>> out;
  std::vector<const Mark*> longest;  // per quantity, the largest unbroken value with a length
  for (const Mark& m : marks) {
    if (!m.view.empty() || m.broken || m.direction == Direction::none || !(m.value > 0)) continue;
    auto it = std::find_if(longest.begin(), longest.end(),
                           [&](const Mark* l) { return l->quantity == m.quantity; });
    if (it == longest.end()) {
      longest.push_back(&m);
    } else if (m.value > (*it)->value) {
      *it = &m;
    }
  }
  for (const Mark* m : longest)
    out.emplace_back(m->quantity, m->length() / m->value);
  return out;
}

std::vector<std::string> check_scales_held(const Picture& before, const Picture& after) {
  std::vector<std::string> out;
  const auto was = screen_scales(before.marks);
  // Named rather than bound (`auto [quantity, k]`): the browser build's clang 14 does not yet
  // let a lambda capture a structured binding.
  for (const auto& scale : screen_scales(after.marks)) {
    const std::string& quantity = scale.first;
    const double k = scale.second;
    auto it =
        std::find_if(was.begin(), was.end(), [&](const auto& w) { return w.first == quantity; });
    if (it == was.end()) continue;
    if (std::abs(k - it->second) > 0.01 * it->second) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "the %s scale moved under a move from %.4g to %.4g px a unit",
                    quantity.c_str(), it->second, k);
      out.emplace_back(buf);
    }
  }
  return out;
}

}  // namespace lessonsim::ui
