// A learner in a class: the statement maker for their moves and the sender of the outbox, both
// set up from the LRS settings when they are complete, nothing otherwise.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "lessonsim/progress.hpp"
#include "lessonsim/xapi.hpp"
#include "lrs_config.hpp"
#include "lrs_sender.hpp"

namespace lessonsim::app {

struct Classroom {
  LrsConfig config;
  std::unique_ptr<xapi::StatementMaker> maker;
  std::unique_ptr<BackgroundSender> sender;
  // Why nothing is recorded although an LRS is named (a missing learner name, an unreadable
  // credentials file, ...); empty when all is well or no LRS is named.
  std::string problem;
};

// Reads the settings; with an endpoint and a learner, and a store that keeps its file, makes the
// registration and the maker, and starts the sender on the store's folder.
Classroom join_class(ProgressStore& store, const std::filesystem::path& data_dir,
                     const std::filesystem::path& course_dir);

// What reached the LRS before a command ends: it waits a little for the last statements (15 s
// at most) and says on the error output how many were sent and how many wait for the next run
// or `lessonsim sync`.
void say_delivery(BackgroundSender& sender, const std::string& endpoint);

// The credentials named by the settings (empty when none is named); false with `error` when a
// named file cannot be used.
bool lrs_credentials(const LrsConfig& config, std::string& credentials, std::string& error);

}  // namespace lessonsim::app
