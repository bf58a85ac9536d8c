// `lessonsim --version` prints the project's version, the one in the top CMakeLists.txt, which
// the package, the manual page and the AppStream release carry too.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

#include "run_cli.hpp"

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("version: --version prints the CMake project's version", "[version]") {
  std::smatch m;
  std::string top = read(std::string(LESSONSIM_SOURCE_DIR) + "/CMakeLists.txt");
  REQUIRE(std::regex_search(top, m, std::regex(R"(project\(lessonsim VERSION ([0-9.]+))")));
  auto r = run_cli("--version");
  CHECK(r.code == 0);
  CHECK(r.out == "lessonsim " + m[1].str() + "\n");
}

TEST_CASE("version: the AppStream metadata's newest release is this version", "[version]") {
  std::string metainfo =
      read(std::string(LESSONSIM_SOURCE_DIR) + "/packaging/org.lessonsim.LessonSim.metainfo.xml");
  std::smatch m;
  REQUIRE(std::regex_search(metainfo, m, std::regex(R"re(<release version="([0-9.]+)")re")));
  CHECK("lessonsim " + m[1].str() + "\n" == run_cli("--version").out);
}
