// The GPU-count actions several kinds' tables share, written once: exactly n, one more or fewer,
// twice or half as many GPUs, each through the kind's own `set_gpus`, which checks the range.
// A kind hands over pointers to its members, so they may stay private.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lessonsim/machine_table.hpp"

namespace lessonsim::table {

template <class M>
struct GpuCount {
  Outcome (M::*set)(std::int64_t);
  std::int64_t M::*gpus;
  std::int64_t M::*max_gpus;

  // `set_gpus n`; `stepped_by` names the actions that reach each count one at a time.
  ActionInfo exactly(std::vector<std::string> stepped_by = {}) const {
    return {"set_gpus",
            {{"n", ActionParam::Kind::integer}},
            "exactly n GPUs",
            {},
            {},
            run<M>([c = *this](M& m, std::int64_t n) { return (m.*c.set)(n); }),
            std::move(stepped_by)};
  }
  // `add_gpu` on + or =; `key_help` is the kind's message for it.
  ActionInfo one_more(const char* key_help) const {
    return step("add_gpu", "one more GPU", "+=", key_help, 1);
  }
  // `remove_gpu` on - or _.
  ActionInfo one_fewer(const char* key_help) const {
    return step("remove_gpu", "one GPU fewer", "-_", key_help, -1);
  }
  // `double_gpus` on *, + or =: past the most GPUs is asked for as one more than the most, so
  // `set_gpus` refuses it with the limit rather than overflowing.
  ActionInfo twice() const {
    return {"double_gpus",
            {},
            "twice as many GPUs",
            "*+=",
            LocalizedText::of("machine.cluster.double_the_gpus"),
            run<M>([c = *this](M& m) {
              const std::int64_t now = m.*c.gpus, most = m.*c.max_gpus;
              return (m.*c.set)(now > most / 2 ? most + 1 : now * 2);
            })};
  }
  // `halve_gpus` on /, - or _.
  ActionInfo half() const {
    return {"halve_gpus",
            {},
            "half as many GPUs",
            "/-_",
            LocalizedText::of("machine.cluster.halve_the_gpus"),
            run<M>([c = *this](M& m) { return (m.*c.set)(m.*c.gpus / 2); })};
  }

 private:
  ActionInfo step(const char* name, const char* what, const char* keys, const char* key_help,
                  std::int64_t by) const {
    return {name, {}, what, keys, LocalizedText::of(key_help), run<M>([c = *this, by](M& m) {
              return (m.*c.set)(m.*c.gpus + by);
            })};
  }
};

}  // namespace lessonsim::table
