// `lessonsim new ID [--kind KIND]`: writes a small, valid lesson for any machine kind, with
// playthroughs, for an instructor to edit rather than start from an empty file.
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "lessonsim/catalog.hpp"
#include "lessonsim/loader.hpp"
#include "lessonsim/machine.hpp"
#include "lessonsim/share_dir.hpp"
#include "scaffold.hpp"

namespace lessonsim::app {

namespace {

// Every step kind, every text in both locales, a glossary term the texts use, answers the machine
// works out (`answer_from`), and playthroughs whose expectations name their actions by label:
// `check` finds nothing (the course's flow included: most steps ask the learner to act) and
// `test` passes.
constexpr const char* scaffold = R"({
  "$schema": @SCHEMA@,
  "format": @FORMAT@,
  "id": @ID@,
  "version": "0.1.0",
  "locales": ["es", "en"],
  "title": {"es": "Una lección nueva", "en": "A new lesson"},
  "machine": {"kind": "split", "model_gb": 140, "gpu_memory_gb": 80, "gpus": 1, "slices": 1, "max_gpus": 8},
  "steps": [
    {"id": "hook", "kind": "narrate",
     "title": {"es": "El problema", "en": "The problem"},
     "text": {"es": "Un modelo de {model_gb} GB no cabe en una GPU de {gpu_memory_gb} GB.",
              "en": "A {model_gb} GB model does not fit on one {gpu_memory_gb} GB GPU."}},
    {"id": "guess", "kind": "predict",
     "prompt": {"es": "¿Cuántas GPUs hacen falta como mínimo?", "en": "How many GPUs are needed at least?"},
     "choices": [{"text": {"es": "1", "en": "1"}, "value": 1}, {"text": {"es": "2", "en": "2"}, "value": 2},
                 {"text": {"es": "4", "en": "4"}, "value": 4}],
     "answer_from": "min_gpus",
     "explain": {"es": "Dos: cada una guarda la mitad, {model_gb / 2} GB.", "en": "Two: each holds half, {model_gb / 2} GB."}},
    {"id": "show", "kind": "demo",
     "setup": {"gpus": 1, "slices": 1},
     "actions": [{"do": "slice"}, {"do": "add_gpu"}],
     "text": {"es": "Cortamos el modelo en dos y añadimos una GPU.",
              "en": "We cut the model in two and add a GPU."}},
    {"id": "drive", "kind": "operate",
     "text": {"es": "Ahora tú: añade GPUs hasta que el modelo quepa.",
              "en": "Your turn: add GPUs until the model fits."},
     "setup": {"gpus": 1}, "couple": true, "allow": ["add_gpu", "remove_gpu"],
     "prediction": "guess",
     "goal": "fits && gpus == min_gpus",
     "feedback": [
       {"id": "over", "when": "overflow_gb > 0",
        "say": {"es": "La GPU más llena se pasa por {overflow_gb} GB.", "en": "The fullest GPU is over by {overflow_gb} GB."}},
       {"id": "spare", "when": "gpus > min_gpus",
        "say": {"es": "Cabe, pero con {min_gpus} GPUs basta.", "en": "It fits, but {min_gpus} GPUs are enough."}}
     ],
     "reveal": {"es": "¡Cabe! Cada GPU guarda {max_load_gb} GB.", "en": "It fits! Each GPU holds {max_load_gb} GB."}},
    {"id": "check", "kind": "quiz",
     "prompt": {"es": "¿Por qué hizo falta una segunda GPU?", "en": "Why was a second GPU needed?"},
     "choices": [
       {"text": {"es": "Para ir más rápido", "en": "To go faster"},
        "feedback": {"es": "Aquí no: el modelo no cabía en una.", "en": "Not here: the model did not fit on one."}},
       {"text": {"es": "Porque el modelo no cabía en una", "en": "Because the model did not fit on one"}}
     ],
     "answer": 1,
     "explain": {"es": "Exacto: la memoria manda.", "en": "Right: memory decides."}},
    {"id": "bigger", "kind": "predict", "setup": {"model_gb": 280, "gpus": 1},
     "prompt": {"es": "¿Y un modelo de {model_gb} GB?", "en": "And a {model_gb} GB model?"},
     "choices": [{"text": {"es": "2 GPUs", "en": "2 GPUs"}, "value": 2}, {"text": {"es": "3 GPUs", "en": "3 GPUs"}, "value": 3},
                 {"text": {"es": "4 GPUs", "en": "4 GPUs"}, "value": 4}],
     "answer_from": "min_gpus",
     "explain": {"es": "{model_gb} / {gpu_memory_gb} = 3,5: redondeando hacia arriba, cuatro.", "en": "{model_gb} / {gpu_memory_gb} = 3.5: rounded up, four."}},
    {"id": "drive-bigger", "kind": "operate",
     "text": {"es": "Haz que quepa el modelo de {model_gb} GB.", "en": "Make the {model_gb} GB model fit."},
     "setup": {"model_gb": 280, "gpus": 1}, "couple": true, "allow": ["add_gpu", "remove_gpu"],
     "prediction": "bigger",
     "goal": "fits && gpus == min_gpus",
     "feedback": [
       {"id": "still-over", "when": "overflow_gb > 0",
        "say": {"es": "Aún se pasa por {overflow_gb} GB.", "en": "Still over by {overflow_gb} GB."}},
       {"id": "too-many", "when": "gpus > min_gpus",
        "say": {"es": "Con {min_gpus} GPUs basta.", "en": "{min_gpus} GPUs are enough."}}
     ],
     "reveal": {"es": "{gpus} GPUs de {slice_gb} GB cada una.", "en": "{gpus} GPUs of {slice_gb} GB each."}},
    {"id": "wrap", "kind": "summary",
     "key_idea": {"es": "Un modelo grande se reparte entre varias GPUs.", "en": "A large model is split across several GPUs."},
     "can_do": {"es": "Calcular cuántas GPUs necesita un modelo.", "en": "Work out how many GPUs a model needs."},
     "leads_to": {"es": "Cuánto cuesta cada respuesta.", "en": "What each answer costs."}}
  ],
  "glossary": [
    {"term": "GPU", "definition": {"es": "Un chip que hace muchas cuentas a la vez y tiene su propia memoria.",
                                   "en": "A chip that does many sums at once and has its own memory."}}
  ],
  "playthroughs": [
    {"name": "walks the whole lesson", "locale": "en",
     "actions": [{"do": "next"}, {"do": "choose", "i": 1, "label": "guess"}, {"do": "next"},
                 {"do": "next", "label": "to-drive"}, {"do": "add_gpu", "label": "second-gpu"},
                 {"do": "next"}, {"do": "choose", "i": 0, "label": "faster"}, {"do": "choose", "i": 1, "label": "memory"},
                 {"do": "next"}, {"do": "choose", "i": 2, "label": "four"}, {"do": "next"},
                 {"do": "add_gpu"}, {"do": "add_gpu"}, {"do": "add_gpu", "label": "fourth-gpu"},
                 {"do": "next"}, {"do": "next"}],
     "expect": [{"after": "guess", "correct": true},
                {"after": "to-drive", "step": "drive", "feedback_rule": "over", "feedback_contains": "over by 60 GB"},
                {"after": "second-gpu", "reveal_shown": true, "holds": "fits && gpus == 2"},
                {"after": "faster", "correct": false, "feedback_contains": "did not fit"},
                {"after": "memory", "correct": true},
                {"after": "four", "correct": true},
                {"after": "fourth-gpu", "reveal_shown": true, "holds": "gpus == 4"},
                {"at_end": true, "finished": true}]},
    {"name": "too many GPUs, then too few", "locale": "es",
     "actions": [{"do": "goto", "step": "drive"}, {"do": "add_gpu"}, {"do": "add_gpu", "label": "third"},
                 {"do": "set_gpus", "n": 1, "label": "jump"}, {"do": "remove_gpu", "label": "back-to-two"},
                 {"do": "remove_gpu", "label": "back-to-one"}],
     "expect": [{"after": "third", "feedback_rule": "spare", "feedback_contains": "con 2 GPUs basta"},
                {"after": "jump", "rejected": true},
                {"after": "back-to-two", "reveal_shown": true, "holds": "gpus == 2"},
                {"after": "back-to-one", "feedback_rule": "over", "feedback_contains": "se pasa por 60 GB"}]}
  ]
}
)";

