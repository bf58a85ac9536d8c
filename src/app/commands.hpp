// The subcommands of the `lessonsim` executable, each registered on the root CLI11 app.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "lessonsim/machine.hpp"

namespace lessonsim::app {

// Exit codes shared by every subcommand (docs/command-line.md).
enum Exit : int { exit_ok = 0, exit_wrong = 1, exit_usage = 2, exit_environment = 3 };

void add_check_command(CLI::App& root, int& exit_code);
void add_test_command(CLI::App& root, int& exit_code);
void add_play_command(CLI::App& root, int& exit_code);
void add_calc_command(CLI::App& root, int& exit_code);
void add_new_command(CLI::App& root, int& exit_code);
void add_doc_command(CLI::App& root, int& exit_code);
void add_progress_command(CLI::App& root, int& exit_code);
void add_review_command(CLI::App& root, int& exit_code);
void add_i18n_command(CLI::App& root, int& exit_code);
void add_pack_command(CLI::App& root, int& exit_code);
void add_sync_command(CLI::App& root, int& exit_code);
void add_class_command(CLI::App& root, int& exit_code);

// A command typed in `play` or `review` as an action: the engine's words (next, 3, goto ID...),
// then the machine's own from its table (a key such as +, or a name with its arguments:
// set_gpus 4); nullopt for a command neither knows.
std::optional<Action> parse_command(const std::string& line, const MachineSpec& spec);
// What `play` prints for `?`: the engine's commands, then the machine's own from its table.
std::string play_help(const MachineSpec& spec, std::string_view locale);
// `doc machines` in Markdown and in JSON (settings with their JSON Schema, for the schema).
std::string machine_reference();
nlohmann::ordered_json machine_reference_json();
#ifdef LESSONSIM_HAS_WINDOW
void add_shot_command(CLI::App& root, int& exit_code);
void add_card_command(CLI::App& root, int& exit_code);
#endif

}  // namespace lessonsim::app
