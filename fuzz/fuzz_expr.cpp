// Fuzzes the condition compiler and evaluator with arbitrary text and variable values.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "lessonsim/expr.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<lessonsim::VariableInfo> vars = {
      {"gpus", lessonsim::ValueType::number, ""},
      {"overflow_gb", lessonsim::ValueType::number, ""},
      {"fits", lessonsim::ValueType::boolean, ""},
  };
  // The first 24 bytes, when present, are the variables' values (any bit pattern, NaN too).
  std::vector<double> values(3, 0.0);
  if (size >= 24) {
    std::memcpy(values.data(), data, 24);
    data += 24;
    size -= 24;
  }
  lessonsim::ExprError error;
  auto e = lessonsim::Expression::compile(
      std::string_view(reinterpret_cast<const char*>(data), size), vars, error);
  if (e) (void)e->evaluate(values);
  return 0;
}
