// `lessonsim test --locale L`: the playthroughs written in one locale, en-XA from the English.
#include <catch2/catch.hpp>

#include "run_cli.hpp"

namespace {

const std::string lesson = std::string(LESSONSIM_SOURCE_DIR) + "/lessons/datacenter-split.json";

int count_of(const std::string& out, const std::string& what) {
  int n = 0;
  for (std::size_t at = out.find(what); at != std::string::npos; at = out.find(what, at + 1))
    ++n;
  return n;
}

}  // namespace

TEST_CASE("cli test --locale: only the playthroughs written in that locale run", "[cli]") {
  auto pt = run_cli("test " + lesson + " --locale pt-BR");
  CHECK(pt.code == 0);
  CHECK_THAT(pt.out, Catch::Contains("PASS datacenter-split: success path (pt-BR)"));
  CHECK(count_of(pt.out, "PASS ") == count_of(pt.out, "(pt-BR)"));
  CHECK_THAT(pt.out, !Catch::Contains("(en)") && !Catch::Contains("(es)"));
  CHECK_THAT(pt.out, Catch::EndsWith("6 passed, 0 failed\n"));
}

TEST_CASE("cli test --locale en-XA: the English playthroughs pass under the pseudo-locale",
          "[cli]") {
  auto all = run_cli("test " + lesson + " --locale en");
  auto xa = run_cli("test " + lesson + " --locale en-XA");
  CHECK(xa.code == 0);
  CHECK_THAT(xa.out, Catch::Contains("PASS datacenter-split: success path (en) [en-XA]"));
  CHECK(count_of(xa.out, "PASS ") == count_of(all.out, "PASS "));
  CHECK(count_of(xa.out, "PASS ") > 5);
}

TEST_CASE("cli test --locale: a locale no playthrough is written in is an error", "[cli]") {
  auto none = run_cli("test " + lesson + " --locale fr");
  CHECK(none.code == 1);
  CHECK_THAT(none.out, Catch::Contains("no playthrough is written in \"fr\""));
}
