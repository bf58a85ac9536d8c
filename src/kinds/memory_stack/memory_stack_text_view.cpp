// The memory-stack machine in a terminal: the fullest GPU's stack against its memory line.
#include "lessonsim/messages.hpp"
#include "memory_stack.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

namespace {

std::string draw_memory_stack_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const MemoryStackMachine&>(machine);
  const calc::MemoryPlan plan = m.plan();
  const calc::MemoryParts& p = plan.per_gpu;
  auto gb = [&](calc::Bytes b) { return format_gb(calc::bytes_to_gb(b), locale); };
  const calc::Bytes total = p.total();
  const calc::Bytes scale = std::max(total, m.gpu_bytes());
  const int width = 40;
  // One letter per part, the memory line drawn as '|' where it falls.
  struct Part {
    calc::Bytes bytes;
    char letter;
    const char* name;
  };
  const Part parts[] = {{p.weights, 'W', "text_view.memory_stack.weights"},
                        {p.gradients, 'G', "text_view.memory_stack.gradients"},
                        {p.optimizer, 'O', "text_view.memory_stack.optimizer"},
                        {p.activations, 'A', "text_view.memory_stack.activations"}};
  std::string cells(width, '.');
  double top = 0;
  for (const Part& part : parts) {
    double from = top;
    top += static_cast<double>(part.bytes) / static_cast<double>(scale) * width;
    for (int k = static_cast<int>(from + 0.5); k < static_cast<int>(top + 0.5) && k < width; ++k) {
      cells[static_cast<std::size_t>(k)] = part.letter;
    }
  }
  const int line = std::min(
      width - 1, static_cast<int>(static_cast<double>(m.gpu_bytes()) / scale * width + 0.5));
  std::string bar = "[" + cells.substr(0, static_cast<std::size_t>(line)) + "|" +
                    cells.substr(static_cast<std::size_t>(line)) + "]";
  std::string out = phrase(locale, "text_view.memory_stack.fullest_gpu") + bar + "\n";
  for (const Part& part : parts) {
    if (part.letter == 'A' && !plan.activations_counted) continue;
    out += std::string("  ") + part.letter + " " + phrase(locale, part.name) + ": " +
           gb(part.bytes) + '\n';
  }
  out += phrase(locale, "text_view.memory_stack.total") + gb(total) + " / " + gb(m.gpu_bytes());
  if (total > m.gpu_bytes()) {
    out += phrase(locale, "text_view.memory_stack.over_by") + gb(total - m.gpu_bytes()) + "!";
  }
  out += '\n';
  out += tr(locale, Message("text_view.memory_stack.setup")
                        .num("n", static_cast<double>(m.gpus()))
                        .num("zero", m.zero())
                        .text("precision", std::string(calc::precision_name(m.precision())))
                        .text("optimizer", std::string(calc::optimizer_title(m.optimizer()))));
  const calc::Bytes serve = plan.one_copy.weights;
  const calc::Bytes train =
      plan.one_copy.weights + plan.one_copy.gradients + plan.one_copy.optimizer;
  out += tr(
      locale,
      Message("text_view.memory_stack.copies").text("serve", gb(serve)).text("train", gb(train)));
  return out;
}

}  // namespace

const TextView& memory_stack_text_view() {
  static const TextView view{"memory-stack", &draw_memory_stack_text};
  return view;
}

}  // namespace lessonsim::app
