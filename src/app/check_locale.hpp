// `check --locale L`: what a language still lacks, as warnings: the interface catalog's missing
// message ids (named, in the catalog file) and the lessons with no texts in L.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "lessonsim/diagnostics.hpp"

namespace lessonsim::app {

std::vector<Diagnostic> check_locale_coverage(const std::string& locale,
                                              const std::vector<std::filesystem::path>& lessons);

}  // namespace lessonsim::app
