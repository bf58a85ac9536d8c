// Runs the built `lessonsim` binary and captures what it prints, for command-line tests.
#pragma once

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

struct CliResult {
  int code = -1;
  std::string out;  // stdout and stderr together
};

inline CliResult run_cli(const std::string& args, const std::string& stdin_text = {}) {
  std::string cmd = std::string(LESSONSIM_BINARY) + " " + args + " 2>&1";
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
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (!input_file.empty()) std::remove(input_file.c_str());
  return r;
}
