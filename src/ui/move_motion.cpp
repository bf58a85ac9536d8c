// The moves animated: the rack's zoom (out to the site and back), a cut or merge of the model,
// and a change of link (the gradient exchange on the new one).
#include "move_motion.hpp"

#include "interconnect/interconnect.hpp"
#include "rack/rack.hpp"
#include "split/split.hpp"

namespace lessonsim::ui {

namespace {
constexpr float zoom_seconds = 1.2f;
constexpr float cut_seconds = 0.9f;
constexpr float exchange_seconds = 3.0f;  // long enough for the slowest link's pulse to crawl
}  // namespace

float move_seconds(const Machine& before, const Machine& after) {
  if (const auto* a = dynamic_cast<const RackMachine*>(&before)) {
    const auto* b = dynamic_cast<const RackMachine*>(&after);
    return b && a->zoom() != b->zoom() ? zoom_seconds : 0;
  }
  if (const auto* a = dynamic_cast<const SplitMachine*>(&before)) {
    const auto* b = dynamic_cast<const SplitMachine*>(&after);
    return b && a->slices() != b->slices() ? cut_seconds : 0;
  }
  if (const auto* a = dynamic_cast<const InterconnectMachine*>(&before)) {
    const auto* b = dynamic_cast<const InterconnectMachine*>(&after);
    return b && a->link().id != b->link().id ? exchange_seconds : 0;
  }
  return 0;
}

}  // namespace lessonsim::ui
