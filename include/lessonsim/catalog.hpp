// The hardware catalog (`assets/hardware.json`): chips and links with their published figures.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lessonsim/diagnostics.hpp"

namespace lessonsim {

struct GpuSpec {
  std::string id;
  std::string name;
  double memory_gb = 0;
  double bandwidth_tbps = 0;  // memory bandwidth, TB/s; 0 when not published
  double bf16_tflops = 0;     // dense BF16 peak; 0 when not published
  double watts = 0;
  std::string note;
  std::string source;
};

struct LinkSpec {
  std::string id;
  std::string name;
  double gb_per_s = 0;  // per GPU, one direction
  double latency_us = 0;
  // The most GPUs the link can join into one domain (NVLink: one server); 0 when unbounded.
  double max_gpus = 0;
  std::string source;
};

struct Catalog {
  std::vector<GpuSpec> gpus;
  std::vector<LinkSpec> links;

  const GpuSpec* gpu(std::string_view id) const;
  const LinkSpec* link(std::string_view id) const;
  // What a machine setting says of an id the catalog lacks: the id, and the closest one.
  std::string no_gpu(const std::string& id) const;
  std::string no_link(const std::string& id) const;
};

std::optional<Catalog> parse_catalog(std::string_view text, Diagnostics& diags);
std::optional<Catalog> load_catalog(const std::filesystem::path& path, Diagnostics& diags);

// The catalog lessons load with unless told otherwise (LoadOptions): installed once by the
// program at start-up, and by each test binary, as the message catalogs are; null until then,
// and when the shipped file cannot be read. The core never reads it by itself.
void install_hardware(std::shared_ptr<const Catalog> catalog);
const std::shared_ptr<const Catalog>& installed_hardware();

}  // namespace lessonsim
