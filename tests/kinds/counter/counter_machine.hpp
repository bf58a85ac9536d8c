// A machine kind defined only in the tests: a counter between 0 and a limit. It shows what a
// new kind is: this one file (its class and its table) and one call to register_machine_kind.
#pragma once

#include <cstdint>
#include <memory>

#include "lessonsim/machine.hpp"
#include "lessonsim/machine_table.hpp"

namespace lessonsim::testing {

class CounterMachine final : public Machine {
 public:
  CounterMachine() { apply_defaults(); }
  const MachineSpec& spec() const override { return table(); }
  std::unique_ptr<Machine> clone() const override {
    return std::make_unique<CounterMachine>(*this);
  }
  std::string check() const override { return count_ > limit_ ? "count is more than limit" : ""; }

  static const MachineSpec& table() {
    using M = CounterMachine;
    using namespace lessonsim::table;
    static const MachineSpec spec{
        "counter",
        "A count between 0 and a limit (a kind the tests define).",
        {
            field<M>(
                {"count", SettingType::integer, {0, 100}, {}, 0, "", "where the count starts"},
                [](auto& m) -> auto& { return m.count_; }),
            field<M>(
                {"limit", SettingType::integer, {1, 100}, {}, 5, "", "the highest count"},
                [](auto& m) -> auto& { return m.limit_; }),
        },
        {
            number<M>("count", "", "the count", [](const M& m) { return m.count_; }),
            boolean<M>("full", "the count is at its limit",
                       [](const M& m) { return m.count_ == m.limit_; }),
        },
        {
            {"up",
             {},
             "one more",
             "+",
             LocalizedText{{{"es", "uno más"}, {"en", "one more"}}, {}},
             run<M>([](M& m) { return m.to(m.count_ + 1); })},
            {"down",
             {},
             "one fewer",
             "-",
             LocalizedText{{{"es", "uno menos"}, {"en", "one fewer"}}, {}},
             run<M>([](M& m) { return m.to(m.count_ - 1); })},
            {"set_count",
             {{"n", ActionParam::Kind::integer}},
             "exactly n",
             {},
             {},
             run<M>([](M& m, std::int64_t n) { return m.to(n); }),
             {"up", "down"}},
        },
        [](const MachineContext&) -> std::unique_ptr<Machine> {
          return std::make_unique<CounterMachine>();
        },
    };
    return spec;
  }

 private:
  Outcome to(std::int64_t n) {
    if (n < 0 || n > limit_)
      return Outcome{false,
                     LocalizedText{{{"es", "Fuera de límites."}, {"en", "Out of bounds."}}, {}}};
    count_ = n;
    return Outcome::done();
  }

  std::int64_t count_ = 0;
  std::int64_t limit_ = 0;
};

// A lesson on the counter: one operate step whose goal is a full count, and a playthrough.
inline constexpr const char* counter_lesson = R"({
  "format": 1, "id": "count-up", "version": "1.0.0", "locales": ["en"],
  "title": {"en": "Counting up"},
  "machine": {"kind": "counter", "limit": 3},
  "steps": [
    {"id": "drive", "kind": "operate", "text": {"en": "Count up to {count}."},
     "allow": ["up", "down"], "goal": "full", "reveal": {"en": "Full at {count}."}},
    {"id": "wrap", "kind": "summary", "key_idea": {"en": "Counting."}, "can_do": {"en": "Count."},
     "leads_to": {"en": "More counting."}}
  ],
  "playthroughs": [
    {"name": "counts to the limit", "actions": [{"do": "up"}, {"do": "up"}, {"do": "up"}],
     "expect": [{"after": 3, "reveal_shown": true}, {"at_end": "full && count == 3"}]}
  ]
})";

}  // namespace lessonsim::testing
