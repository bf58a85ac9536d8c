// The parts each kind's picture draws (a panel, a gauge, a timeline) and the variables each
// draws: declared beside the kind's table, in its folder's KIND_picture.cpp, so `check` knows
// what a step's picture shows and the canvas fades or folds what the step is not about.
#pragma once

#include <utility>
#include <vector>

#include "lessonsim/machine.hpp"

namespace lessonsim {

#define LESSONSIM_KIND(folder) std::vector<PicturePart> folder##_picture_parts();
#include "kinds.def"
#undef LESSONSIM_KIND

// `spec` with its picture's parts.
inline MachineSpec with_picture(MachineSpec spec, std::vector<PicturePart> parts) {
  spec.picture = std::move(parts);
  return spec;
}

}  // namespace lessonsim
