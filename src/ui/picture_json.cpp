#include "picture_json.hpp"

#include <algorithm>

namespace lessonsim::ui {

namespace {

using json = nlohmann::json;

json rect_json(const Rect& r, float sx, float sy) {
  return {{"x", r.x0 * sx}, {"y", r.y0 * sy}, {"w", r.width() * sx}, {"h", r.height() * sy}};
}

void put_rect(json& j, const Rect& r, float sx, float sy) {
  j.update(rect_json(r, sx, sy));
}

Rect read_rect(const json& j) {
  const float x = j.at("x").get<float>(), y = j.at("y").get<float>();
  return {x, y, x + j.at("w").get<float>(), y + j.at("h").get<float>()};
}

template <class Enum, std::size_t N>
Enum enum_named(const std::string& name, const Enum (&all)[N], const char* (*to_name)(Enum)) {
  for (Enum e : all) {
    if (name == to_name(e)) return e;
  }
  throw std::invalid_argument("unknown value \"" + name + "\"");
}

constexpr Direction all_directions[] = {Direction::right, Direction::up, Direction::down,
                                        Direction::none};
constexpr Signal all_signals[] = {Signal::neutral, Signal::ok, Signal::warn, Signal::fault};

json mark_json(const Mark& m, float sx, float sy) {
  json j = {{"quantity", m.quantity}, {"value", m.value}, {"unit", m.unit}};
  put_rect(j, m.rect, sx, sy);
  j.update({{"direction", direction_name(m.direction)},
            {"broken", m.broken},
            {"label", m.label},
            {"view", m.view},
            {"var", m.var},
            {"state", signal_name(m.state)},
            {"faded", m.faded}});
  return j;
}

Mark read_mark(const json& j) {
  Mark m;
  m.quantity = j.at("quantity").get<std::string>();
  m.value = j.at("value").get<double>();
  m.unit = j.at("unit").get<std::string>();
  m.rect = read_rect(j);
  m.direction = enum_named(j.at("direction").get<std::string>(), all_directions, direction_name);
  m.broken = j.at("broken").get<bool>();
  m.label = j.at("label").get<std::string>();
  m.view = j.value("view", "");
  m.var = j.value("var", "");
  m.state = enum_named(j.value("state", "neutral"), all_signals, signal_name);
  m.faded = j.value("faded", false);
  return m;
}

json plot_point(const PlotPoint& p, float sx, float sy) {
  return json::array({p.x, p.y, p.px * sx, p.py * sy});
}

json facts_json(const ScreenFacts& f) {
  json step = {
      {"lesson", f.lesson},       {"id", f.step},
      {"kind", f.kind},           {"machine", f.machine},
      {"reads", f.focus.reads},   {"explained", f.focus.explained},
      {"hidden", f.focus.hidden}, {"goal_met", f.goal_met ? json(*f.goal_met) : json(nullptr)},
      {"moves", f.moves},         {"zoomed", f.zoomed}};
  step["point"] =
      f.point ? json{{"var", f.point->var}, {"unit", f.point->unit}, {"value", f.point->value}}
              : json(nullptr);
  step["answer"] = f.answer ? json{{"var", f.answer->var},
                                   {"quantity", f.answer->quantity},
                                   {"unit", f.answer->unit},
                                   {"value", f.answer->value},
                                   {"within", f.answer->within}}
                            : json(nullptr);
  return step;
}

}  // namespace

json picture_json(const Picture& picture, const ScreenFacts& facts, float sx, float sy) {
  json marks = json::array(), views = json::array(), texts = json::array(), plots = json::array();
  for (const Mark& m : picture.marks)
    marks.push_back(mark_json(m, sx, sy));
  for (const View& v : picture.views) {
    json j = {{"id", v.id},
              {"zoom_of", v.zoom_of},
              {"factor", v.factor},
              {"source", rect_json(v.source, sx, sy)}};
    put_rect(j, v.rect, sx, sy);
    views.push_back(std::move(j));
  }
  for (const TextBox& t : picture.texts) {
    json j = rect_json(t.rect, sx, sy);
    j.update({{"text", t.text}, {"clipped", t.clipped}});
    texts.push_back(std::move(j));
  }
  for (const Plot& p : picture.plots) {
    json points = json::array();
    for (const PlotPoint& q : p.points)
      points.push_back(plot_point(q, sx, sy));
    plots.push_back({{"x_quantity", p.x_quantity},
                     {"y_quantity", p.y_quantity},
                     {"x_unit", p.x_unit},
                     {"y_unit", p.y_unit},
                     {"points", points},
                     {"current", p.current ? plot_point(*p.current, sx, sy) : json(nullptr)}});
  }
  return {{"marks", marks},
          {"views", views},
          {"texts", texts},
          {"plots", plots},
          {"canvas", rect_json(picture.canvas, sx, sy)},
          {"shows_machine", facts.shows_machine},
          {"step", facts_json(facts)}};
}

bool picture_from_json(const json& dump, Picture& picture, ScreenFacts& facts, std::string& error) {
  try {
    picture = {};
    for (const json& m : dump.at("marks"))
      picture.marks.push_back(read_mark(m));
    for (const json& v : dump.value("views", json::array())) {
      picture.views.push_back({v.at("id").get<std::string>(), v.value("zoom_of", ""),
                               v.at("factor").get<double>(), read_rect(v.at("source")),
                               read_rect(v)});
    }
    for (const json& t : dump.value("texts", json::array()))
      picture.texts.push_back(
          {read_rect(t), t.at("text").get<std::string>(), t.at("clipped").get<bool>()});
    if (dump.contains("canvas")) picture.canvas = read_rect(dump.at("canvas"));
    facts = {};
    facts.shows_machine = dump.value("shows_machine", false);
    const json step = dump.value("step", json::object());
    facts.lesson = step.value("lesson", "");
    facts.step = step.value("id", "");
    facts.kind = step.value("kind", "");
    facts.machine = step.value("machine", "");
    facts.focus.reads = step.value("reads", std::vector<std::string>{});
    facts.focus.explained = step.value("explained", std::vector<std::string>{});
    facts.focus.hidden = step.value("hidden", std::vector<std::string>{});
    if (step.contains("goal_met") && step.at("goal_met").is_boolean())
      facts.goal_met = step.at("goal_met").get<bool>();
    if (step.contains("answer") && step.at("answer").is_object()) {
      const json& a = step.at("answer");
      facts.answer =
          ScreenFacts::Answer{a.at("var").get<std::string>(), a.at("quantity").get<std::string>(),
                              a.at("unit").get<std::string>(), a.at("value").get<double>(),
                              a.at("within").get<double>()};
    }
    if (step.contains("point") && step.at("point").is_object()) {
      const json& pt = step.at("point");
      facts.point =
          ScreenFacts::Point{pt.at("var").get<std::string>(), pt.at("unit").get<std::string>(),
                             pt.at("value").get<double>()};
    }
    facts.moves = step.value("moves", 0);
    facts.zoomed = step.value("zoomed", false);
  } catch (const std::exception& e) {
    error = e.what();
    return false;
  }
  return true;
}

}  // namespace lessonsim::ui
