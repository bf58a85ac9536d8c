// The screenshots' PNG writer: a file any reader takes (signature, chunks with their CRCs, the
// pixels back out of zlib), and the blank-image count the shots fail on.
#include <zlib.h>
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "png_file.hpp"
#include "temp_dir.hpp"

using namespace lessonsim::app;

namespace {

std::uint32_t u32(const std::string& s, std::size_t at) {
  std::uint32_t v = 0;
  for (int k = 0; k < 4; ++k)
    v = (v << 8) | static_cast<unsigned char>(s[at + static_cast<std::size_t>(k)]);
  return v;
}

struct Chunk {
  std::string type, data;
};

std::vector<Chunk> chunks_of(const std::string& png) {
  std::vector<Chunk> out;
  for (std::size_t at = 8; at + 12 <= png.size();) {
    const std::uint32_t size = u32(png, at);
    REQUIRE(at + 12 + size <= png.size());
    Chunk c{png.substr(at + 4, 4), png.substr(at + 8, size)};
    const auto* typed = reinterpret_cast<const Bytef*>(png.data() + at + 4);
    CHECK(u32(png, at + 8 + size) == crc32(0L, typed, static_cast<uInt>(size + 4)));
    out.push_back(std::move(c));
    at += 12 + size;
  }
  return out;
}

}  // namespace

TEST_CASE("png: a written image reads back pixel for pixel") {
  TempDir dir;
  const int w = 3, h = 2;
  std::vector<unsigned char> rgba;
  for (int k = 0; k < w * h; ++k) {
    const auto v = static_cast<unsigned char>(k * 40);
    rgba.insert(rgba.end(), {v, static_cast<unsigned char>(255 - v), 7, 255});
  }
  const std::string file = (dir.path() / "x.png").string();
  std::string error;
  REQUIRE(write_png_file(file, w, h, rgba, error));
  std::ifstream in(file, std::ios::binary);
  const std::string png{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  REQUIRE(png.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
  const auto chunks = chunks_of(png);
  REQUIRE(chunks.size() == 3);
  CHECK(chunks[0].type == "IHDR");
  CHECK(u32(chunks[0].data, 0) == w);
  CHECK(u32(chunks[0].data, 4) == h);
  CHECK(chunks[0].data.substr(8) == std::string("\x08\x06\x00\x00\x00", 5));  // 8-bit RGBA
  CHECK(chunks[1].type == "IDAT");
  CHECK(chunks[2].type == "IEND");
  CHECK(chunks[2].data.empty());

  std::vector<unsigned char> rows((w * 4 + 1) * h);
  uLongf size = rows.size();
  REQUIRE(uncompress(rows.data(), &size, reinterpret_cast<const Bytef*>(chunks[1].data.data()),
                     chunks[1].data.size()) == Z_OK);
  REQUIRE(size == rows.size());
  for (int y = 0; y < h; ++y) {
    const auto* row = rows.data() + y * (w * 4 + 1);
    CHECK(row[0] == 0);  // no filter
    CHECK(std::vector<unsigned char>(row + 1, row + 1 + w * 4) ==
          std::vector<unsigned char>(rgba.begin() + y * w * 4, rgba.begin() + (y + 1) * w * 4));
  }
}

TEST_CASE("png: pixels that do not make the image, or a file that cannot be made, are said") {
  TempDir dir;
  std::string error;
  CHECK_FALSE(write_png_file((dir.path() / "x.png").string(), 2, 2, {1, 2, 3}, error));
  CHECK_THAT(error, Catch::Contains("2×2"));
  error.clear();
  const std::vector<unsigned char> one(4, 255);
  CHECK_FALSE(write_png_file((dir.path() / "no" / "x.png").string(), 1, 1, one, error));
  CHECK_THAT(error, Catch::Contains("cannot write"));
}

TEST_CASE("png: colours are counted up to enough, so a blank render is told from a picture") {
  std::vector<unsigned char> flat(4 * 100, 200);
  CHECK(count_colours(flat, 16) == 1);
  std::vector<unsigned char> varied;
  for (int k = 0; k < 100; ++k)
    varied.insert(varied.end(), {static_cast<unsigned char>(k), 0, 0, 255});
  CHECK(count_colours(varied, 16) == 16);
  CHECK(count_colours(varied, 1000) == 100);
  CHECK(count_colours({}, 16) == 0);
}
