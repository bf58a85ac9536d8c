// The exception a failed ImGui check in lessonsim's code raises, so tests report it instead of
// aborting.
#pragma once

#include <stdexcept>

namespace lessonsim::ui {

class ImGuiAssertion : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

}  // namespace lessonsim::ui
