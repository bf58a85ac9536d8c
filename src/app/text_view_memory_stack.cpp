// The memory-stack machine in a terminal: the fullest GPU's stack against its memory line.
#include "lessonsim/machines/memory_stack.hpp"
#include "text_view_kinds.hpp"

namespace lessonsim::app {

std::string draw_memory_stack_text(const Machine& machine, std::string_view locale) {
  const auto& m = static_cast<const MemoryStackMachine&>(machine);
  const bool es = locale == "es";
  const calc::MemoryPlan plan = m.plan();
  const calc::MemoryParts& p = plan.per_gpu;
  auto gb = [&](calc::Bytes b) { return format_number(calc::bytes_to_gb(b), locale) + " GB"; };
  const calc::Bytes total = p.total();
  const calc::Bytes scale = std::max(total, m.gpu_bytes());
  const int width = 40;
  // One letter per part, the memory line drawn as '|' where it falls.
  struct Part {
    calc::Bytes bytes;
    char letter;
    const char* es_name;
    const char* en_name;
  };
  const Part parts[] = {{p.weights, 'W', "pesos", "weights"},
                        {p.gradients, 'G', "gradientes", "gradients"},
                        {p.optimizer, 'O', "optimizador", "optimizer"},
                        {p.activations, 'A', "activaciones", "activations"}};
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
  std::string out = (es ? "GPU más llena " : "Fullest GPU ") + bar + "\n";
  for (const Part& part : parts) {
    if (part.letter == 'A' && !plan.activations_counted) continue;
    out += std::string("  ") + part.letter + " " + (es ? part.es_name : part.en_name) + ": " +
           gb(part.bytes) + '\n';
  }
  out += (es ? "  total " : "  total ") + gb(total) + " / " + gb(m.gpu_bytes());
  if (total > m.gpu_bytes()) {
    out += (es ? "  ¡se pasa por " : "  OVER by ") + gb(total - m.gpu_bytes()) + "!";
  }
  out += '\n';
  out += (es ? "  " + std::to_string(m.gpus()) + " GPU, ZeRO etapa "
             : "  " + std::to_string(m.gpus()) + " GPUs, ZeRO stage ") +
         std::to_string(m.zero()) + ", " + std::string(calc::precision_name(m.precision())) + ", " +
         std::string(calc::optimizer_title(m.optimizer())) + '\n';
  const calc::Bytes serve = plan.one_copy.weights;
  const calc::Bytes train =
      plan.one_copy.weights + plan.one_copy.gradients + plan.one_copy.optimizer;
  out += (es ? "  Servir: " : "  Serve: ") + gb(serve) + (es ? " · Entrenar: " : " · Train: ") +
         gb(train) + '\n';
  return out;
}

}  // namespace lessonsim::app
