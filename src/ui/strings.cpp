#include "strings.hpp"

#include <cstddef>

namespace lessonsim::ui {

namespace {

struct Entry {
  Str id;
  const char* es;
  const char* en;
};

constexpr Entry table[] = {
    {Str::continue_, "Seguir", "Continue"},
    {Str::finish, "Terminar", "Finish"},
    {Str::back, "Atrás", "Back"},
    {Str::step_of, "Paso %d de %d", "Step %d of %d"},
    {Str::menu_lesson, "Lección", "Lesson"},
    {Str::menu_restart, "Reiniciar la lección", "Restart lesson"},
    {Str::menu_quit, "Salir", "Quit"},
    {Str::menu_language, "Idioma", "Language"},
    {Str::menu_view, "Vista", "View"},
    {Str::menu_reduce_motion, "Reducir el movimiento", "Reduce motion"},
    {Str::menu_help, "Ayuda", "Help"},
    {Str::menu_keys, "Teclado", "Keyboard"},
    {Str::menu_about, "Acerca de lessonsim", "About lessonsim"},
    {Str::about_title, "lessonsim", "lessonsim"},
    {Str::about_body,
     "Lecciones interactivas sobre cómo funciona de verdad la infraestructura de la IA: "
     "predices, manejas una máquina pequeña y ves por qué.",
     "Interactive lessons on how AI infrastructure really works: you predict, drive a small "
     "machine and see why."},
    {Str::keys_title, "Teclado", "Keyboard"},
    {Str::keys_body,
     "Intro / Espacio: seguir\nRetroceso: atrás\nU: deshacer\n1–9: elegir una respuesta\n"
     "Tab y flechas: moverse entre botones\nEsc / M: mapa del curso   S / F2: ajustes",
     "Enter / Space: continue\nBackspace: back\nU: undo\n1–9: choose an answer\n"
     "Tab and arrows: move between buttons\nEsc / M: course map   S / F2: settings"},
    {Str::close, "Cerrar", "Close"},
    {Str::right, "✓ ¡Correcto!", "✓ Right!"},
    {Str::not_quite, "✗ No exactamente", "✗ Not quite"},
    {Str::your_prediction, "Tu predicción", "Your prediction"},
    {Str::prediction_right, "✓ Acertaste.", "✓ You called it."},
    {Str::prediction_wrong, "✗ No era esa: mira por qué.", "✗ Not that one: see why."},
    {Str::what_happened, "Lo que pasó", "What happened"},
    {Str::key_idea, "Idea clave", "Key idea"},
    {Str::can_do, "Ahora puedes explicar", "You can now explain"},
    {Str::leads_to, "Lo que viene", "Where it leads"},
    {Str::lesson_complete, "¡Lección terminada!", "Lesson complete!"},
    {Str::lesson_complete_body,
     "Has llegado al final. Puedes repasar cualquier paso con Atrás o empezar de nuevo.",
     "You reached the end. Go back over any step, or start again."},
    {Str::restart, "Empezar de nuevo", "Start again"},
    {Str::model, "Modelo", "Model"},
    {Str::click_to_cut, "Haz clic en el modelo para cortarlo · clic derecho para unir",
     "Click the model to cut it · right-click to merge"},
    {Str::add_gpu, "+ GPU", "+ GPU"},
    {Str::remove_gpu, "− GPU", "− GPU"},
    {Str::slice, "Cortar (S)", "Slice (S)"},
    {Str::merge, "Unir (M)", "Merge (M)"},
    {Str::undo, "Deshacer (U)", "Undo (U)"},
    {Str::skip, "Saltar ▸", "Skip ▸"},
    {Str::gpu, "GPU", "GPU"},
    {Str::nvlink, "NVLink", "NVLink"},
    {Str::more_gpus, "+%d más", "+%d more"},
    {Str::idle, "libre", "idle"},
    {Str::result_gpus, "Cabe en %d GPU.", "It fits on %d GPUs."},
    {Str::result_one_gpu, "Cabe en una sola GPU.", "It fits on one GPU."},
    {Str::font_fallback, "No se encontró DejaVu Sans: se usa la fuente integrada.",
     "DejaVu Sans not found: using the built-in font."},
};

// Each entry names its id, and the ids must run in order with none missing: a forgotten or
// reordered line is a compile error, not a wrong word on screen.
constexpr bool in_order() {
  std::size_t k = 0;
  for (const Entry& e : table) {
    if (static_cast<std::size_t>(e.id) != k++) return false;
  }
  return k == static_cast<std::size_t>(Str::count);
}
static_assert(in_order(), "strings.cpp: the table must list every Str once, in order");

}  // namespace

const char* tr(Str id, std::string_view locale) {
  const Entry& entry = table[static_cast<std::size_t>(id)];
  return locale == "es" ? entry.es : entry.en;
}
const char* language_name(std::string_view locale) {
  if (locale == "es") return "Español";
  if (locale == "en") return "English";
  return nullptr;
}

}  // namespace lessonsim::ui
