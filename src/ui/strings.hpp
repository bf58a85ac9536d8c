// The words of the window itself (buttons, menus, captions) in every language the app speaks.
#pragma once

#include <string_view>

namespace lessonsim::ui {

enum class Str {
  continue_,
  finish,
  back,
  step_of,
  menu_lesson,
  menu_restart,
  menu_quit,
  menu_language,
  menu_view,
  menu_reduce_motion,
  menu_help,
  menu_keys,
  menu_about,
  about_title,
  about_body,
  keys_title,
  keys_body,
  close,
  right,
  not_quite,
  your_prediction,
  prediction_right,
  prediction_wrong,
  what_happened,
  key_idea,
  can_do,
  leads_to,
  lesson_complete,
  lesson_complete_body,
  restart,
  model,
  click_to_cut,
  add_gpu,
  remove_gpu,
  slice,
  merge,
  undo,
  skip,
  gpu,
  nvlink,
  more_gpus,
  idle,
  result_gpus,
  result_one_gpu,
  font_fallback,
  count,  // keep last
};

// The text in `locale`; English for a language the app does not speak.
const char* tr(Str id, std::string_view locale);

// The name of a language in itself, for the language menu ("Español").
const char* language_name(std::string_view locale);

}  // namespace lessonsim::ui
