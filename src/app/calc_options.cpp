#include "calc_options.hpp"

#include <filesystem>
#include <optional>

#include "lessonsim/share_dir.hpp"

namespace lessonsim::app::calc_cli {

CLI::Option* add_text(CLI::App* cmd, Typed& t, const std::string& name, const std::string& help) {
  return cmd->add_option("--" + name, t.text[name], help);
}

bool given(const CLI::App* cmd, const std::string& name) {
  return cmd->count("--" + name) > 0;
}

std::int64_t count_option(const Typed& t, const std::string& name, std::int64_t min) {
  std::string error;
  auto v = calc::parse_count(t.text.at(name), error);
  if (!v) throw calc::CalcError("--" + name + ": " + error);
  if (*v < min) {
    throw calc::CalcError("--" + name + " must be at least " + std::to_string(min) + ", not " +
                          t.text.at(name));
  }
  return *v;
}

double amount_option(const Typed& t, const std::string& name) {
  std::string error;
  auto v = calc::parse_amount(t.text.at(name), error);
  if (!v) throw calc::CalcError("--" + name + ": " + error);
  if (*v <= 0) throw calc::CalcError("--" + name + " must be more than 0, not " + t.text.at(name));
  return *v;
}

calc::Bytes gb_option(const Typed& t, const std::string& name) {
  double gb = amount_option(t, name);
  if (gb > calc::max_gb) throw calc::CalcError("--" + name + " is beyond 10^9 GB (an exabyte)");
  calc::Bytes b = calc::gb_to_bytes(gb);
  if (b < 1) throw calc::CalcError("--" + name + " is less than one byte");
  return b;
}

const GpuSpec& catalog_gpu(const std::string& id) {
  static std::optional<Catalog> catalog;
  if (!catalog) {
    std::filesystem::path path = assets_dir() / "hardware.json";
    Diagnostics diags(path.string());
    catalog = load_catalog(path, diags);
    if (!catalog) {
      std::string why = diags.all().empty() ? "" : ": " + diags.all().front().message;
      throw EnvironmentError("cannot read the hardware catalog " + path.string() + why);
    }
  }
  if (const GpuSpec* g = catalog->gpu(id)) return *g;
  std::string known;
  for (const auto& g : catalog->gpus)
    known += (known.empty() ? "" : ", ") + g.id;
  throw calc::CalcError("--gpu: no GPU \"" + id + "\" in the catalog; known: " + known);
}

std::string fixed(double v, int decimals) {
  return calc::format_amount(v, decimals);
}

std::string gb(calc::Bytes b) {
  return fixed(calc::bytes_to_gb(b), 2) + " GB";
}

}  // namespace lessonsim::app::calc_cli
