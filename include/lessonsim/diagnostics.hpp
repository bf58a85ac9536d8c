// Located problems in an input file, collected in one pass and printed GCC-style for editors.
#pragma once

#include <string>
#include <vector>

namespace lessonsim {

struct SourcePos {
  int line = 0;  // 1-based; 0 means "the whole file"
  int column = 0;
};

enum class Severity { error, warning };

struct Diagnostic {
  Severity severity = Severity::error;
  std::string file;
  SourcePos pos;
  std::string message;
  std::string pointer;     // JSON pointer of the value concerned, may be empty
  std::string suggestion;  // a close name, when one exists
};

class Diagnostics {
 public:
  explicit Diagnostics(std::string file = {}) : file_(std::move(file)) {}

  void error(SourcePos pos, std::string message, std::string pointer = {},
             std::string suggestion = {});
  void warning(SourcePos pos, std::string message, std::string pointer = {},
               std::string suggestion = {});

  const std::vector<Diagnostic>& all() const { return items_; }
  bool has_errors() const;
  int error_count() const;
  const std::string& file() const { return file_; }

 private:
  std::string file_;
  std::vector<Diagnostic> items_;
};

// `FILE:LINE:COL: error: MESSAGE (at /pointer)`; a suggestion is already part of the message.
std::string format_gcc(const Diagnostic& d);

// Levenshtein distance, for "did you mean" hints.
int edit_distance(const std::string& a, const std::string& b);

// The candidate closest to `word`, if it is close enough to be a likely typo.
std::string closest_name(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace lessonsim
