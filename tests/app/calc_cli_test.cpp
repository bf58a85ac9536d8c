// `lessonsim calc`: the issue's done-when checks, the JSON keys other tools read, and the exit
// codes for input that makes no sense.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "run_cli.hpp"

namespace {

nlohmann::json json_of(const std::string& args) {
  CliResult r = run_cli(args);
  INFO(args << "\n" << r.out);
  REQUIRE(r.code == 0);
  return nlohmann::json::parse(r.out);
}

// The output without the quoted input it echoes, so "nan" typed by the user is not mistaken
// for a NaN printed by the calculator.
std::string unquoted(const std::string& out) {
  std::string kept;
  bool inside = false;
  for (char c : out) {
    if (c == '"') {
      inside = !inside;
    } else if (!inside) {
      kept += c;
    }
  }
  return kept;
}

}  // namespace

TEST_CASE("calc cli, done when: ZeRO §5, 7.5B on 64 GPUs at stage 1 is 31.4 GB a GPU",
          "[cli][calc]") {
  auto j = json_of("calc memory --params 7.5e9 --mode train --dp 64 --zero 1 --json");
  REQUIRE(j["per_gpu_bytes"].is_number_integer());
  CHECK(j["per_gpu_bytes"].get<double>() == Approx(31.4e9).epsilon(0.005));
  CHECK(j["total_bytes"] == 120'000'000'000);
  const auto& parts = j["parts"];
  for (const char* key : {"weights", "gradients", "optimizer", "activations"}) {
    INFO(key);
    CHECK(parts[key].is_number_integer());
  }
  CHECK(parts["weights"] == 15'000'000'000);
  CHECK(parts["gradients"] == 15'000'000'000);
  CHECK(parts["optimizer"] == 1'406'250'000);
  CHECK(parts["activations"] == 0);
  CHECK_FALSE(j.contains("fits"));
  // The other ZeRO §5 rows: 16.6 GB at stage 2, 1.88 GB at stage 3.
  auto two = json_of("calc memory --params 7.5B --mode train --dp 64 --zero 2 --json");
  CHECK(two["per_gpu_bytes"].get<double>() == Approx(16.6e9).epsilon(0.005));
  auto three = json_of("calc memory --params 7500M --mode train --dp 64 --zero 3 --json");
  CHECK(three["per_gpu_bytes"].get<double>() == Approx(1.88e9).epsilon(0.005));
}

TEST_CASE("calc cli, done when: Narayanan §5.1, GPT-3 on 1024 GPUs takes about 34 days",
          "[cli][calc]") {
  CliResult r =
      run_cli("calc time --params 175B --tokens 300B --gpus 1024 --tflops 140 --recompute");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("about 34 days"));
  CHECK_THAT(r.out, Catch::Contains("k·P·T / (n·X)"));
  auto j =
      json_of("calc time --params 175B --tokens 300B --gpus 1024 --tflops 140 --recompute --json");
  CHECK(j["flops"].get<double>() == Approx(4.2e23));
  CHECK(j["days"].get<double>() == Approx(34).epsilon(0.005));
  CHECK(j["seconds"].get<double>() == Approx(j["days"].get<double>() * 86400));
  // The 1T row of Table 1 (1,008B parameters), 450B tokens, 3072 GPUs at 163 TFLOP/s: 84 days.
  auto t =
      json_of("calc time --params 1008B --tokens 450B --gpus 3072 --tflops 163 --recompute --json");
  CHECK(t["days"].get<double>() == Approx(84).epsilon(0.005));
  // X from the catalog: an A100's 312 TFLOP/s peak at 45% is 140.4 TFLOP/s.
  auto g = json_of(
      "calc time --params 175B --tokens 300B --gpus 1024 --gpu a100-80 "
      "--utilization 0.45 --recompute --json");
  CHECK(g["days"].get<double>() == Approx(33.8).epsilon(0.005));
}

TEST_CASE("calc cli: kv for Llama-2-70B is 320 KiB per token in FP16", "[cli][calc]") {
  auto j = json_of("calc kv --layers 80 --kv-heads 8 --head-dim 128 --seq 4096 --json");
  CHECK(j["bytes_per_token"] == 327'680);
  CHECK(j["bytes"] == 327'680LL * 4096);
  auto b = json_of(
      "calc kv --layers 80 --kv-heads 8 --head-dim 128 --seq 4096 --batch 8 --bytes 1 --json");
  CHECK(b["bytes"] == 163'840LL * 4096 * 8);
}

TEST_CASE("calc cli: fit, by memory or by catalog GPU", "[cli][calc]") {
  auto j = json_of("calc fit --model-gb 280 --gpu-memory-gb 80 --json");
  CHECK(j["min_gpus"] == 4);
  CHECK(j["per_gpu_bytes"] == 70'000'000'000);
  CHECK(json_of("calc fit --model-gb 280 --gpu h100-sxm --json") == j);
  CliResult r = run_cli("calc fit --model-gb 280 --gpu-memory-gb 80");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("70.00 GB") && Catch::Contains("GB = 10^9 bytes"));
}

TEST_CASE("calc cli: the 140B model's 2.24 TB of training state needs 28 GPUs of 80 GB",
          "[cli][calc]") {
  auto j = json_of("calc memory --params 140B --mode train --gpu h100-sxm --json");
  CHECK(j["total_bytes"] == 2'240'000'000'000);
  CHECK(j["min_gpus"] == 28);
  CHECK(j["fits"] == false);
  auto z = json_of("calc memory --params 140B --mode train --dp 32 --zero 3 --gpu h100-sxm --json");
  CHECK(z["fits"] == true);
  CliResult r = run_cli("calc memory --params 140B --mode train --gpu h100-sxm");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("2240.00 GB") && Catch::Contains("GB = 10^9 bytes") &&
                        Catch::Contains("activations   not counted"));
}

TEST_CASE("calc cli: activations appear when the shape is given", "[cli][calc]") {
  auto j = json_of(
      "calc memory --params 175B --mode train --layers 96 --hidden 12288 --heads 96 "
      "--seq 2048 --tp 8 --pp 8 --dp 16 --zero 1 --seq-parallel --recompute selective "
      "--json");
  CHECK(j["parts"]["activations"] == 96LL * 17 * 25'165'824 / 4);
  CHECK(j["total_bytes"] == 2'800'000'000'000 + 96LL * 34 * 25'165'824);
}

TEST_CASE("calc cli: input that makes no sense exits 2 with a message, never a NaN",
          "[cli][calc]") {
  const char* cases[] = {
      "calc",
      "calc fit --model-gb 280",
      "calc fit --model-gb 280 --gpu-memory-gb 80 --gpu h100-sxm",
      "calc fit --model-gb abc --gpu-memory-gb 80",
      "calc fit --model-gb -280 --gpu-memory-gb 80",
      "calc fit --model-gb nan --gpu-memory-gb 80",
      "calc fit --model-gb 280 --gpu-memory-gb 0",
      "calc fit --model-gb 1e30 --gpu-memory-gb 80",
      "calc fit --model-gb 280 --gpu no-such-gpu",
      "calc memory --params seven",
      "calc memory --params 0",
      "calc memory --params -7B",
      "calc memory --params 7.5",
      "calc memory --params 7B --zero 1",
      "calc memory --params 7B --optimizer sgd",
      "calc memory --params 7B --mode fly",
      "calc memory --params 7B --mode train --zero 4",
      "calc memory --params 7B --mode train --precision int4",
      "calc memory --params 7B --mode train --precision fp64",
      "calc memory --params 7B --mode train --optimizer lion",
      "calc memory --params 7B --mode train --fp32-grad-accum --precision fp32",
      "calc memory --params 7B --mode train --dp 0",
      "calc memory --params 7B --mode train --tp -2",
      "calc memory --params 7B --mode train --layers 32 --hidden 4096",
      "calc memory --params 7B --mode train --layers 32 --hidden 4096 --heads 32 --seq 4096 --tp "
      "64",
      "calc memory --params 7B --mode train --layers 32 --hidden 4096 --heads 32 --seq 4096 --tp 3",
      "calc memory --params 7B --mode train --layers 32 --hidden 4096 --heads 32 --seq 4096 "
      "--seq-parallel",
      "calc memory --params 7B --mode train --layers 32 --hidden 4096 --heads 32 --seq 4096 --pp "
      "64",
      "calc memory --params 7B --mode train --recompute full",
      "calc memory --params 7B --mode train --layers 32 --hidden 4096 --heads 32 --seq 4096 "
      "--recompute sometimes",
      "calc memory --params 7B --layers 32 --hidden 4096 --heads 32 --seq 4096",
      "calc memory --params 7B --micro-batch 4 --mode train",
      "calc memory --params 999T --mode train --layers 999999 --hidden 999999 --heads 1 --seq "
      "999999999 --micro-batch 999999",
      "calc kv --layers 80 --kv-heads 0 --head-dim 128 --seq 4096",
      "calc kv --layers 80 --kv-heads 8 --head-dim 128 --seq 4096 --bytes 0.3",
      "calc kv --layers 80 --kv-heads 8 --head-dim 128 --seq 4096 --bytes -2",
      "calc kv --layers 80 --kv-heads 8 --head-dim 128 --seq 1T --batch 1T",
      "calc time --params 175B --tokens 300B --gpus 0 --tflops 140",
      "calc time --params 175B --tokens 300B --gpus 1024",
      "calc time --params 175B --tokens 300B --gpus 1024 --tflops 140 --gpu a100-80",
      "calc time --params 175B --tokens 300B --gpus 1024 --tflops 0",
      "calc time --params 175B --tokens 300B --gpus 1024 --tflops inf",
      "calc time --params 175B --tokens 300B --gpus 1024 --tflops 140 --utilization 0.5",
      "calc time --params 175B --tokens 300B --gpus 1024 --gpu a100-80",
      "calc time --params 175B --tokens 300B --gpus 1024 --gpu a100-80 --utilization 45",
      "calc time --params 175B --tokens 300B --gpus 1024 --gpu b200 --utilization 0.4",
      "calc time --params 175B --tokens -300B --gpus 1024 --tflops 140",
  };
  for (const char* args : cases) {
    CliResult r = run_cli(args);
    INFO(args << "\n" << r.out);
    CHECK(r.code == 2);
    CHECK(r.out.size() > 10);
    CHECK_THAT(unquoted(r.out),
               !Catch::Matches(R"([\s\S]*\b(nan|inf)\b[\s\S]*)", Catch::CaseSensitive::No));
  }
}

TEST_CASE("calc cli: an unreadable hardware catalog is an environment error, exit 3",
          "[cli][calc]") {
  setenv("LESSONSIM_SHARE_DIR", "/nonexistent-lessonsim-share", 1);
  CliResult r = run_cli("calc fit --model-gb 280 --gpu h100-sxm");
  unsetenv("LESSONSIM_SHARE_DIR");
  INFO(r.out);
  CHECK(r.code == 3);
  CHECK_THAT(r.out, Catch::Contains("hardware catalog"));
}
