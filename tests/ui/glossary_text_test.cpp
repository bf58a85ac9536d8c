// Text with glossary terms breaks its lines where plain wrapped text would: at spaces only, so
// punctuation glued to a term moves to the next line with it.
#include <catch2/catch.hpp>

#include <string>

#include "glossary_text.hpp"

using namespace lessonsim::ui;

namespace {

// One unit of width per byte, so a line's room is counted in characters.
std::vector<PlacedPiece> place(const std::string& text, const std::string& term, float width) {
  const std::size_t at = text.find(term);
  REQUIRE(at != std::string::npos);
  return place_pieces(text, {{at, at + term.size()}}, width,
                      [](std::size_t b, std::size_t e) { return static_cast<float>(e - b); });
}

std::string piece(const std::string& text, const PlacedPiece& p) {
  return text.substr(p.begin, p.end - p.begin);
}

}  // namespace

TEST_CASE("glossary text: an opening bracket glued to a term goes to the next line with it") {
  const std::string text = "its own memory (VRAM), at the same scale";
  // "its own memory (" is 16 wide; "(VRAM)," would end at 22, past 20.
  auto pieces = place(text, "VRAM", 20);
  REQUIRE(pieces.size() >= 5);
  CHECK(piece(text, pieces[3]) == "(");
  CHECK(piece(text, pieces[4]) == "VRAM");
  CHECK(pieces[4].term == 0);
  CHECK(pieces[3].line == 1);
  CHECK(pieces[3].x == 0);
  CHECK(pieces[4].line == 1);
  CHECK(pieces[4].x == 1);
  CHECK(piece(text, pieces[5]) == "),");
  CHECK(pieces[5].line == 1);
}

TEST_CASE("glossary text: words fill a line and break at spaces, a newline starts a line") {
  const std::string text = "one two GPU three\nfour";
  auto pieces = place(text, "GPU", 12);
  REQUIRE(pieces.size() == 5);
  CHECK(piece(text, pieces[2]) == "GPU");
  CHECK(pieces[2].line == 0);
  CHECK(pieces[2].x == 8);
  CHECK(pieces[2].width == 3);
  CHECK(piece(text, pieces[3]) == "three");
  CHECK(pieces[3].line == 1);
  CHECK(pieces[3].x == 0);
  CHECK(piece(text, pieces[4]) == "four");
  CHECK(pieces[4].line == 2);
  CHECK(pieces[4].term == -1);
}

TEST_CASE("glossary text: a word longer than the line stays on its own line, uncut") {
  const std::string text = "a supercalifragilistic GPU";
  auto pieces = place(text, "GPU", 10);
  REQUIRE(pieces.size() == 3);
  CHECK(pieces[1].line == 1);
  CHECK(pieces[1].width == 20);
  CHECK(pieces[2].line == 2);
}