void replace(std::string& text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
}

// The `$schema` path as seen from the new file's folder, so an editor finds the schema.
std::string schema_reference(const std::filesystem::path& out) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path schema = fs::weakly_canonical(assets_dir() / "lesson.schema.json", ec);
  fs::path folder = fs::weakly_canonical(fs::absolute(out, ec).parent_path(), ec);
  fs::path relative = ec ? fs::path{} : schema.lexically_relative(folder);
  return relative.empty() ? "../assets/lesson.schema.json" : relative.generic_string();
}

// A number as a condition writes it: 3, 0.5.
std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

// For a kind without a hand-written scaffold: its table decides. The first parameterless action
// that moves a variable is the operate step's one move, and the goal is that variable past its
// start, so `check` and `test` pass for every registered kind.
std::string kind_scaffold(const MachineSpec& spec) {
  std::unique_ptr<Machine> machine = spec.create({installed_hardware()});
  std::vector<double> before, after;
  machine->values(before);
  Action move;
  std::string goal;
  for (const ActionInfo& a : spec.actions) {
    // A move with no argument, or with one number (tried as 0, then 1).
    std::vector<Action> tries;
    if (a.params.empty()) tries.push_back(Action::make(a.name));
    if (a.params.size() == 1 && a.params[0].kind == ActionParam::Kind::integer) {
      for (int n : {0, 1})
        tries.push_back(Action::with(a.name, a.params[0].name.c_str(), n));
    }
    for (const Action& t : tries) {
      std::unique_ptr<Machine> trial = machine->clone();
      if (!trial->apply(t).ok) continue;
      trial->values(after);
      for (std::size_t k = 0; k < after.size() && goal.empty(); ++k) {
        const bool whole = before[k] == static_cast<double>(static_cast<long long>(before[k]));
        if (after[k] == before[k] || !whole) continue;
        const VariableInfo& v = spec.variables[k];
        goal = v.type == ValueType::boolean
                   ? (after[k] != 0 ? v.name : "!" + v.name)
                   : v.name + (after[k] > before[k] ? " > " : " < ") + number_text(before[k]);
      }
      if (!goal.empty()) {
        move = t;
        break;
      }
    }
    if (!goal.empty()) break;
  }
  if (goal.empty()) return {};
  const std::string& action = move.op;
  // What the move does to the variable the goal reads, for the prediction and the quiz: two
  // acting steps besides the operate step, as the course's flow asks of every lesson.
  const bool boolean = goal.find(' ') == std::string::npos;  // "fits" or "!fits"
  const bool up = boolean ? goal.front() != '!' : goal.find(" > ") != std::string::npos;
  const std::string var =
      boolean ? goal.substr(goal.front() == '!' ? 1 : 0) : goal.substr(0, goal.find(' '));
  nlohmann::ordered_json effects =
      boolean ? nlohmann::ordered_json{{{"es", "Hacerlo verdadero"}, {"en", "Make it true"}},
                                       {{"es", "Hacerlo falso"}, {"en", "Make it false"}}}
              : nlohmann::ordered_json{{{"es", "Subirlo"}, {"en", "Raise it"}},
                                       {{"es", "Bajarlo"}, {"en", "Lower it"}}};
  nlohmann::ordered_json text = {{"es", "Una máquina «" + spec.kind + "»: " + spec.summary},
                                 {"en", "A " + spec.kind + " machine: " + spec.summary}};
  nlohmann::ordered_json lesson = {
      {"$schema", "@SCHEMA@"},
      {"format", "@FORMAT@"},
      {"id", "@ID@"},
      {"version", "0.1.0"},
      {"locales", {"es", "en"}},
      {"title", {{"es", "Una lección nueva"}, {"en", "A new lesson"}}},
      {"machine", {{"kind", spec.kind}}},
      {"steps",
       {{{"id", "hook"}, {"kind", "narrate"}, {"text", text}},
        {{"id", "guess"},
         {"kind", "predict"},
         {"prompt",
          {{"es", "¿Qué hará «" + action + "» con «" + var + "»?"},
           {"en", "What will '" + action + "' do to '" + var + "'?"}}},
         {"choices", effects},
         {"answer", up ? 0 : 1},
         {"explain",
          {{"es", "Pruébalo en el paso siguiente."}, {"en", "Try it in the next step."}}}},
        {{"id", "drive"},
         {"kind", "operate"},
         {"text",
          {{"es", "Ahora tú: prueba «" + action + "»."},
           {"en", "Your turn: try '" + action + "'."}}},
         {"allow", {action}},
         {"goal", goal},
         {"reveal", {{"es", "¡Hecho!"}, {"en", "Done!"}}}},
        {{"id", "check"},
         {"kind", "quiz"},
         {"prompt", {{"es", "¿Qué movió «" + var + "»?"}, {"en", "What moved '" + var + "'?"}}},
         {"choices",
          {{{"es", "«" + action + "»"}, {"en", "'" + action + "'"}},
           {{"es", "Nada: cambia solo"}, {"en", "Nothing: it changes by itself"}}}},
         {"answer", 0},
         {"explain",
          {{"es", "Solo cambia cuando tú lo mueves."},
           {"en", "It only changes when you move it."}}}},
        {{"id", "wrap"},
         {"kind", "summary"},
         {"key_idea",
          {{"es", "Lo que esta máquina enseña."}, {"en", "What this machine teaches."}}},
         {"can_do", {{"es", "Manejar la máquina."}, {"en", "Drive the machine."}}},
         {"leads_to", {{"es", "La siguiente lección."}, {"en", "The next lesson."}}}}}},
      {"playthroughs",
       {{{"name", "reaches the goal"},
         {"locale", "en"},
         {"actions", {{{"do", "goto"}, {"step", "drive"}}, move.to_json()}},
         {"expect", {{{"after", 2}, {"reveal_shown", true}}, {{"at_end", goal}}}}},
        {{"name", "walks the whole lesson"},
         {"locale", "en"},
         {"actions",
          {{{"do", "next"}},
           {{"do", "choose"}, {"i", up ? 0 : 1}},
           {{"do", "next"}},
           move.to_json(),
           {{"do", "next"}},
           {{"do", "choose"}, {"i", 0}},
           {{"do", "next"}},
           {{"do", "next"}}}},
         {"expect",
          {{{"after", 2}, {"correct", true}},
           {{"after", 4}, {"reveal_shown", true}},
           {{"after", 6}, {"correct", true}},
           {{"at_end", true}, {"finished", true}}}}}}}};
  std::string out = lesson.dump(2);
  replace(out, "\"@SCHEMA@\"", "@SCHEMA@");
  replace(out, "\"@ID@\"", "@ID@");
  replace(out, "\"@FORMAT@\"", "@FORMAT@");
  return out + "\n";
}

