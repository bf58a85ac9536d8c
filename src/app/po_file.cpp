#include "po_file.hpp"

#include <gettext-po.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <type_traits>

namespace lessonsim::app {

namespace {

// libgettextpo reports through C callbacks; each call of read_po or write_po points this at its
// own list (one thread at a time, as the command line runs).
thread_local std::vector<std::string>* problems = nullptr;

void xerror(int severity, po_message_t, const char* filename, std::size_t lineno,
            std::size_t column, int, const char* text) {
  std::string where;
  if (filename) {
    where = std::string(filename) + ":";
    if (lineno != static_cast<std::size_t>(-1)) {
      where += std::to_string(lineno) + ":";
      if (column != static_cast<std::size_t>(-1)) where += std::to_string(column) + ":";
    }
    where += " ";
  }
  std::string line = where + (severity == PO_SEVERITY_WARNING ? "warning: " : "error: ") + text;
  while (!line.empty() && line.back() == '\n')
    line.pop_back();
  if (severity == PO_SEVERITY_FATAL_ERROR) {
    // The library requires that this never returns: there is nothing left to read or write.
    std::cerr << line << '\n';
    std::exit(3);
  }
  if (problems) problems->push_back(line);
}

void xerror2(int severity, po_message_t m1, const char* f1, std::size_t l1, std::size_t c1, int ml1,
             const char* t1, po_message_t, const char*, std::size_t, std::size_t, int,
             const char* t2) {
  xerror(severity, m1, f1, l1, c1, ml1, (std::string(t1) + " " + t2).c_str());
}

const po_xerror_handler handler = {xerror, xerror2};

struct FileFree {
  void operator()(po_file_t f) const { po_file_free(f); }
};
using PoFile = std::unique_ptr<std::remove_pointer_t<po_file_t>, FileFree>;

// The handle types are named through their typedefs: `po_message_iterator` is also a function.
struct IteratorFree {
  void operator()(po_message_iterator_t i) const { po_message_iterator_free(i); }
};
using Iterator = std::unique_ptr<std::remove_pointer_t<po_message_iterator_t>, IteratorFree>;

std::string header(const std::string& locale) {
  // The fields translators' tools fill in start as gettext's own templates have them.
  return "Project-Id-Version: lessonsim " LESSONSIM_VERSION
         "\n"
         "PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\n"
         "Last-Translator: FULL NAME <EMAIL@ADDRESS>\n"
         "Language-Team: LANGUAGE <LL@li.org>\n"
         "Language: " +
         locale +
         "\n"
         "MIME-Version: 1.0\n"
         "Content-Type: text/plain; charset=UTF-8\n"
         "Content-Transfer-Encoding: 8bit\n"
         "X-Generator: lessonsim i18n export\n";
}

std::string text_of(const char* s) {
  return s ? std::string(s) : std::string();
}

}  // namespace

bool write_po(const std::string& path, const std::string& locale,
              const std::vector<PoEntry>& entries, std::string& error) {
  PoFile file(po_file_create());
  Iterator at(po_message_iterator(file.get(), nullptr));
  po_message_t head = po_message_create();
  po_message_set_msgid(head, "");
  po_message_set_msgstr(head, header(locale).c_str());
  po_message_insert(at.get(), head);
  for (const PoEntry& e : entries) {
    po_message_t m = po_message_create();
    po_message_set_msgctxt(m, e.context.c_str());
    po_message_set_msgid(m, e.source.c_str());
    po_message_set_msgstr(m, e.translation.c_str());
    if (!e.previous_source.empty()) po_message_set_prev_msgid(m, e.previous_source.c_str());
    if (!e.comment.empty()) po_message_set_extracted_comments(m, e.comment.c_str());
    if (!e.file.empty()) {
      po_message_add_filepos(m, e.file.c_str(), static_cast<std::size_t>(std::max(e.line, 0)));
    }
    po_message_set_fuzzy(m, e.fuzzy ? 1 : 0);
    po_message_insert(at.get(), m);
  }
  std::vector<std::string> found;
  problems = &found;
  po_file_t written =
      po_file_write(file.get(), path == "-" ? "/dev/stdout" : path.c_str(), &handler);
  problems = nullptr;
  if (path == "-") std::cout.flush();
  if (!written || !found.empty()) {
    error = found.empty() ? "cannot write " + path : found.front();
    return false;
  }
  return true;
}

std::optional<PoContents> read_po(const std::string& path, std::vector<std::string>& errors,
                                  std::size_t max_bytes) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    errors.push_back(path + ": error: not a readable file");
    return std::nullopt;
  }
  if (fs::file_size(path, ec) > max_bytes) {
    errors.push_back(path + ": error: larger than " + std::to_string(max_bytes >> 20) +
                     " MiB, more than a course's translation");
    return std::nullopt;
  }
  std::vector<std::string> found;
  problems = &found;
  PoFile file(po_file_read(path.c_str(), &handler));
  problems = nullptr;
  bool failed = false;
  for (auto& line : found) {
    failed = failed || line.find("error: ") != std::string::npos;
    errors.push_back(std::move(line));
  }
  if (!file || failed) return std::nullopt;
  PoContents out;
  if (const char* head = po_file_domain_header(file.get(), nullptr)) {
    if (char* language = po_header_field(head, "Language")) {
      out.locale = language;
      std::free(language);
    }
  }
  Iterator it(po_message_iterator(file.get(), nullptr));
  for (po_message_t m = po_next_message(it.get()); m; m = po_next_message(it.get())) {
    if (po_message_is_obsolete(m) || text_of(po_message_msgid(m)).empty()) continue;
    PoEntry e;
    e.context = text_of(po_message_msgctxt(m));
    e.source = text_of(po_message_msgid(m));
    e.translation = text_of(po_message_msgstr(m));
    e.previous_source = text_of(po_message_prev_msgid(m));
    e.fuzzy = po_message_is_fuzzy(m) != 0;
    if (po_filepos_t pos = po_message_filepos(m, 0)) {
      e.file = text_of(po_filepos_file(pos));
      e.line = static_cast<int>(po_filepos_start_line(pos));
    }
    out.entries.push_back(std::move(e));
  }
  return out;
}

}  // namespace lessonsim::app
