// The options of `lessonsim calc`'s subcommands: read as typed, then checked and converted when
// the subcommand runs, each problem a CalcError naming the option; and the GPU catalog it reads.
#pragma once

#include <cstdint>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/fit.hpp"
#include "lessonsim/calc/quantity.hpp"
#include "lessonsim/catalog.hpp"

namespace lessonsim::app::calc_cli {

// A catalog that cannot be read is the installation's fault, not the user's: exit 3.
struct EnvironmentError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The values of one subcommand's options, as typed; read and checked when it runs.
struct Typed {
  std::map<std::string, std::string> text;
  std::map<std::string, bool> flag;
};

CLI::Option* add_text(CLI::App* cmd, Typed& t, const std::string& name, const std::string& help);
bool given(const CLI::App* cmd, const std::string& name);
// A whole number of at least `min`.
std::int64_t count_option(const Typed& t, const std::string& name, std::int64_t min);
// A number more than 0.
double amount_option(const Typed& t, const std::string& name);
// GB as bytes: at least one byte, at most 10^9 GB.
calc::Bytes gb_option(const Typed& t, const std::string& name);
// The GPU `id` of the installed hardware catalog (read once); EnvironmentError when it cannot
// be read.
const GpuSpec& catalog_gpu(const std::string& id);

std::string fixed(double v, int decimals);
std::string gb(calc::Bytes b);

// Runs one subcommand's body, turning its errors into a message and an exit code.
template <typename Body>
void guarded(const char* name, int& exit_code, Body body) {
  try {
    body();
    exit_code = exit_ok;
  } catch (const calc::CalcError& e) {
    std::cerr << "lessonsim calc " << name << ": " << e.what() << '\n';
    exit_code = exit_usage;
  } catch (const EnvironmentError& e) {
    std::cerr << "lessonsim calc " << name << ": " << e.what() << '\n';
    exit_code = exit_environment;
  }
}

}  // namespace lessonsim::app::calc_cli
