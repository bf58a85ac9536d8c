// Runs the built `lessonsim` binary and captures what it prints, for command-line tests.
#pragma once

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <string>

struct CliResult {
  int code = -1;
  std::string out;  // stdout and stderr together
};

// Runs `cmd` (a shell command line, output already joined) and collects what it prints.
inline CliResult run_shell(std::string cmd, const std::string& stdin_text) {
  std::string input_file;
  if (!stdin_text.empty()) {
    char name[] = "/tmp/lessonsim-stdin-XXXXXX";
    int fd = mkstemp(name);
    if (fd >= 0) {
      FILE* f = fdopen(fd, "w");
      std::fputs(stdin_text.c_str(), f);
      std::fclose(f);
      input_file = name;
      cmd += " < " + input_file;
    }
  } else {
    cmd += " < /dev/null";
  }
  CliResult r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0)
    r.out.append(buf.data(), n);
  int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (!input_file.empty()) std::remove(input_file.c_str());
  return r;
}

inline CliResult run_cli(const std::string& args, const std::string& stdin_text = {}) {
  return run_shell(std::string(LESSONSIM_BINARY) + " " + args + " 2>&1", stdin_text);
}

// The same, killed after `seconds` (exit code 137), for inputs that once made it hang; `env` is
// put before the command (`NAME=value ...`).
inline CliResult run_cli_timed(int seconds, const std::string& args, const std::string& env = {}) {
  return run_shell(env + " timeout -s KILL " + std::to_string(seconds) + " " +
                       std::string(LESSONSIM_BINARY) + " " + args + " 2>&1",
                   {});
}
