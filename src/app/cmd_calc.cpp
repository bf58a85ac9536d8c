// `lessonsim calc fit|memory|kv|time`: the core calculator on the command line, plain or JSON.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

#include "calc_options.hpp"
#include "commands.hpp"
#include "lessonsim/calc/error.hpp"
#include "lessonsim/calc/fit.hpp"
#include "lessonsim/calc/kv_cache.hpp"
#include "lessonsim/calc/memory_plan.hpp"
#include "lessonsim/calc/quantity.hpp"
#include "lessonsim/calc/train_time.hpp"
#include "lessonsim/catalog.hpp"
#include "lessonsim/share_dir.hpp"

namespace lessonsim::app {

namespace {

using calc::Bytes;
using calc::CalcError;
using namespace calc_cli;

constexpr const char* gb_note = "GB = 10^9 bytes (not GiB, 2^30).";

void add_fit(CLI::App* calc_cmd, int& exit_code) {
  auto* cmd = calc_cmd->add_subcommand("fit", "The fewest GPUs that hold a model, and each load");
  static Typed t;
  add_text(cmd, t, "model-gb", "The model's size in GB (10^9 bytes)")->required();
  add_text(cmd, t, "gpu-memory-gb", "Each GPU's memory in GB");
  add_text(cmd, t, "gpu", "A GPU from assets/hardware.json, such as h100-sxm");
  cmd->add_flag("--json", t.flag["json"], "Print one JSON object");
  cmd->callback([cmd, &exit_code] {
    guarded("fit", exit_code, [cmd] {
      if (given(cmd, "gpu") == given(cmd, "gpu-memory-gb")) {
        throw CalcError("give the GPU's memory one way: --gpu-memory-gb M or --gpu ID");
      }
      Bytes model = gb_option(t, "model-gb");
      Bytes gpu = given(cmd, "gpu") ? calc::gb_to_bytes(catalog_gpu(t.text["gpu"]).memory_gb)
                                    : gb_option(t, "gpu-memory-gb");
      calc::Fit f = calc::fit(model, gpu);
      if (t.flag["json"]) {
        std::cout << nlohmann::json{{"min_gpus", f.min_gpus}, {"per_gpu_bytes", f.per_gpu_bytes}}
                  << '\n';
        return;
      }
      std::cout << "A model of " << gb(model) << " on GPUs of " << gb(gpu) << "\n"
                << "  fewest GPUs   " << f.min_gpus << "\n"
                << "  each holds    " << gb(f.per_gpu_bytes) << " (one even slice per GPU)\n"
                << gb_note << '\n';
    });
  });
}

calc::MemoryQuery read_memory_query(const CLI::App* cmd, Typed& t) {
  calc::MemoryQuery q;
  q.params = count_option(t, "params", 1);
  const std::string mode = given(cmd, "mode") ? t.text["mode"] : "serve";
  if (mode != "serve" && mode != "train") {
    throw CalcError("--mode is serve or train, not \"" + mode + "\"");
  }
  q.mode = mode == "train" ? calc::Mode::train : calc::Mode::serve;
  for (const char* name : {"optimizer", "fp32-grad-accum", "zero", "recompute"}) {
    if (q.mode == calc::Mode::serve && given(cmd, name)) {
      throw CalcError(std::string("--") + name + " describes training: add --mode train");
    }
  }
  if (given(cmd, "precision")) {
    auto p = calc::parse_precision(t.text["precision"]);
    if (!p) throw CalcError("--precision is fp32, bf16, fp16, fp8, int8 or int4");
    q.training.precision = *p;
  }
  if (given(cmd, "optimizer")) {
    auto o = calc::parse_optimizer(t.text["optimizer"]);
    if (!o) throw CalcError("--optimizer is adam, sgd or adam8bit");
    q.training.optimizer = *o;
  }
  q.training.fp32_grad_accum = t.flag["fp32-grad-accum"];
  if (given(cmd, "dp")) q.dp = count_option(t, "dp", 1);
  if (given(cmd, "tp")) q.tp = count_option(t, "tp", 1);
  if (given(cmd, "pp")) q.pp = count_option(t, "pp", 1);
  if (given(cmd, "zero")) {
    std::int64_t z = count_option(t, "zero", 0);
    if (z > 3) throw CalcError("--zero is a ZeRO stage: 0, 1, 2 or 3");
    q.zero = static_cast<int>(z);
  }
  const char* shape_names[] = {"layers", "hidden", "heads", "seq"};
  int shape_given = 0;
  std::string missing;
  for (const char* name : shape_names) {
    if (given(cmd, name)) {
      ++shape_given;
    } else {
      missing += std::string(missing.empty() ? "" : " ") + "--" + name;
    }
  }
  if (shape_given > 0 && shape_given < 4) {
    throw CalcError("activations need the whole shape; missing " + missing);
  }
  if (shape_given == 0 && given(cmd, "micro-batch")) {
    throw CalcError("--micro-batch needs the shape: --layers --hidden --heads --seq");
  }
  if (shape_given == 4) {
    calc::ModelShape s;
    s.layers = count_option(t, "layers", 1);
    s.hidden = count_option(t, "hidden", 1);
    s.heads = count_option(t, "heads", 1);
    s.seq = count_option(t, "seq", 1);
    s.micro_batch = given(cmd, "micro-batch") ? count_option(t, "micro-batch", 1) : 1;
    q.shape = s;
  }
  if (given(cmd, "recompute")) {
    auto r = calc::parse_recompute(t.text["recompute"]);
    if (!r) throw CalcError("--recompute is none, selective or full");
    q.recompute = *r;
  }
  q.seq_parallel = t.flag["seq-parallel"];
  return q;
}

void print_memory(const calc::MemoryQuery& q, const calc::MemoryPlan& plan, const GpuSpec* gpu,
                  std::int64_t min_gpus) {
  std::cout << (q.mode == calc::Mode::train ? "Training" : "Serving") << " memory of "
            << calc::format_count(q.params) << " parameters\n  " << calc::describe_setup(q) << "\n"
            << "                      per GPU   one copy, unsplit\n";
  auto row = [](const char* name, Bytes mine, Bytes whole) {
    std::cout << "  " << std::left << std::setw(12) << name << std::right << std::setw(15)
              << gb(mine) << std::setw(20) << gb(whole) << '\n';
  };
  row("weights", plan.per_gpu.weights, plan.one_copy.weights);
  if (q.mode == calc::Mode::train) {
    row("gradients", plan.per_gpu.gradients, plan.one_copy.gradients);
    row("optimizer", plan.per_gpu.optimizer, plan.one_copy.optimizer);
    if (plan.activations_counted) {
      row("activations", plan.per_gpu.activations, plan.one_copy.activations);
    } else {
      std::cout << "  activations   not counted: give --layers --hidden --heads --seq\n";
    }
  }
  row("total", plan.per_gpu_bytes(), plan.total_bytes());
  if (gpu) {
    std::cout << "On " << gpu->name << " (" << fixed(gpu->memory_gb, 0) << " GB): "
              << (plan.per_gpu_bytes() <= calc::gb_to_bytes(gpu->memory_gb) ? "fits"
                                                                            : "does not fit")
              << " per GPU; one copy needs at least " << min_gpus << " of them\n";
  }
  std::cout << gb_note << "\nSources: ZeRO, Rajbhandari et al. 2020 §5; activations, "
            << "Korthikanti et al. 2022 Table 2.\n";
}

void add_memory(CLI::App* calc_cmd, int& exit_code) {
  auto* cmd = calc_cmd->add_subcommand("memory", "Serving or training memory, per GPU and total");
  static Typed t;
  add_text(cmd, t, "params", "Parameters: 7.5e9, 7.5B, 300M, 1T")->required();
  add_text(cmd, t, "mode", "serve (weights only, the default) or train");
  add_text(cmd, t, "precision", "fp32, bf16 (default), fp16, fp8, int8 or int4");
  add_text(cmd, t, "optimizer", "adam (default), sgd or adam8bit");
  cmd->add_flag("--fp32-grad-accum", t.flag["fp32-grad-accum"], "Extra fp32 gradient buffer");
  add_text(cmd, t, "dp", "Data-parallel GPUs (default 1)");
  add_text(cmd, t, "zero", "ZeRO stage 0-3 across the data-parallel GPUs (default 0)");
  add_text(cmd, t, "tp", "Tensor-parallel size (default 1)");
  add_text(cmd, t, "pp", "Pipeline-parallel size (default 1)");
  add_text(cmd, t, "layers", "Transformer layers, for activations");
  add_text(cmd, t, "hidden", "Hidden size");
  add_text(cmd, t, "heads", "Attention heads");
  add_text(cmd, t, "seq", "Sequence length");
  add_text(cmd, t, "micro-batch", "Micro-batch (default 1)");
  add_text(cmd, t, "recompute", "Activation recomputation: none (default), selective or full");
  cmd->add_flag("--seq-parallel", t.flag["seq-parallel"], "Sequence parallelism (needs --tp)");
  add_text(cmd, t, "gpu", "A GPU from assets/hardware.json: does it fit, how many hold it");
  cmd->add_flag("--json", t.flag["json"], "Print one JSON object");
  cmd->callback([cmd, &exit_code] {
    guarded("memory", exit_code, [cmd] {
      calc::MemoryQuery q = read_memory_query(cmd, t);
      const GpuSpec* gpu = given(cmd, "gpu") ? &catalog_gpu(t.text["gpu"]) : nullptr;
      calc::MemoryPlan plan = calc::plan_memory(q);
      std::int64_t min_gpus = 0;
      bool fits = false;
      if (gpu) {
        Bytes gpu_bytes = calc::gb_to_bytes(gpu->memory_gb);
        if (gpu_bytes < 1) throw CalcError("--gpu: the catalog gives " + gpu->id + " no memory");
        min_gpus = calc::fit(plan.total_bytes(), gpu_bytes).min_gpus;
        fits = plan.per_gpu_bytes() <= gpu_bytes;
      }
      if (!t.flag["json"]) {
        print_memory(q, plan, gpu, min_gpus);
        return;
      }
      nlohmann::json out{{"per_gpu_bytes", plan.per_gpu_bytes()},
                         {"total_bytes", plan.total_bytes()},
                         {"parts",
                          {{"weights", plan.per_gpu.weights},
                           {"gradients", plan.per_gpu.gradients},
                           {"optimizer", plan.per_gpu.optimizer},
                           {"activations", plan.per_gpu.activations}}}};
      if (gpu) {
        out["fits"] = fits;
        out["min_gpus"] = min_gpus;
      }
      std::cout << out << '\n';
    });
  });
}

void add_kv(CLI::App* calc_cmd, int& exit_code) {
  auto* cmd = calc_cmd->add_subcommand("kv", "The KV cache a model keeps while serving");
  static Typed t;
  add_text(cmd, t, "layers", "Transformer layers")->required();
  add_text(cmd, t, "kv-heads", "Key/value heads (fewer than query heads with GQA)")->required();
  add_text(cmd, t, "head-dim", "Dimension of one head")->required();
  add_text(cmd, t, "seq", "Tokens per sequence")->required();
  add_text(cmd, t, "batch", "Sequences served together (default 1)");
  add_text(cmd, t, "bytes", "Bytes per element: 2 for fp16/bf16 (default), 1 for fp8, 0.5");
  cmd->add_flag("--json", t.flag["json"], "Print one JSON object");
  cmd->callback([cmd, &exit_code] {
    guarded("kv", exit_code, [cmd] {
      calc::KvShape k;
      k.layers = count_option(t, "layers", 1);
      k.kv_heads = count_option(t, "kv-heads", 1);
      k.head_dim = count_option(t, "head-dim", 1);
      k.seq = count_option(t, "seq", 1);
      if (given(cmd, "batch")) k.batch = count_option(t, "batch", 1);
      if (given(cmd, "bytes")) {
        double b = amount_option(t, "bytes");
        if (b > 8 || b * 2 != static_cast<double>(static_cast<int>(b * 2))) {
          throw CalcError("--bytes is a whole or half number of bytes up to 8, such as 2 or 0.5");
        }
        k.half_bytes = static_cast<int>(b * 2);
      }
      Bytes per_token = calc::kv_bytes_per_token(k);
      Bytes total = calc::kv_bytes(k);
      if (t.flag["json"]) {
        std::cout << nlohmann::json{{"bytes", total}, {"bytes_per_token", per_token}} << '\n';
        return;
      }
      std::cout << "KV cache: 2 × layers × kv_heads × head_dim × tokens × batch × bytes\n"
                << "  per token      " << calc::format_grouped(per_token) << " bytes ("
                << fixed(per_token / 1024.0, 1) << " KiB)\n"
                << "  whole cache    " << gb(total) << " for " << calc::format_grouped(k.seq)
                << " tokens × " << k.batch << (k.batch == 1 ? " sequence\n" : " sequences\n")
                << gb_note << " KiB = 1024 bytes. Only the " << k.kv_heads
                << " key/value heads are cached (grouped-query attention).\n";
    });
  });
}

void add_time(CLI::App* calc_cmd, int& exit_code) {
  auto* cmd = calc_cmd->add_subcommand("time", "How long training takes: k·P·T / (n·X)");
  static Typed t;
  add_text(cmd, t, "params", "Parameters: 175B, 7.5e9")->required();
  add_text(cmd, t, "tokens", "Training tokens: 300B")->required();
  add_text(cmd, t, "gpus", "GPUs")->required();
  add_text(cmd, t, "tflops", "Sustained TFLOP/s per GPU");
  add_text(cmd, t, "gpu", "A GPU from assets/hardware.json (its BF16 peak)");
  add_text(cmd, t, "utilization", "Fraction of the GPU's peak sustained, such as 0.45");
  cmd->add_flag("--recompute", t.flag["recompute"], "Activation recomputation: k = 8, not 6");
  cmd->add_flag("--json", t.flag["json"], "Print one JSON object");
  cmd->callback([cmd, &exit_code] {
    guarded("time", exit_code, [cmd] {
      calc::TrainTimeQuery q;
      q.params = count_option(t, "params", 1);
      q.tokens = count_option(t, "tokens", 1);
      q.gpus = count_option(t, "gpus", 1);
      q.recompute = t.flag["recompute"];
      std::string rate;
      if (given(cmd, "tflops") == given(cmd, "gpu")) {
        throw CalcError("give each GPU's rate one way: --tflops X, or --gpu ID --utilization U");
      }
      if (given(cmd, "tflops")) {
        if (given(cmd, "utilization")) {
          throw CalcError("--tflops is already the sustained rate; --utilization goes with --gpu");
        }
        q.flops_per_gpu = amount_option(t, "tflops") * 1e12;
        rate = fixed(q.flops_per_gpu / 1e12, 1) + " TFLOP/s sustained";
      } else {
        if (!given(cmd, "utilization")) {
          throw CalcError("--gpu gives the peak; add --utilization U, the fraction sustained");
        }
        const GpuSpec& g = catalog_gpu(t.text["gpu"]);
        if (g.bf16_tflops <= 0) {
          throw CalcError("the catalog gives " + g.id + " no BF16 peak; use --tflops instead");
        }
        q.flops_per_gpu = calc::sustained_flops(g.bf16_tflops, amount_option(t, "utilization"));
        rate = fixed(q.flops_per_gpu / 1e12, 1) + " TFLOP/s sustained (" + g.id + ": " +
               fixed(g.bf16_tflops, 0) + " peak × " + t.text["utilization"] + ")";
      }
      calc::TrainTime r = calc::train_time(q);
      if (t.flag["json"]) {
        std::cout << nlohmann::json{{"flops", r.flops}, {"seconds", r.seconds}, {"days", r.days}}
                  << '\n';
        return;
      }
      char flops[64];
      std::snprintf(flops, sizeof flops, "%.3g", r.flops);
      std::cout << "Training time = k·P·T / (n·X) (Narayanan et al. 2021, §5.1)\n"
                << "  k         " << calc::flops_per_param_token(q.recompute)
                << " FLOPs per parameter per token"
                << (q.recompute ? " (with activation recomputation)" : " (no recomputation)")
                << "\n  compute   " << flops << " FLOPs for " << calc::format_count(q.params)
                << " parameters × " << calc::format_count(q.tokens) << " tokens\n"
                << "  rate      " << q.gpus << " GPUs × " << rate << "\n"
                << "  time      "
                << (r.seconds < 1e15 ? calc::format_grouped(std::llround(r.seconds))
                                     : fixed(r.seconds, 0))
                << " s = " << fixed(r.days, 1) << " days: about " << fixed(r.days, 0) << " days\n";
    });
  });
}

}  // namespace

void add_calc_command(CLI::App& root, int& exit_code) {
  auto* cmd = root.add_subcommand("calc", "The calculator: fit, memory, kv, time (GB = 10^9 B)");
  cmd->require_subcommand(1);
  add_fit(cmd, exit_code);
  add_memory(cmd, exit_code);
  add_kv(cmd, exit_code);
  add_time(cmd, exit_code);
}

}  // namespace lessonsim::app
