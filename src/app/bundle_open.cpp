#include "bundle_open.hpp"

#include <sys/stat.h>
#include <zip.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <vector>

#include "lessonsim/bounded_read.hpp"

namespace lessonsim::app {

namespace fs = std::filesystem;

namespace {

struct ZipClose {
  void operator()(zip_t* z) const { zip_discard(z); }
};
struct ZipFileClose {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};

// Why an entry's name cannot be unpacked inside the bundle's folder, or empty.
std::string name_problem(const std::string& name, const BundleLimits& limits) {
  if (name.empty()) return "an entry without a name";
  if (name.size() > limits.name_bytes) return "an entry name longer than the limit";
  if (name.front() == '/' || name.find('\\') != std::string::npos ||
      name.find(':') != std::string::npos) {
    return "an entry outside the bundle: " + name;
  }
  int depth = 0;
  std::size_t start = 0;
  while (start < name.size()) {
    std::size_t slash = name.find('/', start);
    std::string part = name.substr(start, slash == std::string::npos ? slash : slash - start);
    if (part == "..") return "an entry outside the bundle: " + name;
    if (part.empty() || part == ".") return "an entry with an empty or '.' part: " + name;
    for (char c : part) {
      if (static_cast<unsigned char>(c) < 0x20) return "an entry name with a control character";
    }
    if (++depth > limits.depth) return "an entry nested too deep: " + name;
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return {};
}

// What the entry is, from its Unix mode when the zip keeps one: only files and folders are.
std::string kind_problem(zip_t* z, zip_uint64_t index, const std::string& name) {
  zip_uint8_t system = 0;
  zip_uint32_t attributes = 0;
  if (zip_file_get_external_attributes(z, index, 0, &system, &attributes) != 0) return {};
  if (system != ZIP_OPSYS_UNIX) return {};
  const unsigned mode = attributes >> 16;
  const unsigned type = mode & S_IFMT;
  if (type == 0 || type == S_IFREG || type == S_IFDIR) return {};
  return std::string(type == S_IFLNK ? "a symbolic link" : "an entry that is no file") + ": " +
         name;
}

std::string entry_problem(zip_t* z, zip_uint64_t index, const zip_stat_t& st,
                          const BundleLimits& limits, std::size_t& total) {
  std::string name = st.name ? st.name : "";
  if (std::string p =
          name_problem(name.ends_with('/') ? name.substr(0, name.size() - 1) : name, limits);
      !p.empty()) {
    return p;
  }
  if (std::string p = kind_problem(z, index, name); !p.empty()) return p;
  if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE) {
    return "an encrypted entry: " + name;
  }
  if (!(st.valid & ZIP_STAT_SIZE) || st.size > limits.entry_bytes) {
    return "an entry larger than " + std::to_string(limits.entry_bytes >> 20) + " MiB: " + name;
  }
  total += static_cast<std::size_t>(st.size);
  if (total > limits.total_bytes) {
    return "more than " + std::to_string(limits.total_bytes >> 20) + " MiB unpacked";
  }
  return {};
}

// The entry's bytes, never more than its header says (a header that lies is refused).
bool read_entry(zip_t* z, zip_uint64_t index, std::size_t size, std::string& out) {
  std::unique_ptr<zip_file_t, ZipFileClose> f(zip_fopen_index(z, index, 0));
  if (!f) return false;
  out.assign(size + 1, '\0');
  std::size_t got = 0;
  while (got < out.size()) {
    zip_int64_t n = zip_fread(f.get(), out.data() + got, out.size() - got);
    if (n < 0) return false;
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  if (got != size) return false;
  out.resize(size);
  return true;
}

void make_writable(const fs::path& folder) {
  std::error_code ec;
  fs::permissions(folder, fs::perms::owner_all, fs::perm_options::replace, ec);
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (it->is_directory(ec)) {
      fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::replace, ec);
    }
  }
}

// Unpacks every entry into `folder`, files read-only; folders are made read-only last.
std::string unpack(zip_t* z, const fs::path& folder, const BundleLimits& limits) {
  zip_int64_t count = zip_get_num_entries(z, 0);
  if (count < 0 || static_cast<std::size_t>(count) > limits.entries) {
    return "has more than " + std::to_string(limits.entries) + " entries";
  }
  std::size_t total = 0;
  std::set<std::string> seen;
  std::vector<fs::path> folders = {folder};
  for (zip_uint64_t k = 0; k < static_cast<zip_uint64_t>(count); ++k) {
    zip_stat_t st;
    if (zip_stat_index(z, k, 0, &st) != 0) return "has an entry that cannot be read";
    if (std::string p = entry_problem(z, k, st, limits, total); !p.empty()) return "has " + p;
    std::string name = st.name;
    bool is_folder = name.ends_with('/');
    if (is_folder) name.pop_back();
    if (!seen.insert(name).second) return "has two entries named " + name;
    fs::path target = folder / name;
    std::error_code ec;
    fs::create_directories(is_folder ? target : target.parent_path(), ec);
    if (ec) return "cannot be unpacked: " + ec.message();
    if (is_folder) {
      folders.push_back(target);
      continue;
    }
    std::string bytes;
    if (!read_entry(z, k, static_cast<std::size_t>(st.size), bytes)) {
      return "has an entry that does not read as its header says: " + name;
    }
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) return "cannot be unpacked into " + folder.string();
    out.close();
    fs::permissions(target, fs::perms::owner_read | fs::perms::group_read,
                    fs::perm_options::replace, ec);
    folders.push_back(target.parent_path());
  }
  // Read-only from here on: nothing the program does can change the bundle's course.
  for (auto it = folders.rbegin(); it != folders.rend(); ++it) {
    std::error_code ec;
    fs::permissions(*it, fs::perms::owner_read | fs::perms::owner_exec, fs::perm_options::replace,
                    ec);
  }
  return {};
}

}  // namespace

OpenedBundle::OpenedBundle(fs::path file, fs::path folder)
    : file_(std::move(file)), folder_(std::move(folder)) {
  register_bundle_folder(folder_, file_);
}

OpenedBundle::~OpenedBundle() {
  unregister_bundle_folder(folder_);
  make_writable(folder_);
  std::error_code ec;
  fs::remove_all(folder_, ec);
}

std::shared_ptr<OpenedBundle> open_bundle(const fs::path& file, std::string& error,
                                          const BundleLimits& limits) {
  std::string bytes;
  if (!read_file(file, bytes, error, limits.file_bytes)) return nullptr;
  zip_error_t zerr;
  zip_error_init(&zerr);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &zerr);
  std::unique_ptr<zip_t, ZipClose> z(
      source ? zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &zerr) : nullptr);
  if (!z) {
    if (source) zip_source_free(source);
    // libzip's consistency check refuses two entries of one name before any is read.
    error = zip_error_code_zip(&zerr) == ZIP_ER_EXISTS
                ? std::string("has two entries of one name")
                : std::string("is not a course bundle (a zip made by lessonsim pack): ") +
                      zip_error_strerror(&zerr);
    zip_error_fini(&zerr);
    return nullptr;
  }
  zip_error_fini(&zerr);
  std::string pattern = (fs::temp_directory_path() / "lessonsim-bundle-XXXXXX").string();
  if (!mkdtemp(pattern.data())) {
    error = "cannot be opened: no private folder to read it from";
    return nullptr;
  }
  auto opened = std::make_shared<OpenedBundle>(file, pattern);
  error = unpack(z.get(), opened->folder(), limits);
  if (!error.empty()) return nullptr;
  return opened;
}

}  // namespace lessonsim::app
