// The lesson `lessonsim new ID --kind formula` writes: a machine declared in the file (settings,
// variables, actions, invariants, a picture) and its steps (most of them asking the learner to
// act, as the course's flow asks), valid and tested.
#include "scaffold.hpp"

namespace lessonsim::app {

const char* formula_scaffold() {
  return R"lesson({
  "$schema": @SCHEMA@,
  "format": @FORMAT@,
  "id": @ID@,
  "version": "0.1.0",
  "locales": ["es", "en"],
  "title": {"es": "Una máquina propia", "en": "A machine of your own"},
  "machine": {
    "kind": "formula",
    "settings": [
      {"name": "gpus", "type": "integer", "min": 1, "max": 8, "default": 1, "unit": "GPU",
       "label": {"es": "GPU", "en": "GPUs"}}
    ],
    "variables": [
      {"name": "model_gb", "is": "140", "unit": "GB", "label": {"es": "tamaño del modelo", "en": "model size"}},
      {"name": "gpu_gb", "is": "80", "unit": "GB/GPU"},
      {"name": "memory_gb", "is": "gpus * gpu_gb", "unit": "GB"},
      {"name": "needed", "is": "min_gpus(model_gb, gpu_gb)"},
      {"name": "fits", "is": "memory_gb >= model_gb"}
    ],
    "actions": [
      {"name": "add_gpu", "step": "gpus", "by": 1, "key": "+=", "text": {"es": "añadir una GPU", "en": "add a GPU"}},
      {"name": "remove_gpu", "step": "gpus", "by": -1, "key": "-_", "text": {"es": "quitar una GPU", "en": "remove a GPU"}}
    ],
    "invariants": ["fits == (gpus >= needed)"],
    "picture": [
      {"draw": "bars", "title": {"es": "Memoria", "en": "Memory"},
       "bars": [{"value": "memory_gb", "label": {"es": "las GPU", "en": "the GPUs"}}],
       "limit": "model_gb", "limit_label": {"es": "modelo", "en": "model"}},
      {"draw": "chips", "title": {"es": "GPU", "en": "GPUs"}, "value": "gpus"}
    ]
  },
  "steps": [
    {"id": "hook", "kind": "narrate",
     "text": {"es": "Un modelo de {model_gb} GB y GPU de {gpu_gb} GB cada una.", "en": "A {model_gb} GB model and GPUs of {gpu_gb} GB each."}},
    {"id": "guess", "kind": "predict",
     "prompt": {"es": "¿Cuántas GPU hacen falta?", "en": "How many GPUs does it take?"},
     "choices": [{"es": "Una", "en": "One"}, {"es": "Dos", "en": "Two"}],
     "answer": 1,
     "explain": {"es": "Dos: 140 GB no caben en 80.", "en": "Two: 140 GB do not fit in 80."}},
    {"id": "drive", "kind": "operate", "setup": {"gpus": 1},
     "text": {"es": "Añade GPU hasta que el modelo quepa, sin sobrar.", "en": "Add GPUs until the model fits, with none to spare."},
     "goal": "fits && gpus == needed",
     "feedback": [
       {"when": "!fits", "say": {"es": "Faltan {model_gb} GB y solo hay {memory_gb}.", "en": "It needs {model_gb} GB and there are only {memory_gb}."}},
       {"when": "gpus > needed", "say": {"es": "Con {needed} GPU basta.", "en": "{needed} GPUs are enough."}}
     ],
     "reveal": {"es": "Cabe en {gpus} GPU.", "en": "It fits on {gpus} GPUs."}},
    {"id": "check", "kind": "quiz",
     "prompt": {"es": "¿Qué decide cuántas GPU hacen falta?", "en": "What decides how many GPUs it takes?"},
     "choices": [{"es": "La memoria", "en": "Memory"}, {"es": "El color", "en": "The colour"}],
     "answer": 0,
     "explain": {"es": "La memoria: el modelo tiene que caber.", "en": "Memory: the model has to fit."}},
    {"id": "twice", "kind": "quiz", "setup": {"gpus": 2},
     "prompt": {"es": "¿Cuánta memoria tienen dos GPU?", "en": "How much memory do two GPUs have?"},
     "choices": [{"text": {"es": "80 GB", "en": "80 GB"}, "value": 80},
                 {"text": {"es": "160 GB", "en": "160 GB"}, "value": 160},
                 {"text": {"es": "240 GB", "en": "240 GB"}, "value": 240}],
     "answer_from": "memory_gb",
     "explain": {"es": "Dos veces {gpu_gb} GB: {memory_gb} GB.", "en": "Twice {gpu_gb} GB: {memory_gb} GB."}},
    {"id": "wrap", "kind": "summary",
     "key_idea": {"es": "Un modelo grande se reparte entre varias GPU.", "en": "A large model is split across several GPUs."},
     "can_do": {"es": "Calcular cuántas GPU necesita un modelo.", "en": "Work out how many GPUs a model needs."},
     "leads_to": {"es": "Tu propia máquina, en el mismo archivo.", "en": "Your own machine, in the same file."}}
  ],
  "glossary": [
    {"term": "GPU", "definition": {"es": "Un chip que hace muchas cuentas a la vez y tiene su propia memoria.",
                                   "en": "A chip that does many sums at once and has its own memory."}}
  ],
  "playthroughs": [
    {"name": "walks the whole lesson", "locale": "en",
     "actions": [{"do": "next"}, {"do": "choose", "i": 1, "label": "two"}, {"do": "next", "label": "to-drive"},
                 {"do": "add_gpu", "label": "second-gpu"}, {"do": "next"}, {"do": "choose", "i": 0},
                 {"do": "next"}, {"do": "choose", "i": 1, "label": "160"}, {"do": "next"}, {"do": "next"}],
     "expect": [{"after": "two", "correct": true},
                {"after": "to-drive", "step": "drive", "feedback_contains": "only 80"},
                {"after": "second-gpu", "reveal_shown": true, "holds": "fits && gpus == 2"},
                {"after": "160", "correct": true},
                {"at_end": true, "finished": true}]},
    {"name": "demasiadas GPU", "locale": "es",
     "actions": [{"do": "goto", "step": "drive"}, {"do": "add_gpu"}, {"do": "add_gpu"}, {"do": "remove_gpu"}],
     "expect": [{"after": 3, "feedback_contains": "Con 2 GPU basta"},
                {"at_end": "gpus == 2", "reveal_shown": true}]}
  ]
}
)lesson";
}

}  // namespace lessonsim::app
