// The subcommands of the `lessonsim` executable, each registered on the root CLI11 app.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "lessonsim/machine.hpp"

namespace lessonsim::app {

// Exit codes shared by every subcommand (DESIGN.md).
enum Exit : int { exit_ok = 0, exit_wrong = 1, exit_usage = 2, exit_environment = 3 };

void add_check_command(CLI::App& root, int& exit_code);
void add_test_command(CLI::App& root, int& exit_code);
void add_play_command(CLI::App& root, int& exit_code);
void add_calc_command(CLI::App& root, int& exit_code);
void add_new_command(CLI::App& root, int& exit_code);
void add_doc_command(CLI::App& root, int& exit_code);
void add_progress_command(CLI::App& root, int& exit_code);
void add_review_command(CLI::App& root, int& exit_code);

// A command typed in `play` or `review` (+, slice, 3, set_gpus 4...) as an action; nullopt for
// an unknown command.
std::optional<Action> parse_command(const std::string& line);
#ifdef LESSONSIM_HAS_WINDOW
void add_shot_command(CLI::App& root, int& exit_code);
void add_card_command(CLI::App& root, int& exit_code);
#endif

}  // namespace lessonsim::app
