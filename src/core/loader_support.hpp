// Shared helpers for reading lesson JSON: typed member access with located diagnostics.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "lessonsim/diagnostics.hpp"
#include "lessonsim/expr.hpp"
#include "lessonsim/json_source.hpp"
#include "lessonsim/lesson.hpp"

namespace lessonsim::detail {

struct LoadContext {
  Diagnostics& diags;
  std::vector<std::string> locales;
  const std::vector<VariableInfo>* variables = nullptr;  // null until the machine is known
  bool locales_unknown = false;  // "locales" has an entry that is no code: texts can't be judged
  int format = current_format;   // the file's "format"
  MachineContext machine;        // what the lesson's machine is made with (the catalog)
  // Every feedback rule id the steps declare, kept even when a rule's condition fails, so a
  // playthrough naming it is not reported again for an error already reported at the rule.
  std::vector<std::string> rule_ids = {};
  // Likewise every step id the file declares, kept even when the step itself fails to load.
  std::vector<std::string> step_ids = {};
  // Objects with a misspelt key, by pointer: an error about the object itself (a key missing,
  // "checks nothing") follows from the misspelling, already reported, and is not said again.
  std::vector<std::string> misspelt_objects = {};
  // "steps" could not be read: what names a step or a rule cannot be judged.
  bool steps_unknown = false;
};

// Reads one JSON object: knows its allowed keys, reports unknown and missing ones.
class ObjectReader {
 public:
  ObjectReader(const JsonNode& node, std::string pointer, LoadContext& ctx, const char* what);

  bool ok() const { return ok_; }
  // Declares the keys this object may have, then reports any other.
  void allow(std::initializer_list<const char*> keys, const char* owner);
  void allow(const std::vector<std::string>& keys, const char* owner);
  const JsonNode* get(const char* key, JsonNode::Type type, bool required);
  std::string pointer(const char* key) const { return pointer_ + "/" + pointer_escape(key); }
  const std::string& pointer() const { return pointer_; }
  // The member that allow() reported as a misspelling of `key` ("feedbak" for "feedback"), or
  // null: what it holds is then known to the reader without a second error about it.
  const JsonNode* misspelt(const char* key) const;
  const JsonNode& node() const { return node_; }

  std::string string(const char* key, bool required);
  std::optional<std::int64_t> integer(const char* key, bool required);
  std::optional<bool> boolean(const char* key, bool required);
  LocalizedText text(const char* key, bool required);
  std::optional<Expression> expression(const char* key, bool required, ValueType want);

 private:
  // A required key that is missing: reported at a member that misspells it ("kindd" for
  // "kind") when there is one, else at the object.
  void missing(const char* key);

  const JsonNode& node_;
  std::string pointer_;
  LoadContext& ctx_;
  std::string what_;
  bool ok_ = true;
  std::vector<std::string> fetched_;   // keys asked for, present: never someone's misspelling
  std::vector<std::string> reported_;  // members already reported as misspellings
  // Each member allow() reported, with the key it suggested (empty: none).
  std::vector<std::pair<std::string, std::string>> suggested_;
};

// Reports an error, unless it is about an object whose misspelt key is already reported.
void error_at(LoadContext& ctx, SourcePos pos, const std::string& pointer, std::string message,
              std::string suggestion = {});
// The object at `object_pointer` has a misspelt key, reported at the key.
void note_misspelling(LoadContext& ctx, const std::string& object_pointer);

// A position `offset` bytes into the string whose opening quote is at `string_pos`.
SourcePos inside_string(const JsonNode& string_node, int offset);

LocalizedText read_text(const JsonNode& node, const std::string& pointer, LoadContext& ctx);

std::optional<Expression> read_expression(const JsonNode& node, const std::string& pointer,
                                          LoadContext& ctx, ValueType want);

// Reads an action object ({"do": op, ...}); `machine_only` refuses engine actions (demo steps).
std::optional<Action> read_action(const JsonNode& node, const std::string& pointer,
                                  LoadContext& ctx, const Lesson& lesson, bool machine_only);

// `a, b, c`: the names an author may pick from, when none is close to what they wrote.
std::string join_names(const std::vector<std::string>& names);

// The lesson's "machine": its kind, then each setting as the machine accepts it.
void read_machine(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
                  Lesson& lesson);
// The settings the lesson's machine lets an operate step write beside its `setup`.
std::vector<std::string> step_setting_names(const Lesson& lesson);
// Folds those a step writes into its setup, checked as the setup is.
void read_step_settings(ObjectReader& r, LoadContext& ctx, const Lesson& lesson, Step& step);
// A step's "setup": settings the machine accepts, applied over the lesson's machine.
nlohmann::json read_setup(const JsonNode& node, const std::string& pointer, LoadContext& ctx,
                          const Lesson& lesson);
// A demo's (or a format-3 text step's) actions, played on the step's machine: one the machine
// refuses is an error.
void check_demo(const JsonNode& actions, const std::string& pointer, LoadContext& ctx,
                const Lesson& lesson, const Step& step);

// A predict or quiz step's "choices", "answer" and "answer_from"; `step.setup` already read.
void read_question(ObjectReader& r, LoadContext& ctx, const Lesson& lesson, Step& step);

// An error unless the file's format is at least `since`: `what` came with that format.
void require_format(LoadContext& ctx, SourcePos pos, const std::string& pointer,
                    const std::string& what, int since);

// One step of `lesson.steps`, checked against the machine it works on (its own or the lesson's).
void read_step(const JsonNode& node, const std::string& pointer, LoadContext& ctx, Lesson& lesson);

void read_playthroughs(const JsonNode& array, const std::string& pointer, LoadContext& ctx,
                       Lesson& lesson);

// A BCP 47 code as lessons write it (`es`, `en`, `pt-BR`, `en-XA`): valid_locale_code's check.
bool valid_locale(const std::string& code);
// The code `code` most likely means (`ES` → `es`, `pt-br` → `pt-BR`); empty when none.
std::string normalized_locale(const std::string& code);

}  // namespace lessonsim::detail
