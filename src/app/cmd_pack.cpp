// `lessonsim pack DIR -o COURSE.lessonsim`: a course folder (its course.json and the lessons it
// lists) as one zip file, once every lesson loads and `check` refuses nothing in it.
#include <zip.h>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "lessonsim/bounded_read.hpp"
#include "lessonsim/bundle.hpp"
#include "lessonsim/course.hpp"
#include "lessonsim/lint.hpp"
#include "lessonsim/loader.hpp"

namespace lessonsim::app {

namespace fs = std::filesystem;

namespace {

struct Packed {
  std::string name;  // inside the bundle, relative to the course's folder
  std::string bytes;
};

// The files of the course, each read once; nothing when the course or a lesson has an error.
std::optional<std::vector<Packed>> course_files(const fs::path& dir) {
  fs::path course_file = dir / "course.json";
  Diagnostics diags(course_file.string());
  std::vector<Diagnostics> lesson_diags;
  auto course = load_course(course_file, diags, &lesson_diags);
  int errors = diags.error_count();
  for (const auto& d : diags.all())
    std::cerr << format_gcc(d) << '\n';
  for (const auto& l : lesson_diags) {
    errors += l.error_count();
    for (const auto& d : l.all())
      std::cerr << format_gcc(d) << '\n';
  }
  if (!course || errors > 0) return std::nullopt;
  std::vector<Packed> out;
  std::string text, error;
  if (!read_file(course_file, text, error)) return std::nullopt;
  out.push_back({"course.json", text});
  for (const auto& entry : course->lessons) {
    std::string name = entry.file.lexically_relative(dir).generic_string();
    bool seen = false;
    for (const auto& p : out)
      seen = seen || p.name == name;
    if (seen) continue;
    if (!read_file(entry.file, text, error)) {
      std::cerr << entry.file.string() << ": error: the file " << error << '\n';
      return std::nullopt;
    }
    // What `check` refuses (a goal no learner can reach...) is not handed out either.
    Diagnostics lint(entry.file.string());
    lint_lesson_source(*entry.lesson, text, lint);
    for (const auto& d : lint.all()) {
      if (d.severity == Severity::error) std::cerr << format_gcc(d) << '\n';
    }
    if (lint.has_errors()) return std::nullopt;
    out.push_back({name, text});
  }
  return out;
}

struct ZipDiscard {
  void operator()(zip_t* z) const { zip_discard(z); }
};

// Writes the bundle: every entry a regular file (mode 0644) with a fixed time, so packing the
// same course twice gives the same bytes.
bool write_bundle(const fs::path& out, const std::vector<Packed>& files, std::string& error) {
  int code = 0;
  std::unique_ptr<zip_t, ZipDiscard> z(zip_open(out.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code));
  if (!z) {
    zip_error_t e;
    zip_error_init_with_code(&e, code);
    error = zip_error_strerror(&e);
    zip_error_fini(&e);
    return false;
  }
  constexpr time_t fixed_time = 315532800;  // 1980-01-01, the earliest a zip can say
  for (const auto& f : files) {
    zip_source_t* source = zip_source_buffer(z.get(), f.bytes.data(), f.bytes.size(), 0);
    zip_int64_t index =
        source ? zip_file_add(z.get(), f.name.c_str(), source, ZIP_FL_ENC_UTF_8) : -1;
    if (index < 0) {
      if (source) zip_source_free(source);
      error = zip_strerror(z.get());
      return false;
    }
    auto k = static_cast<zip_uint64_t>(index);
    zip_file_set_mtime(z.get(), k, fixed_time, 0);
    zip_file_set_external_attributes(z.get(), k, 0, ZIP_OPSYS_UNIX, 0100644u << 16);
  }
  if (zip_close(z.get()) != 0) {
    error = zip_strerror(z.get());
    return false;
  }
  z.release();  // closed, and so freed, by zip_close
  return true;
}

}  // namespace

void add_pack_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("pack", "Pack a course folder into one .lessonsim file");
  static std::string dir, out;
  cmd->add_option("dir", dir, "The course's folder (with its course.json)")->required();
  cmd->add_option("-o,--output", out, "The bundle to write, e.g. course.lessonsim")->required();
  cmd->callback([&exit_code] {
    if (!is_bundle_path(out)) {
      std::cerr << "error: name the bundle " << out << bundle_extension
                << ": the desktop opens a course by that extension\n";
      exit_code = exit_usage;
      return;
    }
    std::error_code ec;
    if (!fs::exists(fs::path(dir) / "course.json", ec)) {
      std::cerr << dir << ": error: no course.json: a course is packed from its folder\n";
      exit_code = exit_environment;
      return;
    }
    auto files = course_files(dir);
    if (!files) {
      std::cerr << "error: the course has errors; nothing was packed\n";
      exit_code = exit_wrong;
      return;
    }
    fs::path temp = out + ".part";
    std::string error;
    if (!write_bundle(temp, *files, error)) {
      fs::remove(temp, ec);
      std::cerr << out << ": error: cannot write the bundle: " << error << '\n';
      exit_code = exit_environment;
      return;
    }
    fs::rename(temp, out, ec);
    if (ec) {
      std::cerr << out << ": error: " << ec.message() << '\n';
      exit_code = exit_environment;
      return;
    }
    std::cout << "packed " << files->size() - 1 << " lesson(s) and course.json into " << out
              << "; open it with: lessonsim " << out << '\n';
    exit_code = exit_ok;
  });
}

}  // namespace lessonsim::app
