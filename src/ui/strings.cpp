#include "strings.hpp"

#include <array>
#include <utility>

namespace lessonsim::ui {

namespace {

// {Spanish, English}, in the order of Str.
constexpr std::array<std::pair<const char*, const char*>, static_cast<std::size_t>(Str::count)>
    table = {{
        {"Seguir", "Continue"},
        {"Terminar", "Finish"},
        {"Atrás", "Back"},
        {"Paso %d de %d", "Step %d of %d"},
        {"Lección", "Lesson"},
        {"Reiniciar la lección", "Restart lesson"},
        {"Salir", "Quit"},
        {"Idioma", "Language"},
        {"Vista", "View"},
        {"Reducir el movimiento", "Reduce motion"},
        {"Ayuda", "Help"},
        {"Teclado", "Keyboard"},
        {"Acerca de lessonsim", "About lessonsim"},
        {"lessonsim", "lessonsim"},
        {"Lecciones interactivas sobre cómo funciona de verdad la infraestructura de la IA: "
         "predices, manejas una máquina pequeña y ves por qué.",
         "Interactive lessons on how AI infrastructure really works: you predict, drive a small "
         "machine and see why."},
        {"Teclado", "Keyboard"},
        {"Intro / Espacio: seguir\nRetroceso: atrás\n+ / −: añadir o quitar una GPU\nS: cortar   "
         "M: unir   U: deshacer\n1–9: elegir una respuesta\nTab y flechas: moverse entre botones",
         "Enter / Space: continue\nBackspace: back\n+ / −: add or remove a GPU\nS: slice   M: "
         "merge   "
         "U: undo\n1–9: choose an answer\nTab and arrows: move between buttons"},
        {"Cerrar", "Close"},
        {"Elige una respuesta para seguir.", "Choose an answer to go on."},
        {"Prueba otra respuesta para seguir.", "Try another answer to go on."},
        {"Elige una respuesta para seguir.", "Choose an answer to go on."},
        {"Alcanza el objetivo para seguir.", "Reach the goal to go on."},
        {"✓ ¡Correcto!", "✓ Right!"},
        {"✗ No exactamente", "✗ Not quite"},
        {"Tu predicción", "Your prediction"},
        {"✓ Acertaste.", "✓ You called it."},
        {"✗ No era esa: mira por qué.", "✗ Not that one: see why."},
        {"Lo que pasó", "What happened"},
        {"Idea clave", "Key idea"},
        {"Ahora puedes explicar", "You can now explain"},
        {"Lo que viene", "Where it leads"},
        {"¡Lección terminada!", "Lesson complete!"},
        {"Has llegado al final. Puedes repasar cualquier paso con Atrás o empezar de nuevo.",
         "You reached the end. Go back over any step, or start again."},
        {"Empezar de nuevo", "Start again"},
        {"Modelo", "Model"},
        {"Haz clic en el modelo para cortarlo · clic derecho para unir",
         "Click the model to cut it · right-click to merge"},
        {"+ GPU", "+ GPU"},
        {"− GPU", "− GPU"},
        {"Cortar (S)", "Slice (S)"},
        {"Unir (M)", "Merge (M)"},
        {"Deshacer (U)", "Undo (U)"},
        {"Saltar ▸", "Skip ▸"},
        {"GPU", "GPU"},
        {"NVLink", "NVLink"},
        {"+%d más", "+%d more"},
        {"libre", "idle"},
        {"Tu turno", "Your turn"},
        {"Cabe en %d GPU(s).", "It fits on %d GPU(s)."},
        {"No se encontró DejaVu Sans: se usa la fuente integrada.",
         "DejaVu Sans not found: using the built-in font."},
    }};

}  // namespace

const char* tr(Str id, std::string_view locale) {
  const auto& entry = table[static_cast<std::size_t>(id)];
  return locale == "es" ? entry.first : entry.second;
}

const char* language_name(std::string_view locale) {
  if (locale == "es") return "Español";
  if (locale == "en") return "English";
  return nullptr;
}

}  // namespace lessonsim::ui
