// A formula machine's marks can be pointed at: each bar it draws is found by its variable's
// unit and value, whatever the unit (MW, %, a count), as a step's `point` looks for it.
#include <catch2/catch.hpp>

#include "../../support/machine_test_support.hpp"
#include "../../support/test_files.hpp"
#include "formula/formula.hpp"
#include "formula/formula_layout.hpp"
#include "lessonsim/loader.hpp"
#include "point_ring.hpp"

using namespace lessonsim;
using namespace lessonsim::ui;

TEST_CASE("formula point: the site's MW bars in watts-and-cooling are found by MW and value",
          "[ui][formula]") {
  auto lesson = lessonsim::testing::shipped_lesson("watts-and-cooling.json");
  const Step* site = nullptr;
  for (const Step& s : lesson->steps) {
    if (s.id == "site-quiz") site = &s;
  }
  REQUIRE(site);
  REQUIRE(site->machine);
  const auto& m = static_cast<const FormulaMachine&>(*site->machine);
  std::vector<double> values;
  m.values(values);
  const FormulaLayout l = layout_formula(m.def(), values, {0, 0, 760, 560});
  CHECK(check_marks(l.marks, {}, true).empty());
  for (const char* name : {"site_mw", "stargate_mw"}) {
    INFO(name);
    const std::size_t k = *m.spec().variable(name);
    CHECK(m.spec().variables[k].unit == "MW");
    const Mark* found = pointed_mark(l.marks, "MW", values[k]);
    REQUIRE(found);
    CHECK(found->quantity == "power");
    CHECK(found->value == Approx(values[k] * 1e6));
  }
}

TEST_CASE("formula point: a bar in any unit is found by that unit and its value", "[ui][formula]") {
  for (const char* unit : {"W", "kW", "MW", "B", "GB", "TB", "s", "ms", "h", "day", "days", "USD",
                           "%", "GPU", "months"}) {
    INFO(unit);
    const Scale s = scale_for_unit(unit, 2);
    const Marks marks = {s.right(12.5, 0, 0, 10, 1000)};
    CHECK(pointed_mark(marks, unit, 12.5) == &marks[0]);
    CHECK(pointed_mark(marks, unit, 13) == nullptr);
  }
}

TEST_CASE("formula point: kW and MW bars on one picture are drawn on one power scale",
          "[ui][formula]") {
  // watts-and-cooling's site in MW, with the same draw added in kW as a picture of its own.
  nlohmann::json doc = nlohmann::json::parse(test::shipped_lesson_text("watts-and-cooling.json"));
  nlohmann::json* machine = nullptr;
  for (auto& s : doc["steps"]) {
    if (s["id"] == "site-quiz") machine = &s["machine"];
  }
  REQUIRE(machine);
  (*machine)["variables"].push_back(
      {{"name", "site_kw"}, {"is", "site_mw * kw_per_mw"}, {"unit", "kW"}});
  nlohmann::json kw_item = (*machine)["picture"][0];
  kw_item["bars"] = {{{"value", "site_kw"}, {"label", kw_item["bars"][0]["label"]}}};
  kw_item.erase("full");
  (*machine)["picture"].push_back(kw_item);
  Diagnostics diags("mixed.json");
  auto lesson = load_lesson(doc.dump(), diags);
  REQUIRE(lesson);
  const Step* site = nullptr;
  for (const Step& s : lesson->steps) {
    if (s.id == "site-quiz") site = &s;
  }
  REQUIRE(site);
  const auto& m = static_cast<const FormulaMachine&>(*site->machine);
  std::vector<double> values;
  m.values(values);
  const FormulaLayout l = layout_formula(m.def(), values, {0, 0, 760, 560});
  // The same 127.5 MW, once from each picture: two power marks of one length.
  std::vector<const Mark*> site_draw;
  for (const Mark& mark : l.marks) {
    if (mark.quantity == "power" && mark.value == Approx(127.5e6)) site_draw.push_back(&mark);
  }
  REQUIRE(site_draw.size() == 2);
  CHECK(site_draw[0]->length() == Approx(site_draw[1]->length()).margin(0.5));
  CHECK(check_marks(l.marks, {}, true).empty());
}

TEST_CASE("formula point: chips and counters, drawn as no length, can still be pointed at",
          "[ui][formula]") {
  auto lesson = lessonsim::testing::shipped_lesson("own-or-rent.json");
  std::unique_ptr<Machine> m = lesson->machine->clone();
  std::vector<double> values;
  m->values(values);
  const auto& def = static_cast<const FormulaMachine&>(*m).def();
  const FormulaLayout l = layout_formula(def, values, {0, 0, 760, 560});
  // own-or-rent draws its server's 8 GPUs as chips and the hourly figures in tiles.
  for (const char* name : {"gpus", "rent_usd_per_hour", "power_usd_per_hour"}) {
    INFO(name);
    const std::size_t k = *m->spec().variable(name);
    REQUIRE(values[k] > 0);
    const Mark* found = pointed_mark(l.marks, m->spec().variables[k].unit, values[k]);
    REQUIRE(found);
    CHECK_FALSE(found->view.empty());  // a view of its own: compared with no length
  }
  CHECK(check_marks(l.marks, {}, true).empty());
}
