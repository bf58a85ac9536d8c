// The functions a lesson's expressions may call: min, max, ceil, floor, and the calculator's
// published functions, so a formula machine's numbers still come from the calculator.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace lessonsim {

struct ExprFunction {
  const char* name;
  int min_args;
  int max_args;
  // Never throws and never returns NaN or infinity: inputs no real setup can have (what the
  // calculator refuses) give 0, as a division by zero does.
  double (*call)(std::span<const double> args);
  // The unit of the result, for a formula machine's unit check; empty when it is the unit of
  // the arguments (min, max, ceil, floor), which must then agree.
  const char* unit;
  const char* signature;    // e.g. "min_gpus(model_gb, gpu_gb)"
  const char* description;  // one line for `lessonsim doc machines` and the authoring guide
};

const std::vector<ExprFunction>& expr_functions();
// -1 when there is none.
int find_expr_function(std::string_view name);

}  // namespace lessonsim
