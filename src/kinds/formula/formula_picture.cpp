// The formula kind's parts are its lesson's: each item of the declared picture is one, built
// with the machine's table (FormulaDef::build_spec); the kind itself declares none.
#include "picture_parts.hpp"

namespace lessonsim {

std::vector<PicturePart> formula_picture_parts() {
  return {};
}

}  // namespace lessonsim
