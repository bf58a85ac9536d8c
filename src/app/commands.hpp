// The subcommands of the `lessonsim` executable, each registered on the root CLI11 app.
#pragma once

#include <CLI/CLI.hpp>

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
#ifdef LESSONSIM_HAS_WINDOW
void add_shot_command(CLI::App& root, int& exit_code);
void add_card_command(CLI::App& root, int& exit_code);
#endif

}  // namespace lessonsim::app