std::string scaffold_lesson(const std::string& id, const std::string& schema,
                            const MachineSpec& spec) {
  // Split keeps its hand-written scaffold (one step of every kind, a worked example); a formula
  // lesson declares its machine, so its scaffold is written out too.
  std::string text = spec.kind == "split"     ? scaffold
                     : spec.kind == "formula" ? formula_scaffold()
                                              : kind_scaffold(spec);
  if (text.empty()) return text;
  replace(text, "@SCHEMA@", nlohmann::json(schema).dump());
  // Always the format this lessonsim writes, so a new lesson may use every key the guide shows.
  replace(text, "@FORMAT@", std::to_string(current_format));
  replace(text, "@ID@",
          nlohmann::json(id).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  return text;
}

}  // namespace

void add_new_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("new", "Write a new lesson with one step of each kind");
  static std::string id, out, kind = "split";
  cmd->add_option("id", id, "The lesson id: lowercase letters, digits, '-' and '_'")->required();
  cmd->add_option("--out", out, "Where to write it (default: ID.json in this folder)");
  std::vector<std::string> kinds;
  for (const MachineSpec* spec : machine_kinds())
    kinds.push_back(spec->kind);
  cmd->add_option("--kind", kind, "The machine kind (default: split)")->check(CLI::IsMember(kinds));
  cmd->callback([&exit_code] {
    std::filesystem::path path =
        out.empty() ? std::filesystem::path(id + ".json") : std::filesystem::path(out);
    std::string text = scaffold_lesson(id, schema_reference(path), *find_machine_kind(kind));
    if (text.empty()) {
      std::cerr << "error: the " << kind << " machine has no move to scaffold a lesson around\n";
      exit_code = exit_usage;
      return;
    }
    Diagnostics diags("(new lesson)");
    if (!load_lesson(text, diags)) {
      // The template itself is valid, so only the id can be wrong.
      for (const auto& d : diags.all())
        std::cerr << "error: " << d.message << '\n';
      exit_code = exit_usage;
      return;
    }
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
      std::cerr << path.string() << ": error: the file exists already; choose another --out\n";
      exit_code = exit_environment;
      return;
    }
    // "x": never overwrite, even a file that appeared since the check above.
    std::FILE* file = std::fopen(path.c_str(), "wbx");
    bool written = file && std::fwrite(text.data(), 1, text.size(), file) == text.size();
    if (file && std::fclose(file) != 0) written = false;
    if (!written) {
      std::cerr << path.string() << ": error: cannot write the lesson\n";
      exit_code = exit_environment;
      return;
    }
    std::cout << "wrote " << path.string() << "; try: lessonsim check " << path.string()
              << " && lessonsim test " << path.string() << '\n';
    exit_code = exit_ok;
  });
}

}  // namespace lessonsim::app
